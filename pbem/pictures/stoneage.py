"""Stone Age's board: the places with the figures on them, the civilization card row, the
building stacks, the mammoth herd tile, and each tribe's board.

Stone Age is open but for the deck and what lies under the tops: every player sees the same
board, so a position is drawn once for all of them.
"""

from __future__ import annotations

from engine.i18n import _, pgettext
from pbem.pictures.canvas import INK, LINE, MUTED, WHITE, Canvas, seat_colour

PLACES = (("hunt", "forest", "clay", "quarry", "river"), ("toolmaker", "hut", "field"))
NAMES = {
    "hunt": "hunting grounds",
    "forest": "forest",
    "clay": "clay pit",
    "quarry": "quarry",
    "river": "river",
    "toolmaker": "tool maker",
    "hut": "hut",
    "field": "field",
}
GOODS = {
    "food": ((186, 52, 44), WHITE),
    "wood": ((120, 78, 38), WHITE),
    "clay": ((206, 112, 56), WHITE),
    "stone": ((112, 112, 124), WHITE),
    "gold": ((226, 184, 40), INK),
}
TINT = (236, 226, 204)
CARD = (246, 238, 220)
M = 8


def scene(view: dict) -> dict:
    """The open board of ``view`` with its words in the reader's language."""
    herd = view.get("herd")
    return {
        "players": view["players"],
        "turn": view["turn"] or (view["to_move"][0] if len(view["to_move"]) == 1 else None),
        "heading": f"{_('round')} {view['round']} · {view['phase_text']}",
        "board": view["board"],
        "row": [
            {"cost": s["cost"], "text": s["card"]["text"].split(" / ") if s["card"] else []}
            for s in view["row"]
        ],
        "stacks": [
            {"stack": s["stack"], "size": s["size"], "text": s["top"]["text"] if s["top"] else ""}
            for s in view["stacks"]
        ],
        "herd": None
        if not herd or not herd["tile"]
        else {
            "area": herd["area"],
            "one": herd["tile"]["one_text"],
            "all": herd["tile"]["all_text"],
            "on_tile": herd["on_tile"],
            "left": herd["pile_size"],
        },
        "tribes": [
            {
                "name": p,
                "score": t["score"],
                "goods": {g: t[g] for g in GOODS},
                "figures": t["figures"],
                "to_place": t["figures"] - t["placed"],
                "agriculture": t["agriculture"],
                "tools": t["tools"],
                "cards": t["card_count"],
                "buildings": len(t["buildings"]),
            }
            for p, t in view["tribes"].items()
        ],
        "words": {
            "places": {k: _(v) for k, v in NAMES.items()},
            "herd": _("Mammoth herd"),
            "one": _("for one"),
            "all": _("for all"),
            "left": _("Herd tiles left"),
            "empty": pgettext("building stack", "empty"),
            "figures": _("Fig"),
            "agriculture": _("Agr"),
            "tools": _("Tools"),
            "cards": _("Cards"),
            "buildings": _("Bld"),
        },
    }


