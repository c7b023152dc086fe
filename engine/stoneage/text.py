"""Words players read: component texts, log sentences and help."""

from __future__ import annotations

from engine.i18n import N_, _

from . import data

PHASES = {
    "place": N_("placing figures"),
    "action": N_("using figures"),
    "tame": N_("taming a mammoth"),
    "feed": N_("feeding the tribe"),
    "over": N_("game over"),
}


def good(g: str) -> str:
    return _(data.GOOD_NAMES[g])


def goods(paid: dict) -> str:
    if not paid:
        return _("nothing")
    return ", ".join(f"{n} {good(g)}" for g, n in paid.items())


def place_name(place: str) -> str:
    if place.startswith("card"):
        return _("the card costing {k}").format(k=place[4:])
    if place.startswith("building"):
        return _("building stack {k}").format(k=place[8:])
    if place == "card":
        return _("a card")
    return _(data.PLACE_NAMES[place])


def card_text(card: int) -> str:
    info = data.CARDS[card]
    top, bottom = info["top"], info["bottom"]
    kind = top["type"]
    if kind == "dice_everyone":
        head = _("dice for everyone")
    elif kind == "food":
        head = _("{n} food").format(n=top["amount"])
    elif kind == "resource":
        head = _("{n} {good}").format(n=top["amount"], good=good(top["resource"]))
    elif kind == "resource_dice":
        head = _("roll {n} dice for {good}").format(n=top["dice"], good=good(top["resource"]))
    elif kind == "points":
        head = _("{n} points").format(n=top["amount"])
    elif kind == "tool":
        head = _("a tool")
    elif kind == "agriculture":
        head = _("agriculture +1")
    elif kind == "extra_card":
        head = _("an extra card")
    elif kind == "one_use_tool":
        head = _("one-use tool {n}").format(n=top["value"])
    else:
        head = _("{n} resources of your choice").format(n=top["amount"])
    if "green" in bottom:
        foot = _("green: {symbol}").format(symbol=_(data.GREEN_SYMBOLS[bottom["green"]]))
    else:
        foot = _("{n} x {kind}").format(
            n=bottom["figures"], kind=_(data.SAND_KINDS[bottom["sand"]])
        )
    return f"{head} / {foot}"


def building_text(tile: int) -> str:
    info = data.BUILDINGS[tile]
    if info["kind"] == "fixed":
        return _("{cost} for {points} points").format(
            cost=goods(info["cost"]), points=info["points"]
        )
    if info["kind"] == "exact":
        return _("{count} resources of exactly {kinds} kinds").format(
            count=info["count"], kinds=info["kinds"]
        )
    return _("{low} to {high} resources of any kinds").format(low=info["min"], high=info["max"])


def bonus_text(bonus: dict) -> str:
    kind = bonus["kind"]
    template = _(data.BONUS_KINDS[kind])
    if kind == "resources":
        return template.format(amount=bonus["amount"], good=good(bonus["good"]))
    return template.format(amount=bonus["amount"])


def tile_text(tile: int) -> str:
    info = data.HERD_TILES[tile]
    return _("for one: {one}; for all: {all}").format(
        one=bonus_text(info["one"]), all=bonus_text(info["all"])
    )


