"""How a mail that cannot be applied is answered, in every game and language: the refusal
quotes the line, says why and lists what its player may write now, from their own view; two
positions the player cannot tell apart get the same refusal to the byte; a mail applied in
part says so and shows only what an applied mail would."""

from __future__ import annotations

import email
import email.policy
import random

import pytest
from service_mails import flat, last_mail_to, moves, said, text_of

import engine
from engine.i18n import _, use
from pbem import games, i18n, notify
from pbem.db import transaction
from pbem.i18n import quote
from pbem.models import Game, OutboundMail
from tests.hidden_information import (
    hengist_hidden_from,
    honga_hidden_from,
    seeded_anew,
    stoneage_hidden_from,
)

LANGUAGES = ["en", "es", "de", "pt"]

# a line of each kind of mistake in the first position of each game
MISTAKES = {
    "honga": {"unknown": "place 9 nowhere", "not now": "done", "bad argument": "place 7 north"},
    "stoneage": {
        "unknown": "place 9 nowhere",
        "not now": "use forest",
        "bad argument": "place 9 hunt",
    },
    "hengist": {"unknown": "move a nowhere", "not now": "raid h1 white", "bad argument": "spy a 7"},
}

HIDDEN = {
    "honga": honga_hidden_from,
    "stoneage": seeded_anew(stoneage_hidden_from),
    "hengist": seeded_anew(hengist_hidden_from),
}


def new_game(service, kind: str, locale: str, players: int = 2, seed: int = 5) -> int:
    """A started game whose players (a1@x.test, ...) all read ``locale``."""
    reading(service, locale, players)
    return service.new_game(kind=kind, players=players, seed=seed)


def reading(service, locale: str, players: int = 2) -> None:
    """The players a1@x.test, ... read ``locale`` from now on."""
    with transaction(service.settings.database_url) as session:
        for n in range(1, players + 1):
            games.player_for(session, f"a{n}@x.test").locale = locale


def reason(game_id: int, service, name: str, mail: str, locale: str) -> str:
    """The reason for refusing the game lines of ``mail`` now, in ``locale``."""
    game, _seats = service.game(game_id)
    game_engine = engine.load(game.kind)
    with use(i18n.translations(locale)), pytest.raises(games.Refused) as refused:
        games.play_lines(game_engine, service.state(game_id), name, mail.split("\n"))
    return refused.value.reason


def legal_block(body: str, locale: str) -> str:
    """The list of commands a mail offers, from its heading to the line about ``#N``."""
    start = body.index(said(locale, "What you may write now:"))
    return body[start : body.index("#", start)]


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(MISTAKES))
def test_every_kind_of_mistake_is_quoted_explained_and_answered_with_the_legal_list(
    service, kind, locale
):
    game_id = new_game(service, kind, locale)
    mover = service.to_move(game_id)[0]
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != mover)
    address = service.seat(game_id, mover)["address"]
    turn_mail = last_mail_to(service, address)
    offered = legal_block(text_of(turn_mail), locale)
    version = service.game(game_id)[0].version
    lines = dict(MISTAKES[kind])
    first_legal = service.legal(game_id, mover)[0]
    lines["late"] = f"#{version - 1}\n{first_legal}"
    lines["after a line"] = f"{first_legal}\n{first_legal}"
    tried_first = said(
        locale,
        "The lines above it were possible and were tried first; as this one failed, none of "
        "them was applied.",
    )
    for what, line in lines.items():
        sent = service.deliver(service.reply(game_id, mover, line))
        assert [(m.kind, m.to_address) for m in sent] == [("error", address)], what
        body = text_of(sent[0])
        quoted = line.split("\n")[what == "after a line"]
        assert quote(quoted) in body, what
        if what == "late":
            with use(i18n.translations(locale)):
                why = _(
                    "This mail was written for position #{guard}, but the game is at #{now}: "
                    "read the latest mail and send your commands again."
                ).format(guard=version - 1, now=version)
        else:
            why = reason(game_id, service, mover, line, locale)
        assert flat(why) in flat(body), what
        assert legal_block(body, locale) == offered, what
        assert (flat(tried_first) in flat(body)) == (what == "after a line"), what
    assert service.game(game_id)[0].version == version and moves(service, game_id) == []
    # out of turn: the line, whose turn it is, and no list (nothing is the player's to write)
    out_of_turn = service.deliver(service.reply(game_id, other, first_legal))
    body = text_of(out_of_turn[0])
    assert [m.kind for m in out_of_turn] == ["error"] and quote(first_legal) in body
    assert flat(reason(game_id, service, other, first_legal, locale)) in flat(body)
    assert said(locale, "What you may write now:") not in body
    # a reply to an older mail, after a move: nothing applied, the position now, in words
    applied = service.turn_of(game_id, mover)[:1]
    service.deliver(service.reply(game_id, mover, applied[0]))
    replying = {"In-Reply-To": turn_mail.message_id}
    late = service.deliver(service.reply(game_id, mover, first_legal, headers=replying))
    assert [(m.kind, m.to_address) for m in late] == [("stale", address)]
    with use(i18n.translations(locale)):
        told = _(
            "You answered the mail of position #{answered}, but the game is at #{now}: nothing "
            "of your mail was applied. Here is the game as it is now; please send your "
            "commands again."
        ).format(answered=version, now=version + 1)
    assert flat(told) in flat(text_of(late[0]))
    assert moves(service, game_id) == applied


