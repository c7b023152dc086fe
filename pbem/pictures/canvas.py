"""The drawing toolkit the game renderers share: boxes, discs, tokens and text on a canvas.

Pictures are drawn at twice the size they are shown (720 pixels for a 360-pixel column), so
they stay sharp on phone screens. Text uses DejaVu Sans Condensed, kept beside this module
(fonts/, its licence there): the same picture on every machine, and the accented letters of
Spanish, German and Portuguese, which Pillow's built-in font lacks (it drew them as boxes).
Rendered words are cached: the same label in the next picture costs a paste, not a layout.
The picture is drawn in palette mode, so its PNG is written as drawn; a word's antialiased
edge is drawn in three steps between its ink and each colour under it.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path

import xxhash
from PIL import Image, ImageDraw, ImageFont

from pbem.pictures import png

FONT = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed.ttf"

WIDTH = 720  # pixels; shown 360 CSS pixels wide
TEXT_SCALE = 1.15  # words are drawn this much larger than the renderers' sizes: phones are small

PAPER = (250, 246, 238)
INK = (34, 34, 34)
MUTED = (110, 104, 96)
LINE = (120, 112, 100)
WHITE = (255, 255, 255)

#: seat colours, in seat order: told apart by people with the common colour blindnesses
SEAT_COLOURS = (
    (213, 94, 0),  # vermilion
    (0, 114, 178),  # blue
    (0, 158, 115),  # green
    (230, 159, 0),  # orange
    (204, 121, 167),  # pink
)


def seat_colour(players: list[str], name: str) -> tuple[int, int, int]:
    """The colour of ``name``'s pieces: by seat, the same in every picture and page."""
    return SEAT_COLOURS[players.index(name) % len(SEAT_COLOURS)]


def hex_colour(colour: tuple[int, int, int]) -> str:
    """``#rrggbb`` for a template."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels."""
    return ImageFont.truetype(FONT, size=size)


