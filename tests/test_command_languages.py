"""Commands in English, Spanish, German and Portuguese, checked on every registered game.

Every legal command shown in a language plays as the English one; the move log keeps one
English form whatever the language; no word of another language contradicts an English word
of the game; a reader's own language decides a word the languages read differently.
"""

from __future__ import annotations

import gettext
import importlib
import random

import pytest

import engine
from engine import resemble
from engine.contract import normalize
from engine.i18n import use
from engine.lexicon import LANGUAGES, fold
from pbem.i18n import translations

GAMES = engine.names()
FOREIGN = LANGUAGES[1:]


class Reader(gettext.NullTranslations):
    """No catalogue, but the reader's language, as the service sets it."""

    def __init__(self, language: str):
        super().__init__()
        self._info = {"language": language}


def english_words(name: str) -> set[str]:
    words = importlib.import_module(f"engine.{name}.vocabulary").ENGLISH
    return words.verbs | words.names | words.fillers


def positions(name: str, seeds=(1, 2), every: int = 7):
    """(state, player) at every ``every``-th step of random games, with the players' count at
    its lowest and highest."""
    game = engine.load(name)
    for seed in seeds:
        for count in {game.min_players, game.max_players}:
            options = getattr(game, "conformance_options", [{}])[-1]
            state = game.new([f"p{i}" for i in range(count)], seed=seed, options=options)
            chooser = random.Random(seed)
            for step in range(2000):
                waiting = game.to_move(state)
                if not waiting:
                    break
                player = waiting[0]
                if step % every == 0:
                    yield state, player
                state = game.play(state, player, chooser.choice(game.legal(state, player)))


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_command_shown_in_a_language_plays_as_the_english_one(name):
    game = engine.load(name)
    checked = 0
    for state, player in positions(name):
        legal = game.legal(state, player)
        for command in random.Random(len(legal)).sample(legal, min(len(legal), 6)):
            expected = game.dump(game.play(state, player, command))
            for language in FOREIGN:
                with use(Reader(language)):
                    typed = game.shown(command, language)
                    assert game.dump(game.play(state, player, typed)) == expected, (typed, command)
                    assert game.logged(state, player, typed) == game.logged(state, player, command)
                    assert game.resembles(state, player, typed)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_command_in_every_language_resembles_a_command_with_no_position(name):
    """A reply is read before the position is looked at (a greeting or a sign-off is set
    aside by the words alone): every legal command, in every language, must look like one
    ("bonus one" did not: "one" was no word of Stone Age's)."""
    game = engine.load(name)
    checked = set()
    for state, player in positions(name):
        for command in game.legal(state, player):
            for language in LANGUAGES:
                shown = game.shown(command, language)
                if shown not in checked:
                    checked.add(shown)
                    assert resemble.resembles(game.vocabulary, shown), (language, shown)
                    assert game.resembles(None, None, shown), (language, shown)
    assert len(checked) > 200


@pytest.mark.parametrize(
    "line", ["tame all", "tame none", "tame everyone", "take nothing", "tools none", "bonus one"]
)
def test_stone_age_decisions_in_words_resemble_commands(line):
    assert engine.load("stoneage").resembles(None, None, line)


@pytest.mark.parametrize("name", GAMES)
def test_the_move_log_keeps_english_and_shown_commands_are_in_the_language(name):
    game = engine.load(name)
    for state, player in positions(name, seeds=(3,), every=11):
        for command in game.legal(state, player)[:8]:
            logged = game.logged(state, player, command)
            for language in FOREIGN:
                with use(Reader(language)):
                    typed = game.shown(command, language)
                    assert game.logged(state, player, typed) == logged
            with use(Reader("en")):
                assert game.shown(command, "en") == command
    words = english_words(name)
    # the verbs of the canonical commands are never shown in English to other languages
    for language in FOREIGN:
        shown = {game.shown(verb, language) for verb in words & game.vocabulary.verbs}
        assert len(shown - words) > 3


@pytest.mark.parametrize("name", GAMES)
def test_no_word_of_another_language_contradicts_an_english_word_of_the_game(name):
    """An English word of the game means what it means in English to a reader of any other
    language ("die" is no German article in Stone Age, "a" no Spanish preposition in
    Hengist); only a small word of the reader's own language may mean nothing ("no", in the
    Portuguese "no rio")."""
    lexicon = engine.load(name).lexicon
    words = english_words(name) | lexicon.english_words
    assert english_words(name) <= lexicon.english_words
    for language in FOREIGN:
        own = lexicon.words(language)
        for word in words:
            meaning = lexicon.english(word, language)
            assert meaning == word or (word in own and own[word] == ""), (language, word)


