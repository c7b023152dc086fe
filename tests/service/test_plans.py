"""Plans: moves written ahead after a line ``later``, played when their turn comes, in every
game, seen by their owner only, replayed exactly by ``pbem verify``.

The scenarios are the games' own: the bots play a few turns ahead on a copy (the engines are
deterministic, so the game by mail then goes exactly that way), the owner writes their share
as a plan, and the others mail theirs one turn per mail.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from service_mails import text_of
from sqlalchemy import select

import engine
from pbem import bench_plans, cli, jobs, links
from pbem.app import create_app
from pbem.db import transaction
from pbem.models import Move, Seat

KINDS = ("stoneage", "honga", "hengist")
#: A command of each game that resembles one and is never legal: the engine refuses it.
NEVER_LEGAL = {"stoneage": "place 6 forest", "honga": "place 5 north", "hengist": "spy a 9"}
NEVER_LEGAL_EITHER = {"stoneage": "place 7 hunt", "honga": "place 6 south", "hengist": "spy b 8"}


def turns_ahead(service, game_id, owner: str, turns: int, seed: int = 1):
    """The bots' next moves from now: the owner's lines of this turn and of their next
    ``turns`` turns, and the others' mails in between, each (seat, lines) one turn."""
    game_engine = engine.load(service.game(game_id)[0].kind)
    state, chooser = service.state(game_id), random.Random(seed)
    mine: list[list[str]] = []
    others: list[tuple[str, list[str]]] = []
    while len(mine) <= turns and game_engine.to_move(state):
        name, lines = game_engine.to_move(state)[0], []
        while name in game_engine.to_move(state):
            lines.append(game_engine.bot(state, name, chooser))
            state = game_engine.play(state, name, lines[-1])
        if name == owner:
            mine.append(lines)
        elif mine:
            others.append((name, lines))
    return mine, others


def verified(service, capsys) -> bool:
    """What ``pbem verify`` says of every game: each replays to its stored state."""
    code = cli.cmd_verify(service.settings, None)
    return code == 0 and "0 mismatches" in capsys.readouterr().out


def plan_of(service, game_id, name) -> list[str]:
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == name))
        return list(seat.plan)


def mail_body(now: list[str], plan: list[str]) -> str:
    return "\n".join([*now, "later", *plan])


def first_mover(service, game_id) -> str:
    return service.to_move(game_id)[0]


@pytest.mark.parametrize("kind", KINDS)
def test_a_plan_is_played_over_several_turns(service, capsys, kind):
    game_id = service.new_game(kind=kind, players=2, seed=5)
    owner = first_mover(service, game_id)
    mine, others = turns_ahead(service, game_id, owner, turns=2)
    planned = [line for turn in mine[1:] for line in turn]
    sent = service.deliver(service.reply(game_id, owner, mail_body(mine[0], planned)))
    owner_address = service.seat(game_id, owner)["address"]
    for name, lines in others:
        sent += service.deliver(service.reply(game_id, name, "\n".join(lines)))
    assert plan_of(service, game_id, owner) == []
    with transaction(service.settings.database_url) as session:
        owners = session.scalars(
            select(Move.command)
            .join(Seat, Move.seat_id == Seat.id)
            .where(Move.game_id == game_id, Seat.name == owner)
            .order_by(Move.number)
        ).all()
    assert owners == [line for turn in mine for line in turn]  # as ordinary moves of theirs
    # the owner was not mailed while the plan played; their turn mail came when it ran out
    to_owner = [m for m in sent if m.to_address == owner_address]
    assert [m.kind for m in to_owner] == (["turn"] if owner in service.to_move(game_id) else [])
    assert verified(service, capsys)


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_legal_alternative_is_played(service, capsys, kind):
    game_id = service.new_game(kind=kind, players=2, seed=5)
    owner = first_mover(service, game_id)
    mine, others = turns_ahead(service, game_id, owner, turns=1)
    first, *rest = mine[1]
    planned = [f"{NEVER_LEGAL[kind]} or {first}", *rest]
    service.deliver(service.reply(game_id, owner, mail_body(mine[0], planned)))
    for name, lines in others:
        service.deliver(service.reply(game_id, name, "\n".join(lines)))
    game_engine = engine.load(kind)
    expected = service.new_game(kind=kind, players=2, seed=5)
    state = service.state(expected)
    for lines in [mine[0], *[lines for _name, lines in others], mine[1]]:
        for line in lines:
            state = game_engine.play(state, game_engine.to_move(state)[0], line)
    assert game_engine.dump(service.state(game_id)) == game_engine.dump(state)
    assert plan_of(service, game_id, owner) == []
    assert verified(service, capsys)


