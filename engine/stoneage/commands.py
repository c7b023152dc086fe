"""The command language: legal commands as canonical text, and natural text parsed to it.

Canonical forms (one decision each):
  place 3 forest | place hut | place field | place toolmaker | place card 2 | place building 1
  use forest | use hut | buy card 2 pay 1 wood 1 clay | skip card 2 | build 1
  build 3 pay 2 wood 2 gold | skip building 3 | tools auto | tools ask
  tools none | tools 3 1 c4 | pick gold | take 1 wood 1 gold | tame 2 | tame 2 pay 1 wood
  bonus one | bonus all | pay 2 wood | starve
"""

from __future__ import annotations

import difflib
import re

from engine.contract import IllegalMove
from engine.i18n import N_, _, language, ngettext

from . import data, rules
from .lexicon import LEXICON

# -- goods lists -------------------------------------------------------------------------


def goods_text(goods: dict) -> str:
    return " ".join(f"{goods[g]} {g}" for g in data.GOODS if goods.get(g))


def payments(have: dict, n: int, kinds: int | None = None) -> list[dict]:
    """Every way to pay ``n`` resources from ``have`` (with exactly ``kinds`` kinds if given)."""
    out: list[dict] = []
    res = data.RESOURCES

    def walk(i: int, left: int, chosen: dict) -> None:
        if i == len(res) - 1:
            if left <= have[res[i]]:
                paid = dict(chosen)
                if left:
                    paid[res[i]] = left
                if kinds is None or len(paid) == kinds:
                    out.append(paid)
            return
        for k in range(min(left, have[res[i]]), -1, -1):
            if k:
                chosen[res[i]] = k
            walk(i + 1, left - k, chosen)
            chosen.pop(res[i], None)

    walk(0, n, {})
    return out


def parse_goods(words: list[str], allowed=data.RESOURCES) -> dict:
    """'2 wood clay clay' -> {'wood': 2, 'clay': 2}; IllegalMove for anything else."""
    goods: dict[str, int] = {}
    count = None
    for w in words:
        if w.isdigit():
            if count is not None:
                raise IllegalMove(_("two numbers in a row: “{w}”.").format(w=w))
            count = int(w)
            continue
        good = GOOD_WORDS.get(w)
        if good is None or good not in allowed:
            raise IllegalMove(
                _("“{w}” is not something you can pay or take here ({allowed}).").format(
                    w=w, allowed=", ".join(_(data.GOOD_NAMES[g]) for g in allowed)
                )
            )
        goods[good] = goods.get(good, 0) + (1 if count is None else count)
        count = None
    if count is not None:
        raise IllegalMove(_("a number without a good after it."))
    return {g: n for g, n in goods.items() if n}


GOOD_WORDS = {
    "food": "food",
    "wood": "wood",
    "woods": "wood",
    "clay": "clay",
    "clays": "clay",
    "brick": "clay",
    "bricks": "clay",
    "stone": "stone",
    "stones": "stone",
    "gold": "gold",
    "golds": "gold",
}

# -- legal -------------------------------------------------------------------------------


def place_text(place: str, count: int) -> str:
    if place in data.AREAS:
        return f"place {count} {place}"
    if place.startswith("card"):
        return f"place card {place[4:]}"
    if place.startswith("building"):
        return f"place building {place[8:]}"
    return f"place {place}"


def resources_of(me: dict) -> dict:
    return {g: me[g] for g in data.RESOURCES}


def building_payments(state: dict, player: str, stack: int) -> list[str]:
    me = state["p"][player]
    info = data.BUILDINGS[state["stacks"][stack - 1][0]]
    have = resources_of(me)
    if info["kind"] == "fixed":
        ok = all(have[g] >= n for g, n in info["cost"].items())
        return [f"build {stack}"] if ok else []
    if info["kind"] == "exact":
        ways = payments(have, info["count"], info["kinds"])
    else:
        ways = [w for n in range(info["min"], info["max"] + 1) for w in payments(have, n)]
    return [f"build {stack} pay {goods_text(w)}" for w in ways]


