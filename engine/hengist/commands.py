"""The command language: text -> decision, and every legal command as canonical text.

Canonical forms (party letters a/b/c, places as in :mod:`places`, cards by kind)::

    move a 1b                  boat -> beach or beach -> boat (free)
    move a h2 hill             along a road, paying one matching card
    move a h2 hill hill river  along a road, discarding any 3 terrain cards
                               (also: discard a h2 hill hill river)
    raid a white hill river forest   raid the village of the party's board
    spy a 2                    explorer as spy on the road tile of board 2
    reinforce a                explorer as reinforcement: lost party back to the boat
    done                       end the turn (draw cards; also: pass)

Cards: ``hill`` ``river`` ``mountain`` ``forest`` (single), ``hill/river`` (double, also
``hill-river``, ``hr``), ``explorer`` (also ``x``); any unambiguous prefix works (``h``, ``riv``,
``h/r``).

``end`` is deliberately no command: the mail layer stops reading at a line that is just ``end``.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations_with_replacement, product

from engine.contract import IllegalMove, State
from engine.hengist import data, places, rules
from engine.hengist.lexicon import LEXICON
from engine.i18n import _, language, ngettext

CARD_KINDS = (
    list(data.TERRAINS)
    + [f"{a}/{b}" for i, a in enumerate(data.TERRAINS) for b in data.TERRAINS[i + 1 :]]
    + [data.EXPLORER]
)
CARD_ORDER = {kind: i for i, kind in enumerate(CARD_KINDS)}
FILLER = {"the", "to", "with", "using", "card", "cards", "party", "path", "along", "onto",
          "into", "board", "tile", "road", "via", "my", "and", "on", "at", "from", "beach",
          "space", "hinterland", "inland", "village", "of", "in", "by", "for", "paying",
          "please", "pls"}  # fmt: skip
VERBS = {
    "move": "move", "m": "move", "go": "move", "land": "move", "embark": "move",
    "raid": "raid", "r": "raid", "attack": "raid",
    "spy": "spy", "s": "spy", "look": "spy",
    "reinforce": "reinforce", "reinforcement": "reinforce", "return": "return", "back": "return",
    "done": "done", "pass": "done",
    "discard": "discard", "d": "discard",
}  # fmt: skip
#: Punctuation a phone adds ("move a h1, hill." "done!") is read as a space.
_PUNCTUATION = re.compile(r"[,;:.!?()]")
#: "hill / river" and "hill - river" are one double card.
_JOINED = re.compile(r"\s*([/+-])\s*")
#: Words that look like a place but name none ("7a", "h12", "0b").
_PLACE_LIKE = re.compile(r"^(\d+[a-z]|h\d+)$")


# -- words ------------------------------------------------------------------------------


def parse_card(token: str) -> str:
    """The card kind a typed word means; IllegalMove if it names no card. A beginning of a
    card's word is the card, in the reader's language first (:meth:`Lexicon.beginning`:
    "flu" and "f" are Fluss, river, to a German reader, "f" forest to an English one)."""
    if token == "x" or LEXICON.beginning(token, (data.EXPLORER,)):
        return data.EXPLORER
    initials = [_terrain_of(letter) for letter in token] if len(token) == 2 else []
    if len(initials) == 2 and all(initials) and initials[0] != initials[1]:
        # "hr", "mf" ("cr", colina/río, in Spanish): the initials of a double card, as typed
        # on a phone without a slash
        return "/".join(sorted(initials, key=data.TERRAINS.index))
    for sep in "/-+":
        if sep in token:
            parts = token.split(sep)
            if len(parts) == 2:
                first, second = (_terrain(part, token) for part in parts)
                if first != second:
                    ordered = sorted((first, second), key=data.TERRAINS.index)
                    return "/".join(ordered)
            raise IllegalMove(
                _(
                    "{word!r} is not a card: a double card joins two different terrains, e.g. hill/river."
                ).format(word=token)
            )
    return _terrain(token, token)


def _terrain_of(part: str) -> str | None:
    """The terrain a beginning of its word means (None: none, or several)."""
    return LEXICON.beginning(part, data.TERRAINS) if part else None


def _terrain(part: str, word: str) -> str:
    found = _terrain_of(part)
    if found is None:
        raise IllegalMove(
            _(
                "{word!r} is not a card; cards are {terrains}, double cards like hill/river, and explorer."
            ).format(word=word, terrains=", ".join(map(shown, data.TERRAINS)))
        )
    return found


def parse_colour(token: str) -> str | None:
    """The path colour a typed word means: the colour, ``w``/``g``, or a beginning of two
    letters or more (``wh``, ``gr``, ``bl``, ``re``; in the reader's language first: ``bl`` is
    blanco, white, to a Spanish reader). ``b`` and ``r`` alone are a party and a river."""
    if token in ("w", "g"):
        return {"w": "white", "g": "green"}[token]
    return LEXICON.beginning(token, data.PATH_COLOURS) if len(token) >= 2 else None


def card_text(cards: list[str]) -> str:
    return " ".join(cards)


def hand_text(state: State, player: str) -> str:
    """The cards of ``player``'s hand, in the reader's language ("-" for none)."""
    cards = sorted(state["hands"][player], key=CARD_ORDER.get)
    return ", ".join(shown(card) for card in cards) or "-"


def shown(command: str) -> str:
    """A canonical command or card in the reader's language ("mover a h2 colina")."""
    return LEXICON.shown(command, language())


