"""Sentences players read: help for the commands legal now, and one sentence per log event."""

from __future__ import annotations

from engine.i18n import _, ngettext

from . import commands, data, rules
from .words import amount, amounts, colour


def _paid(paid: dict) -> str:
    return amounts(paid)


def _hands(hands: dict) -> str:
    return ", ".join(f"{_(data.ACTION_NAMES[a])} {n}" for a, n in hands.items())


def describe(event: dict) -> str:
    kind = event["type"]
    p = event.get("player", "")
    if kind == "place":
        hands = rules.hands_of(event["card"], event["circle"], event["rot"])
        return _("{p} laid a card on circle {c} ({o}): hands on {hands}.").format(
            p=p,
            c=event["circle"],
            o=_(data.ORIENTATIONS[event["rot"]]),
            hands=_hands(hands),
        )
    if kind in ("honga_comes", "honga_eats"):
        if event["eaten"] is None:
            ate = _("HONGA found nothing to eat on {p}'s board.").format(p=p)
        elif event["eaten"] == "mammoths":
            ate = _("HONGA ate a mammoth of {p}.").format(p=p)
        else:
            ate = _("HONGA ate {what} from {p}'s board.").format(
                what=amount(1, event["eaten"]), p=p
            )
        if kind == "honga_eats":
            return ate
        if event["came_from"]:
            came = _("No hand on HONGA: he left {q} and came to {p}.").format(
                q=event["came_from"], p=p
            )
        else:
            came = _("No hand on HONGA: he left his space and came to {p}.").format(p=p)
        return f"{came} {ate}"
    if kind == "gather":
        got = {r: n for r, n in event["got"].items() if r != "forest"}
        parts = []
        if got:
            parts.append(_("{p} gathered {got}.").format(p=p, got=amounts(got)))
        if event["got"].get("forest"):
            n = event["got"]["forest"]
            parts.append(
                ngettext(
                    "{p} took {n} bonus card face down from the forest.",
                    "{p} took {n} bonus cards face down from the forest.",
                    n,
                ).format(p=p, n=n)
            )
        return " ".join(parts)
    if kind == "climb":
        text = ngettext(
            "{p} climbed {n} step of the sacred mountain, to step {s}.",
            "{p} climbed {n} steps of the sacred mountain, to step {s}.",
            event["steps"],
        ).format(p=p, n=event["steps"], s=event["step"])
        lost = event.get("lost", 0)
        if lost:
            text += " " + ngettext(
                "{n} step beyond the top is lost.", "{n} steps beyond the top are lost.", lost
            ).format(n=lost)
        return text
    if kind == "stay":
        return ngettext(
            "{p} did not climb with {n} mountain hand: the caveman stays on step {s}.",
            "{p} did not climb with {n} mountain hands: the caveman stays on step {s}.",
            event["hands"],
        ).format(p=p, n=event["hands"], s=event["step"])
    if kind == "summit":
        top = event["scored"].get(p, data.MOUNTAIN_TOP_POINTS)
        others = [
            ngettext("{q} {n} point", "{q} {n} points", n).format(q=q, n=n)
            for q, n in event["scored"].items()
            if q != p
        ]
        text = ngettext(
            "{p} reached the top of the sacred mountain and scored {n} point.",
            "{p} reached the top of the sacred mountain and scored {n} points.",
            top,
        ).format(p=p, n=top)
        if others:
            text += " " + _("For their steps: {scores}.").format(scores=", ".join(others))
        return text + " " + _("All figures go back to step 1.")
    if kind == "lure":
        if event["pushed"]:
            return _(
                "{p} lured a mammoth (paid {paid}); a mammoth of {q} was pushed out onto {q}'s board."
            ).format(p=p, paid=_paid(event["paid"]), q=event["pushed"])
        return _("{p} lured a mammoth (paid {paid}).").format(p=p, paid=_paid(event["paid"]))
    if kind == "tusk":
        if not p:
            return _("The mammoth tusk goes back to the clearing.")
        return _("{p} now holds the mammoth tusk.").format(p=p)
    if kind == "trade":
        cost = {r: n for r, n in data.TRADE_CARDS[event["card"]]["cost"].items() if n}
        text = ngettext(
            "{p} fulfilled a trade card ({cost}) and scored {n} point.",
            "{p} fulfilled a trade card ({cost}) and scored {n} points.",
            event["points"],
        ).format(p=p, cost=amounts(cost), n=event["points"])
        paid = dict(event["paid"])
        if event["mammoths"]:
            paid["mammoths"] = len(event["mammoths"])
        if paid != cost:
            text += " " + _("Paid: {paid}.").format(paid=amounts(paid))
        return text
    if kind == "bonus":
        name = _(data.BONUS_NAMES[event["bonus"]])
        option = event["option"]
        if option == "honga" and event["bonus"] != "honga_home":
            return _("{p} played the bonus card '{name}' to send HONGA home.").format(
                p=p, name=name
            )
        if option == "climb":
            return _("{p} played the bonus card '{name}' to climb 2 steps.").format(p=p, name=name)
        if option and option != "honga":
            return _("{p} played the bonus card '{name}': one more hand on {area}.").format(
                p=p, name=name, area=_(data.ACTION_NAMES.get(option, option))
            )
        if data.BONUS_DECK[event["card"]][1]:
            return _("{p} played the bonus card '{name}' ({res}).").format(
                p=p, name=name, res=amounts(_count(data.BONUS_DECK[event["card"]][1]))
            )
        return _("{p} played the bonus card '{name}'.").format(p=p, name=name)
    if kind == "honga_home":
        return _("HONGA went back to his space.")
    if kind == "buy":
        return _("{p} gave {res} for 1 point.").format(p=p, res=amount(1, event["resource"]))
    if kind == "draw":
        if event["colour"] == "red":
            return _("{p} ended the turn and drew a red action card.").format(p=p)
        if event["colour"] == "grey":
            return _("{p} ended the turn and drew a grey action card.").format(p=p)
        return _("{p} ended the turn; no action card was left to draw.").format(p=p)
    if kind == "draw_two":
        return _(
            "{p} ended the turn and drew two action cards ({a}, {b}); {p} lays one of them "
            "next turn and puts the other under its pile."
        ).format(
            p=p,
            a=colour(event["colours"][0]),
            b=colour(event["colours"][1]),
        )
    if kind == "drawn_two":
        return _("You drew {a} and {b}; you choose one when you lay your next card.").format(
            a=_card_text(event["cards"][0]), b=_card_text(event["cards"][1])
        )
    if kind == "card_under":
        return _("{p} put the other action card ({colour}) under its pile.").format(
            p=p, colour=colour(event["colour"])
        )
    if kind == "game_over":
        scores = ", ".join(f"{q} {n}" for q, n in event["scores"].items())
        text = _("The game is over. Scores: {scores}.").format(scores=scores)
        left = event.get("left") or {}
        tied = [
            q for q, n in event["scores"].items() if list(event["scores"].values()).count(n) > 1
        ]
        if tied and left:
            counts = ", ".join(f"{q} {left[q]}" for q in tied)
            text += " " + _(
                "Equal points are ranked by the resources left (fish, berries, mushrooms "
                "and water): {counts}."
            ).format(counts=counts)
        for place, names in _shared_places(event.get("places") or {}):
            text += " " + _("{names} share place {place}.").format(
                names=", ".join(names), place=place
            )
        return text
    return ""


