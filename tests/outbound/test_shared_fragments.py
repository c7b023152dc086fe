"""What every reader of a position sees alike is rendered once for all of them
(``pbem.i18n.shared``), and sharing never changes what a reader gets."""

from __future__ import annotations

import gettext
import random

import jinja2
import pytest

import engine
from engine.i18n import use
from pbem import i18n, pictures

FRAGMENTS = {
    "mail/test/frag.txt": "{{ _('Board') }} {{ n }}",
    "mail/test/frag.html": "<b>{{ n }}</b>",
    "mail/test/peek.txt": "{{ secret }}",
    "mail/test/caller.txt": "{{ shared('mail/test/peek.txt', n=1) }}",
}


class Upper(gettext.NullTranslations):
    def gettext(self, message):
        return message.upper()


@pytest.fixture
def renders(monkeypatch):
    """The fragments rendered, by name, with test templates added."""
    env = i18n.mail_environment()
    monkeypatch.setattr(
        env, "loader", jinja2.ChoiceLoader([jinja2.DictLoader(FRAGMENTS), env.loader])
    )
    seen = []
    original = env.get_template

    def counting(name, *args, **kwargs):
        seen.append(name)
        return original(name, *args, **kwargs)

    monkeypatch.setattr(env, "get_template", counting)
    i18n.forget_shared()
    yield seen
    i18n.forget_shared()


def test_a_fragment_is_rendered_once_per_values_and_language(renders):
    assert i18n.shared("mail/test/frag.txt", n=1) == "Board 1"
    assert i18n.shared("mail/test/frag.txt", n=1) == "Board 1"
    assert i18n.shared("mail/test/frag.txt", n=2) == "Board 2"
    with use(Upper()):
        assert i18n.shared("mail/test/frag.txt", n=1) == "BOARD 1"
    assert renders.count("mail/test/frag.txt") == 3


def test_html_comes_back_as_markup_text_as_text(renders):
    page = jinja2.Template("{{ x }}", autoescape=True)
    assert page.render(x=i18n.shared("mail/test/frag.html", n="<i>")) == "<b>&lt;i&gt;</b>"
    assert not hasattr(i18n.shared("mail/test/frag.txt", n=1), "__html__")


def test_a_fragment_sees_only_its_values(renders):
    with pytest.raises(jinja2.UndefinedError, match="secret"):
        i18n.render("mail/test/caller.txt", "en", secret="ann's hand")
    with pytest.raises(TypeError):
        i18n.shared("mail/test/frag.txt", n=object())


def positions(kind: str, players: int, options: dict, seed: int):
    """Every position of one bot game."""
    game = engine.load(kind)
    names = [f"p{i}" for i in range(players)]
    state, chooser = game.new(names, seed=seed, options=options), random.Random(seed)
    while game.to_move(state):
        yield game, names, state
        name = game.to_move(state)[0]
        state = game.play(state, name, game.bot(state, name, chooser))
    yield game, names, state


@pytest.mark.parametrize(
    ("kind", "players", "options"),
    [("honga", 4, {}), ("stoneage", 4, {"mammoth_herd": True}), ("hengist", 2, {})],
)
def test_every_reader_gets_what_their_view_alone_renders(kind, players, options):
    """Boards rendered for the readers of a position one after the other (sharing fragments)
    are what each reader's board is when nothing was rendered before."""
    for n, (game, names, state) in enumerate(positions(kind, players, options, seed=3)):
        if n % 7:
            continue
        for ext in ("txt", "html"):
            together = {}
            for name in names:
                view = game.view(state, name)
                colours = pictures.seat_colours(view["players"])
                together[name] = i18n.render(
                    f"mail/{kind}/board.{ext}", "en", view=view, seat_colours=colours
                )
            for name in names:
                i18n.forget_shared()
                view = game.view(state, name)
                colours = pictures.seat_colours(view["players"])
                alone = i18n.render(
                    f"mail/{kind}/board.{ext}", "en", view=view, seat_colours=colours
                )
                assert together[name] == alone, (kind, n, name, ext)


@pytest.mark.parametrize("locale", ["en", "es", "de", "pt"])
def test_fragments_kept_from_other_positions_and_readers_change_nothing(locale):
    """A reader's HONGA board rendered with the fragments kept from every earlier position and
    reader (the areas, the trade cards, placements of a card another reader held) is the board
    rendered with nothing kept, in every language."""
    i18n.forget_shared()
    kept = []
    for n, (game, names, state) in enumerate(positions("honga", 4, {}, seed=5)):
        if n % 3:
            continue
        for name in names:
            view = game.view(state, name)
            colours = pictures.seat_colours(view["players"])
            for ext in ("txt", "html"):
                board = i18n.render(
                    f"mail/honga/board.{ext}", locale, view=view, seat_colours=colours
                )
                kept.append((view, colours, ext, board))
    for view, colours, ext, board in kept[::5]:
        i18n.forget_shared()
        alone = i18n.render(f"mail/honga/board.{ext}", locale, view=view, seat_colours=colours)
        assert board == alone