def letter(index: int) -> str:
    return data.PARTY_LETTERS[index]


# -- legal commands -----------------------------------------------------------------------


def discard_sets(counts: Counter) -> list[tuple[str, ...]]:
    """Every distinct set of 3 terrain cards (no explorer) the hand can discard."""
    kinds = [k for k in sorted(counts, key=CARD_ORDER.get) if k != data.EXPLORER]
    found = []
    for combo in combinations_with_replacement(kinds, data.DISCARD_MOVE_CARDS):
        need = Counter(combo)
        if all(counts[k] >= n for k, n in need.items()):
            found.append(combo)
    return found


def raid_sets(counts: Counter, terrains) -> list[tuple[str, ...]]:
    """Every distinct set of cards paying for ``terrains``, listed in the terrains' order."""
    kinds = sorted(counts, key=CARD_ORDER.get)
    options = [[k for k in kinds if rules.matches(k, t)] for t in terrains]
    seen, found = set(), []
    for combo in product(*options):
        key = tuple(sorted(combo, key=CARD_ORDER.get))
        if key in seen:
            continue
        need = Counter(combo)
        if all(counts[k] >= n for k, n in need.items()):
            seen.add(key)
            found.append(combo)
    return found


def legal(state: State, player: str) -> list[str]:
    """Every command ``player`` may give now (the mail shows a sample of a long list)."""
    if state["over"] or rules.current(state) != player:
        return []
    found = []
    if rules.actions_left(state):
        counts = Counter(state["hands"][player])
        kinds = sorted(counts, key=CARD_ORDER.get)
        explorer = data.EXPLORER in counts
        discards = None
        raids: dict[tuple[str, ...], list[str]] = {}
        spy_slots = rules.spyable(state, player) if explorer else []
        for index, place in enumerate(state["parties"][player]):
            if index in state["acted"]:
                continue
            name = letter(index)
            if place == places.BOX:
                if explorer:
                    found.append(f"reinforce {name}")
                continue
            for target, terrain in rules.destinations(state, player, index):
                where = places.display(state, target)
                if terrain is None:
                    found.append(f"move {name} {where}")
                    continue
                found.extend(f"move {name} {where} {k}" for k in kinds if rules.matches(k, terrain))
                if discards is None:
                    discards = [card_text(combo) for combo in discard_sets(counts)]
                found.extend(f"move {name} {where} {cards}" for cards in discards)
            if place[0] == "h":
                paths = rules.side_of(state, place[1])["paths"]
                for colour in rules.open_paths(state, place[1]):
                    terrains = tuple(paths[colour])
                    if terrains not in raids:
                        raids[terrains] = [
                            card_text(combo) for combo in raid_sets(counts, terrains)
                        ]
                    found.extend(f"raid {name} {colour} {cards}" for cards in raids[terrains])
            found.extend(f"spy {name} {slot + 1}" for slot in spy_slots)
    found.append("done")
    return found


# -- parsing and carrying out -----------------------------------------------------------


