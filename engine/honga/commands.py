"""The command language: the legal commands as canonical text, and typed text to canonical.

Canonical commands (one decision each):
  place C DIR      lay your card on circle C (1-4) turned north/east/south/west   (p2n)
  place C DIR card K   holding the two cards of an extra draw: lay card K (1-2)  (p2n c1)
  lure [RES]       lure one mammoth (RES = what to pay with the frugal bonus)   (l, l fish)
  trade N          fulfil face-up trade card N (1-3)                              (t1)
  trade N berries K    with the swap bonus: give K berries, the rest of the card's berries
                   and mushrooms in mushrooms                        (t1 berries 2, t1 mushrooms 1)
  climb            climb with all your mountain hands left (climb N: N of them)   (climb 2)
  stay             give up the mountain hands left (else 'done' climbs them)      (climb 0)
  pay board        a trade's mammoth from your board / pay herd K: from herd place K (h2)
  bonus N [OPT]    play your usable bonus card N; OPT: an action (lucky hand), honga, climb
  buy RES          with the buy-points bonus: 1 resource for 1 point             (buy water)
  done             end the turn, draw the next action card                        (d)

``end`` is deliberately no command: the mail layer stops reading at a line that is just ``end``.
"""

from __future__ import annotations

import difflib
import re

from engine.contract import IllegalMove
from engine.i18n import _, language, ngettext
from engine.lexicon import fold

from . import data, rules
from .lexicon import LEXICON
from .words import amounts

# -- legal commands -----------------------------------------------------------------------------


def legal(state: dict, player: str) -> list[str]:
    """Every command ``player`` may give now, as canonical text."""
    phase = state["phase"]
    if phase == "over" or rules.current_player(state) != player:
        return []
    if phase == "place":
        return place_commands(state["pl"][player])
    if phase == "pay":
        return [
            "pay board" if s == "board" else f"pay herd {s + 1}"
            for s in rules.mammoth_sources(state, player)
        ]
    commands = []
    for slot in rules.trade_options(state, player):
        commands += trade_commands(state, player, slot)
    commands += ["lure" if r is None else f"lure {r}" for r in rules.lure_options(state, player)]
    commands += climb_commands(state["turn"]["hands"]["mountain"])
    commands += [
        f"bonus {i + 1}" if opt is None else f"bonus {i + 1} {opt}"
        for i, opt in rules.bonus_options(state, player)
    ]
    commands += [f"buy {r}" for r in rules.buy_options(state, player)]
    commands.append("done")
    return commands


def trade_commands(state: dict, player: str, slot: int) -> list[str]:
    """'trade N' (the printed kinds first), and with the swap bonus every other number of
    berries the card's berries and mushrooms may be paid with: 'trade N berries K'."""
    printed = rules.trade_payment(state, player, slot)["berries"]
    others = [k for k in rules.swap_berries(state, player, slot) if k != printed]
    return [f"trade {slot + 1}", *(f"trade {slot + 1} berries {k}" for k in others)]


def climb_commands(waiting: int) -> list[str]:
    """With mountain hands waiting (the top is in reach): climb them all, climb fewer (the
    rest wait), or stay."""
    if not waiting:
        return []
    return ["climb", *(f"climb {n}" for n in range(1, waiting)), "stay"]


#: The 16 placements of one card, and the 32 of two held cards (each naming its card).
PLACEMENTS = tuple(f"place {c} {o}" for c in data.CIRCLES for o in data.ORIENTATIONS)
PLACEMENTS_OF_TWO = tuple(f"{command} card {k}" for k in (1, 2) for command in PLACEMENTS)


def place_commands(me: dict) -> list[str]:
    """The 16 placements of the card in hand; 32 (naming the card) while holding two."""
    return list(PLACEMENTS if me["second"] is None else PLACEMENTS_OF_TWO)


# -- parsing ------------------------------------------------------------------------------------

_FILLERS = {
    "the", "a", "an", "on", "circle", "card", "to", "at", "in", "from", "with", "my", "it",
    "facing", "turned", "turn", "pointing", "towards", "toward", "direction", "of", "for",
    "please", "and", "slot", "number", "no", "nr",
}  # fmt: skip
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
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
    "play": "play",
    "buy": "buy",
    "keep": "keep",
    "k": "keep",
    "climb": "climb",
    "stay": "stay",
    "done": "done",
    "d": "done",
    "pass": "done",
    "finish": "done",
    "finished": "done",
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


class _Unclear(Exception):
    """The text names a command but leaves out or garbles part of it; the message says how."""