def _shared_places(places: dict) -> list[tuple[int, list[str]]]:
    """(place, players) for every place held by more than one player, best place first."""
    holders: dict[int, list[str]] = {}
    for player, place in places.items():
        holders.setdefault(place, []).append(player)
    return sorted((place, names) for place, names in holders.items() if len(names) > 1)


def _count(resources) -> dict:
    counts: dict = {}
    for r in resources:
        counts[r] = counts.get(r, 0) + 1
    return counts


def _card_text(card: int) -> str:
    info = data.ACTION_CARDS[card]
    hands = "-".join(map(str, info["hands"]))
    if info["colour"] == "red":
        return _("a red card with hands {hands}").format(hands=hands)
    return _("a grey card with hands {hands}").format(hands=hands)


def help_text(state: dict, player: str | None) -> str:
    lines = []
    allowed = commands.legal(state, player) if player else []
    phase = state["phase"]
    if phase == "over":
        return _("The game is over.")
    if not allowed:
        return _("Waiting for {p}. Every command is one line of your mail.").format(
            p=rules.current_player(state)
        )
    if phase == "place":
        lines.append(
            _(
                "Lay your action card: 'place CIRCLE DIRECTION', circles 1-4 (1 top left, 2 top right, 3 bottom left, 4 bottom right), directions north/east/south/west; short: 'p2n'. Your view lists what each placement gives. No hand on HONGA's space and he comes to you."
            )
        )
        if state["pl"][player]["second"] is not None:
            lines.append(
                _(
                    "You hold the two action cards of your extra draw: add 'card 1' or 'card 2' to say which you lay, e.g. 'place 2 north card 1' or 'p2n c1'. The other goes under its pile."
                )
            )
    elif phase == "pay":
        lines.append(
            _(
                "Say where the trade's next mammoth comes from: 'pay board' or 'pay herd K' (place K of the herd, 1 = first)."
            )
        )
    else:
        lines.append(
            _(
                "Use your hands: 'trade N' (face-up card N), 'lure' (one mammoth for fish + berry + mushroom), 'bonus N [option]', then 'done'. Hands you do not use are lost. Water pays automatically for a missing fish, berry or mushroom (2 water each)."
            )
        )
        if any(c.startswith("trade") and len(c.split()) == 4 for c in allowed):
            lines.append(
                _(
                    "With the swap bonus you choose what pays a trade card's berries and mushrooms: 'trade N berries K' gives K berries and the rest in mushrooms ('trade N mushrooms K' the other way round); 'trade N' pays the printed kinds first."
                )
            )
        if state["turn"]["hands"]["mountain"]:
            lines.append(
                _(
                    "Your mountain hands wait for you, in the order you write: 'climb' climbs with all of them, 'climb N' with N (the others wait), 'stay' gives them up. Write 'climb' before or after a bonus card (caveman +2, lucky hand) to choose which comes first; reaching the top loses the steps beyond it. Hands still waiting climb at 'done'."
                )
            )
    return "\n".join(lines)