def action_commands(state: dict, player: str) -> list[str]:
    me = state["p"][player]
    out = []
    for place in rules.my_places(state, player):
        if place in data.AREAS or place in data.VILLAGE:
            out.append(f"use {place}")
        elif place.startswith("card"):
            k = int(place[4:])
            out += [f"buy card {k} pay {goods_text(w)}" for w in payments(resources_of(me), k)]
            out.append(f"skip card {k}")
        else:
            k = int(place[8:])
            out += building_payments(state, player, k)
            out.append(f"skip building {k}")
    return out


def tool_choices(me: dict) -> list[str]:
    tiles = sorted((me["tools"][i] for i, u in enumerate(me["used"]) if not u), reverse=True)
    cards = sorted(me["one_use"], reverse=True)
    out = ["tools none"]
    seen = set()
    for tmask in range(1 << len(tiles)):
        t = tuple(tiles[j] for j in range(len(tiles)) if tmask >> j & 1)
        for cmask in range(1 << len(cards)):
            c = tuple(cards[j] for j in range(len(cards)) if cmask >> j & 1)
            if (t or c) and (t, c) not in seen:
                seen.add((t, c))
                out.append("tools " + " ".join([str(v) for v in t] + [f"c{v}" for v in c]))
    return out


def take_choices(state: dict, count: int) -> list[str]:
    have = state["supply"] if rules.limited(state) else dict.fromkeys(data.RESOURCES, count)
    left = sum(have.values())
    ways = payments(have, min(count, left))
    return [f"take {goods_text(w)}" if w else "take nothing" for w in ways]


def tame_choices(me: dict, count: int) -> list[str]:
    out = []
    for n in range(count + 1):
        if me["food"] >= n:
            out.append(f"tame {n}")
        else:
            out += [
                f"tame {n} pay {goods_text(w)}" for w in payments(resources_of(me), n - me["food"])
            ]
    return out


def pending_commands(state: dict, item: dict) -> list[str]:
    me = state["p"][item["player"]]
    kind = item["kind"]
    if kind == "tools":
        return tool_choices(me)
    if kind == "pick":
        return [f"pick {data.DICE_EVERYONE[v]}" for v in sorted(set(item["dice"]))]
    if kind == "take":
        return take_choices(state, item["count"])
    if kind == "tame":
        return tame_choices(me, item["count"])
    return ["bonus one", "bonus all"]


def decisions(state: dict, player: str) -> list[str]:
    """The commands that decide what is asked of ``player`` now ([] if nothing is)."""
    phase = state["phase"]
    if phase == "over":
        return []
    if state["pending"]:
        item = state["pending"][0]
        return pending_commands(state, item) if item["player"] == player else []
    if phase == "feed":
        short = state["feeding"].get(player)
        if short is None:
            return []
        me = state["p"][player]
        return [f"pay {goods_text(w)}" for w in payments(resources_of(me), short)] + ["starve"]
    if state["players"][state["turn"]] != player:
        return []
    if phase == "place":
        return [place_text(p, n) for p, n in rules.place_options(state, player)]
    return action_commands(state, player)


def legal(state: dict, player: str) -> list[str]:
    """The decisions, and the tools setting, which may be switched whenever one is asked."""
    out = decisions(state, player)
    if out:
        out.append("tools ask" if state["p"][player]["auto_tools"] else "tools auto")
    return out


def to_move(state: dict) -> list[str]:
    if state["phase"] == "over":
        return []
    if state["pending"]:
        return [state["pending"][0]["player"]]
    if state["phase"] == "feed":
        return [p for p in state["players"] if p in state["feeding"]]
    return [state["players"][state["turn"]]]


# -- parsing -----------------------------------------------------------------------------