def test_an_alternative_without_a_verb_borrows_the_first_ones(service):
    """Stone Age: the forest is taken before the owner's turn, so 'clay 2' is placed."""
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a1", "place 1 hunt\nlater\nplace 2 forest or clay 2"))
    service.deliver(service.reply(game_id, "a2", "place 2 forest"))
    with transaction(service.settings.database_url) as session:
        last = session.scalars(
            select(Move.command).where(Move.game_id == game_id).order_by(Move.number.desc())
        ).first()
    assert last == "place 2 clay" and service.to_move(game_id) == ["a2"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_plan_stops_at_a_line_not_legal_then_and_its_owner_is_told_why(service, capsys, kind):
    game_id = service.new_game(kind=kind, players=2, seed=5)
    owner = first_mover(service, game_id)
    mine, others = turns_ahead(service, game_id, owner, turns=1)
    planned = [NEVER_LEGAL[kind], *mine[1]]
    service.deliver(service.reply(game_id, owner, mail_body(mine[0], planned)))
    sent = []
    for name, lines in others:
        sent += service.deliver(service.reply(game_id, name, "\n".join(lines)))
    game_engine = engine.load(kind)
    state = service.state(game_id)
    assert service.to_move(game_id) == [owner] and plan_of(service, game_id, owner) == []
    with pytest.raises(engine.IllegalMove) as refusal:
        game_engine.play(state, owner, NEVER_LEGAL[kind])
    owner_address = service.seat(game_id, owner)["address"]
    told = [text_of(m) for m in sent if m.to_address == owner_address]
    assert len(told) == 1 and told[0].startswith(f"Your turn, {owner}")
    flat = " ".join(told[0].split())
    assert f"Your plan stopped at '{NEVER_LEGAL[kind]}':" in flat
    assert " ".join(str(refusal.value).split()) in flat
    assert "The rest of your plan is dropped" in flat
    assert verified(service, capsys)


def test_the_owner_is_told_even_when_they_asked_for_the_digest_only(service):
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a1", "mail digest\nplace 1 hunt\nlater\nplace 6 hunt"))
    sent = service.deliver(service.reply(game_id, "a2", "place 1 forest"))
    assert [m.to_address for m in sent if "Your plan stopped" in text_of(m)] == ["a1@x.test"]


@pytest.fixture
def client(service):
    app = create_app(service.settings, enqueue=lambda i: jobs.process_inbound(service.settings, i))
    return app.test_client()


@pytest.mark.parametrize("kind", KINDS)
def test_nobody_else_learns_of_a_plan(service, client, kind):
    game_id = service.new_game(kind=kind, players=2, seed=5)
    owner = first_mover(service, game_id)
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != owner)
    mine, others = turns_ahead(service, game_id, owner, turns=3)
    planned = [f"{line} or {NEVER_LEGAL[kind]}" for turn in mine[1:] for line in turn]
    before = len(service.outbox())
    service.deliver(service.reply(game_id, owner, mail_body(mine[0], planned)))
    name, lines = others[0]
    service.deliver(service.reply(game_id, name, "\n".join(lines)))
    service.deliver(service.reply(game_id, other, "status"))
    service.deliver(service.reply(game_id, other, NEVER_LEGAL_EITHER[kind]))  # a refusal
    assert plan_of(service, game_id, owner)  # the owner's plan is not played out yet
    other_address = service.seat(game_id, other)["address"]
    theirs = [text_of(m) for m in service.outbox()[before:] if m.to_address == other_address]
    assert len(theirs) >= 3
    pages = [client.get(f"/game/{game_id}").get_data(as_text=True)]
    seat = service.seat(game_id, other)
    pages.append(
        client.get(f"/game/{game_id}/{links.page_token(seat['token'], game_id)}").get_data(
            as_text=True
        )
    )
    for text in theirs + pages:
        assert "your plan" not in text.lower() and NEVER_LEGAL[kind] not in text
    assert NEVER_LEGAL[kind] not in str(service.game(game_id)[0].state)  # not the engine's
    status = service.deliver(service.reply(game_id, owner, "status"))
    assert " ".join(planned[len(mine[1]) :]) in " ".join(text_of(status[0]).split()).replace(
        "; ", " "
    )


