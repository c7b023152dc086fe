"""The command language: the legal commands as canonical text, and typed text to canonical.

Canonical commands (one decision each):
  place C DIR      lay your card on circle C (1-4) turned north/east/south/west   (p2n)
  lure [RES]       lure one mammoth (RES = what to pay with the frugal bonus)   (l, l fish)
  trade N          fulfil face-up trade card N (1-3)                              (t1)
  pay board        a trade's mammoth from your board / pay herd K: from herd place K (h2)
  bonus N [OPT]    play your usable bonus card N; OPT: an action (lucky hand), honga, climb
  buy RES          with the buy-points bonus: 1 resource for 1 point             (buy water)
  keep N           with the extra card bonus: keep drawn card N (1-2)             (k1)
  done             end the turn, draw the next action card                        (d)

``end`` is deliberately no command: the mail layer stops reading at a line that is just ``end``.
"""

from __future__ import annotations

import re

from engine.contract import IllegalMove
from engine.i18n import _

from . import data, rules

# -- legal commands -----------------------------------------------------------------------------


def legal(state: dict, player: str) -> list[str]:
    """Every command ``player`` may give now, as canonical text."""
    phase = state["phase"]
    if phase == "over" or rules.current_player(state) != player:
        return []
    if phase == "place":
        return [f"place {c} {o}" for c in data.CIRCLES for o in data.ORIENTATIONS]
    if phase == "keep":
        return ["keep 1", "keep 2"]
    if phase == "pay":
        return [
            "pay board" if s == "board" else f"pay herd {s + 1}"
            for s in rules.mammoth_sources(state, player)
        ]
    commands = [f"trade {slot + 1}" for slot in rules.trade_options(state, player)]
    commands += ["lure" if r is None else f"lure {r}" for r in rules.lure_options(state, player)]
    commands += [
        f"bonus {i + 1}" if opt is None else f"bonus {i + 1} {opt}"
        for i, opt in rules.bonus_options(state, player)
    ]
    commands += [f"buy {r}" for r in rules.buy_options(state, player)]
    commands.append("done")
    return commands


# -- parsing ------------------------------------------------------------------------------------

_FILLERS = {"the", "a", "an", "on", "circle", "card", "to", "at", "in", "from", "with", "my", "it"}
_VERBS = {
    "place": "place",
    "p": "place",
    "put": "place",
    "lay": "place",
    "lure": "lure",
    "l": "lure",
    "attract": "lure",
    "trade": "trade",
    "t": "trade",
    "pay": "pay",
    "board": "board",
    "herd": "herd",
    "h": "herd",
    "bonus": "bonus",
    "b": "bonus",
    "use": "bonus",
    "buy": "buy",
    "keep": "keep",
    "k": "keep",
    "done": "done",
    "d": "done",
    "pass": "done",
    "finish": "done",
}
_DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}
_DIRECTIONS.update({o: o for o in data.ORIENTATIONS})
#: Words for the actions / options, each with the canonical options it may mean (in order).
_OPTIONS = {
    "fish": ["fish"],
    "lake": ["fish"],
    "f": ["fish"],
    "berries": ["berries"],
    "berry": ["berries"],
    "mushrooms": ["mushrooms"],
    "mushroom": ["mushrooms"],
    "m": ["mushrooms"],
    "water": ["water"],
    "spring": ["water"],
    "forest": ["forest"],
    "wood": ["forest"],
    "mammoths": ["mammoths"],
    "mammoth": ["mammoths"],
    "clearing": ["mammoths"],
    "mountain": ["mountain", "climb"],
    "trade": ["trade"],
    "honga": ["honga"],
    "tiger": ["honga"],
    "home": ["honga"],
    "climb": ["climb", "mountain"],
    "caveman": ["climb", "mountain"],
}


def _tokens(text: str) -> list[str]:
    words = re.findall(r"[a-z]+|\d+", text)
    return [w for w in words if w not in _FILLERS]


def candidates(text: str) -> list[str]:
    """Canonical commands the typed text may mean, best guess first ([] if none)."""
    words = _tokens(text)
    if not words:
        return []
    if words[0].isdigit() or words[0] in _DIRECTIONS:
        words = ["place", *words]
    verb = _VERBS.get(words[0])
    rest = words[1:]
    numbers = [w for w in rest if w.isdigit()]
    others = [w for w in rest if not w.isdigit()]
    if verb is None or len(numbers) > 1:
        return []
    number = numbers[0] if numbers else None
    if verb == "place":
        directions = [_DIRECTIONS[w] for w in others if w in _DIRECTIONS]
        if number is None or len(directions) != 1 or len(others) != 1:
            return []
        return [f"place {number} {directions[0]}"]
    if verb == "done":
        return ["done"] if not rest or rest == ["turn"] else []
    if verb in ("trade", "keep"):
        return [f"{verb} {number}"] if number and not others else []
    if verb == "board" or (verb == "pay" and others == ["board"] and not number):
        return ["pay board"] if not number else []
    if verb == "herd" or (verb == "pay" and others in (["herd"], [])):
        return [f"pay herd {number}"] if number and others in ([], ["herd"]) else []
    if verb == "bonus" and number is None and not others:
        return ["pay board"]  # a lone "b": the board, when paying a trade's mammoths
    if verb == "lure":
        others = [w for w in others if w not in ("mammoth", "mammoths", "one")]
    options = _options(others)
    if options is None:
        return []
    if verb == "lure":
        return [f"lure {o}" if o else "lure" for o in options if o in (None, *data.JOKER_FOR)]
    if verb == "buy":
        return [f"buy {o}" for o in options if o in data.RESOURCES]
    if verb == "bonus" and number:
        return [f"bonus {number} {o}" if o else f"bonus {number}" for o in options]
    return []