FILLERS = {
    "the", "on", "to", "with", "and", "a", "an", "at", "in", "of", "my", "for", "into",
    "figure", "figures", "people", "person", "worker", "workers", "meeple", "meeples",
    "please", "area", "space", "spot", "slot",
}  # fmt: skip
PHRASES = [
    ("tool maker", "toolmaker"),
    ("clay pit", "clay"),
    ("hunting grounds", "hunt"),
    ("hunting ground", "hunt"),
    ("love hut", "hut"),
    ("for one", "one"),
    ("for all", "all"),
    ("for everyone", "all"),
]
#: Words only a waiting decision reads ("tame all", "bonus one", "take nothing", "tools auto").
DECISION_WORDS = frozenset(
    {"no", "none", "nothing", "nobody", "all", "one", "everyone", "everybody", "auto", "ask"}
)
NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
}  # fmt: skip
PLACE_WORDS = {
    "hunt": "hunt", "hunts": "hunt", "hunting": "hunt", "food": "hunt",
    "forest": "forest", "forests": "forest", "wood": "forest", "woods": "forest",
    "clay": "clay", "pit": "clay", "claypit": "clay", "brick": "clay", "bricks": "clay",
    "quarry": "quarry", "quarries": "quarry", "stone": "quarry", "stones": "quarry",
    "river": "river", "rivers": "river", "gold": "river",
    "toolmaker": "toolmaker", "tool": "toolmaker", "tools": "toolmaker",
    "toolmakers": "toolmaker", "toolsmith": "toolmaker",
    "hut": "hut", "huts": "hut", "field": "field", "fields": "field", "farm": "field",
    "farmland": "field", "agriculture": "field",
}  # fmt: skip
DIE_WORDS = {
    "wood": 1, "clay": 2, "brick": 2, "stone": 3, "gold": 4, "tool": 5, "tools": 5,
    "agriculture": 6, "field": 6, "farm": 6, "food": 6,
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6,
}  # fmt: skip
CARD_WORDS = {"card", "cards", "civ", "civilization"}
BUILDING_WORDS = {"building", "buildings", "bldg", "house", "stack"}
# while placing, "build 1" can only mean a figure on building 1 (as "buy card 2" on card 2)
PLACE_BUILDING_WORDS = BUILDING_WORDS | {"build"}
SKIP_VERBS = ("skip", "decline", "leave", "pass")
ACTION_VERBS = ("use", "resolve", "do", "buy", "get", "build", *SKIP_VERBS)
VERBS = {
    "place", "put", "send", "go", "tools", "tool", "pick", "choose", "die", "take", "tame",
    "bonus", "pay", "feed", "starve", "lose", "hunger", *ACTION_VERBS,
}  # fmt: skip
# words that begin a command of the placing or action phase, never a waiting decision's
OTHER_VERBS = {"place", "put", "go", "use", "resolve", "do", "buy", "build", *SKIP_VERBS}
PENDING_WHAT = {
    "tools": N_("which tools to add to your roll"),
    "pick": N_("which die for everyone you pick"),
    "take": N_("which resources you take"),
    "tame": N_("how many figures tame the mammoth"),
    "bonus": N_("which bonus of the tamed mammoth you take"),
}
# "card2" -> "card 2", "forest3" -> "forest 3", "3forest" -> "3 forest" (not "c4", a tool card)
_JOINED = re.compile(r"^(?:([a-z]{2,})(\d+)|(\d+)([a-z]{2,}))$")


def words_of(command: str) -> list[str]:
    text = re.sub(r"[,.;:!?()+&]|(?<=[a-z])-(?=[a-z])", " ", command)  # "tool-maker", not "-1"
    for phrase, word in PHRASES:
        text = text.replace(phrase, word)
    out = []
    for w in text.split():
        joined = _JOINED.match(w)
        parts = [x for x in joined.groups() if x] if joined else [w]
        out += [NUMBER_WORDS.get(x, x) for x in parts if x not in FILLERS]
    return out


def _number_after(words: list[str], keys: set[str]) -> tuple[int | None, list[str]]:
    """The number following key words (card 3, civ card 3, building stack 2) and the words
    left."""
    for i, w in enumerate(words):
        if w in keys:
            end = i + 1
            while end < len(words) and words[end] in keys:
                end += 1
            if end < len(words) and words[end].isdigit():
                return int(words[end]), words[:i] + words[end + 1 :]
            if i > 0 and words[i - 1].isdigit():
                return int(words[i - 1]), words[: i - 1] + words[end:]
            raise IllegalMove(_("say which one, for example “card 2” or “building 1”."))
    return None, words


def _pay_words(words: list[str]) -> list[str]:
    return [w for w in words if w not in ("pay", "paying", "using", "use", "by")]