@lru_cache(maxsize=4096)
def _word(text: str, size: int, bold: bool) -> Image.Image:
    """``text`` as an antialiased mask, one line high (ascent + descent) at ``size``."""
    face = font(size)
    ascent, descent = face.getmetrics()
    stroke = max(1, size // 22) if bold else 0
    width = int(face.getlength(text)) + 2 * stroke + 1
    mask = Image.new("L", (max(width, 1), ascent + descent + 2 * stroke), 0)
    ImageDraw.Draw(mask).text(
        (stroke, stroke), text, font=face, fill=255, stroke_width=stroke, stroke_fill=255
    )
    return mask


#: a text's edges are drawn in these steps from the colour under it to its ink
EDGE_STEPS = (0.25, 0.5, 0.75)
#: the mask's coverage from which each step (then the ink itself) is drawn: the midpoints
_THRESHOLDS = (32, 96, 160, 224)


@lru_cache(maxsize=1024)
def _edges(ink: tuple, under: tuple) -> tuple[tuple[int, ...], ...]:
    """The colours of a text's antialiased edge from ``under`` towards ``ink``, then ``ink``."""
    steps = [
        tuple(round(a + (b - a) * s) for a, b in zip(under, ink, strict=True)) for s in EDGE_STEPS
    ]
    return (*steps, ink)


@lru_cache(maxsize=4096)
def _covers(text: str, size: int, bold: bool) -> tuple:
    """For each of :data:`_THRESHOLDS`, the pixels a word covers at least that much (mode 1,
    Pillow's core images)."""
    mask = _word(text, size, bold).im
    return tuple(mask.point([0] * low + [255] * (256 - low), "1") for low in _THRESHOLDS)


@lru_cache(maxsize=4096)
def _stamp(text: str, size: int, bold: bool, steps: tuple[int, ...]):
    """A word in palette indices: each pixel the edge step (or ink) nearest its coverage."""
    bounds = [*_THRESHOLDS, 256]
    lut = [0] * bounds[0]
    for index, (low, high) in zip(steps, itertools.pairwise(bounds), strict=True):
        lut += [index] * (high - low)
    return _word(text, size, bold).im.point(lut, "P")


PARTS = 64  # parts of pictures kept (:meth:`Canvas.kept`): a game's last few pictures
_SEED = int.from_bytes(os.urandom(8), "big")  # the kept parts' digests, unknown outside
_parts: OrderedDict[tuple, tuple] = OrderedDict()
_parts_lock = threading.Lock()


class Canvas:
    """One picture being drawn, in palette mode: a colour gets its index when first drawn,
    so the picture needs no mapping onto a palette before its PNG is written."""

    def __init__(self, height: int, width: int = WIDTH, background=PAPER):
        self.colours: dict[tuple, int] = {}  # the palette: colour -> index, in order of use
        self.listed: list[tuple] = []  # index -> colour
        self.stepped: dict[tuple, tuple[int, ...]] = {}  # (ink, index under) -> edge steps
        self.image = Image.new("P", (width, height), self.ink(background))
        self.draw = ImageDraw.Draw(self.image)
        self.width, self.height = width, height

    def copy(self) -> Canvas:
        """Another canvas with this one's pixels and palette, drawn on without changing this one
        (a drawing's fixed part, kept and drawn on again: the same bytes as drawing it anew)."""
        other = object.__new__(Canvas)
        other.colours, other.listed = dict(self.colours), list(self.listed)
        other.stepped = dict(self.stepped)
        other.image = self.image.copy()
        other.draw = ImageDraw.Draw(other.image)
        other.width, other.height = self.width, self.height
        return other

    def kept(self, box: tuple[int, int, int, int], key: Hashable, drawing: Callable[[], None]):
        """``drawing()``, which draws inside ``box`` only, from ``key`` and the pixels under it:
        kept, and drawn again on the same pixels and palette (which decide the indices it
        draws) with the same key, its pixels and the colours it added are pasted (the same
        bytes as drawing it again)."""
        under = xxhash.xxh3_128_digest(self.image.crop(box).tobytes(), _SEED)
        known = (key, box, under, tuple(self.listed))
        with _parts_lock:
            found = _parts.get(known)
            if found is not None:
                _parts.move_to_end(known)
        if found is not None:
            pixels, added = found
            self.image.im.paste(pixels, box)
            for colour in added:
                self.ink(colour)
            return
        before = len(self.listed)
        drawing()
        with _parts_lock:
            _parts[known] = (self.image.im.crop(box), tuple(self.listed[before:]))
            while len(_parts) > PARTS:
                _parts.popitem(last=False)

    def ink(self, colour) -> int | None:
        """The palette index of ``colour`` (None for none); past 256 colours the nearest."""
        if colour is None:
            return None
        colour = tuple(colour)
        index = self.colours.get(colour)
        if index is None:
            if len(self.colours) < 256:
                index = self.colours[colour] = len(self.colours)
                self.listed.append(colour)
            else:
                index = self.colours[min(self.colours, key=lambda c: _distance(c, colour))]
        return index

    def paragraph(self, x, y, text, width: int, size: int = 20, colour=INK, align: str = "m"):
        """``text`` wrapped to ``width`` pixels from (x, y), ``align`` l or m; its height."""
        size = round(size * TEXT_SCALE)
        height, broken = sum(font(size).getmetrics()), lines(str(text), int(width), size)
        for n, line in enumerate(broken):
            self.text(x, y + n * height, line, size, colour, f"{align}t", fit=width, scale=1)
        return height * len(broken)

    def text(
        self,
        x: float,
        y: float,
        text,
        size: int = 24,
        colour=INK,
        anchor: str = "lt",
        bold: bool = False,
        fit: int | None = None,
        scale: float = TEXT_SCALE,
    ) -> int:
        """``text`` at (x, y); ``anchor`` is horizontal (l, m, r) then vertical (t, m, b).

        ``fit`` is the widest it may be: longer text is drawn smaller, down to 60 %.
        Returns the width drawn.
        """
        text, size = str(text), round(size * scale)
        mask = _word(text, size, bold)
        while fit and mask.width > fit and size > 12:
            size -= 2
            mask = _word(text, size, bold)
        w, h = mask.size
        left = round(x - {"l": 0, "m": w / 2, "r": w}[anchor[0]])
        top = round(y - {"t": 0, "m": h / 2, "b": h}[anchor[1]])
        box, ink = (left, top, left + w, top + h), tuple(colour)
        region = self.image.im.crop(box)
        low, high = region.getextrema()
        if low == high:  # on one colour: the word's edges are steps between it and the ink
            stamp = _stamp(text, size, bold, self._steps(ink, low))
            self.image.im.paste(stamp, box, _covers(text, size, bold)[0])
        else:
            self._blended(region, box, (text, size, bold), ink)
        return w

    def _steps(self, ink: tuple, under: int) -> tuple[int, ...]:
        """The indices of the edge steps from the colour of index ``under`` to ``ink``, then
        of ``ink`` (given their indices once, they keep them)."""
        steps = self.stepped.get((ink, under))
        if steps is None:
            steps = self.stepped[ink, under] = tuple(map(self.ink, _edges(ink, self.listed[under])))
        return steps

    def _blended(self, region, box, word: tuple, ink: tuple) -> None:
        """A word over several colours (``region``, the pixels under it): each edge pixel
        steps into the colour under it."""
        luts = [list(range(256)) for _ in _THRESHOLDS]
        for under in itertools.compress(range(256), region.histogram()):
            for lut, index in zip(luts, self._steps(ink, under), strict=True):
                lut[under] = index
        for lut, cover in zip(luts, _covers(*word), strict=True):
            self.image.im.paste(region.point(lut, "P"), box, cover)

    def box(self, x0, y0, x1, y1, fill=None, outline=None, width: int = 2, radius: int = 0):
        fill, outline = self.ink(fill), self.ink(outline)
        if radius:
            self.draw.rounded_rectangle(
                (x0, y0, x1, y1), radius, fill=fill, outline=outline, width=width
            )
        else:
            self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=width)

    def disc(self, cx, cy, r, fill=None, outline=None, width: int = 2):
        fill, outline = self.ink(fill), self.ink(outline)
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)

    def line(self, points, colour=LINE, width: int = 2):
        self.draw.line(points, fill=self.ink(colour), width=width)

    def token(self, cx, cy, r, fill, label="", size: int | None = None, colour=WHITE):
        """A playing piece: a disc with a dark rim and an optional label in it."""
        self.disc(cx, cy, r, fill=fill, outline=INK, width=2)
        if label != "":
            size = size or int(r * 1.2)
            self.text(cx, cy, label, size, colour, anchor="mm", bold=True, fit=2 * r - 4, scale=1)

    def polygon(self, points, fill=None, outline=None):
        self.draw.polygon(points, fill=self.ink(fill), outline=self.ink(outline))

    def palette(self) -> list[int]:
        """The colours drawn, in the order of their indices, flat (r, g, b, r, ...)."""
        return [channel for colour in self.colours for channel in colour]

    def paletted(self) -> Image.Image:
        """The picture with its palette."""
        self.image.putpalette(self.palette())
        return self.image

    def png(self) -> bytes:
        """The picture as a palette PNG (:mod:`pbem.pictures.png` deflates each band of
        rows once)."""
        return png.write(self.paletted())


def _distance(one: tuple, other: tuple) -> int:
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True))


@lru_cache(maxsize=1024)
def lines(text: str, width: int, size: int) -> tuple[str, ...]:
    """``text`` broken into lines at most ``width`` pixels wide at ``size``."""
    face, out = font(size), []
    for word in str(text).split():
        if out and face.getlength(f"{out[-1]} {word}") <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return tuple(out)