def _tokens(text: str) -> list[str]:
    words = re.findall(r"[a-z]+|\d+", text.lower())
    words = [_NUMBER_WORDS.get(w, w) for w in words]
    return [w for w in words if w not in _FILLERS]


#: "card 2" / "c2": which of two held action cards a placement lays.
_CARD_MARK = re.compile(r"\b(?:card|c) ?(\d+|one|two)\b")


def _card_named(text: str) -> tuple[str, str | None]:
    """The text without a "c2" mark, and the number after "card"/"c" (None if none)."""
    found = _CARD_MARK.search(text.lower())
    if not found:
        return text, None
    number = _NUMBER_WORDS.get(found[1], found[1])
    return text[: found.start()] + " " + number + " " + text[found.end() :], number


def candidates(text: str, phase: str | None = None) -> list[str]:
    """Canonical commands the typed text may mean, best guess first ([] if none).

    Raises _Unclear when the text names a command but is incomplete (the message says what
    is missing). Words of other languages are read as their English (:mod:`.lexicon`)."""
    text, card = _card_named(LEXICON.english(text))
    words = _tokens(text)
    if not words:
        return []
    if words[0].isdigit() or words[0] in _DIRECTIONS:
        words = ["place", *words]
    verb = _VERBS.get(words[0])
    rest = words[1:]
    if verb == "play":  # "play 2 north" lays the action card, "play bonus 1" a bonus card
        verb = "place" if any(w in _DIRECTIONS for w in rest) else "bonus"
    if verb == "bonus" and rest[:1] == ["bonus"]:  # "use bonus 1"
        rest = rest[1:]
    numbers = [w for w in rest if w.isdigit()]
    others = [w for w in rest if not w.isdigit()]
    if verb is None:
        return []
    if verb == "place":
        return _place_candidates(numbers, others, card)
    if verb == "keep":
        raise _Unclear(
            _(
                "with the extra action card bonus you hold both drawn cards until your next "
                "turn: say which you lay when you lay it, e.g. 'place 2 north card 1' ('p2n c1')."
            )
        )
    if verb == "trade" and len(numbers) == 2 and _options(others) in (["berries"], ["mushrooms"]):
        # with the swap bonus: "trade 1 berries 2", "t1 2 mushrooms"
        return [f"trade {numbers[0]} {_options(others)[0]} {numbers[1]}"]
    if len(numbers) > 1:
        raise _Unclear(_("one number only, please."))
    number = numbers[0] if numbers else None
    if verb == "done":
        return ["done"] if not rest else []
    if verb == "trade":
        if others:
            return []
        if number is None:
            raise _Unclear(_("say which face-up trade card, 'trade 1' to 'trade 3'."))
        return [f"trade {number}"]
    if verb in ("climb", "stay"):
        if [w for w in others if w not in ("all", "up", "steps", "step", "mountain")]:
            return []
        if verb == "stay" or number == "0":
            return ["stay"] if number in (None, "0") else []
        return [f"climb {number}"] if number else ["climb"]
    if verb == "board" or (verb == "pay" and others == ["board"]):
        return ["pay board"] if not number else []
    if verb == "herd" or (verb == "pay" and others in (["herd"], ["h"], [])):
        if others not in ([], ["herd"], ["h"]):
            return []
        if number is None:
            raise _Unclear(_("say which place of the herd, e.g. 'pay herd 2' (1 = first place)."))
        return [f"pay herd {number}"]
    if verb == "bonus" and number is None and not others:
        if words == ["b"] and phase == "pay":
            return ["pay board"]  # a lone "b" while paying a trade's mammoths: the board
        raise _Unclear(_("say which bonus card, e.g. 'bonus 1' (your view numbers them)."))
    if verb == "lure":
        others = [w for w in others if w not in ("mammoth", "mammoths")]
    options = _options(others)
    if options is None:
        return []
    if verb in ("lure", "buy") and number not in (None, "1"):
        if verb == "lure":
            raise _Unclear(_("one mammoth per line: write 'lure' once for each mammoth."))
        raise _Unclear(_("one resource per line: write 'buy fish' (etc.) once for each point."))
    if verb == "lure":
        return [f"lure {o}" if o else "lure" for o in options if o in (None, *data.JOKER_FOR)]
    if verb == "buy":
        if options == [None]:
            raise _Unclear(_("say which resource you give, e.g. 'buy water'."))
        return [f"buy {o}" for o in options if o in data.RESOURCES]
    if verb == "bonus" and number:
        return [f"bonus {number} {o}" if o else f"bonus {number}" for o in options]
    return []