@pytest.mark.parametrize("name", GAMES)
def test_words_read_as_english_stay_english_and_shown_words_read_back(name):
    lexicon = engine.load(name).lexicon
    for language in FOREIGN:
        for word, english in lexicon.words(language).items():
            once = lexicon.english(word, language)
            assert once == english or (english == "" and once == "")
            assert lexicon.english(once, "en") == once  # a logged move replays as logged
        for english in set(lexicon.words(language).values()) - {""}:
            if english.isdigit():
                continue
            shown = lexicon.shown(english, language)
            assert lexicon.english(shown, language) == english, (language, shown, english)


def test_a_short_word_means_what_it_means_in_the_readers_language():
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    with use(Reader("es")):
        assert honga.logged(state, "ann", "p2o") == "place 2 west"  # oeste
    with use(Reader("de")):
        assert honga.logged(state, "ann", "p2o") == "place 2 east"  # Ost
    with use(Reader("pt")):
        assert honga.logged(state, "ann", "P2O") == "place 2 west"  # oeste
    with use(Reader("en")), pytest.raises(engine.IllegalMove):
        honga.play(state, "ann", "p2o")


def test_accents_and_case_never_matter():
    assert fold("SÜD Straße Montaña Função") == "sud strasse montana funcao"
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    with use(Reader("de")):
        for typed in ("legen 3 Süd", "LEGEN 3 SUED", "lege 3 sud", "Legen 3 Süden"):
            assert honga.logged(state, "ann", typed) == "place 3 south"


@pytest.mark.parametrize(
    "language,typed,logged",
    [
        ("es", "Colocar la carta en la casilla 2 mirando al norte", "place 2 north"),
        ("es", "poner 4 sur", "place 4 south"),
        ("de", "lege die Scheibe auf Feld 1 nach Westen", "place 1 west"),
        ("pt", "colocar no círculo 3 virada para leste", "place 3 east"),
        ("pt", "colocar 1 norte", "place 1 north"),
        ("es", "place 2 norte", "place 2 north"),  # languages mixed in one line
    ],
)
def test_honga_placements_in_every_language(language, typed, logged):
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    with use(Reader(language)):
        assert honga.logged(state, "ann", typed) == logged


def test_a_mistyped_verb_of_another_language_is_refused_with_the_command_in_it():
    """The same tolerance as English: HONGA refuses a misspelt verb and names the command it
    may mean, written in the reader's language."""
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    with use(Reader("es")), pytest.raises(engine.IllegalMove) as refused:
        honga.play(state, "ann", "colcoar 2 norte")
    assert "'colocar 2 norte'" in str(refused.value)
    with use(Reader("en")), pytest.raises(engine.IllegalMove) as refused:
        honga.play(state, "ann", "plcae 2 north")
    assert "'place 2 north'" in str(refused.value)


def test_stone_age_reads_a_slip_in_a_verb_of_any_language():
    stoneage = engine.load("stoneage")
    state = stoneage.new(["ann", "bob"], seed=1)
    for language, typed in (("es", "colcoar 3 bosque"), ("de", "setezn 3 Wald")):
        with use(Reader(language)):
            assert stoneage.logged(state, "ann", typed) == "place 3 forest"
    with use(Reader("pt")):
        assert stoneage.logged(state, "ann", "colocar 1 no poço de argila") == "place 1 clay"
        assert stoneage.logged(state, "ann", "colocar 2 trabalhadores na pedreira") == (
            "place 2 quarry"
        )


def test_hengist_reads_the_rule_texts_words():
    hengist = engine.load("hengist")
    state = hengist.new(["ann", "bob"], seed=1)
    legal = hengist.legal(state, "ann")
    landing = next(c for c in legal if c.startswith("move a ") and len(c.split()) == 3)
    beach = landing.split()[2]
    with use(Reader("es")):
        typed = f"mover el grupo de asalto a {beach}"
        assert hengist.logged(state, "ann", typed) == normalize(f"move a {beach}")
        assert hengist.dump(hengist.play(state, "ann", typed)) == hengist.dump(
            hengist.play(state, "ann", landing)
        )