def _options(words: list[str]) -> list[str | None] | None:
    """The canonical options a list of at most one option word may mean; None if unknown."""
    if not words:
        return [None]
    if len(words) == 1 and words[0] in _OPTIONS:
        return list(_OPTIONS[words[0]])
    if len(words) == 2 and words[0] == "mammoth" and words[1] in _OPTIONS:
        return list(_OPTIONS[words[1]])
    return None


def resolve(state: dict, player: str, text: str) -> str:
    """The canonical legal command ``text`` stands for; IllegalMove explains otherwise."""
    allowed = legal(state, player)
    if text in allowed:
        return text
    guesses = candidates(text)
    for guess in guesses:
        if guess in allowed:
            return guess
    if not guesses:
        raise IllegalMove(
            _(
                "I do not understand {command!r}. You may now write, for example: {examples}."
            ).format(command=text[:60], examples=examples(allowed))
        )
    raise IllegalMove(
        _(
            "{command!r} is not possible now: {why} You may now write, for example: {examples}."
        ).format(
            command=guesses[0], why=why_not(state, player, guesses[0]), examples=examples(allowed)
        )
    )


def examples(allowed: list[str], count: int = 6) -> str:
    shown = allowed[:count]
    if "done" in allowed and "done" not in shown:
        shown[-1] = "done"
    return ", ".join(shown)


def why_not(state: dict, player: str, command: str) -> str:
    """One sentence saying why a well-formed command is not legal now."""
    phase = state["phase"]
    verb = command.split()[0]
    turn = state["turn"]
    if phase == "place" and verb != "place":
        return _("first lay your action card on a circle.")
    if phase == "pay" and verb != "pay":
        return _("first say where the trade's next mammoth comes from.")
    if phase == "keep" and verb != "keep":
        return _("first choose which of the two drawn action cards you keep.")
    if verb == "place":
        if phase != "place":
            return _("you have already laid your card this turn.")
        return _("there are only circles 1 to 4.")
    if verb == "trade":
        if not turn["hands"]["trade"]:
            return _("no hand of yours is left on trade this turn.")
        return _("there is no such face-up trade card, or you cannot pay for it.")
    if verb == "lure":
        if not turn["hands"]["mammoths"]:
            return _("no hand of yours is left on the mammoth clearing this turn.")
        if not rules.mammoth_supply(state, player):
            return _("all six of your mammoths are already in the herd or on your board.")
        if turn["frugal"]:
            return _("with frugal mammoths say what you pay, e.g. 'lure fish'.")
        return _("a mammoth costs 1 fish, 1 berry and 1 mushroom (2 water for each one missing).")
    if verb == "bonus":
        if len(turn["played"]) >= data.BONUS_PER_TURN:
            return _("you may play at most two bonus cards a turn.")
        return _("you hold no such usable bonus card, or it cannot be played that way now.")
    if verb == "buy":
        return _("you need the buy-points bonus card and the resource to pay.")
    if verb == "pay":
        return _("you have no mammoth there.")
    return _("that is not allowed now.")


# -- carrying out -----------------------------------------------------------------------------


def execute(state: dict, player: str, command: str) -> None:
    """Carry out a canonical legal command."""
    words = command.split()
    verb = words[0]
    if verb == "place":
        rules.place(state, player, int(words[1]), data.ORIENTATIONS.index(words[2]))
    elif verb == "lure":
        rules.lure(state, player, words[1] if len(words) > 1 else None)
    elif verb == "trade":
        rules.start_trade(state, player, int(words[1]) - 1)
    elif verb == "pay":
        rules.pay_mammoth(state, player, "board" if words[1] == "board" else int(words[2]) - 1)
    elif verb == "bonus":
        rules.play_bonus(state, player, int(words[1]) - 1, words[2] if len(words) > 2 else None)
    elif verb == "buy":
        rules.buy(state, player, words[1])
    elif verb == "keep":
        rules.keep(state, player, int(words[1]) - 1)
    else:
        rules.end_turn(state, player)