def parse_place(words: list[str]) -> str:
    card, rest = _number_after(words, CARD_WORDS)
    building, rest = _number_after(rest, PLACE_BUILDING_WORDS) if card is None else (None, rest)
    if card is not None or building is not None:
        if any(w.isdigit() and w != "1" for w in rest):
            raise IllegalMove(_("a card or a building takes exactly 1 figure."))
        return f"place card {card}" if card is not None else f"place building {building}"
    if words and words[0] in ACTION_VERBS and words[0] not in SKIP_VERBS:
        raise IllegalMove(
            _(
                "figures are used once everybody has placed all of them; now write where to "
                "place, for example “place 3 forest”."
            )
        )
    if words in (["pass"], ["skip"], ["done"]):
        raise IllegalMove(_("you may not pass while you still have figures to place."))
    numbers = [w for w in words if w.isdigit()]
    places = [PLACE_WORDS[w] for w in words if w in PLACE_WORDS]
    rest = [w for w in words if not w.isdigit() and w not in PLACE_WORDS]
    if rest or len(places) != 1 or len(numbers) > 1:
        raise IllegalMove(_("write where and how many, for example “place 3 forest”."))
    where = places[0]
    if where in data.AREAS:
        return f"place {numbers[0] if numbers else 1} {where}"
    need = data.HUT_FIGURES if where == "hut" else 1
    if numbers and int(numbers[0]) != need:
        raise IllegalMove(
            ngettext(
                "the {place} takes exactly {n} figure.",
                "the {place} takes exactly {n} figures.",
                need,
            ).format(place=_(data.PLACE_NAMES[where]), n=need)
        )
    return f"place {where}"


def _with_payment(state: dict, player: str, prefix: str, goods: dict, what: str) -> str:
    """``prefix pay goods``; without goods, the only way to pay if there is exactly one."""
    if goods:
        return f"{prefix} pay {goods_text(goods)}"
    ways = [c for c in legal(state, player) if c.startswith(prefix + " pay ")]
    if len(ways) == 1:
        return ways[0]
    if not ways:  # not there, or cannot pay: the refusal says which
        return prefix
    raise IllegalMove(
        _("say what you pay for {what}, for example “{example}”.").format(
            what=what, example=shown(ways[0])
        )
    )


def parse_action(state: dict, player: str, words: list[str], verb: str) -> str:
    card, rest = _number_after(words, CARD_WORDS)
    if card is not None:
        if verb in SKIP_VERBS:
            return f"skip card {card}"
        goods = parse_goods(_pay_words(rest))
        return _with_payment(state, player, f"buy card {card}", goods, _("card {k}").format(k=card))
    building, rest = _number_after(words, BUILDING_WORDS)
    if building is not None:
        if verb in SKIP_VERBS:
            return f"skip building {building}"
        goods = parse_goods(_pay_words(rest))
        stack = state["stacks"][building - 1] if 0 < building <= len(state["stacks"]) else []
        if stack and data.BUILDINGS[stack[0]]["kind"] == "fixed":
            cost = data.BUILDINGS[stack[0]]["cost"]
            if goods and goods != cost:
                raise IllegalMove(
                    _("building {k} costs exactly {cost}.").format(
                        k=building, cost=goods_text(cost)
                    )
                )
            return f"build {building}"
        return _with_payment(
            state, player, f"build {building}", goods, _("building {k}").format(k=building)
        )
    places = [PLACE_WORDS[w] for w in words if w in PLACE_WORDS]
    if len(places) == 1 and len(words) == 1:
        return f"use {places[0]}"
    if not words and verb in SKIP_VERBS:
        raise IllegalMove(_("say which card or building you decline: “skip card 2”."))
    raise IllegalMove(_("say which place to use, for example “use forest” or “build 1”."))


