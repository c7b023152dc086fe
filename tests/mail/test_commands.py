"""parse() and parse_new_game(): lines to service commands and game lines, the #N guard."""

from __future__ import annotations

import gettext

import pytest

import engine
from engine.i18n import use
from pbem.mail.commands import CommandError, Line, NewGame, Parsed, parse, parse_new_game


def kinds(parsed: Parsed) -> list[tuple[str, str, str]]:
    return [(line.kind, line.name, line.argument) for line in parsed.lines]


# -- guard --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["#12\nplace 2 north", "place 2 north\n#12", "#12 place 2 north", "# 12\nplace 2 north"],
)
def test_guard_forms(text):
    parsed = parse(text)
    assert parsed.guard == 12
    assert kinds(parsed) == [("game", "", "place 2 north")]


@pytest.mark.parametrize(
    "guard",
    ["position 12", "Position #12", "Position: 12", "pos. 12", "posición 12", "Posicion #12",
     "Stellung 12", "Zug 12", "jugada 12", "Jugada #12.", "posição 12", "jogada 12"],
)  # fmt: skip
def test_a_guard_named_in_words_on_its_line(guard):
    """The mail names its position "position #12" ("Stellung #12", "posición #12"): a line
    that names it so is the guard, as "#12" is; it was set aside as a greeting ("position
    12") or refused as a command nobody understood ("Position #12")."""
    for text in (f"{guard}\nplace 2 north", f"place 2 north\n{guard}"):
        parsed = parse(text)
        assert parsed.guard == 12, text
        assert kinds(parsed) == [("game", "", "place 2 north")]
        assert parsed.set_aside == []


def test_a_position_in_a_sentence_is_no_guard():
    parsed = parse("place 2 north\nposition 12 looks good")
    assert parsed.guard is None


def test_the_guard_prefix_is_not_part_of_the_command():
    (line,) = parse("#12   Place 2 North").lines
    assert (line.text, line.argument) == ("Place 2 North", "Place 2 North")


def test_guard_as_a_bullet_line_and_after_blank_lines():
    parsed = parse("\n\n- #7\n\nplace 2 north")
    assert parsed.guard == 7
    assert [line.number for line in parsed.lines] == [5]


def test_no_guard():
    assert parse("place 2 north").guard is None


def test_guard_prefix_only_on_the_first_command_line():
    parsed = parse("place 2 north\n#12 lure fish")
    assert parsed.guard is None
    assert kinds(parsed)[1] == ("game", "", "#12 lure fish")


def test_a_repeated_guard_is_fine():
    assert parse("#12\nplace 2 north\n#12").guard == 12


def test_the_same_guard_before_every_line_is_the_guard():
    """ "#12" typed before each command (as the mail's links write one) guards the mail; it
    stayed on the lines after the first, each a command nobody understood ("#12 done")."""
    parsed = parse("#12 place 2 north\n#12 lure fish\n#12 done")
    assert parsed.guard == 12
    assert [line.text for line in parsed.lines] == ["place 2 north", "lure fish", "done"]


def test_moves_numbered_with_hashes_are_a_list_not_guards():
    """ "#1 p2n / #2 lure / #3 done" numbers the moves: "#2 lure" was refused as a command
    nobody understood. Numbers from 1 on, one after another, number a list and guard nothing."""
    parsed = parse("#1 place 2 north\n#2 lure fish\n#3 done")
    assert parsed.guard is None
    assert [line.text for line in parsed.lines] == ["place 2 north", "lure fish", "done"]


def test_a_guard_before_the_first_command_alone_is_still_one():
    assert parse("#1 place 2 north\nlure fish").guard == 1
    assert parse("#2 place 2 north\n#3 lure fish").guard == 2  # a list begins at 1


def test_two_different_guards_are_an_error():
    with pytest.raises(CommandError, match="#12 and #13"):
        parse("#12\nplace 2 north\n#13")


def test_hash_word_is_a_game_line():
    assert kinds(parse("#hashtag")) == [("game", "", "#hashtag")]


# -- lines --------------------------------------------------------------------------------------


def test_line_numbers_text_and_skipped_lines():
    text = "\n  place   2   north  \n\n...\n---\n!!\n  lure fish\n"
    parsed = parse(text)
    assert parsed.lines == [
        Line(2, "place 2 north", "game", "", "place 2 north"),
        Line(7, "lure fish", "game", "", "lure fish"),
    ]


@pytest.mark.parametrize(
    "bullet",
    ["- ", "* ", "+ ", "• ", "1. ", "2) ", "10. ", "-- ", "-> ", "=> ", "a) ", "B) ", "1.- ",
     "✔️ ", "➡️ ", "1: ", "2 - ", "3 – ", "1- "],
)  # fmt: skip
def test_list_markers_are_stripped(bullet):
    (line,) = parse(f"{bullet}place 2 north").lines
    assert line.argument == "place 2 north"
    assert line.text == "place 2 north"