def apply(state: State, player: str, command: str) -> None:
    """Carry out one normalized command for ``player`` (who is to move)."""
    typed = command
    command = _JOINED.sub(r"\1", _PUNCTUATION.sub(" ", LEXICON.english(command)))
    tokens = [t for t in command.split() if t not in FILLER]
    if not tokens:
        raise IllegalMove(_("Empty command."))
    verb = VERBS.get(tokens[0])
    if verb is None:
        # the verb may come later ("a move h1 hill") when it is a whole word, not a letter
        later = [i for i, t in enumerate(tokens) if len(t) > 1 and t in VERBS]
        if later:
            verb = VERBS[tokens.pop(later[0])]
            tokens.insert(0, verb)
    if verb is None and (tokens[0] in data.PARTY_LETTERS or places.is_place(tokens[0])):
        # no verb at all ("b h2", "c h4 mountain", "a white h r f"): a place means a move, a
        # path colour a raid
        if any(parse_colour(t) for t in tokens[1:]):
            verb = "raid"
        elif any(places.is_place(t) for t in tokens):
            verb = "move"
        if verb is not None:
            tokens.insert(0, verb)
    if verb is None:
        if tokens[0] == "end":
            raise IllegalMove(
                _(
                    "Unknown command 'end': to end your turn write 'done' (a line 'end' ends your mail)."
                )
            )
        raise IllegalMove(
            _("Unknown command {word!r}; use move, discard, raid, spy, reinforce or done.").format(
                word=tokens[0]
            )
        )
    words = tokens[1:]
    if verb == "done":
        if words:
            raise IllegalMove(
                _("'done' takes nothing after it, but you wrote {typed!r}.").format(typed=typed)
            )
        rules.end_turn(state, player)
        return
    if not rules.actions_left(state):
        raise IllegalMove(_("You have no actions left this turn; write 'done'."))
    if verb in ("move", "discard"):
        words = [
            word for word in words if word != "back"
        ]  # "go back to the boat", "move a back to 1b"
    actions = {
        "move": _move,
        "discard": _discard,
        "raid": _raid,
        "spy": _spy,
        "reinforce": _reinforce,
        "return": _return,
    }
    actions[verb](state, player, words, typed)


def _split(words: list[str]) -> tuple[list[int], list[str], list[str]]:
    """Party indices, place words and other words of a command."""
    parties, where, rest = [], [], []
    for word in words:
        if len(word) == 1 and word in data.PARTY_LETTERS:
            parties.append(data.PARTY_LETTERS.index(word))
        elif places.is_place(word):
            where.append(word)
        else:
            rest.append(word)
    if len(parties) > 1:
        raise IllegalMove(_("Name one raiding party per command (a, b or c)."))
    return parties, where, rest


def _ready(state: State, player: str, index: int) -> None:
    """Refuse a party that has already acted this turn."""
    if index in state["acted"]:
        raise IllegalMove(
            _("Party {party} has already acted this turn (one action per party).").format(
                party=letter(index)
            )
        )


def _choose(state: State, player: str, given: list[int], fits, what: str) -> int:
    """The party named, or the only party that fits when none is named."""
    if given:
        _ready(state, player, given[0])
        return given[0]
    fitting = [i for i in range(data.PARTIES_PER_PLAYER) if i not in state["acted"] and fits(i)]
    if len(fitting) == 1:
        return fitting[0]
    if not fitting:
        raise IllegalMove(_("None of your parties can {what} now.").format(what=what))
    raise IllegalMove(
        _("Several parties can {what}: name one of {parties}.").format(
            what=what, parties=", ".join(letter(i) for i in fitting)
        )
    )


def _first_lost(state: State, player: str) -> int:
    """The first of ``player``'s lost parties (party a when none is lost), for examples."""
    return next((i for i, place in enumerate(state["parties"][player]) if place == places.BOX), 0)


def _check_hand(state: State, player: str, cards: list[str]) -> None:
    need, have = Counter(cards), Counter(state["hands"][player])
    for card, n in need.items():
        if have[card] < n:
            raise IllegalMove(
                ngettext(
                    "You hold no {card} card; your hand: {hand}.",
                    "You do not hold {n} {card} cards; your hand: {hand}.",
                    n,
                ).format(
                    n=n,
                    card=shown(card),
                    hand=hand_text(state, player),
                )
            )


def _no_place(typed: str, rest: list[str]) -> IllegalMove:
    """Why a move names no place: a word that looks like one but is not, or none at all."""
    for word in rest:
        if _PLACE_LIKE.match(word):
            return IllegalMove(
                _(
                    "{word!r} is not a place: beaches are 1a to 6c (bay and space), hinterland h1 to h9, or boat."
                ).format(word=word)
            )
    return IllegalMove(
        _("{typed!r} says no place to go: e.g. 'move a 1b' or 'move a h2 hill'.").format(
            typed=typed
        )
    )