def _place_candidates(numbers: list[str], others: list[str], card: str | None) -> list[str]:
    """``place C DIR`` or ``place C DIR card K``: the circle, the direction, and the card when
    named as "card K" next to another number (a lone "card 2" is the circle, as it always was)."""
    # a direction's beginning in the reader's language too ("p2l": leste, "p2o": oeste, to a
    # Portuguese reader; "l" alone stays "lure"); a letter beside a whole direction is an
    # article ("para o norte")
    if any(w in _DIRECTIONS and len(w) > 1 for w in others):
        others = [w for w in others if len(w) > 1 or w in _DIRECTIONS]
    directions = [_DIRECTIONS.get(w) or LEXICON.beginning(w, data.ORIENTATIONS) for w in others]
    if not all(directions):
        return []
    if card is not None and len(numbers) == 2 and card in numbers:
        numbers = list(numbers)
        numbers.remove(card)
    else:
        card = None
    if len(numbers) != 1 or len(directions) != 1:
        raise _Unclear(
            _("say the circle (1-4) and the direction (north, east, south, west), e.g. 'p2n'.")
        )
    command = f"place {numbers[0]} {directions[0]}"
    if card is None:
        return [command]
    # holding one card, "card 1" names it: the plain placement is meant
    return [f"{command} card {card}"] + ([command] if card == "1" else [])


def _options(words: list[str]) -> list[str | None] | None:
    """The canonical options a list of at most one option word may mean; None if unknown."""
    if not words:
        return [None]
    if len(words) == 1 and words[0] in _OPTIONS:
        return list(_OPTIONS[words[0]])
    if len(words) == 1 and len(words[0]) == 1:
        # a resource's initial, in the reader's language first ("p" is Pilze to a German
        # reader, pez to a Spanish one, and "s" setas)
        resource = LEXICON.beginning(words[0], data.RESOURCES)
        return [resource] if resource else None
    if len(words) == 2 and words[0] == "mammoth" and words[1] in _OPTIONS:
        return list(_OPTIONS[words[1]])
    return None


def _quote(text: str) -> str:
    return "'" + (text if len(text) <= 60 else text[:57] + "...") + "'"


def resolve(state: dict, player: str, text: str) -> str:
    """The canonical legal command ``text`` stands for; IllegalMove explains otherwise.

    Every refusal quotes what was typed, says why, and gives examples of what is legal now."""
    allowed = legal(state, player)
    if text in allowed:
        return text
    try:
        guesses = candidates(text, state["phase"])
    except _Unclear as unclear:
        raise IllegalMove(
            _("I cannot read {typed}: {why} You may now write, for example: {examples}.").format(
                typed=_quote(text), why=unclear, examples=examples(allowed)
            )
        ) from None
    guesses = [_trade_form(state, player, _all_hands(state, guess)) for guess in guesses]
    for guess in guesses:
        if guess in allowed:
            return guess
    if not guesses:
        meant = _did_you_mean(state, text, allowed)
        if meant in allowed:
            raise IllegalMove(
                _(
                    "I do not understand {typed}. Did you mean '{meant}'? You may now write, "
                    "for example: {examples}."
                ).format(typed=_quote(text), meant=shown(meant), examples=examples(allowed))
            )
        if meant:
            raise IllegalMove(
                _(
                    "I do not understand {typed}. Did you mean '{meant}'? That is not possible "
                    "now: {why} You may now write, for example: {examples}."
                ).format(
                    typed=_quote(text),
                    meant=shown(meant),
                    why=why_not(state, player, meant),
                    examples=examples(allowed),
                )
            )
        raise IllegalMove(
            _("I do not understand {typed}. You may now write, for example: {examples}.").format(
                typed=_quote(text), examples=examples(allowed)
            )
        )
    typed = _quote(text)
    if text not in (guesses[0], shown(guesses[0])):  # as written in the reader's language
        typed = _("{typed} (read as '{command}')").format(typed=typed, command=shown(guesses[0]))
    raise IllegalMove(
        _("{typed} is not possible now: {why} You may now write, for example: {examples}.").format(
            typed=typed, why=why_not(state, player, guesses[0]), examples=examples(allowed)
        )
    )


def _all_hands(state: dict, command: str) -> str:
    """'climb N' naming every mountain hand left is written 'climb'."""
    turn = state["turn"]
    if turn and command == f"climb {turn['hands']['mountain']}":
        return "climb"
    return command


