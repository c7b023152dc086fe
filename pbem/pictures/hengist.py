"""Hengist's coast: the three boards with their two bays, the boat, the beaches and villages
with the parties on them, the roads, the village paths and the treasures.

A road tile is drawn only for whoever may see it, so the picture differs between the players
only while one of them has spied a tile the other has not.
"""

from __future__ import annotations

from engine.i18n import _
from pbem.pictures.canvas import INK, LINE, MUTED, WHITE, Canvas, seat_colour

TERRAINS = {
    "hill": (150, 186, 84),
    "river": (52, 124, 200),
    "mountain": (128, 118, 108),
    "forest": (36, 104, 52),
}
PATHS = {
    "white": (250, 250, 250),
    "green": (60, 150, 70),
    "blue": (40, 90, 190),
    "red": (200, 50, 40),
}
SEA = (200, 222, 240)
LAND = (232, 226, 200)
M = 8
BOARD_H = 224
ROW = 34


def scene(view: dict) -> dict:
    """The coast as ``view`` shows it, with its words in the reader's language."""
    return {
        "players": view["players"],
        "turn": view["turn"],
        "boat": view["boat_bay"],
        "boards": [
            {
                "number": b["number"],
                "bays": b["bays"],
                "beaches": b["beaches"],
                "villages": b["hinterland"],
                "roads": b["roads"],
                "paths": b["paths"],
                "raided": b["raided"],
                "treasures": b["treasures"],
                "road": b["road"],
            }
            for b in view["boards"]
        ],
        "tribes": [
            {
                "name": p,
                "score": view["scores"][p],
                "cards": view["hand_sizes"][p],
                "parties": view["parties"][p],
            }
            for p in view["players"]
        ],
        "words": {
            "terrains": {t: _(t) for t in TERRAINS},
            "bay": _("bay"),
            "raided": _("raided"),
            "treasures": _("Treasures:"),
            "cards": _("Cards"),
            "lost": _("lost"),
        },
    }


def draw(s: dict) -> Canvas:
    canvas = Canvas(44 + 3 * (BOARD_H + 8) + 48 * len(s["tribes"]) + 12)
    x = M
    for terrain, colour in TERRAINS.items():  # the legend of the road colours
        canvas.box(x, 16, x + 30, 26, fill=colour)
        x += 36 + canvas.text(x + 36, 21, s["words"]["terrains"][terrain], 20, INK, "lm") + 20
    y = 44
    for board in s["boards"]:
        _board(canvas, y, board, s)
        y += BOARD_H + 8
    for t in s["tribes"]:
        if t["name"] == s["turn"]:
            canvas.box(M, y, canvas.width - M, y + 44, fill=(255, 236, 190), radius=8)
        canvas.token(M + 18, y + 22, 14, seat_colour(s["players"], t["name"]))
        canvas.text(M + 40, y + 22, t["name"], 22, INK, "lm", True, 150)
        canvas.text(250, y + 22, t["score"], 24, INK, "rm", True)
        canvas.text(270, y + 22, f"{s['words']['cards']} {t['cards']}", 20, MUTED, "lm")
        places = "  ".join(
            f"{letter}: {s['words']['lost'] if where == 'box' else where}"
            for letter, where in t["parties"].items()
        )
        canvas.text(400, y + 22, places, 20, INK, "lm", fit=canvas.width - 408)
        y += 48
    return canvas


def _party(canvas: Canvas, cx, cy, party: dict | None, players: list) -> None:
    if party:
        canvas.token(cx, cy, 14, seat_colour(players, party["player"]), party["party"], 18)


def _board(canvas: Canvas, y: int, b: dict, s: dict) -> None:
    players = s["players"]
    canvas.box(M, y, canvas.width - M, y + BOARD_H, fill=LAND, outline=LINE, radius=10)
    canvas.box(M, y, M + 92, y + BOARD_H, fill=SEA, outline=LINE, radius=10)
    half = BOARD_H // 2
    for i, bay in enumerate(b["bays"]):
        top = y + i * half
        canvas.text(M + 46, top + 10, f"{s['words']['bay']} {bay}", 18, INK, "mt")
        if s["boat"] == bay:
            canvas.polygon(
                [(M + 18, top + 60), (M + 74, top + 60), (M + 64, top + 78), (M + 28, top + 78)],
                fill=(110, 70, 36),
                outline=INK,
            )
            canvas.line((M + 46, top + 60, M + 46, top + 34), INK, 3)
            canvas.polygon(
                [(M + 48, top + 36), (M + 66, top + 56), (M + 48, top + 56)],
                fill=WHITE,
                outline=INK,
            )
    villages = {v["name"]: (330, y + 40 + k * 72) for k, v in enumerate(b["villages"])}
    beaches = {}
    for k, beach in enumerate(b["beaches"]):
        cy = y + 18 + k * (BOARD_H - 36) / 5
        beaches[beach["name"]] = cy
        canvas.line((176, cy, *villages[beach["road_to"]]), TERRAINS[beach["terrain"]], 5)
    for a, c, terrain in b["roads"]:
        (xa, ya), (xc, yc) = villages[a], villages[c]
        if abs(ya - yc) > 100:  # the long road goes round the middle village
            canvas.line([(xa, ya), (xa + 60, (ya + yc) / 2), (xc, yc)], TERRAINS[terrain], 5)
        else:
            canvas.line((xa, ya, xc, yc), TERRAINS[terrain], 5)
    for beach in b["beaches"]:
        cy = beaches[beach["name"]]
        canvas.box(108, cy - 15, 176, cy + 15, fill=(240, 226, 180), outline=LINE, radius=6)
        canvas.text(116, cy, beach["name"], 18, INK, "lm")
        _party(canvas, 158, cy, beach["party"], players)
    for village in b["villages"]:
        cx, cy = villages[village["name"]]
        canvas.disc(cx, cy, 24, fill=WHITE, outline=INK)
        if village["party"]:
            _party(canvas, cx, cy, village["party"], players)
        else:
            canvas.text(cx, cy, village["name"], 18, INK, "mm")
    _paths(canvas, y, b, s)


def _paths(canvas: Canvas, y: int, b: dict, s: dict) -> None:
    """The village paths: the terrains a raid needs and the treasure it takes."""
    words = s["words"]
    for k, (colour, terrains) in enumerate(b["paths"].items()):
        top = y + 14 + k * 44
        canvas.box(420, top, 446, top + 26, fill=PATHS[colour], outline=INK, radius=4)
        x = 456
        for terrain in terrains:
            canvas.box(x, top + 3, x + 20, top + 23, fill=TERRAINS[terrain], outline=INK, width=1)
            x += 24
        if colour in b["raided"]:
            canvas.text(x + 10, top + 13, words["raided"], 18, MUTED, "lm")
        elif b["road"]:
            value = b["treasures"][b["road"].index(colour[0].upper())]
            canvas.token(x + 26, top + 13, 15, (226, 184, 40), value, 18, INK)
    treasures = "  ".join(
        f"{n}:{t if t is not None else '-'}" for n, t in enumerate(b["treasures"], start=1)
    )
    canvas.text(
        420,
        y + BOARD_H - 20,
        f"{words['treasures']} {treasures}",
        18,
        INK,
        "lm",
        fit=canvas.width - 430,
    )
