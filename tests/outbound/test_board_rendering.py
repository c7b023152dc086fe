"""Game boards inside real mails: composed by pbem.mail.compose with the mail environment.

The board templates are included by ``mail/turn.*`` and ``mail/over.*`` and rendered with
:func:`pbem.i18n.mail_environment` (trim_blocks, lstrip_blocks). For random positions of
every game with a board template, the text board must keep one item per line, aligned
tables and at most 72 columns, must not repeat the legal commands (the turn mail lists
them once), and the HTML must parse with every element closed.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

import engine
from pbem.i18n import TEMPLATES_DIR, render
from pbem.mail.compose import compose, thread_for

WIDTH = 72
LONG_NAME = "bartholomew12"  # as long as a seat name gets (12 characters + a digit)
_BLANK_LINES = re.compile(r"\n{3,}")

# kind -> player names, right-aligned columns of the score table (header words)
GAMES = {
    "honga": (["ann", LONG_NAME, "cy"], ["Pts", "Fish", "Ber", "Mus", "Wat", "Mam", "Step"]),
    "hengist": (["ann", LONG_NAME], ["Treasure", "Cards"]),
    "stoneage": (
        ["ann", LONG_NAME, "cy"],
        ["Pts", "Food", "Wood", "Clay", "Stone", "Gold", "Fig", "Agr", "Cards", "Bld"],
    ),
}
# Stone Age place keys -> the words its boards show
STONEAGE_PLACES = {
    "hunt": "hunting grounds",
    "forest": "forest",
    "clay": "clay pit",
    "quarry": "quarry",
    "river": "river",
    "toolmaker": "tool maker",
    "hut": "hut",
    "field": "field",
    **{f"card{k}": f"card costing {k}" for k in range(1, 5)},
    **{f"building{k}": f"building stack {k}" for k in range(1, 5)},
}


def _kinds():
    return [kind for kind in GAMES if (TEMPLATES_DIR / "mail" / kind / "board.txt").exists()]


def _header(kind: str) -> str:
    return {"honga": r"Player +Pts ", "hengist": r"Player +Treasure ", "stoneage": r"Tribe +Pts "}[
        kind
    ]


def line_items(kind: str, view: dict) -> list[str]:
    """Patterns of lines that must each start exactly one line of the text board."""
    items = [_header(kind)]
    if kind == "honga":
        items += [rf"Circle {c['circle']}: " for c in view["board"]]
        items += [rf"{re.escape(p['name'][:14])} +-?\d+ +\d+ " for p in view["table"]]
    elif kind == "hengist":
        for board in view["boards"]:
            items.append(rf"== Board {board['number']} ")
            items += [rf"  {beach['name']}  " for beach in board["beaches"]]
        items += [rf"{re.escape(p[:14])} +\d+ +\d+  " for p in view["players"]]
    elif kind == "stoneage":
        items += [rf"  \[{slot['cost']}\] " for slot in view["row"]]
        items += [rf"  {stack['stack']}: " for stack in view["stacks"]]
        # figures placed: one line per place, named in words, not by the engine's key
        items += [rf"  {re.escape(STONEAGE_PLACES[place])}  " for place in view["board"]]
        items += [rf"{re.escape(p[:14])} +-?\d+ +\d+ " for p in view["tribes"]]
    return items


def player_rows(kind: str, view: dict, lines: list[str]) -> list[str]:
    names = {
        "honga": [p["name"] for p in view.get("table", [])],
        "hengist": view["players"],
        "stoneage": list(view.get("tribes", {})),
    }[kind]
    return [
        line
        for line in lines
        for name in names
        if re.match(rf"{re.escape(name[:10])}\S* +\d", line)
    ]


class Checker(HTMLParser):
    """Every non-void element closed in order; counts tables."""

    VOID = {"area", "br", "col", "hr", "img", "input", "link", "meta", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tables = [0, 0]

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables[0] += 1
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag == "table":
            self.tables[1] += 1
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            if tag in self.stack:
                del self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag) :]
        else:
            self.stack.pop()


def check_html(markup: str) -> None:
    checker = Checker()
    checker.feed(markup)
    checker.close()
    assert not checker.problems, checker.problems
    assert not checker.stack, f"never closed: {checker.stack}"
    assert checker.tables[0] == checker.tables[1], f"<table> opened/closed {checker.tables}"


def positions(kind: str, seed: int):
    """(state, view owner) at a few random plies of a random game, then the final state."""
    game = engine.load(kind)
    names = GAMES[kind][0]
    state = game.new(names, seed=seed)
    chooser = random.Random(seed)
    wanted = set(chooser.sample(range(1, 120), 4)) | {0}
    ply = 0
    while game.to_move(state) and ply < 3000:
        if ply in wanted:
            yield game, state
        player = game.to_move(state)[0]
        state = game.play(state, player, chooser.choice(game.legal(state, player)))
        ply += 1
    yield game, state


def check_board_text(kind: str, view: dict, text: str) -> None:
    board = _BLANK_LINES.sub("\n\n", render(f"mail/{kind}/board.txt", "en", view=view)).strip("\n")
    assert board and board in text, "the board is not in the mail as rendered"
    lines = board.splitlines()
    too_long = [line for line in lines if len(line) > WIDTH]
    assert not too_long, f"longer than {WIDTH} columns: {too_long}"
    for item in line_items(kind, view):
        starts = [line for line in lines if re.match(item, line)]
        assert len(starts) == 1, f"{item!r} starts {len(starts)} lines of:\n{board}"
    header = next(line for line in lines if re.match(_header(kind), line))
    rows = player_rows(kind, view, lines)
    for word in GAMES[kind][1]:
        end = header.index(word) + len(word)
        for row in rows:
            assert row[end - 1] != " " and row[end : end + 1] in ("", " "), (word, header, row)
    # the board shows the position; the legal commands are the turn mail's, listed once
    assert "may write" not in board.lower()
    if kind == "stoneage":  # places in words, not the engine's keys
        assert not re.search(r"\b(?:card|building)\d\b|\bhunt\b", board), board


@pytest.fixture
def settings_and_thread(settings):
    return settings, thread_for(settings, 3, "Game", ["ann", LONG_NAME], "tok3")


@pytest.mark.parametrize("kind", _kinds())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_in_turn_and_over_mails(kind, seed, settings_and_thread):
    settings, thread = settings_and_thread
    for game, state in positions(kind, seed):
        movers = game.to_move(state)
        if not movers:
            view = game.view(state, state["players"][0])
            context = {
                "game": kind,
                "game_id": 3,
                "game_title": game.title,
                "events": [game.describe(e) for e in view["log"][-3:]],
                "result": game.result(state),
                "view": view,
            }
            message = compose("over", "a@x.test", context, thread, settings)
            check_board_text(kind, view, message.get_body(("plain",)).get_content())
            check_html(message.get_body(("html",)).get_content())
            continue
        others = [p for p in state["players"] if p not in movers]
        for player in [movers[0], *others[:1]]:
            view = game.view(state, player)
            your_turn = player in movers
            context = {
                "game": kind,
                "game_id": 3,
                "game_title": game.title,
                "player": player,
                "events": [game.describe(e) for e in view["log"][-4:]],
                "view": view,
                "your_turn": your_turn,
                "waiting_for": movers,
                "legal": game.legal(state, player) if your_turn else [],
                "help": game.help(state, player),
                "version": 7,
            }
            message = compose("turn", "a@x.test", context, thread, settings)
            text = message.get_body(("plain",)).get_content()
            check_board_text(kind, view, text)
            assert text.count("What you may write now:") == (1 if context["legal"] else 0)
            markup = message.get_body(("html",)).get_content()
            check_html(markup)
            board = render(f"mail/{kind}/board.html", "en", view=view)
            check_html(board)
            assert "may write" not in board.lower()


def too_wide(text: str) -> list[str]:
    """Lines over 72 columns, except a single unbreakable token (a URL, say)."""
    return [line for line in text.splitlines() if len(line) > WIDTH and len(line.split()) > 1]


def check_help(help_text: str, text: str) -> None:
    """The engine's help is in the mail whole, its line breaks and indentation kept."""
    assert " ".join(help_text.split()) in " ".join(text.split()), "the help lost words"
    lines = text.splitlines()
    for help_line in help_text.splitlines():
        words = help_line.split()
        if words:
            start = help_line[: len(help_line) - len(help_line.lstrip())] + words[0]
            assert any(line.startswith(start) for line in lines), f"no line starts {start!r}"


