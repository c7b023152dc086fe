"""The board pictures: drawn from a recipient's view only, small, and the same for everybody
who sees the same board (so each position is drawn once)."""

from __future__ import annotations

import io

import orjson
import pytest
from PIL import Image, ImageDraw

import engine
from engine.i18n import use
from pbem import i18n, pictures
from pbem.pictures import canvas, honga
from tests.pictures.positions import LARGEST, late, players, positions

KINDS = sorted(LARGEST)


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_has_a_picture_of_every_position(kind):
    game = engine.load(kind)
    for state in positions(kind, every=25):
        for name in [*players(kind), None]:
            picture = pictures.picture(kind, game.view(state, name))
            image = Image.open(io.BytesIO(picture.png))
            assert image.format == "PNG" and image.size == (canvas.WIDTH, picture.height)
            assert picture.width == canvas.WIDTH


@pytest.mark.parametrize("kind", KINDS)
def test_the_largest_late_position_makes_a_small_picture(kind):
    picture = pictures.picture(kind, engine.load(kind).view(late(kind), players(kind)[0]))
    assert len(picture.png) < 150 * 1024


@pytest.mark.parametrize("kind", ["honga", "stoneage"])
def test_open_boards_are_one_picture_for_everybody(kind):
    """No hand, no face-down card: every player's scene is the public one."""
    game = engine.load(kind)
    for state in positions(kind, every=20):
        public = pictures.scene(kind, game.view(state, None))
        for name in players(kind):
            assert pictures.scene(kind, game.view(state, name)) == public
            assert pictures.picture(kind, game.view(state, name)) is pictures.picture(
                kind, game.view(state, None)
            )


def test_hengist_shows_a_road_tile_only_to_whoever_has_seen_it():
    game = engine.load("hengist")
    seen_privately = 0
    for state in positions("hengist"):
        public = pictures.scene("hengist", game.view(state, None))
        for name in players("hengist"):
            mine = pictures.scene("hengist", game.view(state, name))
            for board, shown, full in zip(
                mine["boards"], public["boards"], state["boards"], strict=True
            ):
                if board["road"] != shown["road"]:
                    assert name in full["seen"] and shown["road"] is None
                    seen_privately += 1
                else:
                    assert board == shown
            hand = orjson.dumps(mine).decode()
            assert '"hand"' not in hand
    assert seen_privately, "a spied road tile is drawn for the spy"


def test_a_game_without_a_renderer_has_no_picture():
    assert pictures.picture("nosuchgame", {}) is None
    assert pictures.picture("../honga", {}) is None


def test_seat_colours_are_distinct_and_in_seat_order():
    colours = pictures.seat_colours(players("honga"))
    assert list(colours) == players("honga") and len(set(colours.values())) == 5


def _drawn(letter: str) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((5, 5), letter, font=canvas.font(20), fill=255)
    return image.tobytes()


@pytest.mark.parametrize("letter", "áãçéíñóôúüßÄÖÜ")
def test_the_font_draws_the_letters_of_every_language(letter):
    missing = _drawn("\U000f0000")  # a private-use code point: no font has a glyph for it
    assert _drawn(letter) != missing


@pytest.mark.parametrize("right", [199, 99])
def test_words_drawn_in_the_palette_are_the_words_pillow_blends(right):
    """A word on one colour or across two: each pixel within an eighth of the way between
    them of Pillow's antialiased text in RGB (its edges are drawn in quarter steps)."""
    word, size, ink, blue = "Größe 42", round(30 * canvas.TEXT_SCALE), canvas.WHITE, (0, 114, 178)
    drawn = canvas.Canvas(60, 200)
    drawn.box(0, 0, right, 59, fill=blue, width=0)
    drawn.text(20, 10, word, 30, ink, bold=True)
    mask = canvas._word(word, size, True)
    expected = Image.new("RGB", (200, 60), canvas.PAPER)
    ImageDraw.Draw(expected).rectangle((0, 0, right, 59), fill=blue)
    expected.paste(ink, (20, 10, 20 + mask.width, 10 + mask.height), mask)
    ours, theirs = drawn.paletted().convert("RGB").tobytes(), expected.tobytes()
    assert max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 255 // 8 + 1
    unders = 1 if right == 199 else 2  # the colours the word lies on
    assert len(drawn.colours) == 3 + 3 * unders  # paper, blue, white; 3 edge steps each


def test_a_board_drawn_on_its_kept_areas_is_the_board_drawn_whole():
    """HONGA's nine areas are drawn once per language and table size and copied: each picture
    drawn on the copy has the pixels and palette of the same picture drawn from nothing,
    whatever was drawn on the copies before it."""
    game = engine.load("honga")
    scenes = []
    for state in positions("honga", every=15):
        for language in ("en", "de"):
            with use(i18n.translations(language)):
                scenes.append(honga.scene(game.view(state, None)))
    kept = [honga.draw(scene).paletted() for scene in scenes]
    for scene, drawn in zip(scenes, kept, strict=True):
        honga._areas.cache_clear()
        whole = honga.draw(scene).paletted()
        assert drawn.tobytes() == whole.tobytes()
        assert drawn.getpalette() == whole.getpalette()


def test_parts_of_a_board_kept_from_earlier_pictures_are_the_parts_drawn_anew(monkeypatch):
    """HONGA's trade cards and mountain, kept from the picture before when they stayed as they
    were, have the pixels and palette of the same picture drawn with nothing kept (also a
    cost whose discs reach below its card), at every position of a game."""
    game = engine.load("honga")
    games = [positions("honga", seed) for seed in range(3)]
    scenes = [honga.scene(game.view(state, None)) for states in games for state in states]
    kept = [honga.draw(scene).paletted() for scene in scenes]
    monkeypatch.setattr(canvas.Canvas, "kept", lambda _canvas, _box, _key, drawing: drawing())
    for scene, drawn in zip(scenes, kept, strict=True):
        whole = honga.draw(scene).paletted()
        assert drawn.tobytes() == whole.tobytes()
        assert drawn.getpalette() == whole.getpalette()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", ["en", "de"])
def test_words_on_one_line_of_a_picture_never_run_into_each_other(kind, language, monkeypatch):
    """Two words drawn side by side on one line keep a gap: a long seat name squeezed into
    its place ran into the score beside it ('bartholomew194' for bartholomew1 and 94)."""
    drawn = []
    text = canvas.Canvas.text

    def recording(self, x, y, words, size=24, colour=canvas.INK, anchor="lt", *args, **kw):
        width = text(self, x, y, words, size, colour, anchor, *args, **kw)
        left = x - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
        drawn.append((round(y), anchor[1], left, left + width, str(words)))
        return width

    monkeypatch.setattr(canvas.Canvas, "text", recording)
    game = engine.load(kind)
    for state in positions(kind, every=7):
        drawn.clear()
        with use(i18n.translations(language)):
            view = game.view(state, players(kind)[0])
            module = pictures.renderer(kind)
            module.draw(orjson.loads(orjson.dumps(module.scene(view))))
        for one in drawn:
            for two in drawn:
                if one is not two and one[:2] == two[:2] and one[2] <= two[2]:
                    assert one[3] + 2 <= two[2] or one[3] >= two[3], (one, two)