def test_a_number_before_a_name_is_part_of_the_command():
    """ "1: p2n" numbers a list; in "3: forest" the number is three people (Stone Age)."""
    assert kinds(parse("3: forest\n2 - hunt")) == [
        ("game", "", "3: forest"),
        ("game", "", "2 - hunt"),
    ]


def test_a_number_without_a_marker_stays():
    assert kinds(parse("2 hunt\n1.5 wood")) == [("game", "", "2 hunt"), ("game", "", "1.5 wood")]


def test_unknown_words_are_game_lines_kept_as_typed():
    assert kinds(parse("Place 2 North\nnewt\nJoiner\nsaying hi")) == [
        ("game", "", "Place 2 North"),
        ("game", "", "newt"),
        ("game", "", "Joiner"),
        ("game", "", "saying hi"),
    ]


def test_windows_line_ends():
    assert kinds(parse("join\r\nplace 2 north\r\n")) == [
        ("service", "join", ""),
        ("game", "", "place 2 north"),
    ]


# -- service commands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name", "argument"),
    [
        ("join", "join", ""),
        ("JOIN", "join", ""),
        ("  Join!  ", "join", ""),
        ("accept", "join", ""),
        ("decline", "decline", ""),
        ("Refuse.", "decline", ""),
        ("status", "status", ""),
        ("Status?", "status", ""),
        ("help", "help", ""),
        ("HELP   Place", "help", "Place"),
        ("help: trade", "help", "trade"),
        ("games", "games", ""),
        ("resign", "resign", ""),
        ("Concede", "resign", ""),
        ("surrender", "resign", ""),
        ("unsubscribe", "unsubscribe", ""),
        ("UNSUB", "unsubscribe", ""),
        ("new honga with ann@x.org, bob@y.org", "new", "honga with ann@x.org, bob@y.org"),
        ("NEW   stoneage  with a@x   b@y", "new", "stoneage with a@x b@y"),
        ("start hengist with a@x", "new", "hengist with a@x"),
    ],
)
def test_service_commands(typed, name, argument):
    assert kinds(parse(typed)) == [("service", name, argument)]


@pytest.mark.parametrize(
    ("typed", "name", "argument"),
    [
        ("zurueck", "back", ""),  # zurück
        ("Spaeter", "later", ""),  # später
        ("naechste Zuege", "later", ""),  # nächste Züge
        ("Uebersicht woechentlich Montag 18:00", "digest", "weekly monday 18:00"),
        ("plan loeschen", "plan", "loeschen"),  # löschen
        ("aufgeben bestaetigen", "resign", "bestaetigen"),  # bestätigen
    ],
)
def test_german_service_words_with_umlauts_typed_as_ae_oe_ue(typed, name, argument):
    """A keyboard without umlauts writes "zurueck" for zurück: the service reads it as well."""
    assert kinds(parse(typed)) == [("service", name, argument)]


@pytest.mark.parametrize(
    ("typed", "name", "argument"),
    [
        ("join 👍", "join", ""),
        ("I’m in 👍", "join", ""),
        ("count me in :)", "join", ""),
        ("Estoy dentro 🙌", "join", ""),
        ("Ich bin dabei 😀", "join", ""),
        ("status 🙏", "status", ""),
        ("resign yes 😢", "resign", "yes"),
        ("later 👋🏻", "later", ""),
        ("join👍", "join", ""),
    ],
)
def test_a_service_command_with_an_emoji_after_it(typed, name, argument):
    """A phone's emoji or a smiley after a service command ends the line as it ends a game's:
    "join 👍" was refused as join with an argument, "I’m in 👍" set aside as a greeting."""
    assert kinds(parse(typed)) == [("service", name, argument)]


@pytest.mark.parametrize("typed", ["I am in", "Im in!", "im in"])
def test_i_am_in_without_an_apostrophe_joins(typed):
    """A phone without the apostrophe ("Im in"), or the words in full: set aside as chat."""
    assert kinds(parse(f"Hi!\n{typed}\nBob", lambda line: False)) == [("service", "join", "")]


def test_say_keeps_its_emoji():
    assert kinds(parse("say good luck 👍")) == [("service", "say", "good luck 👍")]


@pytest.mark.parametrize(
    ("typed", "argument"),
    [
        ("say Good Luck, Bob!", "Good Luck, Bob!"),
        ("SAY  Spaces   stay  as  typed", "Spaces   stay  as  typed"),
        ("say\tTabs\tstay", "Tabs\tstay"),
        ("- say Bob: NICE move :-)", "Bob: NICE move :-)"),
    ],
)
def test_say_keeps_the_rest_verbatim(typed, argument):
    assert kinds(parse(typed)) == [("service", "say", argument)]


def test_say_without_text_and_tell_are_no_commands():
    """``say`` alone relays nothing: it is a mistyped command. ``tell`` is no alias any more:
    "Tell me how this works" is prose, and a relay mails everybody."""
    assert kinds(parse("say")) == [("mistyped", "say", "")]
    assert kinds(parse("tell Bob: nice move")) == [("game", "", "tell Bob: nice move")]


def test_text_is_the_command_with_single_spaces_and_case_kept():
    (line,) = parse("  * SAY  Good   Luck ").lines
    assert line.text == "SAY Good Luck"
    assert line.argument == "Good   Luck"