@pytest.mark.parametrize("kind", KINDS)
def test_plan_shows_the_plan_and_plan_clear_drops_it(service, kind):
    game_id = service.new_game(kind=kind, players=2, seed=5)
    owner = first_mover(service, game_id)
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != owner)
    line = f"{NEVER_LEGAL[kind]} or {NEVER_LEGAL[kind]}"
    kept = service.deliver(service.reply(game_id, other, f"later\n{line}"))
    assert [m.kind for m in kept] == ["news"] and f"Your plan: {line}" in text_of(kept[0])
    assert plan_of(service, game_id, other) == [line]
    shown = service.deliver(service.reply(game_id, other, "plan"))
    assert f"Your plan: {line}" in " ".join(text_of(shown[0]).split())
    dropped = service.deliver(service.reply(game_id, other, "plan clear"))
    assert "Your plan is dropped" in text_of(dropped[0])
    assert plan_of(service, game_id, other) == []
    empty = service.deliver(service.reply(game_id, other, "plan"))
    assert "You have no plan" in text_of(empty[0])


def test_a_new_later_replaces_the_plan_and_a_bare_later_changes_nothing(service):
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a2", "later\nplace 1 hunt\nplace 1 forest"))
    service.deliver(service.reply(game_id, "a2", "más tarde\nplace 2 clay"))
    assert plan_of(service, game_id, "a2") == ["place 2 clay"]
    service.deliver(service.reply(game_id, "a2", "plan\n\nLater,"))
    assert plan_of(service, game_id, "a2") == ["place 2 clay"]


def test_a_plan_is_bounded(service):
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    long = "\n".join(["place 1 hunt"] * 51)
    refused = service.deliver(service.reply(game_id, "a2", f"later\n{long}"))
    assert [m.kind for m in refused] == ["error"] and "at most 50 lines" in text_of(refused[0])
    wide = " or ".join(["place 1 hunt"] * 6)
    refused = service.deliver(service.reply(game_id, "a2", f"later\n{wide}"))
    assert "at most 5 alternatives" in text_of(refused[0])
    assert plan_of(service, game_id, "a2") == []


def test_a_plan_in_spanish_reads_o_as_west_and_as_or(service):
    """HONGA: 'colocar 2 o o colocar 3 n' is west on circle 2, or else north on circle 3."""
    game_id = service.new_game(kind="honga", players=2, seed=5)
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == "a2"))
        seat.player.locale = "es"
    service.deliver(service.reply(game_id, "a2", "más tarde\ncolocar 5 o o colocar 3 n\nhecho"))
    service.deliver(service.reply(game_id, "a1", "\n".join(service.turn_of(game_id, "a1"))))
    with transaction(service.settings.database_url) as session:
        commands = session.scalars(
            select(Move.command).where(Move.game_id == game_id).order_by(Move.number)
        ).all()
    assert commands[-2:] == ["place 3 north", "done"]


START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def last_moves(service, game_id, count: int) -> list[tuple[str, str]]:
    """The game's last ``count`` moves, (seat, command), oldest first."""
    with transaction(service.settings.database_url) as session:
        rows = session.execute(
            select(Seat.name, Move.command)
            .join(Seat, Move.seat_id == Seat.id)
            .where(Move.game_id == game_id)
            .order_by(Move.number.desc())
            .limit(count)
        ).all()
    return [tuple(row) for row in reversed(rows)]