@pytest.mark.parametrize("kind", _kinds())
@pytest.mark.parametrize("seed", [4, 5])
def test_turn_error_over_and_digest_text_fits_72_columns(kind, seed, settings_and_thread):
    """Every line of the text part of turn, error, over and digest mails fits, help included."""
    settings, thread = settings_and_thread
    for game, state in positions(kind, seed):
        movers = game.to_move(state)
        if not movers:
            view = game.view(state, state["players"][-1])
            context = {
                "game": kind,
                "game_id": 3,
                "game_title": game.title,
                "events": [game.describe(e) for e in view["log"][-5:]],
                "result": game.result(state),
                "view": view,
            }
            text = compose("over", "a@x.test", context, thread, settings).get_body(("plain",))
            assert not too_wide(text.get_content()), too_wide(text.get_content())
            digest = {
                "player": LONG_NAME,
                "games": [
                    {
                        "game_id": 3,
                        "title": game.title,
                        "status": "finished",  # a status as players read it
                        "your_turn": False,
                        "waiting_for": [],
                        "since": None,
                        "timing": [],
                        "muted": False,
                        "autopilot": False,
                        "last_events": context["events"],
                        "version": 99,
                        "reply_address": "play+0123456789abcdef0123@pbem.test",
                    }
                ],
            }
            service = thread_for(settings, None, "Your week", [], None)
            text = compose("digest", "a@x.test", digest, service, settings).get_body(("plain",))
            assert not too_wide(text.get_content()), too_wide(text.get_content())
            continue
        for player in state["players"]:
            view = game.view(state, player)
            legal = game.legal(state, player) if player in movers else []
            help_text = game.help(state, player) if legal else ""  # as pbem.notify does
            context = {
                "game": kind,
                "game_id": 3,
                "game_title": game.title,
                "player": player,
                "events": [game.describe(e) for e in view["log"][-5:]],
                "view": view,
                "your_turn": player in movers,
                "waiting_for": movers,
                "legal": legal,
                "help": help_text,
                "version": 7,
            }
            text = compose("turn", "a@x.test", context, thread, settings).get_body(("plain",))
            text = text.get_content()
            assert not too_wide(text), too_wide(text)
            check_help(help_text, text)
            if legal:
                context = {
                    "game_title": game.title,
                    "game_id": 3,
                    "line": "fly to the moon",
                    "reason": "There is no command 'fly'; the help below lists the commands.",
                    "legal": legal,
                    "help": help_text,
                    "version": 7,
                }
                text = compose("error", "a@x.test", context, thread, settings).get_body(("plain",))
                text = text.get_content()
                assert not too_wide(text), too_wide(text)
                check_help(help_text, text)