def _standing(state: State, place: str) -> str:
    """Where a party stands, in words: 'in the boat, bay 3', 'on 1b', 'on h2'."""
    if place == places.BOAT:
        return _("in the boat, bay {bay}").format(bay=rules.bay_number(state))
    return _("on {place}").format(place=places.display(state, place))


def _unreachable(state, index, source, target, typed_place, routes) -> IllegalMove:
    """Why a party cannot move to ``target``, and where it can go instead."""
    if target == places.BOAT:
        why = _(
            "The boat is in bay {bay}: a party boards it only from a beach of that bay."
        ).format(bay=rules.bay_number(state))
    elif source == places.BOAT:
        why = _("From the boat a party lands only on a free beach space of the boat's bay.")
    else:
        why = _("No road leads there from {here}.").format(here=places.display(state, source))
    reachable = ", ".join(shown(places.display(state, t)) for t in routes)
    where = (
        _("it can go to: {places}.").format(places=reachable)
        if reachable
        else _("it cannot move anywhere now.")
    )
    return IllegalMove(
        _("Party {party} ({here}) cannot reach {place}; {where} {why}").format(
            party=letter(index),
            here=_standing(state, source),
            place=typed_place,
            where=where,
            why=why,
        )
    )


def _move(state: State, player: str, words: list[str], typed: str) -> None:
    given, where, rest = _split(words)
    if len(where) > 1:
        raise IllegalMove(
            _("{typed!r} names {n} places; name only where the party goes.").format(
                typed=typed, n=len(where)
            )
        )
    if not where:
        raise _no_place(typed, rest)
    target = places.parse(state, where[0])
    home = state["parties"][player]

    def reaches(i):
        return home[i] != places.BOX and any(
            t == target for t, _c in rules.destinations(state, player, i)
        )

    index = _choose(state, player, given, reaches, _("move to {place}").format(place=where[0]))
    source = home[index]
    if source == places.BOX:
        raise IllegalMove(
            _(
                "Party {party} is lost; only 'reinforce {party}' (an explorer) brings it back."
            ).format(party=letter(index))
        )
    routes = dict(rules.destinations(state, player, index))
    if target not in routes:
        if target == source == places.BOAT:
            raise IllegalMove(
                _("Party {party} is already in the boat.").format(party=letter(index))
            )
        if target == source:
            raise IllegalMove(
                _("Party {party} is already at {place}.").format(
                    party=letter(index), place=where[0]
                )
            )
        taken = rules.occupants(state)
        if target in taken:
            owner, other = taken[target]
            raise IllegalMove(
                _(
                    "{place} is taken by {player}'s party {party}: one raiding party per space."
                ).format(place=where[0], player=owner, party=letter(other))
                if owner != player
                else _(
                    "{place} is taken by your party {party}: one raiding party per space."
                ).format(place=where[0], party=letter(other))
            )
        raise _unreachable(state, index, source, target, where[0], routes)
    terrain = routes[target]
    cards = [parse_card(word) for word in rest]
    if terrain is None:
        if cards:
            raise IllegalMove(_("Moving between the boat and the beach is free: name no card."))
    elif not cards:
        # "move a h1": fine when one kind of terrain card in the hand fits (never an explorer
        # by itself: it would sail the boat)
        fitting = sorted(
            {c for c in state["hands"][player] if c != data.EXPLORER and rules.matches(c, terrain)},
            key=CARD_ORDER.get,
        )
        if len(fitting) != 1:
            held = fitting + ([data.EXPLORER] if data.EXPLORER in state["hands"][player] else [])
            raise IllegalMove(
                _(
                    "The road to {place} is {terrain}: name the card to play ({fitting}), e.g. '{typed} {card}'."
                ).format(
                    place=where[0],
                    terrain=_(data.TERRAIN_NAMES[terrain]),
                    fitting=_("you hold {cards}").format(cards=", ".join(map(shown, held)))
                    if held
                    else _("you hold none that fits; three other terrain cards also pay"),
                    typed=typed.strip(),
                    card=shown(held[0] if held else terrain),
                )
            )
        cards = fitting
    elif len(cards) == 1:
        if not rules.matches(cards[0], terrain):
            raise IllegalMove(
                _("The road to {place} is {terrain}: a {card} card does not fit.").format(
                    place=where[0], terrain=_(data.TERRAIN_NAMES[terrain]), card=shown(cards[0])
                )
            )
    elif len(cards) == data.DISCARD_MOVE_CARDS:
        if data.EXPLORER in cards:
            raise IllegalMove(
                _("Only single and double terrain cards can be discarded three at a time.")
            )
    else:
        raise IllegalMove(
            _(
                "The road to {place} is {terrain}: play one matching card (or explorer), or discard three terrain cards; {typed!r} names {n}."
            ).format(
                place=where[0],
                terrain=_(data.TERRAIN_NAMES[terrain]),
                typed=typed,
                n=len(cards),
            )
        )
    hand = state["hands"][player]
    if terrain is not None and len(cards) == 1 and cards[0] not in hand:
        fitting = sorted({c for c in hand if rules.matches(c, terrain)}, key=CARD_ORDER.get)
        if fitting:
            raise IllegalMove(
                _(
                    "You hold no {card} card; the {terrain} road to {place} also takes: {fitting}."
                ).format(
                    card=shown(cards[0]),
                    terrain=_(data.TERRAIN_NAMES[terrain]),
                    place=where[0],
                    fitting=", ".join(map(shown, fitting)),
                )
            )
    _check_hand(state, player, cards)
    rules.move(state, player, index, target, cards)


