"""HONGA's board: the nine areas, the four circles with the top card's hands, HONGA, the herd,
the sacred mountain, the face-up trade cards, and every player's supplies.

Only the open board is drawn (no action card in hand, no bonus card): every player sees the
same picture, so a position is drawn once for all of them.
"""

from __future__ import annotations

from functools import lru_cache

import orjson

from engine.i18n import _
from pbem.pictures.canvas import INK, LINE, MUTED, PAPER, WHITE, Canvas, seat_colour

AREAS = (
    ("trade", "mountain", "forest"),
    ("berries", "honga", "mammoths"),
    ("water", "fish", "mushrooms"),
)
TINTS = {
    "trade": (236, 222, 190),
    "mountain": (214, 214, 218),
    "forest": (196, 224, 184),
    "berries": (228, 206, 232),
    "honga": (243, 217, 164),
    "mammoths": (226, 206, 186),
    "water": (196, 218, 242),
    "fish": (192, 228, 226),
    "mushrooms": (242, 210, 200),
}
#: the goods' own colours: cost discs and supplies use them, their areas are tinted with them
GOODS = {
    "fish": (0, 122, 122),
    "berries": (128, 60, 150),
    "mushrooms": (168, 70, 40),
    "water": (30, 96, 196),
    "mammoths": (105, 70, 40),
}
CARD_FILL = {"grey": (150, 150, 150), "red": (196, 56, 44)}
#: the circles lie where four areas meet: (column, row) of the corner
CORNERS = {1: (1, 1), 2: (2, 1), 3: (1, 2), 4: (2, 2)}

MARGIN, GAP, TILE_W, TILE_H = 8, 8, 229, 176
ROW_H = 50


def scene(view: dict) -> dict:
    """The open board of ``view`` with its words in the reader's language."""
    names = {area: _("HONGA") if area == "honga" else _(area) for row in AREAS for area in row}
    return {
        "players": view["players"],
        "current": view["current"],
        "circles": [
            {
                "circle": c["circle"],
                "areas": c["areas"],
                "cards": c["cards"],
                "colour": c["top"]["colour"] if c["top"] else None,
                "hands": c["top"]["hands"] if c["top"] else {},
            }
            for c in view["board"]
        ],
        "honga": view["honga"],
        "herd": view["herd"],
        "herd_size": view["herd_size"],
        "tusk": view["tusk"],
        "steps": view["mountain"]["steps"],
        "step_points": [*view["mountain"]["step_points"], view["mountain"]["top_points"]],
        "trades": [t for t in view["trades"] if t],
        "table": [
            {
                k: p[k]
                for k in (
                    "name",
                    "score",
                    "resources",
                    "mammoths_board",
                    "mammoths_herd",
                    "step",
                    "bonus_usable",
                    "bonus_face_down",
                    "card_colour",
                )
            }
            for p in view["table"]
        ],
        "words": {
            "areas": names,
            "ends": _("Game ends at {points} points").format(points=view["end_points"]),
            "with": _("with"),
            "tusk": _("tusk"),
            "step": _("Step"),
            "bonus": _("Bonus"),
        },
    }


def _tile(col: int, row: int) -> tuple[int, int, int, int]:
    x = MARGIN + col * (TILE_W + GAP)
    y = MARGIN + row * (TILE_H + GAP)
    return x, y, x + TILE_W, y + TILE_H


def _cost(canvas: Canvas, x: int, y: int, cost: dict) -> None:
    """Goods as coloured discs with their numbers, in a column."""
    for good, n in cost.items():
        canvas.token(x, y, 14, GOODS.get(good, MUTED), n, size=18)
        y += 30


def draw(s: dict) -> Canvas:
    players = s["players"]
    board_h = MARGIN + 3 * TILE_H + 2 * GAP
    words = s["words"]
    height = board_h + 44 + ROW_H * len(s["table"]) + MARGIN
    canvas = _areas(height, tuple(words["areas"].items())).copy()
    # the trade cards and the mountain stay as they were for many moves
    x0, y0, x1, y1 = _tile(0, 0)
    longest = max((len(trade["cost"]) for trade in s["trades"][:3]), default=0)
    bottom = max(y1, y0 + 88 + 30 * longest)  # a long cost's discs reach below the card
    trades = orjson.dumps(s["trades"][:3])
    canvas.kept((x0, y0, x1 + 1, bottom + 1), trades, lambda: _trades(canvas, s))
    x0, y0, x1, y1 = _tile(1, 0)
    climbers = sorted(_climbers(s).items())
    steps = orjson.dumps([s["steps"], s["step_points"], s["players"], climbers])
    canvas.kept((x0, y0, x1 + 1, y1 + 1), steps, lambda: _mountain(canvas, s))
    _herd(canvas, s)
    x0, y0, x1, y1 = _tile(1, 1)
    if s["honga"] is None:
        canvas.token((x0 + x1) / 2, (y0 + y1) / 2 + 14, 34, INK, "H", 34)
    else:
        canvas.text(
            (x0 + x1) / 2,
            (y0 + y1) / 2 + 14,
            f"{words['with']} {s['honga']}",
            22,
            INK,
            "mm",
            fit=TILE_W - 20,
        )
    for c in s["circles"]:
        _circle(canvas, c)
    y = board_h + 10
    canvas.text(MARGIN, y, words["ends"], 20, MUTED, fit=520)
    canvas.text(628, y, words["step"], 18, MUTED, "mt")
    canvas.text(688, y, words["bonus"], 18, MUTED, "mt")
    y += 34
    for p in s["table"]:
        _player(canvas, y, p, seat_colour(players, p["name"]), p["name"] == s["current"], s)
        y += ROW_H
    return canvas


