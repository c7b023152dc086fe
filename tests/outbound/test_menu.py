"""The legal commands as a menu: rows of one shape, every kind shown, long groups by kind."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest

import engine
from pbem.mail.menu import mailto, menu
from tests.hidden_information import random_states


def test_commands_differing_in_one_number_make_a_grid():
    legal = [f"place {c} {o}" for c in range(1, 5) for o in ("north", "east", "south", "west")]
    (group,) = menu(legal)
    assert group.word == "place" and group.count == 16
    assert [row.label for row in group.rows] == [
        "place … north",
        "place … east",
        "place … south",
        "place … west",
    ]
    assert all([text for text, _ in row.choices] == ["1", "2", "3", "4"] for row in group.rows)
    assert sorted(c for row in group.rows for _, c in row.choices) == sorted(legal)


def test_every_kind_is_shown_in_order_and_long_groups_one_of_each_kind():
    legal = [f"place {n} hunt" for n in range(1, 8)] + ["place card 1", "tools ask"]
    legal += [f"move a h{k} {c}" for k in range(1, 10) for c in ("hill", "river") * 8] + ["done"]
    groups = menu(legal)
    assert [g.word for g in groups] == ["place", "tools", "move", "done"]
    place, tools, move, done = groups
    assert place.rows[0].label == "place … hunt" and len(place.rows[0].choices) == 7
    assert place.rows[1].choices == [("place card 1", "place card 1")]
    assert len(move.rows) == 9 and all(row.more == 15 for row in move.rows)
    assert move.rows[0].choices == [("move a h1 hill", "move a h1 hill")]
    assert done.rows[0].choices == [("done", "done")] and tools.count == 1


def test_a_link_answers_with_the_guard_and_the_command():
    link = mailto("play+tok@pbem.test", "[pbem #3] HONGA — ann, bob", 7, "place 1 north")
    address, query = link.removeprefix("mailto:").split("?")
    fields = dict(item.split("=", 1) for item in query.split("&"))
    assert address == "play+tok@pbem.test"
    assert unquote(fields["body"]) == "#7\r\nplace 1 north"
    assert unquote(fields["subject"]) == "[pbem #3] HONGA — ann, bob"
    assert "body=join" in mailto("play+tok@pbem.test", "x", None, "join")


@pytest.mark.parametrize("version", [None, 0, 7, 1234])
@pytest.mark.parametrize(
    "command", ["place 1 north", "pagar tablero", "zahle Herde 2", "ção ü/?&=#%+", ""]
)
def test_a_link_quotes_its_body_whole(version, command):
    """The guard and the command, quoted apart (and cached), are the body quoted whole."""
    body = command if version is None else f"#{version}\r\n{command}"
    subject = "[pbem #3] HONGA — ann, bob/ü"
    assert mailto("play+tok@pbem.test", subject, version, command) == (
        f"mailto:play+tok@pbem.test?subject={quote(subject)}&body={quote(body)}"
    )


def test_where_two_numbers_vary_the_rows_follow_the_one_that_makes_fewer():
    """HONGA's placements with a choice of two cards: eight rows of four circles, not 32
    lines."""
    legal = [
        f"place {c} {o} card {k}"
        for o in ("north", "east", "south", "west")
        for k in (1, 2)
        for c in range(1, 5)
    ]
    (group,) = menu(legal)
    assert [row.label for row in group.rows][:2] == ["place … north card 1", "place … north card 2"]
    assert len(group.rows) == 8 and all(len(row.choices) == 4 for row in group.rows)
    assert sorted(c for row in group.rows for _, c in row.choices) == sorted(legal)


@pytest.mark.parametrize(
    "name, players, options",
    [
        ("honga", ["p1", "p2", "p3"], None),
        ("stoneage", ["p1", "p2", "p3"], {"mammoth_herd": True}),
        ("hengist", ["ann", "bob"], None),
    ],
)
def test_every_list_of_commands_fits_a_phone_and_accounts_for_every_command(name, players, options):
    """In whole random games: the list a mail shows (a line a labelled row, else a line a
    command) is at most 24 lines, each command shown is legal, and those shown and those
    counted as 'more like it' are all the legal commands."""
    game = engine.load(name)
    longest = 0
    for state in random_states(game, players, range(2), options):
        for player in game.to_move(state):
            legal = game.legal(state, player)
            rows = [row for group in menu(legal) for row in group.rows]
            shown = [command for row in rows for _, command in row.choices]
            assert set(shown) <= set(legal)
            assert len(shown) + sum(row.more for row in rows) == len(legal)
            lines = sum(1 if row.label else len(row.choices) for row in rows)
            assert lines <= 24, legal
            longest = max(longest, lines)
    assert longest > 8
