"""The PNG writer: the pixels Pillow would write, a valid zlib stream, bands kept."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

import engine
from pbem import pictures
from pbem.pictures import png
from tests.pictures.positions import LARGEST, players, positions


def _chunks(data: bytes) -> dict[bytes, bytes]:
    assert data.startswith(png.SIGNATURE)
    found, at = {}, len(png.SIGNATURE)
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert int.from_bytes(data[at + 8 + length : at + 12 + length], "big") == zlib.crc32(
            kind + body
        )
        found[kind] = body
        at += 12 + length
    return found


@pytest.mark.parametrize("size", [(1, 1), (7, 31), (100, 32), (100, 33), (720, 97)])
def test_any_palette_image_reads_back_as_it_was(size):
    chooser = random.Random(size[0] * size[1])
    image = Image.new("P", size)
    image.putpalette([chooser.randrange(256) for _ in range(3 * 12)])
    image.putdata([chooser.randrange(12) for _ in range(size[0] * size[1])])
    png.clear()
    data = png.write(image)
    rows = zlib.decompress(_chunks(data)[b"IDAT"])  # checks the Adler-32 too
    assert len(rows) == size[1] * (size[0] + 1)
    read = Image.open(io.BytesIO(data))
    assert read.size == size and read.tobytes() == image.tobytes()
    assert read.getpalette() == image.getpalette()
    assert png.write(image) == data  # written again from the kept bands


@pytest.mark.parametrize("kind", sorted(LARGEST))
def test_pictures_are_the_pixels_and_palette_pillow_writes(kind):
    game, module = engine.load(kind), pictures.renderer(kind)
    for state in positions(kind, every=15):
        canvas = module.draw(module.scene(game.view(state, players(kind)[0])))
        quantized = canvas.paletted()
        pillow = io.BytesIO()
        quantized.save(pillow, "PNG")
        ours, theirs = (Image.open(io.BytesIO(data)) for data in (canvas.png(), pillow.getvalue()))
        assert ours.size == theirs.size
        assert ours.tobytes() == theirs.tobytes() == quantized.tobytes()
        assert ours.getpalette() == theirs.getpalette()