def _discard(state: State, player: str, words: list[str], typed: str) -> None:
    """'discard a h2 hill hill river': the three-card move, said the other way round."""
    if len(_split(words)[2]) != data.DISCARD_MOVE_CARDS:
        raise IllegalMove(
            _(
                "{typed!r}: 'discard' moves a party with any three terrain cards, e.g. 'discard a h2 hill hill river'."
            ).format(typed=typed)
        )
    _move(state, player, words, typed)


def _raid(state: State, player: str, words: list[str], typed: str) -> None:
    given, where, rest = _split(words)
    home = state["parties"][player]
    if where:
        # naming the party's own hinterland space ("raid h2 white ...") picks that party
        spots = [places.parse(state, w) for w in where]
        mine = [i for i, place in enumerate(home) if place in spots and place[0] == "h"]
        if len(where) != 1 or len(mine) != 1 or (given and given != mine):
            raise IllegalMove(
                _(
                    "{typed!r}: a party raids from where it stands; name the party and the path, e.g. 'raid a white hill river forest'."
                ).format(typed=typed)
            )
        given = mine
    colours = [colour for colour in map(parse_colour, rest) if colour]
    if len(colours) != 1:
        raise IllegalMove(
            _(
                "{typed!r}: say which one path (white, green, blue or red), e.g. 'raid a white hill river forest'."
            ).format(typed=typed)
        )
    colour = colours[0]
    index = _choose(state, player, given, lambda i: home[i][0] == "h", _("raid"))
    place = home[index]
    if place[0] != "h":
        raise IllegalMove(
            _(
                "Party {party} is not in the hinterland: only a party in the hinterland can raid."
            ).format(party=letter(index))
        )
    board = place[1]
    if colour not in rules.open_paths(state, board):
        raise IllegalMove(
            _("The {path} path of this village was raided already: its treasure is gone.").format(
                path=places.path_name(colour)
            )
        )
    terrains = rules.side_of(state, board)["paths"][colour]
    cards = [parse_card(w) for w in rest if parse_colour(w) != colour]
    options = raid_sets(Counter(state["hands"][player]), terrains)
    if not cards:
        # "raid a blue": fine when exactly one set without an explorer pays; an explorer is
        # never played unless named (it sails the boat, which may flip the raider's board)
        plain = [combo for combo in options if data.EXPLORER not in combo]
        if len(plain) != 1:
            raise _raid_refusal(state, player, index, colour, terrains, options, None)
        cards = list(plain[0])
    if not rules.pays_for(cards, terrains):
        raise _raid_refusal(state, player, index, colour, terrains, options, cards)
    _check_hand(state, player, cards)
    rules.raid(state, player, index, colour, cards)


def _raid_refusal(state, player, index, colour, terrains, options, named) -> IllegalMove:
    """Why a raid is not paid for: what the path needs, and every set of cards in the hand
    that pays for it, written as the command to send (explorers only where the player names
    them)."""
    values = {
        "path": places.path_name(colour),
        "terrains": ", ".join(_(data.TERRAIN_NAMES[t]) for t in terrains),
        "hand": hand_text(state, player),
        "cards": shown(card_text(named or [])),
        "commands": ", ".join(
            f"'{shown(f'raid {letter(index)} {colour} {card_text(combo)}')}'" for combo in options
        ),
    }
    if not options:
        text = _(
            "The {path} path needs one card for each of {terrains}, all at once; your hand ({hand}) cannot pay for it."
        )
    elif named:
        text = _(
            "The {path} path needs one card for each of {terrains}, all at once; {cards} does not fit. Your hand pays for it with: {commands}."
        )
    else:
        text = _(
            "The {path} path needs one card for each of {terrains}, all at once: name the cards to play. Your hand pays for it with: {commands}."
        )
    return IllegalMove(text.format(**values))