def parse_pending(state: dict, item: dict, words: list[str]) -> str | None:
    """Short forms that only make sense for the decision waiting now (None: not one)."""
    kind = item["kind"]
    if kind == "pick":
        w = [x for x in words if x not in ("pick", "choose", "die", "take", "get")]
        if len(w) == 1 and w[0] in DIE_WORDS:
            return f"pick {data.DICE_EVERYONE[DIE_WORDS[w[0]]]}"
        raise IllegalMove(_("pick one die by what it gives, for example “pick gold”."))
    if kind == "take":
        w = words[1:] if words[0] in ("take", "get", "choose", "pick") else words
        if w in (["nothing"], ["none"]):
            return "take nothing"
        return f"take {goods_text(parse_goods(w))}"
    if kind == "tame":
        skip = ("tame", "send", "move", "mammoth", "tile", "herd", "pay", "paying", "using", "by")
        w = [x for x in words if x not in skip]
        if w and w[0] in ("no", "none", "nobody", "pass", "skip", "nothing"):
            w = ["0", *w[1:]]
        if w and w[0] in ("all", "everyone", "everybody"):
            w = [str(item["count"]), *w[1:]]
        if not w or not w[0].isdigit():
            raise IllegalMove(_("say how many figures tame the mammoth: “tame 2” or “tame 0”."))
        goods = parse_goods(w[1:])
        return f"tame {w[0]} pay {goods_text(goods)}" if goods else f"tame {w[0]}"
    if kind == "bonus":
        w = [x for x in words if x not in ("bonus", "take", "choose")]
        if w in (["1"], ["one"]):
            return "bonus one"
        if w in (["all"], ["everyone"], ["everybody"]):
            return "bonus all"
        raise IllegalMove(_("choose “bonus one” or “bonus all”."))
    if kind == "tools":
        w = words[1:] if words[0] in ("tools", "tool", "use") else words
        if not w or w in (["none"], ["no"], ["0"], ["nothing"]):
            return "tools none"
        if all(x.isdigit() or re.fullmatch(r"c\d+", x) for x in w):
            tiles = sorted((int(x) for x in w if x.isdigit()), reverse=True)
            cards = sorted((int(x[1:]) for x in w if x.startswith("c")), reverse=True)
            return "tools " + " ".join([str(v) for v in tiles] + [f"c{v}" for v in cards])
        raise IllegalMove(_("name tools by value: “tools 3 1”; one-use tool cards as “c4”."))
    return None


def is_action_word(word: str) -> bool:
    """Whether a command starting with ``word`` is meant for the action phase."""
    word = _verb_typo(word)
    return word in ACTION_VERBS or word in PLACE_WORDS or word in CARD_WORDS | BUILDING_WORDS


def _verb_typo(word: str) -> str:
    """A verb typed with one slip of the thumb ("plase", "plce", "biuld", "construri") as the
    verb; a word that means something itself ("building", "stones") stays."""
    if word in VERBS or word in KNOWN_WORDS or len(word) < 4 or word.isdigit():
        return word
    close = difflib.get_close_matches(word, TYPO_VERBS, n=3, cutoff=0.75)
    meant = {TYPO_VERBS[typed] for typed in close}
    return meant.pop() if len(meant) == 1 else word


#: The verbs a slip is read as, in every language, with the English verb each is.
TYPO_VERBS = {
    verb: verb
    for verb in ("place", "build", "starve", "tame", "bonus", "pick", "take", "skip", "tools")
}
TYPO_VERBS.update(
    (word, english)
    for english in tuple(TYPO_VERBS)
    for word in sorted(LEXICON.standing_for(english) & LEXICON.verbs)
)
KNOWN_WORDS = {*PLACE_WORDS, *CARD_WORDS, *BUILDING_WORDS, *GOOD_WORDS, *FILLERS}