def _trade_form(state: dict, player: str, command: str) -> str:
    """'trade N mushrooms K' as the berries it leaves for the card ('trade N berries J'), and
    the berries the printed kinds give written 'trade N'."""
    words = command.split()
    if words[0] != "trade" or len(words) != 4 or state["phase"] != "act":
        return command
    slot = int(words[1]) - 1
    if slot not in rules.trade_options(state, player):
        return command
    cost = rules.trade_cost(state, slot)
    berries = int(words[3])
    if words[2] == "mushrooms":
        res = state["pl"][player]["res"]
        used = min(cost["berries"] + cost["mushrooms"], res["berries"] + res["mushrooms"])
        berries = used - berries
    if berries == rules.trade_payment(state, player, slot)["berries"]:
        return f"trade {words[1]}"
    return f"trade {words[1]} berries {berries}"


def _did_you_mean(state: dict, text: str, allowed: list[str]) -> str | None:
    """A legal command the text may mean if its first word is misspelt ('tarde 1', 'dnoe')."""
    first, _space, rest = fold(text).partition(" ")
    words = [w for w in (*_VERBS, *sorted(LEXICON.verbs)) if len(w) > 2]
    # a verb typed right is what was meant: another verb's command is no guess of it ('place
    # 3 forest' is no 'play 3 forest', the bonus card)
    close = [first] if first in words else difflib.get_close_matches(first, words, n=3, cutoff=0.6)
    for word in close:
        try:
            guesses = candidates(f"{word} {rest}".strip(), state["phase"])
        except _Unclear:
            continue
        for guess in guesses:
            if guess in allowed:
                return guess
        if guesses:
            return guesses[0]
    return None


def examples(allowed: list[str], count: int = 6) -> str:
    """Some of the legal commands, as the reader writes them ('done' among them)."""
    some = allowed[:count]
    if "done" in allowed and "done" not in some:
        some[-1] = "done"
    return ", ".join(shown(command) for command in some)


def shown(command: str) -> str:
    """A canonical command in the reader's language ("colocar 2 norte")."""
    return LEXICON.shown(command, language())


def _cost_text(cost: dict) -> str:
    return amounts(cost)