# -- two positions the player cannot tell apart get the same refusal ----------------------------


def stored(service, game_id: int, state: dict, version: int) -> None:
    """The game at ``state``, as position ``version``."""
    with transaction(service.settings.database_url) as session:
        game = session.get(Game, game_id)
        game.state, game.version = engine.load(game.kind).dump(state), version


def bodies(row: OutboundMail) -> list[str]:
    """Every part a reader sees: the text, the HTML, the picture."""
    message = email.message_from_bytes(row.message, policy=email.policy.default)
    return [part.get_content() for part in message.walk() if not part.is_multipart()]


def blind_mails(
    game_engine, state: dict, player: str, chooser: random.Random, locale: str
) -> list[str]:
    """Mails a player might write: commands of the position, in any order, in the reader's
    language, and a mistake."""
    legal = [game_engine.shown(command, locale) for command in game_engine.legal(state, player)]
    mails = []
    for _mail in range(6):
        lines = [chooser.choice(legal) for _ in range(chooser.randint(0, 3))]
        # half the time a line of no position, else one possible now, maybe not after the rest
        mistake = chooser.choice(
            [
                chooser.choice(["place 9 nowhere", "move a nowhere", "done done"]),
                chooser.choice(legal),
            ]
        )
        lines.insert(chooser.randint(0, len(lines)), mistake)
        mails.append("\n".join(lines))
    return mails


@pytest.mark.parametrize("kind", sorted(MISTAKES))
def test_a_refusal_is_the_same_to_the_byte_whatever_the_player_cannot_see(
    service, monkeypatch, kind
):
    """A few positions of a game played by bots, each against the same one with everything
    its mover may not know dealt anew (the other's cards, the piles, the seed): every mail
    refused whole in one is refused whole in the other, with the very same mail. Each
    position is read in another of the languages (the players' setting), so every language's
    refusal is compared at no more cost than one's."""
    monkeypatch.setattr(notify, "ANSWER_LIMIT", 10_000)  # many refusals to one address
    game_id = new_game(service, kind, "en")
    game_engine, chooser = engine.load(kind), random.Random(2)
    compared = {locale: 0 for locale in LANGUAGES}
    for locale in LANGUAGES:
        reading(service, locale)
        for _turn in range(chooser.randint(1, 3)):
            mover = service.to_move(game_id)[0]
            service.deliver(
                service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
            )
        mover = service.to_move(game_id)[0]
        seen, version = service.state(game_id), service.game(game_id)[0].version
        unseen = HIDDEN[kind](seen, mover, chooser)
        assert unseen != seen
        for mail in blind_mails(game_engine, seen, mover, chooser, locale):
            answers = []
            for state in (seen, unseen):
                stored(service, game_id, state, version)
                sent = service.deliver(service.reply(game_id, mover, mail))
                answers.append([(m.kind, bodies(m) if m.kind == "error" else None) for m in sent])
            assert answers[0] == answers[1], (locale, mail)
            if answers[0][0][0] == "error":
                compared[locale] += 1
                assert said(locale, "What you may write now:") in answers[0][0][1][0], locale
        stored(service, game_id, seen, version)
    assert all(compared.values()) and sum(compared.values()) > 5, compared


# -- a mail applied in part ----------------------------------------------------------------------

# per game: the lines that bring the first player's decision, a mail, and of it the lines that
# stay applied, the refused line and the other lines not carried out
IN_PART = {
    # seed 5: the hand on the forest takes a bonus card from the face-down deck; one card a turn
    "honga": (
        [],
        ["place 2 north", "place 3 south", "done"],
        (["place 2 north"], "place 3 south", ["done"]),
    ),
    "stoneage": (
        ["place 1 forest", "place 5 hunt", "place 4 hunt"],
        ["use forest", "tools ask", "place 9 nowhere", "use hunt"],
        (["use forest"], "place 9 nowhere", ["tools ask", "use hunt"]),
    ),
    "hengist": ([], ["move a 1a", "done", "move b 1b"], (["move a 1a", "done"], "move b 1b", [])),
}


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(IN_PART))
def test_a_mail_failing_after_a_roll_or_draw_keeps_it_and_says_what_was_refused(
    service, kind, locale
):
    """The lines up to the last one that rolled or drew stay applied, as the README says; the
    mover is told which line stands last, which was refused and why, and what else was not
    carried out; the others read the applied moves only."""
    game_id = new_game(service, kind, locale)
    before, mail, (applied, refused, aside) = IN_PART[kind]
    for line in before:
        service.deliver(service.reply(game_id, service.to_move(game_id)[0], line))
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "\n".join(mail)))
    assert moves(service, game_id) == before + applied
    address = service.seat(game_id, mover)["address"]
    own = [text_of(m) for m in sent if m.to_address == address]
    assert len(own) == 1
    with use(i18n.translations(locale)):
        told = [
            _(
                "Your mail was applied up to this line, the last one that rolled dice or drew "
                "cards: a roll or a draw, once made, counts, as at the table."
            ),
            quote(applied[-1]),
            _("The rest of your mail was not carried out. This line could not be:"),
            quote(refused),
        ] + ([_("Not carried out either:"), quote("\n".join(aside))] if aside else [])
    for sentence in told:
        assert flat(sentence) in flat(own[0]), sentence
    if mail.index(refused) == len(applied) and mover in service.to_move(game_id):
        # refused right after the lines kept: why, of the position they left
        assert flat(reason(game_id, service, mover, refused, locale)) in flat(own[0])
    others = [text_of(m) for m in sent if m.to_address != address]
    # mailed when the turn passes to them (Hengist's 'done'), not while the mover plays on
    assert bool(others) == (mover not in service.to_move(game_id)), len(others)
    for other in others:
        assert flat(told[2]) not in flat(other), "only the mover reads of the refusal"


