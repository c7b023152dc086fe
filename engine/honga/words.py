"""Words that change with what they count or describe: '1 berry', '2 berries' (plural forms
through ngettext), and a card's colour ('roja' in Spanish, where a Hengist path is 'rojo')."""

from __future__ import annotations

from engine.i18n import _, ngettext, pgettext


def amount(n: int, resource: str) -> str:
    """``n`` units of a resource, with the right plural: '1 berry', '2 berries'."""
    if resource == "fish":
        words = ngettext("%(num)s fish", "%(num)s fish", n)
    elif resource == "berries":
        words = ngettext("%(num)s berry", "%(num)s berries", n)
    elif resource == "mushrooms":
        words = ngettext("%(num)s mushroom", "%(num)s mushrooms", n)
    elif resource == "water":
        words = ngettext("%(num)s water", "%(num)s water", n)
    else:
        words = ngettext("%(num)s mammoth", "%(num)s mammoths", n)
    return words % {"num": n}


def amounts(paid: dict) -> str:
    """'1 fish, 2 berries' ('nothing' when empty)."""
    parts = [amount(n, r) for r, n in paid.items() if n]
    return ", ".join(parts) if parts else _("nothing")


def colour(card_colour: str) -> str:
    """An action card's colour, as said of the card ("red": "roja", "vermelha", "rot")."""
    if card_colour == "red":
        return pgettext("action card", "red")
    return pgettext("action card", "grey")