def test_service_words_later_in_a_line_do_not_count():
    assert kinds(parse("place 2 north and join")) == [("game", "", "place 2 north and join")]


def test_a_whole_reply():
    text = "#4\nstatus\n\n- place 2 north\n- lure fish\nsay Your move, Bob\n"
    parsed = parse(text)
    assert parsed.guard == 4
    assert kinds(parsed) == [
        ("service", "status", ""),
        ("game", "", "place 2 north"),
        ("game", "", "lure fish"),
        ("service", "say", "Your move, Bob"),
    ]
    assert [line.number for line in parsed.lines] == [2, 4, 5, 6]


def test_parsed_is_frozen():
    parsed = parse("join")
    with pytest.raises(AttributeError):
        parsed.guard = 3


# -- new game -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argument", "expected"),
    [
        (
            "honga with ann@x.org, bob@y.org",
            NewGame("honga", ["ann@x.org", "bob@y.org"], {}),
        ),
        (
            "stoneage with a@x b@y mammoth_herd=yes",
            NewGame("stoneage", ["a@x", "b@y"], {"mammoth_herd": True}),
        ),
        (
            "StoneAge WITH a@x; b@y and c@z Mammoth_Herd = Off seed=42 lang=de",
            NewGame(
                "stoneage", ["a@x", "b@y", "c@z"], {"mammoth_herd": False, "seed": 42, "lang": "de"}
            ),
        ),
        (
            "game hengist with <a@x.org>, mailto:b@y.org.",
            NewGame("hengist", ["a@x.org", "b@y.org"], {}),
        ),
        ("honga ann@x.org", NewGame("honga", ["ann@x.org"], {})),
        ("honga with ann@x.org ANN@X.ORG", NewGame("honga", ["ann@x.org"], {})),
        ("honga with ann@münchen.de", NewGame("honga", ["ann@münchen.de"], {})),
        (
            "honga with a@x on=on t=true f=false n=no delta=-3",
            NewGame("honga", ["a@x"], {"on": True, "t": True, "f": False, "n": False, "delta": -3}),
        ),
    ],
)
def test_parse_new_game(argument, expected):
    assert parse_new_game(argument) == expected


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("", "Please name the game"),
        ("   ", "Please name the game"),
        ("ann@x.org", "Please name the game"),
        ("with ann@x.org", "Please name the game"),
        ("honga", "Please list the players"),
        ("honga with", "Please list the players"),
        ("honga with size=5", "Please list the players"),
        ("honga with ann@", "ann@ is not a mail address"),
        ("honga with @x.org", "@x.org is not a mail address"),
        ("honga with ann@@x.org", "ann@@x.org is not a mail address"),
        ("honga with ann@x..org", "ann@x..org is not a mail address"),
        ("honga with ann bob@y.org", "ann is neither a mail address nor an option"),
        ("honga with a@x =yes", "=yes is not an option"),
        ("honga with a@x size=", "size= is not an option"),
        ("honga with a@x a=b=c", "a=b=c is not an option"),
        ("honga with a@x 9lives=yes", "9lives=yes is not an option"),
        ("honga with a@x size=4 size=5", "Option size is given twice"),
    ],
)
def test_parse_new_game_errors(argument, message):
    with pytest.raises(CommandError, match=message):
        parse_new_game(argument)


def test_command_error_is_a_value_error():
    assert issubclass(CommandError, ValueError)


class Marked(gettext.NullTranslations):
    """A catalogue that marks every sentence it translates."""

    def gettext(self, message):
        return f"[{message}]"


def test_error_messages_go_through_gettext():
    with use(Marked()), pytest.raises(CommandError) as raised:
        parse_new_game("honga with ann")
    assert str(raised.value) == "[ann is neither a mail address nor an option like name=value.]"


@pytest.mark.parametrize(
    ("typed", "game"),
    [("Stone Age with a@x", "stoneage"), ("HENGIST with a@x", "hengist"), ("Honga a@x", "honga")],
)
def test_a_game_is_named_by_its_name_or_title_in_any_case(typed, game):
    assert parse_new_game(typed).game == game


@pytest.mark.parametrize(
    ("typed", "meant"), [("stonage with a@x", "stoneage"), ("hengst with a@x", "hengist")]
)
def test_a_misspelt_game_gets_a_suggestion(typed, meant):
    with pytest.raises(CommandError, match=f"Did you mean {meant}?"):
        parse_new_game(typed)


@pytest.mark.parametrize(("name", "line"), [("stoneage", "tame tow")])
def test_two_letters_swapped_after_a_verb_are_a_slip_though_a_word(name, line):
    """ "tow" is a word, and "two" with two letters swapped: after a verb typed right it is
    the slip, so the mail is refused with the line quoted, never the line dropped."""
    game = engine.load(name)
    parsed = parse(f"place 2 north\n{line}", lambda typed: game.resembles(None, None, typed))
    assert parsed.read == ["place 2 north", line] and parsed.set_aside == []
