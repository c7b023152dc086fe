"""Words players read: component texts, log sentences and help."""

from __future__ import annotations

from engine.i18n import N_, _, ngettext

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
    """A place as a sentence names it: "the forest", "the card costing 2"."""
    if place.startswith("card") and place != "card":
        return _("the card costing {k}").format(k=place[4:])
    if place.startswith("building"):
        return _("building stack {k}").format(k=place[8:])
    if place == "card":
        return _("a card")
    return _(THE_PLACE[place])


THE_PLACE = {
    "hunt": N_("the hunting grounds"),
    "forest": N_("the forest"),
    "clay": N_("the clay pit"),
    "quarry": N_("the quarry"),
    "river": N_("the river"),
    "toolmaker": N_("the tool maker"),
    "hut": N_("the hut"),
    "field": N_("the field"),
}


def figures(n: int) -> str:
    return ngettext("{n} figure", "{n} figures", n).format(n=n)


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


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
        head = points(top["amount"])
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
        return _("{cost} for {points}").format(
            cost=goods(info["cost"]), points=points(info["points"])
        )
    if info["kind"] == "exact":
        return ngettext(
            "{count} resources of one kind",
            "{count} resources of exactly {kinds} kinds",
            info["kinds"],
        ).format(count=info["count"], kinds=info["kinds"])
    return _("{low} to {high} resources of any kinds").format(low=info["min"], high=info["max"])