def parse(state: dict, player: str, command: str) -> str:
    """Natural text to the canonical command (not yet checked against the legal list); words
    of other languages are read as their English (:mod:`.lexicon`)."""
    words = words_of(LEXICON.english(command))
    if not words:
        raise IllegalMove(_("there is no command in it."))
    words[0] = _verb_typo(words[0])
    if len(words) == 2 and set(words) <= {"tools", "tool", "auto", "ask"} and words[0] != words[1]:
        return "tools auto" if "auto" in words else "tools ask"
    if state["pending"] and state["pending"][0]["player"] == player:
        item = state["pending"][0]
        try:
            return parse_pending(state, item, words)
        except IllegalMove as error:
            if words[0] in OTHER_VERBS or words[0] in PLACE_WORDS:  # a later command, too early
                raise IllegalMove(
                    _("a decision comes first ({what}): {reason}").format(
                        what=_(PENDING_WHAT[item["kind"]]), reason=error
                    )
                ) from None
            raise
    if words[0] not in VERBS:  # word order: "forest use", "card 2 buy with wood"
        moved = next((w for w in words if w in ACTION_VERBS), None)
        if moved and state["phase"] == "action":
            words.remove(moved)
            words.insert(0, moved)
    verb, rest = words[0], words[1:]
    if state["phase"] == "feed":
        if verb in ("starve", "lose", "hunger"):
            return "starve"
        goods = parse_goods(_pay_words(rest if verb in ("pay", "feed") else words))
        return f"pay {goods_text(goods)}"
    if state["phase"] == "place":
        if verb in ("place", "put", "send", "go"):
            return parse_place(rest)
        return parse_place(words)
    if verb in ("use", "resolve", "take", "do", "buy", "get", "build", *SKIP_VERBS):
        if verb == "build" and not (rest and rest[0] in BUILDING_WORDS):
            rest = ["building", *rest]
        return parse_action(state, player, rest, verb)
    if verb in CARD_WORDS or verb in BUILDING_WORDS or verb in PLACE_WORDS:
        return parse_action(state, player, words, "buy")
    raise IllegalMove(_("this is not a Stone Age command."))


def place_reason(state: dict, player: str, words: list[str]) -> str:
    """Why a canonical ``place ...`` command is refused."""
    if words[1] in ("card", "building"):
        where, count = words[1] + words[2], 1
    elif words[1].isdigit():
        where, count = words[2], int(words[1])
    else:
        where, count = words[1], data.HUT_FIGURES if words[1] == "hut" else 1
    here = state["board"].get(where, {})
    free = rules.available(state, player)
    n = len(state["players"])
    if player in here:
        return _("you already have figures there.")
    if count > free:
        return ngettext(
            "you have only {n} figure left to place.",
            "you have only {n} figures left to place.",
            free,
        ).format(n=free)
    if count < 1:
        return _("place at least one figure.")
    if where.startswith("card") and (
        not 0 < int(where[4:]) <= data.CARD_SLOTS or not state["row"][int(where[4:]) - 1]
    ):
        return _("there is no such card.")
    if where.startswith("building") and (
        not 0 < int(where[8:]) <= len(state["stacks"]) or not state["stacks"][int(where[8:]) - 1]
    ):
        return _("there is no such building stack, or it is empty.")
    if (
        where in data.VILLAGE
        and not here
        and sum(v in state["board"] for v in data.VILLAGE) >= data.VILLAGE_LIMIT[n]
    ):
        return _(
            "with {n} players only two of tool maker, hut and field are used each round."
        ).format(n=n)
    if where in data.AREAS and where != "hunt":
        room = data.AREA_CAPACITY - sum(here.values())
        if len(here) >= data.PLAYERS_PER_AREA[n] and where != rules.herd_area(state):
            k = data.PLAYERS_PER_AREA[n]
            return ngettext(
                "with {n} players only {k} player may use one resource area.",
                "with {n} players only {k} players may use one resource area.",
                k,
            ).format(n=n, k=k)
        return ngettext(
            "there is room for only {k} more figure there.",
            "there is room for only {k} more figures there.",
            room,
        ).format(k=room)
    if here:
        return _("that place is taken by {players}.").format(players=", ".join(here))
    return _("that place is taken.")


def pending_reason(state: dict, item: dict, words: list[str]) -> str:
    """Why a command is refused while ``item`` waits."""
    me = state["p"][item["player"]]
    kind = item["kind"]
    if kind == "pick":
        return _("no die left shows that.")
    if kind == "take":
        return ngettext(
            "choose exactly {n} resource.", "choose exactly {n} resources.", item["count"]
        ).format(n=item["count"])
    if kind == "tame" and words[0] == "tame" and words[1].isdigit():
        if int(words[1]) > item["count"]:
            return ngettext(
                "you have only {n} figure there.", "you have only {n} figures there.", item["count"]
            ).format(n=item["count"])
        return _(
            "each figure costs 1 food; resources stand in only for the food you lack "
            "(you have {food} food)."
        ).format(food=me["food"])
    if kind == "tools":
        return _("you have no such unused tool this round.")
    return ""