def why_not(state: dict, player: str, command: str) -> str:
    """One sentence saying why a well-formed command is not legal now."""
    phase = state["phase"]
    words = command.split()
    verb = words[0]
    turn = state["turn"]
    me = state["pl"][player]
    if phase == "place" and verb != "place":
        return _("first lay your action card on a circle.")
    if phase == "pay" and verb != "pay":
        return _("first say where the trade's next mammoth comes from.")
    if verb == "place":
        if phase != "place":
            return _("you have already laid your card this turn.")
        if not 1 <= int(words[1]) <= len(data.CIRCLES):
            return _("there are only circles 1 to 4.")
        if me["second"] is None:
            return _("you hold one action card: write '{command}'.").format(
                command=shown(" ".join(words[:3]))
            )
        if len(words) == 3:
            return _(
                "you hold the two action cards of an extra draw: say which you lay, "
                "'{command} card 1' or '{command} card 2'; the other goes under its pile."
            ).format(command=shown(command))
        return _("you hold two action cards, card 1 and card 2.")
    if verb == "pay":
        if phase != "pay":
            return _("you are not paying for a trade now.")
        return _("you have no mammoth there.")
    if verb == "trade":
        if not turn["hands"]["trade"]:
            return _("no hand of yours is left on trade this turn.")
        slot = int(words[1]) - 1
        if not 0 <= slot < data.FACE_UP_TRADES:
            return _("there are only trade cards 1 to 3.")
        if state["trade_slots"][slot] is None:
            return _("trade card {n} is gone; the gap is refilled after your turn.").format(
                n=slot + 1
            )
        if len(words) > 2 and slot in rules.trade_options(state, player):
            berries = rules.swap_berries(state, player, slot)
            if not berries:
                return _(
                    "what pays the berries and mushrooms of a trade is yours to choose only "
                    "with the 'swap mushrooms and berries' bonus in play; write 'trade {n}'."
                ).format(n=slot + 1)
            return _(
                "for trade card {n} you can give {low} to {high} berries, the rest of its "
                "berries and mushrooms in mushrooms."
            ).format(n=slot + 1, low=berries[0], high=berries[-1])
        cost = rules.trade_cost(state, slot)
        return _(
            "trade card {n} asks for {cost}; you have {have} "
            "(2 water pay for a missing fish, berry or mushroom)."
        ).format(
            n=slot + 1,
            cost=_cost_text(cost),
            have=_cost_text({**me["res"], "mammoths": me["board"] + state["herd"].count(player)}),
        )
    if verb in ("climb", "stay"):
        waiting = turn["hands"]["mountain"]
        if not waiting:
            return _(
                "no hand of yours is left on the sacred mountain this turn (out of reach of "
                "the top, mountain hands climb when the card is laid)."
            )
        return ngettext(
            "you have {n} mountain hand left: write 'climb' to climb with it.",
            "you have {n} mountain hands left: write 'climb' for all of them or 'climb N' "
            "for fewer.",
            waiting,
        ).format(n=waiting)
    if verb == "lure":
        if not turn["hands"]["mammoths"]:
            return _("no hand of yours is left on the mammoth clearing this turn.")
        if not rules.mammoth_supply(state, player):
            return _("all six of your mammoths are already in the herd or on your board.")
        if turn["frugal"]:
            if len(words) == 1:
                return _("with frugal mammoths say what you pay, e.g. 'lure fish'.")
            return _("you have no {res} (nor 2 water to stand in for it).").format(
                res=_(data.RESOURCE_NAMES[words[1]])
            )
        if len(words) > 1 and "lure" in legal(state, player):
            return _(
                "a mammoth costs 1 fish, 1 berry and 1 mushroom; paying one resource needs "
                "the frugal mammoths bonus. Write 'lure'."
            )
        return _(
            "a mammoth costs 1 fish, 1 berry and 1 mushroom (2 water for each one missing); "
            "you have {have}."
        ).format(have=_cost_text(me["res"]))
    if verb == "bonus":
        if len(turn["played"]) >= data.BONUS_PER_TURN:
            return _("you may play at most two bonus cards a turn.")
        index = int(words[1]) - 1
        cards = me["bonus"]
        if not 0 <= index < len(cards):
            usable = sum(1 for c in cards if c is not None)
            if not usable:
                return _(
                    "you hold no usable bonus card (a card from the forest is usable from your next turn on)."
                )
            return ngettext(
                "you hold {n} usable bonus card; your mail numbers it.",
                "you hold {n} usable bonus cards; your mail numbers them.",
                usable,
            ).format(n=usable)
        if cards[index] is None:
            return _("you have already played bonus card {n} this turn.").format(n=index + 1)
        kind = rules.bonus_kind(cards[index])
        name = _(data.BONUS_NAMES[kind])
        forms = [
            f"bonus {i + 1} {opt}" if opt else f"bonus {i + 1}"
            for i, opt in rules.bonus_options(state, player)
            if i == index
        ]
        if forms:
            reason = ""
            if words[2:] == ["honga"] and state["honga"] != player:
                reason = _("HONGA is not with you, so he cannot be sent home; ")
            return reason + _("bonus card {n} ({name}) is played as: {forms}.").format(
                n=index + 1, name=name, forms=", ".join(map(shown, forms))
            )
        return _("bonus card {n} ({name}) {why}").format(
            n=index + 1, name=name, why=_BONUS_WHY.get(kind, _BONUS_WHY[None])()
        )
    if verb == "buy":
        if not turn["buy"]:
            return _("first play a 'buy 1-3 points' bonus card (up to three buys per card).")
        return _("you have no {res}.").format(res=_(data.RESOURCE_NAMES[words[1]]))
    return _("that is not allowed now.")


_BONUS_WHY = {
    "good_trade": lambda: _("needs a trade hand left and a face-up trade card this turn."),
    "honga_home": lambda: _("sends HONGA home only while he is with you."),
    "extra_card": lambda: _("is already in play this turn."),
    "swap": lambda: _("is already in play this turn."),
    "frugal": lambda: _("is already in play this turn."),
    "buy_points": lambda: _("needs a resource to give, and no other buy card running."),
    None: lambda: _("cannot be played now."),
}


# -- carrying out -----------------------------------------------------------------------------


def execute(state: dict, player: str, command: str) -> None:
    """Carry out a canonical legal command."""
    words = command.split()
    verb = words[0]
    if verb == "place":
        which = int(words[4]) - 1 if len(words) > 3 else 0
        rules.place(state, player, int(words[1]), data.ORIENTATIONS.index(words[2]), which)
    elif verb == "lure":
        rules.lure(state, player, words[1] if len(words) > 1 else None)
    elif verb == "trade":
        berries = int(words[3]) if len(words) > 3 else None
        rules.start_trade(state, player, int(words[1]) - 1, berries)
    elif verb == "climb":
        steps = int(words[1]) if len(words) > 1 else state["turn"]["hands"]["mountain"]
        rules.climb_hands(state, player, steps)
    elif verb == "stay":
        rules.stay(state, player)
    elif verb == "pay":
        rules.pay_mammoth(state, player, "board" if words[1] == "board" else int(words[2]) - 1)
    elif verb == "bonus":
        rules.play_bonus(state, player, int(words[1]) - 1, words[2] if len(words) > 2 else None)
    elif verb == "buy":
        rules.buy(state, player, words[1])
    else:
        rules.end_turn(state, player)
