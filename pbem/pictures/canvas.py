"""The drawing toolkit the game renderers share: boxes, discs, tokens and text on a canvas.

Pictures are drawn at twice the size they are shown (720 pixels for a 360-pixel column), so
they stay sharp on phone screens. Text uses DejaVu Sans Condensed, kept beside this module
(fonts/, its licence there): the same picture on every machine, and the accented letters of
Spanish, German and Portuguese, which Pillow's built-in font lacks (it drew them as boxes).
Rendered words are cached: the same label in the next picture costs a paste, not a layout.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

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


class Canvas:
    """One picture being drawn: RGB while drawing, a small palette PNG at the end."""

    def __init__(self, height: int, width: int = WIDTH, background=PAPER):
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.width, self.height = width, height
        self.fills: dict[tuple, None] = {background: None}  # colours used, in order
        self.edges: dict[tuple, None] = {}  # (text colour, colour under it): antialiased edges

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
        left = x - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
        top = y - {"t": 0, "m": h / 2, "b": h}[anchor[1]]
        under = (min(max(round(left), 0), self.width - 1), min(max(round(top), 0), self.height - 1))
        self.edges[(tuple(colour), self.image.getpixel(under))] = None
        self.image.paste(colour, (round(left), round(top), round(left) + w, round(top) + h), mask)
        return w

    def _use(self, *colours) -> None:
        self.fills.update((tuple(c), None) for c in colours if c is not None)

    def box(self, x0, y0, x1, y1, fill=None, outline=None, width: int = 2, radius: int = 0):
        self._use(fill, outline)
        if radius:
            self.draw.rounded_rectangle(
                (x0, y0, x1, y1), radius, fill=fill, outline=outline, width=width
            )
        else:
            self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=width)

    def disc(self, cx, cy, r, fill=None, outline=None, width: int = 2):
        self._use(fill, outline)
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)

    def line(self, points, colour=LINE, width: int = 2):
        self._use(colour)
        self.draw.line(points, fill=colour, width=width)

    def token(self, cx, cy, r, fill, label="", size: int | None = None, colour=WHITE):
        """A playing piece: a disc with a dark rim and an optional label in it."""
        self.disc(cx, cy, r, fill=fill, outline=INK, width=2)
        if label != "":
            size = size or int(r * 1.2)
            self.text(cx, cy, label, size, colour, anchor="mm", bold=True, fit=2 * r - 4, scale=1)

    def polygon(self, points, fill=None, outline=None):
        self._use(fill, outline)
        self.draw.polygon(points, fill=fill, outline=outline)

    def palette(self) -> list[tuple[int, int, int]]:
        """The colours drawn, then the steps of each text's edge into the colour under it."""
        colours = dict.fromkeys([*self.fills, *(ink for ink, _under in self.edges)])
        for ink, under in self.edges:
            for step in (0.25, 0.5, 0.75):
                blend = zip(under, ink, strict=True)
                colours[tuple(round(a + (b - a) * step) for a, b in blend)] = None
        return list(colours)

    def quantized(self) -> Image.Image:
        """The picture in a palette: flat colours make it small and quick to write.

        The palette is made of the colours drawn (and their text edges), so mapping the
        picture onto it is exact and fast; a picture of too many colours is quantized.
        """
        colours = self.palette()
        if len(colours) <= 256:
            palette = Image.new("P", (1, 1))
            palette.putpalette([c for colour in colours for c in colour])
            return self.image.quantize(palette=palette, dither=Image.Dither.NONE)
        return self.image.quantize(256, Image.Quantize.FASTOCTREE, dither=0)

    def png(self) -> bytes:
        """The picture as a palette PNG (:mod:`pbem.pictures.png` deflates each band of
        rows once)."""
        return png.write(self.quantized())


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