def explain(state: dict, player: str, typed: str, canonical: str, legal_now: list[str]) -> str:
    """Why ``typed`` (read as ``canonical``) is not legal now, for the player."""
    words = canonical.split()
    reason = ""
    me = state["p"][player]
    if "pay" in words:
        goods = parse_goods(words[words.index("pay") + 1 :], data.GOODS)
        short = [g for g, n in goods.items() if me[g] < n]
        if short:
            reason = _("you do not have {goods}.").format(
                goods=", ".join(f"{goods[g]} {_(data.GOOD_NAMES[g])}" for g in short)
            )
    if not reason and words[0] == "tools" and words[1] in ("auto", "ask"):
        reason = _("your tools are already set to {mode}.").format(mode=words[1])
    elif not reason and state["pending"]:
        reason = pending_reason(state, state["pending"][0], words)
    elif not reason and state["phase"] == "place" and words[0] == "place":
        reason = place_reason(state, player, words)
    elif not reason and state["phase"] == "action":
        reason = action_reason(state, player, words)
    elif not reason and state["phase"] == "feed" and words[0] == "pay":
        reason = _("pay exactly the {n} food you lack, 1 resource each.").format(
            n=state["feeding"].get(player, 0)
        )
    if not reason:
        reason = _("it does not fit what is being decided.")
    read = (
        ""
        if typed in (canonical, shown(canonical))  # as written in the reader's language
        else _(" (read as “{canonical}”)").format(canonical=shown(canonical))
    )
    return _("“{command}”{read} is not possible now: {reason}").format(
        command=quote(typed), read=read, reason=reason
    ) + possible(legal_now)


def action_reason(state: dict, player: str, words: list[str]) -> str:
    mine = rules.my_places(state, player)
    if words[0] in ("use",) and words[1] not in mine:
        return _("you have no figures at the {place}.").format(
            place=_(data.PLACE_NAMES.get(words[1], words[1]))
        )
    if words[0] in ("buy", "skip") and words[1] == "card":
        k = int(words[2])
        if f"card{k}" not in mine:
            return _("you have no figure on card {k}.").format(k=k)
        return ngettext(
            "card {k} costs exactly {k} resource, never food; you have {n}.",
            "card {k} costs exactly {k} resources, never food; you have {n}.",
            k,
        ).format(k=k, n=sum(resources_of(state["p"][player]).values()))
    if words[0] == "build" or words[:2] == ["skip", "building"]:
        k = int(words[2] if words[0] == "skip" else words[1])
        if f"building{k}" not in mine:
            return _("you have no figure on building stack {k}.").format(k=k)
        return _("building {k} asks for {text}.").format(
            k=k, text=text_of_building(state["stacks"][k - 1][0])
        )
    return ""


def text_of_building(tile: int) -> str:
    from . import text

    return text.building_text(tile)


def quote(typed: str, limit: int = 60) -> str:
    return typed if len(typed) <= limit else typed[: limit - 1] + "…"


def possible(legal_now: list[str]) -> str:
    if not legal_now:
        return ""
    step = max(1, len(legal_now) // 4)
    examples = ", ".join(f"“{shown(c)}”" for c in legal_now[::step][:4])
    return " " + _("Possible now: {examples}.").format(examples=examples)


def shown(command: str) -> str:
    """A canonical command in the reader's language ("colocar 3 bosque")."""
    return LEXICON.shown(command, language())


def resolve(state: dict, player: str, command: str) -> str:
    """The canonical legal command meant by ``command``; IllegalMove otherwise."""
    legal_now = legal(state, player)
    if command in legal_now:
        return command
    if not legal_now:
        raise IllegalMove(
            _("You have nothing to decide now; waiting for {names}.").format(
                names=", ".join(to_move(state)) or "-"
            )
        )
    try:
        canonical = parse(state, player, command)
    except IllegalMove as error:
        raise IllegalMove(
            _("“{command}” is not understood: {reason}").format(
                command=quote(command), reason=error
            )
            + possible(legal_now)
        ) from None
    if canonical in legal_now:
        return canonical
    raise IllegalMove(explain(state, player, command, canonical, legal_now))