@pytest.mark.parametrize("name", GAMES)
def test_greetings_in_every_language_do_not_look_like_commands(name):
    game = engine.load(name)
    for greeting in (
        "Hola a todos",
        "¡Hola!",
        "Un saludo",
        "Saludos desde Madrid",
        "Este juego me encanta",
        "Gracias, nos vemos",
        "Hallo zusammen",
        "Viele Grüße",
        "Liebe Grüße an alle",
        "Bis bald",
        "Olá pessoal",
        "Um abraço",
        "Obrigado, até mais",
        "Fica bem",
        "Claro que sí",
    ):
        assert not game.resembles(None, None, greeting), greeting


@pytest.mark.parametrize(
    "language,typed,logged",
    [
        ("pt", "p2l", "place 2 east"),  # leste
        ("es", "p2e", "place 2 east"),  # este
        ("de", "p2w", "place 2 west"),
        ("pt", "p3s", "place 3 south"),  # sul
    ],
)
def test_honga_direction_letters_are_the_readers(language, typed, logged):
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    with use(Reader(language)):
        assert honga.logged(state, "ann", typed) == logged


@pytest.mark.parametrize(
    "language,initial,resource",
    [
        ("es", "s", "mushrooms"),  # setas
        ("es", "p", "fish"),  # pez
        ("de", "p", "mushrooms"),  # Pilze
        ("de", "b", "berries"),  # Beeren
        ("pt", "c", "mushrooms"),  # cogumelos
        ("pt", "p", "fish"),  # peixe
        ("en", "m", "mushrooms"),
        ("en", "f", "fish"),
    ],
)
def test_honga_resource_initials_are_the_readers(language, initial, resource):
    """A resource's initial where a resource is meant (buying a point), in the reader's
    language first: "p" is Pilze to a German reader and pez to a Spanish one."""
    from engine.honga import commands

    with use(Reader(language)):
        assert commands.candidates(f"buy {initial}") == [f"buy {resource}"]


@pytest.mark.parametrize(
    "language,card,kind",
    [
        ("de", "Flu", "river"),  # Fluss
        ("de", "f", "river"),
        ("de", "hf", "hill/river"),  # Hügel/Fluss
        ("de", "Hü", "hill"),
        ("es", "mon", "mountain"),  # montaña
        ("es", "cr", "hill/river"),  # colina/río
        ("pt", "flo", "forest"),  # floresta
        ("pt", "cm", "hill/mountain"),  # colina/montanha
        ("en", "f", "forest"),
        ("en", "hr", "hill/river"),
    ],
)
def test_hengist_card_beginnings_are_the_readers(language, card, kind):
    """The help promises that the beginning of a card's word is enough: in the reader's
    language first, English otherwise ("f" is Fluss to a German reader, forest to an English
    one)."""
    from engine.hengist import commands

    with use(Reader(language)):
        assert commands.parse_card(fold(card)) == kind
        assert commands.parse_card("x") == "explorer"


@pytest.mark.parametrize(
    "language,typed", [("de", "ent"), ("de", "kund"), ("es", "expl"), ("en", "ex"), ("en", "x")]
)
def test_a_spy_or_reinforcement_reads_the_explorer_as_a_card_does(language, typed):
    """The explorer a spy or reinforcement plays anyway is named as :func:`parse_card` reads
    it (Entdecker, Kundschafter to a German reader); one letter other than x is a party."""
    from engine.hengist import commands

    with use(Reader(language)):
        assert commands._explorer_word(typed)
        assert commands.parse_card(typed) == "explorer"
        assert not commands._explorer_word("e")


@pytest.mark.parametrize(
    "language,typed,colour", [("es", "bl", "white"), ("en", "bl", "blue"), ("pt", "verm", "red")]
)
def test_hengist_path_beginnings_are_the_readers(language, typed, colour):
    from engine.hengist import commands

    with use(Reader(language)):
        assert commands.parse_colour(typed) == colour


def test_stone_age_reads_the_portuguese_names_of_the_field_and_the_hunting_grounds():
    stoneage = engine.load("stoneage")
    state = stoneage.new(["ann", "bob"], seed=1)
    with use(Reader("pt")):
        assert stoneage.logged(state, "ann", "colocar 1 na lavoura") == "place field"
        assert stoneage.logged(state, "ann", "colocar 2 no campo de caça") == "place 2 hunt"
        assert stoneage.logged(state, "ann", "colocar 1 no campo") == "place field"
    # The Mammoth Herd's name of the agriculture track
    assert stoneage.lexicon.english("trilha de comida", "pt") == "agriculture"