def _explorer_word(word: str) -> bool:
    """'x', or a beginning of two letters or more of the explorer's word, in the reader's
    language first as :func:`parse_card` reads it ("ent", Entdecker): the card a spy or a
    reinforcement plays anyway."""
    return word == "x" or (len(word) >= 2 and LEXICON.beginning(word, (data.EXPLORER,)) is not None)


def _spy(state: State, player: str, words: list[str], typed: str) -> None:
    given, where, rest = _split(words)
    rest = [w for w in rest if not _explorer_word(w)]
    boards = [str(n) for n in range(1, len(state["boards"]) + 1)]
    wrong = [w for w in rest if w not in boards]
    if where or wrong or len(rest) != 1:
        raise IllegalMove(
            _(
                "{typed!r}: say which road tile, by board number 1, 2 or 3 from the left; e.g. 'spy a 2' looks at the road tile of board 2."
            ).format(typed=typed)
        )
    slot = int(rest[0]) - 1
    home = state["parties"][player]
    index = _choose(state, player, given, lambda i: home[i] != places.BOX, _("spy"))
    if home[index] == places.BOX:
        raise IllegalMove(
            _(
                "Party {party} is lost; it can only be brought back with 'reinforce {party}'."
            ).format(party=letter(index))
        )
    if data.EXPLORER not in state["hands"][player]:
        raise IllegalMove(
            _("Spying needs an explorer card, and your hand holds none now: {hand}.").format(
                hand=hand_text(state, player)
            )
        )
    if slot not in rules.spyable(state, player):
        raise IllegalMove(
            _("You have already seen the road tile of board {board}.").format(board=slot + 1)
        )
    rules.spy(state, player, index, slot)


def _return(state: State, player: str, words: list[str], typed: str) -> None:
    """'return c boat', 'c back to the boat': a party on a beach boards the boat (action I),
    a lost party comes back to it with an explorer (action II, as 'reinforce c')."""
    given, where, rest = _split(words)
    rest = [w for w in rest if not _explorer_word(w)]
    if [w for w in where if places.parse(state, w) != places.BOAT] or rest:
        raise IllegalMove(
            _(
                "{typed!r}: 'return' brings a party back to the boat, e.g. 'return a boat'; to go elsewhere write 'move a 1b'."
            ).format(typed=typed)
        )
    home = state["parties"][player]

    def boards(i):
        return any(t == places.BOAT for t, _c in rules.destinations(state, player, i))

    explorer = data.EXPLORER in state["hands"][player]
    index = _choose(
        state,
        player,
        given,
        lambda i: explorer if home[i] == places.BOX else boards(i),
        _("return to the boat"),
    )
    if home[index] == places.BOX:
        _reinforce(state, player, [letter(index)], typed)
    else:
        _move(state, player, [letter(index), places.BOAT], typed)


def _reinforce(state: State, player: str, words: list[str], typed: str) -> None:
    given, where, rest = _split(words)
    rest = [w for w in rest if not _explorer_word(w)]
    if [w for w in where if places.parse(state, w) != places.BOAT] or rest:
        raise IllegalMove(
            _(
                "{typed!r}: write 'reinforce {party}' to bring lost party {party} back to the boat."
            ).format(
                typed=typed, party=letter(given[0]) if given else letter(_first_lost(state, player))
            )
        )
    home = state["parties"][player]
    if not given and places.BOX not in home:
        raise IllegalMove(
            _("None of your parties is lost: reinforcement brings a lost party back to the boat.")
        )
    index = _choose(state, player, given, lambda i: home[i] == places.BOX, _("come back"))
    if home[index] != places.BOX:
        raise IllegalMove(
            _(
                "Party {party} is not lost: reinforcement brings a lost party back to the boat."
            ).format(party=letter(index))
        )
    if data.EXPLORER not in state["hands"][player]:
        raise IllegalMove(
            _(
                "Party {party} is lost: bringing it back to the boat needs an explorer card, and your hand holds none now: {hand}."
            ).format(
                party=letter(index),
                hand=hand_text(state, player),
            )
        )
    rules.reinforce(state, player, index)