def describe(event: dict) -> str:  # noqa: C901 - one sentence per event kind
    kind = event["type"]
    p = event.get("player", "")
    if kind == "round":
        return _("Round {n} begins; {player} is the start player.").format(
            n=event["round"], player=p
        )
    if kind == "herd":
        return _("The mammoth herd stands at the {good}; its tile gives {text}.").format(
            good=good(event["resource"]), text=tile_text(event["tile"])
        )
    if kind == "place":
        return _("{player} placed {n} on {place}.").format(
            player=p, n=event["count"], place=place_name(event["place"])
        )
    if kind == "stuck":
        return _("{player} has no place left for {n} figure(s); they stay home.").format(
            player=p, n=event["count"]
        )
    if kind == "roll":
        return _("{player} rolled {dice} at {place}.").format(
            player=p, dice=" ".join(map(str, event["dice"])), place=place_name(event["place"])
        )
    if kind == "yield":
        return _("{player} rolled {dice} at {place} and got {n} {good} (tools: {tools}).").format(
            player=p,
            dice=" ".join(map(str, event["dice"])),
            place=place_name(event["place"]),
            n=event["amount"],
            good=good(event["good"]),
            tools=event["tools"],
        )
    if kind == "tame":
        return _("{player} sent {n} figure(s) to tame the mammoth, paying {paid}.").format(
            player=p, n=event["count"], paid=goods(event["paid"])
        )
    if kind == "village":
        return _("{player} used the {place}.").format(player=p, place=place_name(event["place"]))
    if kind == "skip":
        return _("{player} declined {place}.").format(player=p, place=place_name(event["place"]))
    if kind == "card":
        return _("{player} bought the card “{text}” for {paid}.").format(
            player=p, text=card_text(event["card"]), paid=goods(event["paid"])
        )
    if kind == "dice_everyone":
        return _("{player} rolled dice for everyone: {dice}.").format(
            player=p, dice=" ".join(map(str, event["dice"]))
        )
    if kind == "pick":
        got = event["got"]
        what = good(got) if got in data.GOOD_NAMES else _(data.DIE_EXTRAS[got])
        return _("{player} picked the {die} ({got}).").format(player=p, die=event["die"], got=what)
    if kind == "extra_card":
        return _("{player} drew the extra card “{text}”.").format(
            player=p, text=card_text(event["card"])
        )
    if kind == "take":
        return _("{player} took {goods}.").format(player=p, goods=goods(event["goods"]))
    if kind == "build":
        return _("{player} built “{text}” with {paid} for {points} points.").format(
            player=p,
            text=building_text(event["tile"]),
            paid=goods(event["paid"]),
            points=event["points"],
        )
    if kind == "stack_empty":
        return _("Building stack {k} is empty: the game ends after this round.").format(
            k=event["stack"]
        )
    if kind == "herd_leaves":
        return _("Nobody tried to tame the mammoth; its tile leaves the game.")
    if kind == "taming":
        rolls = "; ".join(
            f"{who} {' '.join(map(str, dice))}" for who, dice in event["rolls"].items()
        )
        return _("Taming dice: {rolls}.").format(rolls=rolls)
    if kind == "taming_tie":
        return _(
            "{players} tie completely: all tamers get the bonus for all; the tile leaves."
        ).format(players=", ".join(event["players"]))
    if kind == "bonus":
        which = _("for one") if event["which"] == "one" else _("for all")
        return _("{player} tamed the mammoth and took the bonus {which}.").format(
            player=p, which=which
        )
    if kind == "herd_bonus":
        return _("{player} received {bonus}.").format(player=p, bonus=bonus_text(event["bonus"]))
    if kind == "fed":
        fed = ", ".join(f"{who} {n}" for who, n in event["fed"].items())
        return _("Tribes fed with food: {fed}.").format(fed=fed)
    if kind == "feed_resources":
        return _("{player} fed the tribe with all food and {paid}.").format(
            player=p, paid=goods(event["paid"])
        )
    if kind == "starve":
        return _("{player} could not feed the tribe and lost {n} points.").format(
            player=p, n=event["points"]
        )
    if kind == "deck_empty":
        return _("The civilization deck cannot refill the row: the game ends now.")
    if kind == "game_over":
        scores = ", ".join(f"{who} {n}" for who, n in event["scores"].items())
        return _("The game is over. Scores: {scores}. Winner: {winner}.").format(
            scores=scores, winner=event["ranking"][0]
        )
    return _("Something happened ({kind}).").format(kind=kind)


HELP = {
    "place": N_(
        "Place figures, one place per command: “place N AREA” for the hunting grounds "
        "(hunt), forest, clay (pit), quarry, river; “place hut” (2 figures), “place field”, "
        "“place toolmaker”, “place card K” (card K costs K resources), “place building K”. "
        "“tools ask” / “tools auto” switches how your tools are used after rolls."
    ),
    "action": N_(
        "Use your places in any order: “use forest”, “use hut”, “buy card K pay 1 wood 1 clay”, "
        "“skip card K”, “build K” (fixed cost) or “build K pay 2 wood 2 gold”, “skip building K”. "
        "Dice are rolled for you. “tools auto” (the default) spends tool tiles only where they "
        "raise the yield, never one-use tool cards; with “tools ask” (set on a placement turn) "
        "you choose after each roll."
    ),
    "tools": N_(
        "Choose the tools for this roll: “tools none”, or tile values and one-use cards, "
        "e.g. “tools 3 1 c4” (c4 = the one-use card worth 4)."
    ),
    "pick": N_("Pick one of the dice for everyone by what it gives: “pick gold”, “pick tool”."),
    "take": N_("Choose your resources: “take 1 wood 1 gold”."),
    "tame": N_(
        "Move figures from the herd's area onto the mammoth tile, 1 food each (resources "
        "stand in when food runs out): “tame 2”, “tame 2 pay 1 wood”, or “tame 0”."
    ),
    "bonus": N_("You tamed the mammoth: take “bonus one” or “bonus all”."),
    "feed": N_(
        "Your food is short: pay the rest with resources (“pay 2 wood”) or “starve” "
        "to lose 10 points."
    ),
}

HERD_NOTE = N_("The Mammoth Herd's 16 tiles are a reconstruction (the real list is unknown).")
BASE_NOTE = N_(
    "Reconstruction where the rules are silent: the tool tiles are not limited in number, and "
    "the card “2 resources of your choice” is taken at once."
)