def bonus_text(bonus: dict) -> str:
    kind = bonus["kind"]
    template = _(data.BONUS_KINDS[kind])
    if kind == "resources":
        return template.format(amount=bonus["amount"], good=good(bonus["good"]))
    if kind == "points":
        return points(bonus["amount"])
    if kind == "choice":
        return ngettext(
            "{amount} resource of your choice", "{amount} resources of your choice", bonus["amount"]
        ).format(amount=bonus["amount"])
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
        return _("The mammoth herd stands at {place}; its tile gives {text}.").format(
            place=place_name(data.AREA_OF[event["resource"]]), text=tile_text(event["tile"])
        )
    if kind == "place":
        return _("{player} placed {figures} on {place}.").format(
            player=p, figures=figures(event["count"]), place=place_name(event["place"])
        )
    if kind == "stuck":
        return ngettext(
            "{player} has no place left for {n} figure; it stays home.",
            "{player} has no place left for {n} figures; they stay home.",
            event["count"],
        ).format(player=p, n=event["count"])
    if kind == "roll" and event["place"] == "card":
        return _("{player} rolled {dice} for the card.").format(
            player=p, dice=" ".join(map(str, event["dice"]))
        )
    if kind == "roll":
        return _("{player} rolled {dice} at {place}.").format(
            player=p, dice=" ".join(map(str, event["dice"])), place=place_name(event["place"])
        )
    if kind == "yield":
        values = {
            "player": p,
            "dice": " ".join(map(str, event["dice"])),
            "place": place_name(event["place"]),
            "n": event["amount"],
            "good": good(event["good"]),
            "tools": event["tools"],
            "cards": ", ".join(map(str, event.get("cards", []))),
        }
        spent = len(event.get("cards", []))  # logs older than the cards have none
        if event["place"] == "card" and spent:
            return ngettext(
                "{player} rolled {dice} for the card, added tools worth {tools} (the one-use "
                "tool card {cards}, now spent) and got {n} {good}.",
                "{player} rolled {dice} for the card, added tools worth {tools} (the one-use "
                "tool cards {cards}, now spent) and got {n} {good}.",
                spent,
            ).format(**values)
        if spent:
            return ngettext(
                "{player} rolled {dice} at {place}, added tools worth {tools} (the one-use tool "
                "card {cards}, now spent) and got {n} {good}.",
                "{player} rolled {dice} at {place}, added tools worth {tools} (the one-use tool "
                "cards {cards}, now spent) and got {n} {good}.",
                spent,
            ).format(**values)
        if event["place"] == "card":
            if event["tools"]:
                return _(
                    "{player} rolled {dice} for the card, added tools worth {tools} and got "
                    "{n} {good}."
                ).format(**values)
            return _("{player} rolled {dice} for the card and got {n} {good}.").format(**values)
        if event["tools"]:
            return _(
                "{player} rolled {dice} at {place}, added tools worth {tools} and got {n} {good}."
            ).format(**values)
        return _("{player} rolled {dice} at {place} and got {n} {good}.").format(**values)
    if kind == "tame":
        if not event["count"]:
            return _("{player} sent no figure to tame the mammoth.").format(player=p)
        return _("{player} sent {figures} to tame the mammoth, paying {paid}.").format(
            player=p, figures=figures(event["count"]), paid=goods(event["paid"])
        )
    if kind == "village":
        return village_sentence(event)
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
    if kind == "card_drawn":
        if event["source"] == "herd":
            return _(
                "{player} drew the top card of the deck as the mammoth's bonus; it stays face down."
            ).format(player=p)
        return _(
            "{player} drew the top card of the deck for the extra card; it stays face down."
        ).format(player=p)
    if kind == "extra_card":
        return _(
            "The card {player} drew is “{text}” (only {player} knows it until the end)."
        ).format(player=p, text=card_text(event["card"]))
    if kind == "take":
        return _("{player} took {goods}.").format(player=p, goods=goods(event["goods"]))
    if kind == "build":
        return _("{player} built “{text}” with {paid} for {points}.").format(
            player=p,
            text=building_text(event["tile"]),
            paid=goods(event["paid"]),
            points=points(event["points"]),
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
        if event["bonus"]["kind"] == "choice":
            n = event["bonus"]["amount"]
            return ngettext(
                "{player} may choose {n} resource.", "{player} may choose {n} resources.", n
            ).format(player=p, n=n)
        return _("{player} received {bonus}.").format(player=p, bonus=bonus_text(event["bonus"]))
    if kind == "fed":
        return fed_sentence(event)
    if kind == "feed_resources":
        return _("{player} fed the tribe with all food and {paid}.").format(
            player=p, paid=goods(event["paid"])
        )
    if kind == "starve" and event.get("chosen"):  # logs older than the choice have none
        return _("{player} did not pay resources for the missing food and lost {points}.").format(
            player=p, points=points(event["points"])
        )
    if kind == "starve":
        return _("{player} could not feed the tribe and lost {points}.").format(
            player=p, points=points(event["points"])
        )
    if kind == "deck_empty":
        return _("The civilization deck cannot refill the row: the game ends now.")
    if kind == "game_over":
        return game_over_sentence(event)
    return _("Something happened ({kind}).").format(kind=kind)


def game_over_sentence(event: dict) -> str:
    scores = ", ".join(f"{who} {n}" for who, n in event["scores"].items())
    places = event.get("places") or {event["ranking"][0]: 1}  # older logs name one winner
    holders: dict[int, list[str]] = {}
    for who in event["ranking"]:
        if who in places:
            holders.setdefault(places[who], []).append(who)
    winners = holders.pop(1)
    if len(winners) > 1:
        text = _("The game is over. Scores: {scores}. Winners: {winners} (a full tie).").format(
            scores=scores, winners=", ".join(winners)
        )
    else:
        text = _("The game is over. Scores: {scores}. Winner: {winner}.").format(
            scores=scores, winner=winners[0]
        )
    for place, names in sorted(holders.items()):
        if len(names) > 1:
            text += " " + _("{names} share place {place}.").format(
                names=", ".join(names), place=place
            )
    return text


def fed_sentence(event: dict) -> str:
    harvest = event.get("harvest", {})  # logs older than the harvest have none
    parts = []
    for who, n in event["fed"].items():
        if harvest.get(who):
            part = _("{player} {n} food ({k} from agriculture)").format(
                player=who, n=n, k=harvest[who]
            )
        else:
            part = _("{player} {n} food").format(player=who, n=n)
        parts.append(part)
    if not parts:
        return _("Every tribe took its agriculture food and was short of food.")
    return _("The tribes ate: {fed}.").format(fed=", ".join(parts))


def village_sentence(event: dict) -> str:
    p, place, now = event["player"], event["place"], event.get("now")
    if now is None:  # logged before the result was recorded
        return _("{player} used {place}.").format(player=p, place=place_name(place))
    if place == "hut":
        return _("{player} used the hut and now has {figures}.").format(
            player=p, figures=figures(now)
        )
    if place == "field":
        return _("{player} used the field: agriculture is now {n}.").format(player=p, n=now)
    return _("{player} used the tool maker: tools are now {tools}.").format(
        player=p, tools="/".join(map(str, now))
    )


def decision(state: dict, player: str) -> str:
    """What the waiting decision is about, with the numbers the player needs."""
    item = state["pending"][0] if state["pending"] else None
    if item is None:
        if state["phase"] == "feed" and player in state["feeding"]:
            n = state["feeding"][player]
            return _("All your food is eaten and your tribe still lacks {n} food.").format(n=n)
        return ""
    kind = item["kind"]
    if kind == "bonus":
        tile = data.HERD_TILES[item["tile"]]
        return _("You tamed the mammoth: “bonus one” gives {one}; “bonus all” gives {all}.").format(
            one=bonus_text(tile["one"]), all=bonus_text(tile["all"])
        ) + (
            " "
            + _("The others who tried ({players}) get the bonus for all in any case.").format(
                players=", ".join(item["others"])
            )
            if item["others"]
            else ""
        )
    if kind == "take":
        n = item["count"]
        return ngettext("Choose {n} resource.", "Choose {n} resources (any mix).", n).format(n=n)
    if kind == "tame":
        n = item["count"]
        herd_place = place_name(data.AREA_OF[state["herd"]["resource"]])
        return ngettext(
            "Decide this first: you have {n} figure at {place}, where the mammoth herd stands.",
            "Decide this first: you have {n} figures at {place}, where the mammoth herd stands.",
            n,
        ).format(n=n, place=herd_place)
    if kind == "tools":
        return _("You rolled {dice} for {good}.").format(
            dice=" ".join(map(str, item["dice"])), good=good(item["good"])
        )
    return ""


HELP = {
    "place": N_(
        "Place figures, one place per command: “place N AREA” for the hunting grounds "
        "(hunt), forest, clay (pit), quarry, river; “place hut” (2 figures), “place field”, "
        "“place toolmaker”, “place card K” (card K costs K resources), “place building K”. "
        "“tools ask” / “tools auto” switches how your tools are used after rolls (at any of your "
        "decisions)."
    ),
    "action": N_(
        "Use your places in any order: “use forest”, “use hut”, “buy card K pay 1 wood 1 clay”, "
        "“skip card K”, “build K” (fixed cost) or “build K pay 2 wood 2 gold”, “skip building K”. "
        "Dice are rolled for you. “tools auto” (the default) spends tool tiles only where they "
        "raise the yield, and a one-use tool card only where no tile does and the card reaches "
        "the next unit; with “tools ask” (switch at any of your decisions) you choose after "
        "each roll."
    ),
    "tools": N_(
        "Choose the tools for this roll: “tools none”, or tile values and one-use cards, "
        "e.g. “tools 3 1 c4” (c4 = the one-use card worth 4). “tools auto” lets the engine "
        "choose, now and after later rolls."
    ),
    "pick": N_("Pick one of the dice for everyone by what it gives: “pick gold”, “pick tool”."),
    "take": N_("Write them like “take 1 wood 1 gold”."),
    "tame": N_(
        "Move figures from the herd's area onto the mammoth tile, 1 food each (resources "
        "stand in when food runs out): “tame 2”, “tame 2 pay 1 wood”, or “tame 0”. Writing "
        "another action instead (say “use field”) tames with no figures: all of them there go "
        "home, then the action is carried out."
    ),
    "bonus": N_("Take “bonus one” or “bonus all”."),
    "feed": N_(
        "Pay the rest with resources, 1 each (“pay 2 wood”), or “starve” to lose 10 points."
    ),
}