def test_commands_and_places_named_in_a_sentence_are_in_the_readers_language():
    """What a turn ended with still possible, and Hengist's boat in a move, are written in
    the reader's words (they were English inside Spanish sentences)."""
    honga = engine.load("honga")
    state = honga.new(["ann", "bob"], seed=1)
    state = next(
        after
        for after in (honga.play(state, "ann", c) for c in honga.legal(state, "ann"))
        if len(honga.legal(after, "ann")) > 1
    )
    with use(translations("es")):
        forfeited = honga.forfeited(state, "ann")
    assert forfeited.startswith("Terminaste tu turno")
    shown = [honga.shown(c, "es") for c in honga.legal(state, "ann") if c != "done"][:3]
    assert ", ".join(shown) in forfeited
    hengist = engine.load("hengist")
    event = {"type": "move", "player": "ann", "party": 0, "where": ["boat", "1a"], "cards": []}
    with use(translations("es")):
        assert "de barco a 1a" in hengist.describe(event)


@pytest.mark.parametrize(
    "name,language,typed,logged",
    [
        ("honga", "es", "coloco en el 2 mirando al este", "place 2 east"),
        ("honga", "pt", "coloco no 2 para o norte", "place 2 north"),  # "o" is the article
        ("honga", "pt", "p2o", "place 2 west"),  # oeste
        ("honga", "es", "terminar el turno", "done"),
        ("honga", "de", "Zug beenden", "done"),
        ("honga", "pt", "passar a vez", "done"),
        ("stoneage", "es", "pongo 2 en el bosque", "place 2 forest"),
        ("stoneage", "pt", "coloco 2 na floresta", "place 2 forest"),
        ("hengist", "es", "paso", "pass"),  # Hengist logs its words: pass ends the turn
        ("hengist", "de", "ich passe", "done"),
        ("hengist", "pt", "passar a vez", "done"),  # "a" is no party here
        ("honga", "en", "I'm done", "done"),
        ("honga", "en", "I’m done!", "done"),  # a phone's apostrophe
        ("honga", "es", "Ya está", "done"),
        ("honga", "es", "ya esta", "done"),
        ("honga", "de", "ich bin fertig", "done"),
        ("honga", "en", "All done!", "done"),
        ("honga", "en", "ok done", "done"),
        ("honga", "en", "Okay, done.", "done"),
        ("honga", "pt", "já está", "done"),
        ("hengist", "en", "I am done", "done"),
        ("hengist", "de", "Bin fertig", "done"),
    ],
)
def test_commands_as_players_naturally_write_them(name, language, typed, logged):
    game = engine.load(name)
    state = game.new(["ann", "bob"], seed=1)
    if name == "honga" and logged == "done":
        state = game.play(state, "ann", "place 2 north")
    with use(Reader(language)):
        assert game.logged(state, "ann", typed) == logged


@pytest.mark.parametrize("language", FOREIGN)
def test_stone_age_help_names_the_tools_modes_as_the_mail_lists_them(language):
    """The help's “tools ask” / “tools auto” are the commands the mail lists, in the reader's
    words (the German list said 'werkzeuge automatisch' where the help said 'werkzeuge auto')."""
    from engine.stoneage.text import HELP

    stoneage = engine.load("stoneage")
    help_text = translations(language).gettext(HELP["action"])
    for mode in ("tools auto", "tools ask"):
        assert stoneage.shown(mode, language) in help_text.lower()


@pytest.mark.parametrize("name", GAMES)
def test_german_umlauts_typed_as_ae_oe_ue_are_read(name):
    """A keyboard without umlauts writes ä, ö, ü as ae, oe, ue ("Huette", "fuettern",
    "ueberfallen"): every German word of a game with an umlaut reads the same so spelt."""
    lexicon = engine.load(name).lexicon
    spelt = {"ä": "ae", "ö": "oe", "ü": "ue"}
    with use(Reader("de")):
        umlauted = [word for word in _german_words(name) if set(word.lower()) & set(spelt)]
        assert umlauted
        for word in umlauted:
            typed = "".join(spelt.get(c, c) for c in word.lower())
            assert lexicon.english(typed) == lexicon.english(word), word


def _german_words(name: str) -> list[str]:
    """The German words of a game's lexicon as its tables write them (accents kept)."""
    module = importlib.import_module(f"engine.{name}.lexicon")
    tables = [getattr(module, table, {}) for table in ("VERBS", "NAMES", "WORDS")]
    return [word for table in tables for word in table.get("de", {})]