def test_a_plan_is_played_after_the_bot_plays_a_late_turn(service, time_machine):
    time_machine.move_to(START, tick=False)
    game_id = service.new_game(kind="stoneage", players=2, seed=5, options={"deadline": 1})
    service.deliver(service.reply(game_id, "a2", "later\nplace 6 hunt or place 1 forest"))
    ids = []
    jobs.deadlines(service.settings, START + timedelta(days=1, minutes=1), enqueue=ids.extend)
    assert [name for name, _command in last_moves(service, game_id, 2)] == ["a1", "a2"]
    assert last_moves(service, game_id, 1) == [("a2", "place 1 forest")]
    assert plan_of(service, game_id, "a2") == [] and service.to_move(game_id) == ["a1"]


def test_a_plan_is_played_when_the_player_before_resigns(service, capsys):
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a2", "later\nplace 1 forest\nplace 1 clay"))
    service.deliver(service.reply(game_id, "a1", "resign yes"))
    assert ("a2", "place 1 forest") in last_moves(service, game_id, 4)
    assert ("a2", "place 1 clay") in last_moves(service, game_id, 4)
    assert verified(service, capsys)


def test_a_planned_move_ends_the_turn_and_its_clock_like_a_mailed_one(service, time_machine):
    time_machine.move_to(START, tick=False)
    game_id = service.new_game(kind="stoneage", players=2, seed=5, options={"deadline": 2})
    service.deliver(service.reply(game_id, "a2", "later\nplace 1 forest"))
    time_machine.shift(timedelta(hours=5))
    service.deliver(service.reply(game_id, "a1", "place 1 hunt"))
    with transaction(service.settings.database_url) as session:
        seats = {s.name: s for s in session.scalars(select(Seat).where(Seat.game_id == game_id))}
        assert seats["a2"].deadline is None and seats["a2"].turn_since is None
        assert seats["a1"].deadline == START + timedelta(days=2, hours=5)


def test_the_bench_bots_write_fewer_mails_with_plans(service):
    """pbem.bench_plans: a whole Hengist game by mail, without plans and with them."""
    without = bench_plans.play(service.settings, "hengist", 2, 1, 0)
    planned = bench_plans.play(service.settings, "hengist", 2, 1, bench_plans.PLAN_LINES)
    assert planned["written"] < without["written"]
    assert planned["received"] < without["received"]


def test_a_player_who_left_cannot_plan(service):
    game_id = service.new_game(kind="stoneage", players=3, seed=5)
    service.deliver(service.reply(game_id, "a3", "resign yes"))
    refused = service.deliver(service.reply(game_id, "a3", "later\nplace 1 hunt"))
    assert [m.kind for m in refused] == ["error"] and "You have left game" in text_of(refused[0])
    assert plan_of(service, game_id, "a3") == []


def test_a_place_taken_first_stops_the_plan_with_the_engines_reason(service):
    """Stone Age, 2 players: a resource area takes one player, and a2 is there first."""
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a1", "place 1 hunt\nlater\nplace 2 forest"))
    sent = service.deliver(service.reply(game_id, "a2", "place 2 forest"))
    told = " ".join(text_of(next(m for m in sent if m.to_address == "a1@x.test")).split())
    assert "Your plan stopped at 'place 2 forest':" in told
    assert "with 2 players only 1 player may use one resource area" in told


def test_plan_words_in_other_languages(service):
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    service.deliver(service.reply(game_id, "a2", "später\nsetzen 1 Wald oder setzen 1 Lehm"))
    assert plan_of(service, game_id, "a2") == ["setzen 1 Wald oder setzen 1 Lehm"]
    service.deliver(service.reply(game_id, "a2", "plano apagar"))
    assert plan_of(service, game_id, "a2") == []
    service.deliver(service.reply(game_id, "a2", "depois\ncolocar 1 floresta ou colocar 1 argila"))
    service.deliver(service.reply(game_id, "a1", "place 1 forest"))
    assert last_moves(service, game_id, 1) == [("a2", "place 1 clay")]