@lru_cache(maxsize=64)
def _areas(height: int, names: tuple[tuple[str, str], ...]) -> Canvas:
    """The board's nine areas with their names, drawn first in every picture: kept per
    language and table size, and copied (its palette with it) for each new picture."""
    canvas, named = Canvas(height), dict(names)
    for row, areas in enumerate(AREAS):
        for col, area in enumerate(areas):
            x0, y0, x1, y1 = _tile(col, row)
            canvas.box(x0, y0, x1, y1, fill=TINTS[area], outline=LINE, radius=10)
            # the bottom row's circles touch its upper corners: its names go below
            top, anchor = (y1 - 8, "mb") if row == 2 else (y0 + 8, "mt")
            colour = GOODS.get(area, INK)
            canvas.text((x0 + x1) / 2, top, named[area], 24, colour, anchor, True, TILE_W - 20)
    return canvas


def _trades(canvas: Canvas, s: dict) -> None:
    x0, y0, x1, y1 = _tile(0, 0)
    width = (TILE_W - 52) // 3  # the lower right corner is circle 1's
    for i, trade in enumerate(s["trades"][:3]):
        left = x0 + 6 + i * (width + 2)
        canvas.box(left, y0 + 40, left + width - 4, y1 - 6, fill=WHITE, outline=LINE, radius=6)
        canvas.text(left + width / 2 - 2, y0 + 44, trade["points"], 24, INK, "mt", True)
        _cost(canvas, left + width / 2 - 2, y0 + 88, trade["cost"])


def _climbers(s: dict) -> dict[int, list[str]]:
    """The players on each step of the mountain, by step, in table order."""
    at = {}
    for p in s["table"]:
        at.setdefault(p["step"], []).append(p["name"])
    return at


def _mountain(canvas: Canvas, s: dict) -> None:
    x0, y0, x1, y1 = _tile(1, 0)
    steps = s["steps"]
    width = (TILE_W - 20) // steps
    at = _climbers(s)
    for step in range(1, steps + 1):
        left = x0 + 10 + (step - 1) * width
        bottom = y1 - 58  # below: the corners of circles 1 and 2
        top = bottom - 4 - step * 10
        canvas.box(left, top, left + width - 3, bottom, fill=(184, 184, 190), outline=LINE, width=1)
        canvas.text(left + width / 2, bottom - 2, s["step_points"][step - 1], 16, INK, "mb")
        for k, name in enumerate(at.get(step, [])):
            canvas.token(left + width / 2, top - 9 - 12 * k, 8, seat_colour(s["players"], name))


def _herd(canvas: Canvas, s: dict) -> None:
    x0, y0, x1, y1 = _tile(2, 1)
    size = s["herd_size"]
    step = min(42, (TILE_W - 20) // max(size, 1))
    for i in range(size):
        cx = x0 + 10 + step / 2 + i * step
        if i < len(s["herd"]):
            canvas.token(cx, y0 + 70, step / 2 - 3, seat_colour(s["players"], s["herd"][i]))
        else:
            canvas.disc(cx, y0 + 70, step / 2 - 3, fill=PAPER, outline=LINE)
    if s["tusk"]:
        label = f"{s['words']['tusk']}: {s['tusk']}"
        canvas.text((x0 + x1) / 2, y0 + 100, label, 20, INK, "mt", fit=TILE_W - 16)


def _circle(canvas: Canvas, c: dict) -> None:
    col, row = CORNERS[c["circle"]]
    cx = MARGIN + col * (TILE_W + GAP) - GAP / 2
    cy = MARGIN + row * (TILE_H + GAP) - GAP / 2
    fill = CARD_FILL.get(c["colour"], PAPER)
    canvas.disc(cx, cy, 40, fill=fill, outline=INK, width=3)
    canvas.text(cx, cy, c["circle"], 34, WHITE if c["colour"] else INK, "mm", True)
    if c["cards"] > 1:
        canvas.text(cx, cy + 27, f"x{c['cards']}", 16, WHITE, "mm")
    for area, hands in c["hands"].items():
        # the four areas around a circle, clockwise from the upper left
        quarter = c["areas"].index(area)
        dx, dy = ((-1, -1), (1, -1), (1, 1), (-1, 1))[quarter]
        canvas.token(cx + dx * 40, cy + dy * 40, 17, INK, f"{hands}", 22)


def _player(canvas: Canvas, y: int, p: dict, colour, current: bool, s: dict) -> None:
    if current:
        canvas.box(
            MARGIN, y - 2, canvas.width - MARGIN, y + ROW_H - 6, fill=(255, 236, 190), radius=8
        )
    canvas.token(MARGIN + 20, y + 22, 15, colour)
    canvas.text(MARGIN + 44, y + 22, p["name"], 24, INK, "lm", True, 150)
    canvas.text(MARGIN + 250, y + 22, p["score"], 26, INK, "rm", True)
    x = 290
    for good in ("fish", "berries", "mushrooms", "water"):
        canvas.token(x, y + 22, 17, GOODS[good], p["resources"][good], 20)
        x += 46
    canvas.token(x, y + 22, 17, GOODS["mammoths"], p["mammoths_board"], 20)
    canvas.text(x + 22, y + 22, f"+{p['mammoths_herd']}", 20, MUTED, "lm")
    canvas.box(
        568,
        y + 6,
        588,
        y + 38,
        fill=CARD_FILL.get(p["card_colour"], PAPER),
        outline=INK if p["card_colour"] else LINE,
        radius=4,
    )
    canvas.text(628, y + 22, p["step"], 24, INK, "mm")
    canvas.text(688, y + 22, f"{p['bonus_usable']}+{p['bonus_face_down']}", 22, INK, "mm")