# -- what one mail can cause is bounded ----------------------------------------------------------


def test_a_mail_of_more_commands_than_a_turn_takes_is_refused_whole(service):
    """Stone Age's 'tools ask' / 'tools auto' may be written any number of times in a turn:
    a mail of a thousand logs no move, and its refusal quotes the first line over the bound."""
    game_id = new_game(service, "stoneage", "de")
    mover = service.to_move(game_id)[0]
    lines = ["tools ask", "tools auto"] * 500
    sent = service.deliver(service.reply(game_id, mover, "\n".join(lines)))
    assert [m.kind for m in sent] == ["error"] and moves(service, game_id) == []
    body = flat(text_of(sent[0]))
    with use(i18n.translations("de")):
        told = _(
            "One mail may carry at most {limit} commands for the game, and yours has "
            "{count}: please send the commands of this turn only."
        ).format(limit=games.MAX_LINES, count=len(lines))
    assert told in body and flat(quote(lines[games.MAX_LINES])) in body
    # as many as the bound are played
    allowed = lines[: games.MAX_LINES]
    service.deliver(service.reply(game_id, mover, "\n".join(allowed)))
    assert len(moves(service, game_id)) == games.MAX_LINES


def test_the_other_lines_of_a_mail_applied_in_part_are_named_not_carried_out(service):
    """A 'say' and a plan in a mail whose game lines failed after a roll are not carried out
    (the mail is not applied as written), and the mover's mail names them with the rest."""
    game_id = new_game(service, "stoneage", "en")
    before, mail, (applied, refused, aside) = IN_PART["stoneage"]
    for line in before:
        service.deliver(service.reply(game_id, service.to_move(game_id)[0], line))
    mover = service.to_move(game_id)[0]
    extra = ["say good luck", "say have fun", "later", "place 1 hunt"]
    sent = service.deliver(service.reply(game_id, mover, "\n".join(mail + extra)))
    assert moves(service, game_id) == before + applied
    assert "relay" not in [m.kind for m in sent]
    address = service.seat(game_id, mover)["address"]
    (own,) = [text_of(m) for m in sent if m.to_address == address]
    expected = [*aside, "say good luck", "say have fun", "place 1 hunt"]
    assert flat(quote("\n".join(expected))) in flat(own)


@pytest.mark.parametrize(
    "kind, written, read_as",
    [
        ("honga", "colocar 7 norte", None),
        ("honga", "p7n", "colocar 7 norte"),
        ("stoneage", "colocar 9 caza", None),
        ("stoneage", "place 9 hunt", None),
    ],
)
def test_a_refused_line_is_read_back_only_when_written_otherwise(service, kind, written, read_as):
    """'(read as ...)' tells how a shorthand was read; a line written as the reader's language
    or the English commands write it is quoted once."""
    game_id = new_game(service, kind, "es")
    mover = service.to_move(game_id)[0]
    (sent,) = service.deliver(service.reply(game_id, mover, written))
    body = flat(text_of(sent))
    assert flat(reason(game_id, service, mover, written, "es")) in body
    assert ("leído como" in body) == (read_as is not None)
    if read_as:
        assert read_as in body


def test_a_refused_done_gives_nothing_up(service):
    """A 'done' refused (HONGA: the card is not laid yet) ends no turn: the mail tells why it
    was refused, not what ending the turn would give up."""
    game_id = new_game(service, "honga", "es")
    mover = service.to_move(game_id)[0]
    game_engine, state = engine.load("honga"), service.state(game_id)
    with use(i18n.translations("es")):
        given_up = game_engine.forfeited(state, mover)
    assert given_up
    (sent,) = service.deliver(service.reply(game_id, mover, "listo"))
    body = flat(text_of(sent))
    assert sent.kind == "error" and flat(given_up) not in body
    assert flat(reason(game_id, service, mover, "listo", "es")) in body