def _figures(canvas: Canvas, x: int, y: int, here: dict, players: list, per_row: int) -> None:
    """Each tribe's figures on a place: a disc in its colour with how many."""
    for i, (name, n) in enumerate(here.items()):
        cx = x + 20 + (i % per_row) * 38
        canvas.token(cx, y + 18 + (i // per_row) * 38, 16, seat_colour(players, name), n, 20)


def draw(s: dict) -> Canvas:
    players, words = s["players"], s["words"]
    height = 44 + 2 * 116 + 164 + 140 + 40 + 52 * len(s["tribes"]) + M
    canvas = Canvas(height)
    canvas.text(M, M, s["heading"], 24, INK, bold=True, fit=700)
    y = 44
    for row, places in enumerate(PLACES):
        width = (canvas.width - 2 * M - 4 * 6) // 5
        for i, place in enumerate(places):
            x = M + i * (width + 6)
            herd_here = s["herd"] and s["herd"]["area"] == place
            canvas.box(x, y, x + width, y + 108, fill=TINT, outline=LINE, radius=8)
            canvas.text(
                x + width / 2, y + 6, words["places"][place], 20, INK, "mt", True, width - 8
            )
            _figures(canvas, x, y + 34, s["board"].get(place, {}), players, 3)
            if herd_here:
                canvas.box(x + 4, y + 84, x + width - 4, y + 104, fill=(105, 70, 40), radius=6)
                canvas.text(x + width / 2, y + 94, words["herd"], 16, WHITE, "mm", fit=width - 12)
        if row == 1 and s["herd"]:
            _herd(canvas, M + 3 * (width + 6), y, canvas.width - M, s)
        y += 116
    y = _cards(canvas, y, s)
    y = _stacks(canvas, y, s)
    _tribes(canvas, y, s)
    return canvas


def _herd(canvas: Canvas, x0: int, y: int, x1: int, s: dict) -> None:
    herd, words = s["herd"], s["words"]
    canvas.box(x0, y, x1, y + 108, fill=(226, 206, 186), outline=LINE, radius=8)
    canvas.text(x0 + 8, y + 6, words["herd"], 20, INK, bold=True, fit=x1 - x0 - 60)
    canvas.text(x1 - 8, y + 6, herd["left"], 20, MUTED, "rt")
    canvas.text(x0 + 8, y + 34, f"{words['one']}: {herd['one']}", 18, INK, fit=x1 - x0 - 16)
    canvas.text(x0 + 8, y + 58, f"{words['all']}: {herd['all']}", 18, INK, fit=x1 - x0 - 16)
    for i, (name, n) in enumerate(herd["on_tile"].items()):
        canvas.token(x0 + 22 + i * 36, y + 92, 14, seat_colour(s["players"], name), n, 18)


def _cards(canvas: Canvas, y: int, s: dict) -> int:
    """The card row as on the board: the card costing 4 on the left, 1 on the right."""
    width = (canvas.width - 2 * M - 3 * 8) // 4
    for i, slot in enumerate(reversed(s["row"])):
        x = M + i * (width + 8)
        canvas.box(x, y, x + width, y + 156, fill=CARD, outline=LINE, radius=8)
        canvas.token(x + 18, y + 18, 14, INK, slot["cost"], 18)
        if slot["text"]:
            canvas.paragraph(x + width / 2 + 10, y + 8, slot["text"][0], width - 44, 18)
            canvas.line((x + 8, y + 88, x + width - 8, y + 88))
            canvas.paragraph(x + width / 2, y + 94, " / ".join(slot["text"][1:]), width - 12, 18)
        else:
            canvas.text(x + width / 2, y + 60, "-", 24, MUTED, "mt")
        here = s["board"].get(f"card{slot['cost']}", {})
        _figures(canvas, x + width - 56, y + 116, here, s["players"], 1)
    return y + 164


def _stacks(canvas: Canvas, y: int, s: dict) -> int:
    count = max(len(s["stacks"]), 1)
    width = (canvas.width - 2 * M - (count - 1) * 8) // count
    for i, stack in enumerate(s["stacks"]):
        x = M + i * (width + 8)
        canvas.box(x, y, x + width, y + 132, fill=(214, 204, 188), outline=LINE, radius=8)
        for k in range(min(stack["size"], 4) - 1, 0, -1):  # the tiles below, as edges
            canvas.line((x + 6, y + 132 - 2 * k, x + width - 6, y + 132 - 2 * k), MUTED, 1)
        canvas.text(x + width - 8, y + 6, stack["size"], 18, MUTED, "rt")
        text = stack["text"] or s["words"]["empty"]
        canvas.paragraph(x + width / 2, y + 28, text, width - 16, 18)
        here = s["board"].get(f"building{stack['stack']}", {})
        _figures(canvas, x, y + 2, here, s["players"], 1)
    return y + 140


def _tribes(canvas: Canvas, y: int, s: dict) -> None:
    words = s["words"]
    headings = (
        (400, words["figures"]),
        (456, words["agriculture"]),
        (524, words["tools"]),
        (606, words["cards"]),
        (668, words["buildings"]),
    )
    for x, word in headings:
        canvas.text(x, y + 8, word, 18, MUTED, "mt", fit=60)
    y += 36
    for t in s["tribes"]:
        if t["name"] == s["turn"]:
            canvas.box(M, y - 2, canvas.width - M, y + 46, fill=(255, 236, 190), radius=8)
        canvas.token(M + 18, y + 22, 14, seat_colour(s["players"], t["name"]))
        # the score first: the name is drawn smaller to keep a gap before it, however wide
        score = canvas.text(M + 190, y + 22, t["score"], 24, INK, "rm", True)
        canvas.text(M + 36, y + 22, t["name"], 22, INK, "lm", True, min(128, 154 - 8 - score))
        x = 226
        for good, (fill, ink) in GOODS.items():
            canvas.token(x, y + 22, 16, fill, t["goods"][good], 19, ink)
            x += 33
        canvas.text(400, y + 22, t["figures"], 22, INK, "mm")
        canvas.text(456, y + 22, t["agriculture"], 22, INK, "mm")
        canvas.text(524, y + 22, "/".join(map(str, t["tools"])) or "-", 20, INK, "mm", fit=80)
        canvas.text(606, y + 22, t["cards"], 22, INK, "mm")
        canvas.text(668, y + 22, t["buildings"], 22, INK, "mm")
        y += 52
