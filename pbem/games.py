"""Games: create, join, apply one mail's commands under the game's row lock.

Every function works inside the caller's transaction and queues its mails through
:mod:`pbem.notify`; nothing here commits. Moves on one game are serialized by
``SELECT ... FOR UPDATE`` on the game row (SQLite: ``BEGIN IMMEDIATE``), so any number of
workers on any number of machines apply them one at a time.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.orm.attributes import set_committed_value

import engine
from engine.i18n import N_, _, ngettext, use
from pbem import clock, deadlines, i18n, notify, plans
from pbem.config import Settings
from pbem.db import lock_name
from pbem.mail import address as mail_address
from pbem.models import Game, Move, Player, Seat, now

_INSERTS = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}
_MOVES = insert(Move.__table__)  # a mail's moves, by the connection (no unit of work)

#: Game lines one mail may play: a turn takes a dozen at most (Stone Age's action phase, by
#: the bots of whole games), and a mail of thousands would log as many moves
MAX_LINES = 100

#: A game's status as players read it.
STATUS_WORDS = {
    "inviting": N_("waiting for players"),
    "active": N_("in play"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}


class GameError(ValueError):
    """A request about a game that cannot be done; the message is for the player."""


class Refused(GameError):
    """A mail's line that cannot be applied now: ``line`` is quoted back with the reason;
    ``set_aside`` lists the mail's other lines that were not carried out because of it;
    ``tried_after``: how many of the mail's game lines before it were played first (its
    reason is of the position they lead to, though none of them is applied)."""

    def __init__(
        self, line: str, reason: str, set_aside: list[str] | None = None, tried_after: int = 0
    ):
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.set_aside = list(set_aside or [])
        self.tried_after = tried_after


def player_for(session: Session, address: str) -> Player:
    """The player with ``address``, created on first sight.

    Race-free: a worker creating the same player at the same time waits for the other's
    ``INSERT ... ON CONFLICT DO NOTHING`` and then reads its row, instead of failing.
    """
    address = mail_address.canonical(address)
    query = select(Player).where(Player.address == address)
    player = session.scalar(query)
    if player is None:
        insert = _INSERTS[session.get_bind().dialect.name]
        session.execute(
            insert(Player)
            .values(
                address=address,
                name=_short_name(address),
                digest_due=clock.next_due("weekly", 0, 8 * 60, "", now()),
            )
            .on_conflict_do_nothing(index_elements=[Player.address])
        )
        player = session.scalar(query)
    return player


def _short_name(address: str) -> str:
    local = address.split("@", 1)[0].split("+", 1)[0]
    return re.sub(r"[^a-z0-9]", "", local.lower())[:12] or "player"


def _invite_range(game_engine, others: int) -> str:
    """Why ``others`` invited players (the writer plays too) do not make a table of the game."""
    fewest, most = game_engine.min_players - 1, game_engine.max_players - 1
    if fewest == most:
        return ngettext(
            "{title} is for {n} players, you among them: invite {most} other player, not {others}.",
            "{title} is for {n} players, you among them: invite {most} other players, not "
            "{others}.",
            most,
        ).format(title=game_engine.title, n=most + 1, most=most, others=others)
    return _(
        "{title} is for {low} to {high} players, you among them: invite {fewest} to {most} "
        "others, not {others}."
    ).format(
        title=game_engine.title,
        low=fewest + 1,
        high=most + 1,
        fewest=fewest,
        most=most,
        others=others,
    )


def _seat_names(players: list[Player]) -> list[str]:
    names, used = [], set()
    for player in players:
        base = player.name or "player"
        name, n = base, 2
        while name in used:
            name, n = f"{base}{n}", n + 1
        used.add(name)
        names.append(name)
    return names


def restored(game: Game) -> dict:
    """The engine state of ``game``, restored once per stored state: reading a mail, checking
    it and applying it use the same (states are never changed in place, a move makes a new
    one, and a new stored state is restored again)."""
    stored = game.state
    kept = getattr(game, "_restored", None)  # not a column: the process's own copy
    if kept is None or kept[0] is not stored:
        kept = game._restored = (stored, engine.load(game.kind).restore(stored))
    return kept[1]


#: the game, read afresh under the lock (built once)
_LOCKED = (
    select(Game)
    .where(Game.id == bindparam("id"))
    .with_for_update(key_share=True)
    .execution_options(populate_existing=True)
)
#: its seats with their players, read afresh after the lock: the second of two queries,
#: built once (``selectinload`` built and keyed its query anew for every game: a third of
#: the lock's CPU time)
_SEATS = (
    select(Seat)
    .where(Seat.game_id == bindparam("id"))
    .order_by(Seat.position)
    .options(joinedload(Seat.player))
    .execution_options(populate_existing=True)
)


def locked(session: Session, game_id: int) -> Game:
    """The game row, locked until the end of the transaction.

    ``FOR NO KEY UPDATE`` lets rows that merely refer to the game (moves, mails) be written
    by others meanwhile, so two workers never deadlock on it. The game, its seats and their
    players are read afresh under the lock: what was read before it may have changed while we
    waited (and every mail of the move reads them).
    """
    game = session.scalar(_LOCKED, {"id": game_id})
    if game is None:
        raise GameError(_("There is no game {id}.").format(id=game_id))
    set_committed_value(game, "seats", session.scalars(_SEATS, {"id": game_id}).all())
    return game


def create(
    session: Session,
    settings: Settings,
    kind: str,
    addresses: list[str],
    options: dict | None = None,
    creator: str | None = None,
    seed: int | None = None,
    seated: bool = False,
    creator_locale: str = "",
) -> Game:
    """A new game inviting ``addresses`` (the creator, if among them, has joined already).

    ``seated`` seats everybody at once without invitations (operators, demos, tests).
    ``creator_locale``: the creator's language, guessed from their mail, if not known yet.
    """
    try:
        game_engine = engine.load(kind)
    except KeyError:
        raise GameError(
            _("There is no game called {name}; we have: {names}.").format(
                name=kind, names=", ".join(engine.names())
            )
        ) from None
    addresses = [mail_address.canonical(a) for a in addresses]
    creator = mail_address.canonical(creator) if creator else None
    if creator and creator not in addresses:
        addresses.insert(0, creator)
    if len(set(addresses)) != len(addresses):
        raise GameError(_("Each address may take only one seat."))
    if creator and not game_engine.min_players <= len(addresses) <= game_engine.max_players:
        raise GameError(_invite_range(game_engine, len(addresses) - 1))
    try:
        service, engine_options = deadlines.service_options(options)
        checked = game_engine.check_options(engine_options)
        game_engine.new([f"p{i}" for i in range(len(addresses))], seed=0, options=checked)
    except ValueError as exc:
        raise GameError(str(exc)) from None
    # in one order for everybody: two mails inviting the same new players never deadlock
    known = {address: player_for(session, address) for address in sorted(addresses)}
    players = [known[address] for address in addresses]
    invited = [] if seated else [a for a in addresses if a != creator]
    if creator:
        _check_daily_caps(session, settings, known[creator], len(invited))
    for address in invited:
        if notify.answers_left(session, address) <= 0:
            raise GameError(
                _(
                    "{address} has had as many mails from us this hour as we send; please "
                    "invite them again later."
                ).format(address=address)
            )
    for player in players:
        if player.address == creator:
            player.unsubscribed = False  # writing to us again is opting in again
            player.locale = player.locale or creator_locale
        elif player.unsubscribed:
            raise GameError(
                _("{address} asked us not to send them mail, so we cannot invite them.").format(
                    address=player.address
                )
            )
    game = Game(
        kind=kind,
        creator_id=known[creator].id if creator else None,
        options=checked,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
        status="inviting",
        **service,
    )
    session.add(game)
    session.flush()
    for position, (player, name) in enumerate(zip(players, _seat_names(players), strict=True)):
        joined = seated or player.address == creator
        session.add(
            Seat(
                game_id=game.id,
                player_id=player.id,
                position=position,
                name=name,
                token=secrets.token_hex(10),
                status="joined" if joined else "invited",
                joined=now() if joined else None,
            )
        )
    session.flush()
    session.refresh(game)
    inviter = next((s.name for s in game.seats if s.status == "joined"), None)
    for seat in game.seats:
        if seat.status == "invited":
            notify.invite(session, settings, game, seat, inviter)
    start_if_ready(session, settings, game)
    return game


def _check_daily_caps(session: Session, settings: Settings, creator: Player, invites: int) -> None:
    """Refuse a game that would take ``creator`` over the games or invitations they may start
    in a day (counted under a lock on them, so their mails at the same time count each other)."""
    lock_name(session, f"games by {creator.address}")
    since = now() - timedelta(days=1)
    started = select(Game.id).where(Game.creator_id == creator.id, Game.created > since)
    games = session.scalar(select(func.count()).select_from(started.subquery()))
    if games >= settings.max_new_games_per_day:
        raise GameError(
            ngettext(
                "You have started {count} game today, as many as we allow a day; please try "
                "again tomorrow.",
                "You have started {count} games today, as many as we allow a day; please try "
                "again tomorrow.",
                games,
            ).format(count=games)
        )
    sent = session.scalar(
        select(func.count())
        .select_from(Seat)
        .where(Seat.game_id.in_(started), Seat.player_id != creator.id)
    )
    if sent + invites > settings.max_invitations_per_day:
        raise GameError(
            ngettext(
                "You have invited {sent} player today and this game would invite {more}: we "
                "send at most {limit} invitations a day for one sender. Please invite fewer "
                "players, or try again tomorrow.",
                "You have invited {sent} players today and this game would invite {more}: we "
                "send at most {limit} invitations a day for one sender. Please invite fewer "
                "players, or try again tomorrow.",
                sent,
            ).format(sent=sent, more=invites, limit=settings.max_invitations_per_day)
        )


def join(session: Session, settings: Settings, seat: Seat) -> None:
    """``seat`` takes its place; the game starts once every seat is taken."""
    game = locked(session, seat.game_id)
    _check_inviting(settings, game)
    if seat.status != "joined":
        seat.status, seat.joined = "joined", now()
    start_if_ready(session, settings, game, joiner=seat)


def decline(session: Session, settings: Settings, seat: Seat) -> None:
    """``seat`` declines: the game is called off and everybody is told."""
    game = locked(session, seat.game_id)
    _check_inviting(settings, game)
    locales = {other.id: notify.invited_locale(game, other) for other in game.seats}
    seat.status = "declined"
    game.status = "cancelled"
    host = game.creator_id is not None and game.creator_id == seat.player_id
    for other in game.seats:
        if other.player.unsubscribed:
            continue  # who unsubscribed gets no mail, not even this one
        with use(i18n.translations(locales[other.id])):  # an invitation's reader: its language
            notify.notice(
                session,
                settings,
                other.player.address,
                _("Game {id} is called off").format(id=game.id),
                [
                    (
                        _("{name} called game {id} off, so it will not start.")
                        if host  # the host was invited by nobody
                        else _("{name} declined the invitation, so game {id} will not start.")
                    ).format(name=seat.name, id=game.id)
                ],
                game=game,
                seat=other,
                news=True,
            )


def _check_inviting(settings: Settings, game: Game) -> None:
    """Refuse a join or decline of ``game`` when it is not waiting for players; one called off
    says so, and how to play instead."""
    if game.status == "cancelled":
        raise GameError(
            _(
                "Game {id} was called off, so it will not start. To play, write to {service}: "
                "new GAME with ADDRESSES."
            ).format(id=game.id, service=settings.service_address)
        )
    if game.status != "inviting":
        raise GameError(_("Game {id} is not waiting for players.").format(id=game.id))


def start_if_ready(
    session: Session, settings: Settings, game: Game, joiner: Seat | None = None
) -> bool:
    """Start ``game`` when every seat has joined; the players are told as they asked (the
    ``joiner`` whose join started it always is)."""
    if game.status != "inviting" or any(s.status != "joined" for s in game.seats):
        return False
    game_engine = engine.load(game.kind)
    state = game_engine.new([s.name for s in game.seats], seed=game.seed, options=game.options)
    game.status = "active"
    addressed = frozenset({joiner.name}) if joiner else frozenset()
    _save(session, settings, game, game_engine, state, news=True, addressed=addressed)
    return True


@dataclass(frozen=True)
class Played:
    """What playing one mail's game lines gives: the lines applied (as typed), the state after
    them, and ``refused`` when a line failed after an earlier line made a draw that stays
    applied. ``logged``: the applied lines as the move log keeps them, in English
    (:meth:`engine.contract.Game.logged`)."""

    lines: list[str]
    state: dict
    refused: Refused | None = None
    logged: list[str] = field(default_factory=list)


def play_lines(game_engine, state: dict, player: str, lines: list[str]) -> Played:
    """Play ``lines`` in order, the way one mail is applied.

    All of them, or on a refused line none, as long as no line made a random draw (dice, a
    shuffle, a card or tile from a face-down pile: :meth:`engine.contract.Game.draws`). A draw
    once made is binding, as at the table: when a line fails after one, the lines up to and
    including the last one that drew stay applied, and the failing line and all after it are
    refused. So a refusal never tells the outcome of a draw that is not applied, and sending
    the lines again in another order cannot bring other dice. Raises :class:`Refused` when
    nothing is applied.
    """
    lines, joined = list(lines), [False] * len(lines)  # joined: a piece of a line cut
    current, kept, kept_lines, logged = state, state, 0, []
    index = 0
    while index < len(lines):
        line = lines[index]
        try:
            after = game_engine.play(current, player, line)
            logged.append(game_engine.logged(current, player, line))
        except engine.IllegalMove as exc:
            pieces = _joined(game_engine, current, player, line)
            if pieces:  # several commands on one line: played as the lines they are
                lines[index : index + 1] = pieces
                joined[index : index + 1] = [True] * len(pieces)
                continue
            if (
                joined[index]
                and game_engine.ends_turn(line)
                and player not in game_engine.to_move(current)
            ):
                del lines[index], joined[index]  # "..., done" after the turn ended by itself
                continue
            if index and player not in game_engine.to_move(current):
                reason = _(
                    "Your turn was over after the line before ({previous}), so this line and "
                    "the ones after it could not be carried out."
                ).format(previous=lines[index - 1])
            else:
                reason = str(exc)
            refused = Refused(
                line, reason, lines[kept_lines:index] + lines[index + 1 :], index - kept_lines
            )
            if not kept_lines:
                raise refused from None
            return Played(lines[:kept_lines], kept, refused, logged[:kept_lines])
        if game_engine.draws(after) != game_engine.draws(current):
            kept, kept_lines = after, index + 1
        current = after
        index += 1
    return Played(lines, current, logged=logged)


#: the words that join two commands on one line, in every language ("legen 2 Nord und fertig")
JOINING_WORDS = ("and", "then", "y", "luego", "und", "dann", "e", "depois", "então", "entao")
#: where people join commands on one line: "p2n, done", "place 2 north; done", "... north. done",
#: "place 2 north and then done", "colocar 2 norte, y hecho"
_WORDS = "|".join(JOINING_WORDS)
_JOINS = re.compile(
    rf"(?:\s*[,;]|\.(?=\s)|\s)\s*(?:(?:{_WORDS})\b\s*)+|\s*[,;]\s*|\.\s+", re.IGNORECASE
)
#: a line of more pieces than this is one line (a turn takes a dozen commands at most)
MOST_JOINED = 12


def _joined(game_engine, state: dict, player: str, line: str) -> list[str] | None:
    """The commands joined on ``line`` ("place 2 north, done"), when the game refuses it whole
    and every piece plays in turn from ``state``; None otherwise: a command holding a comma
    ("buy card 2 pay 1 wood, 1 clay") is played whole first, and a line with a piece the game
    refuses stays one line, refused for what it is.

    Whether the line is cut never hangs on a draw's outcome: once a piece draws (dice, a card
    from a face-down pile), the line is cut, and the pieces after it are played as lines after a
    draw are (the draw stays, a piece refused is refused). Cut only where the dice allowed
    what follows, a refusal would tell the roll, with nothing applied to bind it."""
    single = " ".join(line.split()).rstrip(".")  # one space apart: the pattern stays linear
    pieces = [piece for piece in _JOINS.split(single) if piece]
    if not 1 < len(pieces) <= MOST_JOINED:
        return None
    for piece in pieces:
        try:
            after = game_engine.play(state, player, piece)
        except engine.IllegalMove:
            return None
        if game_engine.draws(after) != game_engine.draws(state):
            return pieces
        state = after
    return pieces


def apply(
    session: Session,
    settings: Settings,
    game: Game,
    seat: Seat,
    lines: list[str],
    guard: int | None = None,
    inbound_id: int | None = None,
    plan: list[str] | None = None,
    service_lines: list[str] | None = None,
) -> Played:
    """Apply the game lines of one mail (see :func:`play_lines`) and mail the players.

    ``game`` must be locked (:func:`locked`). When nothing can be applied nothing changes and
    :class:`Refused` names the line and the reason. When a line fails after a draw, the
    applied lines are kept and the mover's mail says which line was refused and why; the
    returned ``refused`` tells the caller the rest of the mail is not carried out. ``plan``
    (the mail's lines after ``later``) replaces the seat's plan when the mail is applied
    whole, and is played at once where the turn still is, or comes back to, the seat.
    ``service_lines`` (the mail's other commands, as typed) run only after a mail applied
    whole: when it is applied in part, they and the plan are named as not carried out.
    """
    game_engine = engine.load(game.kind)
    refusal = _refusal(game, guard)
    if refusal:
        raise Refused(f"#{guard}" if guard is not None else lines[0], refusal)
    before = restored(game)
    played = play_lines(game_engine, before, seat.name, lines)
    if played.refused is not None:
        played.refused.set_aside.extend([*(service_lines or []), *(plan or [])])
    if seat.name not in game_engine.to_move(played.state):
        deadlines.stop(seat)  # their turn is over: if it comes back at once, it is a new one
    number = game.moves
    if played.logged:  # one Core statement for the mail's moves, on the session's connection
        rows = [
            {
                "game_id": game.id,
                "number": n,
                "seat_id": seat.id,
                "command": command,
                "inbound_id": inbound_id,
            }
            for n, command in enumerate(played.logged, start=number + 1)
        ]
        session.connection().execute(_MOVES, rows)  # pending writes go with the next flush
        game.moves = number + len(played.logged)
    if plan is not None and played.refused is None:
        seat.plan = plan
    state, stopped = _play_on(session, game, game_engine, played.state, game.moves)
    waiting_before = game_engine.to_move(before)
    _save(
        session, settings, game, game_engine, state, seat, waiting_before, played, stopped=stopped
    )
    return played


def write_plan(
    session: Session,
    settings: Settings,
    game: Game,
    seat: Seat,
    plan: list[str],
    guard: int | None = None,
) -> None:
    """A mail with a plan and no move for now: the plan replaces the seat's. On the seat's
    turn it is played at once (:func:`apply`); else its player is told it is kept."""
    refusal = _refusal(game, guard)
    if refusal:
        raise Refused(f"#{guard}" if guard is not None else plan[0], refusal)
    if seat.status != "joined":  # the bot plays the seat
        raise Refused(plan[0], _("You have left game {id} already.").format(id=game.id))
    game_engine = engine.load(game.kind)
    if seat.name in game_engine.to_move(game_engine.restore(game.state)):
        apply(session, settings, game, seat, [], guard, plan=plan)
        return
    seat.plan = plan
    notify.notice(
        session,
        settings,
        seat.player.address,
        _("Your plan"),
        [_("Your plan: {plan}").format(plan=plans.shown(seat)), plans.how_it_is_played()],
        game=game,
        seat=seat,
        locale=seat.player.language,
        news=True,
    )


def status_words(game: Game) -> str:
    """The game's status in the reader's words ("esperando jugadores", "beendet")."""
    return _(STATUS_WORDS[game.status])


def _refusal(game: Game, guard: int | None) -> str:
    if game.status != "active":
        return _("Game {id} is not running (it is {status}).").format(
            id=game.id, status=status_words(game)
        )
    if guard is not None and guard != game.version:
        return _(
            "This mail was written for position #{guard}, but the game is at #{now}: "
            "read the latest mail and send your commands again."
        ).format(guard=guard, now=game.version)
    return ""


def _play_on(
    session: Session, game: Game, game_engine, state: dict, number: int
) -> tuple[dict, dict[str, plans.Step]]:
    """Play the seats that move without a mail, move by move, each logged as the seat's:
    those whose players resigned, or that the bot keeps after late turns, by the engine's bot;
    those with a plan by its next line (:func:`plans.next_move`). A plan whose next line is
    not legal is dropped; returns the state and, by seat name, the steps where plans stopped.

    Linear: every round plays a move or drops a plan, and plans are bounded.
    """
    absent = {s.name: s for s in game.seats if s.status in ("resigned", "autopilot")}
    planned = {s.name: s for s in game.seats if s.status == "joined" and s.plan}
    chooser = random.Random(f"{game.seed}/bot/{number}")
    stopped: dict[str, plans.Step] = {}
    while waiting := [
        p for p in game_engine.to_move(state) if p in absent or (p in planned and planned[p].plan)
    ]:
        name = waiting[0]
        if name in absent:
            seat, command = absent[name], game_engine.bot(state, name, chooser)
            state = game_engine.play(state, name, command)
        else:
            seat, step = planned[name], plans.next_move(game_engine, state, planned[name])
            if step.command is None:
                seat.plan, stopped[name] = [], step
                continue
            seat.plan, command, state = seat.plan[1:], step.command, step.state
            if name not in game_engine.to_move(state):
                deadlines.stop(seat)  # a planned move ends a turn as a mailed one does
        game.moves = number = number + 1
        session.add(Move(game_id=game.id, number=number, seat_id=seat.id, command=command))
    return state, stopped


def _save(
    session: Session,
    settings: Settings,
    game: Game,
    game_engine,
    state: dict,
    mover: Seat | None = None,
    waiting_before: list[str] | None = None,
    played: Played | None = None,
    note: Callable[[], str] | None = None,
    news: bool = False,
    addressed: frozenset[str] = frozenset(),
    notes: dict[str, list[notify.Note]] | None = None,
    at: datetime | None = None,
    stopped: dict[str, plans.Step] | None = None,
) -> None:
    """Persist the new state, bump the position, start and stop the seats' clocks, and mail
    the players who want to hear of it their view (:func:`notify.mailed` decides who).

    ``played`` is the mover's mail: when a line of it was refused or set aside, the mover is
    told what was applied and why, whatever their settings. ``note`` writes a sentence on top
    of every mail (a player left), in each reader's language. ``news`` is for everybody who
    gets game mail (the start, a deadline that passed); ``addressed`` seats are told whatever
    their settings; ``notes`` add sentences per seat name (``""``: everybody else); ``at`` is
    when the change happens (a deadline scan may run as if at another time). ``stopped``: the
    seats whose plans stopped (:func:`_play_on`), each told why, whatever their settings.
    """
    at = at or now()
    notes = dict(notes or {})
    for name, step in (stopped or {}).items():
        notes[name] = [*notes.get(name, notes.get("", [])), plans.stopped_note(step)]
    addressed = addressed | frozenset(stopped or ())
    game.state = game_engine.dump(state)
    game.version += 1
    game.updated = now()
    if game_engine.result(state) is not None:
        game.status = "finished"
    waiting = game_engine.to_move(state)
    deadlines.track(game, waiting, at)
    told = mover is not None and (_partly(played) or notify.read_in_part(session, mover))
    change = notify.Change(
        waiting=frozenset(waiting),
        mover=mover.name if mover else None,
        turn_passed=mover is None or waiting != waiting_before,
        everybody=news or game.status == "finished",
        addressed=addressed | ({mover.name} if told else set()),
    )
    notify.changed(session, settings, game, state, change, notes, _partly(played), note)


def late_turn(session: Session, settings: Settings, game: Game, seat: Seat, at: datetime) -> None:
    """``seat``'s time to move ran out: the game's ``late`` policy takes its player out
    (drop) or has the bot play the turn for them (autopilot; after three late turns in a row
    the bot keeps the seat until they write). Everybody is told; the player, what was played.
    """
    game_engine = engine.load(game.kind)
    state = game_engine.restore(game.state)
    number = game.moves
    deadlines.stop(seat)
    name = seat.name
    if game.late == "drop":
        seat.status, seat.plan = "resigned", []
        mine = [
            lambda: _("Your time to move ran out, so you left the game: the bot plays your seat.")
        ]
        others = [
            lambda: _(
                "{name}'s time to move ran out, so {name} left the game: the bot plays the seat."
            ).format(name=name)
        ]
    else:
        chooser = random.Random(f"{game.seed}/late/{number}")
        played = []  # (the state it was played in, the command)
        while name in game_engine.to_move(state):
            command = game_engine.bot(state, name, chooser)
            played.append((state, command))
            state = game_engine.play(state, name, command)
            game.moves = number = number + 1
            session.add(Move(game_id=game.id, number=number, seat_id=seat.id, command=command))
        seat.autopilot += 1
        count = seat.autopilot
        mine = [
            lambda: _("Your time to move ran out, so the bot played for you: {commands}.").format(
                commands=deadlines.played_for(game_engine, name, played)
            )
        ]
        others = [
            lambda: _("{name}'s time to move ran out, so the bot played their turn.").format(
                name=name
            )
        ]
        if count >= deadlines.AUTOPILOT_FOR_GOOD:
            seat.status = "autopilot"
            mine.append(
                lambda: _(
                    "That was {count} late turns in a row: the bot keeps your seat from now on. "
                    "Write anything to this game to take it back."
                ).format(count=count)
            )
            others.append(
                lambda: _("The bot plays for {name} from now on, unless they write.").format(
                    name=name
                )
            )
        else:
            mine.append(
                lambda: _(
                    "After {most} late turns in a row the bot keeps your seat; any mail from you "
                    "to this game starts the count again."
                ).format(most=deadlines.AUTOPILOT_FOR_GOOD)
            )
    state, stopped = _play_on(session, game, game_engine, state, number)
    _save(
        session,
        settings,
        game,
        game_engine,
        state,
        news=True,
        addressed=frozenset({seat.name}),
        notes={name: mine, "": others},
        at=at,
        stopped=stopped,
    )


def _partly(played: Played | None) -> dict | None:
    """What the mover's mail says of a mail applied in part: the lines applied, the refused
    line and why, the lines set aside."""
    if played is None or played.refused is None:
        return None
    refused = played.refused
    return {
        "applied": played.lines,
        "line": refused.line,
        "reason": refused.reason,
        "set_aside": refused.set_aside,
    }


def resign(session: Session, settings: Settings, game: Game, seat: Seat) -> None:
    """``seat`` leaves a running game; the bot plays the seat from now on, and every player is
    told so. When no human is left, the game ends and everybody is told."""
    if game.status != "active":
        raise GameError(_("Game {id} is not running.").format(id=game.id))
    if seat.status != "joined":
        raise GameError(_("You have left game {id} already.").format(id=game.id))
    seat.status, seat.resign_asked, seat.plan = "resigned", None, []
    if not any(other.status == "joined" for other in game.seats):
        _abandon(session, settings, game, seat)
        return
    game_engine = engine.load(game.kind)
    state = game_engine.restore(game.state)
    state, stopped = _play_on(session, game, game_engine, state, game.moves)

    def note() -> str:
        return _("{name} has left the game: a bot plays that seat from now on.").format(
            name=seat.name
        )

    _save(session, settings, game, game_engine, state, note=note, news=True, stopped=stopped)


def _abandon(session: Session, settings: Settings, game: Game, last: Seat) -> None:
    """The last human left ``game``: it ends here, and everybody who played is told."""
    game.status, game.updated = "abandoned", now()
    game.version += 1
    for seat in game.seats:
        if seat.player.unsubscribed or seat.status not in ("joined", "resigned"):
            continue
        with use(i18n.translations(seat.player.language)):
            notify.notice(
                session,
                settings,
                seat.player.address,
                _("Game {id} has ended").format(id=game.id),
                [
                    _(
                        "{name} was the last player in game {id} and has left it, so the game "
                        "ends here without a winner. Write to {service} to start a new one."
                    ).format(name=last.name, id=game.id, service=settings.service_address)
                ],
                game=game,
                seat=seat,
                news=True,
            )


def rematch(session: Session, settings: Settings, game: Game, seat: Seat) -> Game:
    """A new game of the same kind, options and players (in the same seats), asked for by
    ``seat``: the others are invited again. When another player of ``game`` asked first, its
    ``rematch`` is their game's ``join``: everybody answering the results mail with
    ``rematch`` makes one game, not one each."""
    if game.status != "finished":
        raise GameError(_("Game {id} is not over yet.").format(id=game.id))
    waiting = _rematch_waiting(session, game, seat)
    if waiting is not None:
        join(session, settings, waiting)
        return waiting.game
    addresses = [s.player.address for s in game.seats]
    options = {**game.options, "deadline": game.deadline_days or False, "late": game.late}
    return create(session, settings, game.kind, addresses, options, creator=seat.player.address)


def _rematch_waiting(session: Session, game: Game, seat: Seat) -> Seat | None:
    """``seat``'s place in a rematch of ``game`` another of its players asked for: a game of
    the same kind, options and players in the same seats, made after ``game`` and still
    waiting for players (``seat``'s player invited, or joined by a rematch of their own)."""
    players = [s.player_id for s in game.seats]
    candidates = session.scalars(
        select(Game)
        .join(Seat)
        .where(
            Seat.player_id == seat.player_id,
            Seat.status.in_(("invited", "joined")),  # joined: they wrote rematch before
            Game.status == "inviting",
            Game.kind == game.kind,
            Game.id > game.id,
        )
        .order_by(Game.id)
    )
    for candidate in candidates:
        same = (
            [s.player_id for s in candidate.seats] == players
            and candidate.options == game.options
            and (candidate.deadline_days, candidate.late) == (game.deadline_days, game.late)
        )
        if same:
            return next(s for s in candidate.seats if s.player_id == seat.player_id)
    return None


def unsubscribe(session: Session, settings: Settings, player: Player) -> None:
    """No more mail for ``player``: running games go on with the bot, invitations are declined."""
    player.unsubscribed = True
    player.digest_due = None
    seats = session.scalars(select(Seat).where(Seat.player_id == player.id).order_by(Seat.game_id))
    for seat in seats:
        game = locked(session, seat.game_id)
        if game.status == "active" and seat.status == "joined":
            resign(session, settings, game, seat)
        elif game.status == "inviting":
            decline(session, settings, seat)


def replay(session: Session, game: Game) -> dict:
    """The state rebuilt from the seed and the move log (for ``pbem verify``)."""
    game_engine = engine.load(game.kind)
    seats = {s.id: s.name for s in game.seats}
    state = game_engine.new(list(seats.values()), seed=game.seed, options=game.options)
    moves = session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.number))
    for move in moves:
        state = game_engine.play(state, seats[move.seat_id], move.command)
    return game_engine.dump(state)
