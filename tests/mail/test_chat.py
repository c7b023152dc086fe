"""Chat never acts: lines people write around their moves, in English, Spanish, German and
Portuguese, that begin with (or hold) a game's or the service's words, above all the ones
that end something (resign, pass, done, end, drop). Set aside as a greeting or a sign-off, or,
where they look like a command, refused by the game; never a command carried out."""

from __future__ import annotations

import random
from email.message import EmailMessage

import pytest

import engine
from engine.contract import IllegalMove
from pbem.mail.commands import parse
from pbem.mail.extract import new_text

CHAT = {
    "en": [
        "I resign myself to waiting", "pass me the salt", "Pass me the salt, please",
        "I'll pass on that one", "Pass the word to Bob", "Done with work, finally",
        "Done for today, thanks", "The end is near", "End of story", "Drop me a line",
        "Don't resign yet!", "Resign? Never!", "Surrender is not an option",
        "Concede nothing!", "Join me next time", "Play nice everyone",
    ],
    "es": [
        "no puedo jugar hoy", "Paso de todo hoy", "Paso, paso, que me aburro",
        "Me rindo ante tu estrategia", "No me voy a rendir", "Abandonar nunca",
        "Abandonar? Jamás", "Rendirse jamás", "Listo para perder, jaja", "Pasa un buen día",
        "Pasar la sal, por favor", "Terminar el juego pronto sería bueno", "Juega bien",
    ],
    "de": [
        "Ich passe heute nicht auf", "Passen wir auf!", "Passen Sie gut auf sich auf",
        "Aufgeben ist keine Option", "Aufgeben? Niemals!", "Ich gebe nicht auf",
        "Fertig mit der Arbeit", "Fertig für heute", "Das Ende naht", "Ende gut, alles gut",
        "Zurück vom Urlaub!", "Aussteigen ist nicht drin",
    ],
    "pt": [
        "Não posso jogar hoje", "Desistir jamais", "Desistir? Nunca!", "Não vou desistir",
        "Passo a vez hoje não", "Pronto para perder, haha", "Passar bem!",
        "Fim de semana chegando", "Jogar é bom demais", "Voltei das férias!",
        "Abandonar não é opção",
    ],
}  # fmt: skip
#: Chat that holds a game's word where a command's argument would be: a verb, then a short
#: name ("a" is a party in Hengist, "o" west in HONGA) or another verb, and a word of everyday
#: speech no command holds; or a word of a command that names no place ("tablero", the board
#: a player pays with). Set aside in every game, never refused.
HOLDING_GAME_WORDS = {
    "en": [
        "Back in a minute", "Back in a bit", "Back in a sec", "Done in a minute",
        "Look at a map", "Go back to bed", "Go back to work", "Go get a coffee",
        "Go take a nap", "Play on, I am done", "Hi Bob, look at my board:", "My herd grows",
    ],
    "es": [
        "Paso o me quedo", "Vuelve a casa", "Mira a la derecha, Bob", "Sube o baja, como quieras",
        "Juega o descansa, tú decides", "Hola Ana, mira mi tablero:", "Mi manada crece",
    ],
    "de": [
        "Spiele morgen weiter", "Spiele weiter morgen", "Spiele heute weiter",
        "Fertig? Ich spiele weiter", "Fertig, spiele morgen weiter",
        "Bleibe heute, spiele weiter", "Hallo Bob, schau dir mein Tableau an:",
        "Meine Herde wächst",
    ],
    "pt": [
        "Passa o sal, por favor", "Passa o café, se faz favor", "Fica o abraço, Rui",
        "Olha a hora, vou dormir", "Volta a casa, filho", "Joga o jogo que eu passo",
        "Olá Bob, olha o meu tabuleiro:", "A minha manada cresce",
    ],
}  # fmt: skip
#: Mistyped commands of each game: a slip of a verb, a name or both, in several languages.
#: Read as the game's, above and below the moves, so the game answers them.
TYPOS = {
    "honga": [
        "place 3 on forrest", "plce 2 nrth", "colcoar 2 nrte", "setezn 2 Norden",
        "plac 2 nroth", "doen", "clmib", "lure fsh", "byu herd", "buy fsh",
    ],
    "stoneage": [
        "place 3 on forrest", "plce 3 frst", "take 2 wod", "setezn 3 Wald", "colcoar 3 bosque",
        "bonus al", "build hutt", "plase 2 in the huntign grounds", "tamd 0",
        "herramientas ningyna", "use ht", "tame tow",
    ],
    "hengist": [
        "mvoe a 1b", "raid a rde", "raid a red forst", "spy a plz", "back a boatt",
        "move a to 1bb", "discard forst", "move a nowhere", "move party a nowhere",
        "mive a 3a", "spu b 2",
    ],
}  # fmt: skip
EVERY_LINE = [
    (language, line)
    for chat in (CHAT, HOLDING_GAME_WORDS)
    for language, lines in chat.items()
    for line in lines
]
#: A command of each game, to write the chat around.
COMMAND = {"honga": "place 2 north", "stoneage": "place 3 forest", "hengist": "move a 1b"}


def positions(name: str) -> list:
    """Positions of random games of ``name``, each with its mover: turns begun and not."""
    game = engine.load(name)
    found = []
    for seed in range(4):
        state = game.new(["ann", "bob", "cy"][: 2 if name == "hengist" else 3], seed=seed)
        chooser = random.Random(seed)
        for _move in range(60):
            if game.result(state):
                break
            mover = game.to_move(state)[0]
            found.append((state, mover))
            state = game.play(state, mover, chooser.choice(game.legal(state, mover)))
    return found


@pytest.fixture(scope="module", params=sorted(COMMAND))
def game(request):
    """A game, with positions where ending the turn (pass, done) is legal among them."""
    name = request.param
    game_engine = engine.load(name)
    found = positions(name)
    ending = [
        (state, mover)
        for state, mover in found
        if any(game_engine.ends_turn(command) for command in game_engine.legal(state, mover))
    ]
    assert ending or not game_engine.vocabulary.ends_turn, "no position where a turn can end"
    return name, game_engine, found


def reading(game_engine, text: str):
    return parse(text, lambda line: game_engine.resembles(None, None, line))


@pytest.mark.parametrize(("language", "line"), EVERY_LINE)
def test_chat_around_a_move_is_no_service_command(game, language, line):
    name, game_engine, _found = game
    command = COMMAND[name]
    for text in (f"{line}\n{command}", f"{command}\n{line}", f"{command}\n{line}\n{command}"):
        parsed = reading(game_engine, text)
        assert all(x.kind != "service" for x in parsed.lines if x.text != command), text


@pytest.mark.parametrize(("language", "line"), EVERY_LINE)
def test_chat_the_game_is_given_is_refused_in_every_position(game, language, line):
    """A chatty line kept as a game line (it looks like one) is never played: the mail is
    refused with the line quoted, so the player says what they meant. Between two moves, so it
    is read with them (below the last move it is set aside, and nothing here would be played)."""
    name, game_engine, found = game
    parsed = reading(game_engine, f"{COMMAND[name]}\n{line}\n{COMMAND[name]}")
    kept = [x for x in parsed.lines if x.kind == "game" and x.text != COMMAND[name]]
    for chat in kept:
        for state, mover in found:
            with pytest.raises(IllegalMove):
                game_engine.play(state, mover, chat.text)


@pytest.mark.parametrize(("language", "line"), EVERY_LINE)
def test_chat_is_set_aside_as_a_sign_off_unless_it_looks_like_a_move(game, language, line):
    """Only a line with the game's words is kept (and refused, above): a mistyped move is
    never dropped."""
    name, game_engine, _found = game
    parsed = reading(game_engine, f"{COMMAND[name]}\n\n{line}")
    if parsed.read == [COMMAND[name]]:
        assert parsed.set_aside == [" ".join(line.split())]
    else:
        assert parsed.lines[-1].kind == "game" and game_engine.resembles(None, None, line)


@pytest.mark.parametrize(
    ("language", "line"),
    [(language, line) for language, lines in HOLDING_GAME_WORDS.items() for line in lines],
)
def test_chat_holding_a_game_word_is_set_aside_above_and_below_the_moves(game, language, line):
    """Set aside, so the answer echoes it with the greetings; the moves around it are read."""
    name, game_engine, _found = game
    command = COMMAND[name]
    for text in (f"{line}\n{command}", f"{command}\n\n{line}", f"Hi,\n{line}\n{command}\nBob"):
        parsed = reading(game_engine, text)
        assert parsed.read == [command] and line in parsed.set_aside, text


@pytest.mark.parametrize(
    ("name", "line"), [(n, line) for n, lines in TYPOS.items() for line in lines]
)
def test_a_mistyped_command_is_read_for_the_game_to_answer(name, line):
    game_engine = engine.load(name)
    command = COMMAND[name]
    for text in (f"{line}\n{command}", f"{command}\n{line}", f"Hi,\n{command}\n{line}\nBob"):
        parsed = reading(game_engine, text)
        assert line in parsed.read and line not in parsed.set_aside, text


@pytest.mark.parametrize(
    "line", ["Dear all", "Moin", "Moin moin", "LG", "Done lol", "Done thx", "Thx all", "Go gg"]
)
def test_a_word_of_a_list_or_of_chat_is_no_slip_of_a_command(game, line):
    """A word too short for a near miss is a slip only when no list knows it and it is one
    slip from a command's verb or name: "lol" is one from the article "los", "Moin" from
    "join" but alone; a slip of a verb that is a word ("dear") needs a game's word after it."""
    _name, game_engine, _found = game
    assert not game_engine.resembles(None, None, line)


@pytest.mark.parametrize(
    "line",
    [
        "Surrender is not an option", "Concede nothing!", "Join me next time",
        "Abandonar nunca", "Rendirse jamás", "Aufgeben ist keine Option",
        "Aussteigen ist nicht drin", "Desistir jamais", "Abandonar não é opção",
    ],
)  # fmt: skip
def test_a_command_word_followed_by_a_sentence_is_chat_not_a_mistyped_command(line):
    parsed = parse(f"p2n\n{line}")
    assert parsed.read == ["p2n"] and parsed.set_aside == [line]
    assert [x.kind for x in parse(f"p2n\n{line}\ndone").lines] == ["game", "chat", "game"]


@pytest.mark.parametrize("line", ["resign now", "resign please", "aufgeben jetzt", "join 3"])
def test_a_command_word_with_a_wrong_argument_is_still_refused_as_mistyped(line):
    assert parse(f"p2n\n{line}").lines[-1].kind == "mistyped"


@pytest.mark.parametrize(
    "line", ["The end is near", "End of story", "end.", "Ende gut", "fin.", "Fim do jogo"]
)
def test_only_a_line_end_alone_stops_reading(line):
    assert new_text(plain(f"p2n\n{line}\ndone")) == f"p2n\n{line}\ndone"
    assert new_text(plain("p2n\nend\ndone")) == "p2n"


def plain(body: str) -> EmailMessage:
    message = EmailMessage()
    message.set_content(body)
    return message


#: Chat of exactly a command's shape: a verb (or a slip of one), a name too short to stand
#: alone that is a word of grammar too ("a" is a Hengist party and an article or preposition),
#: then prose. Only the position tells it from a command: no legal command is such a line.
SHAPED_CHAT = [
    "Move a muscle", "Return a favour", "Vuelvo a las nueve", "Vuelve a intentarlo",
    "Land a job", "Mueve a la izquierda", "Pass a note", "Raid a fridge", "Go a long way",
    "Passa a bola", "Olha a hora", "Volta a ligar", "Espia a vizinha",
]  # fmt: skip
#: Lines of the same shape that are no slip of any command of the game: beside moves they
#: are set aside like that chat, alone in a mail they are answered (the game's refusal).
NO_SLIP = {"move a nowhere", "move party a nowhere", "spy a plz"}


def reading_at(game_engine, state, mover, text: str):
    """``text`` read as the pipeline reads a reply: knowing the position, and by the lines'
    shape alone when nothing else is a command."""
    return parse(
        text,
        lambda line: game_engine.resembles(state, mover, line),
        lambda line: game_engine.resembles(None, None, line),
    )


@pytest.fixture(scope="module")
def hengist_positions():
    return positions("hengist")


@pytest.mark.parametrize("line", SHAPED_CHAT)
def test_chat_of_a_commands_shape_is_set_aside_knowing_the_position(hengist_positions, line):
    game_engine, command = engine.load("hengist"), COMMAND["hengist"]
    assert game_engine.resembles(None, None, line)  # its shape alone is a command's
    for state, mover in hengist_positions[::5]:
        for text in (f"{line}\n{command}", f"Hi Bob,\n{line}\n\n{command}\ndone\n\n{line}"):
            parsed = reading_at(game_engine, state, mover, text)
            assert line not in parsed.read and line in parsed.set_aside, text


@pytest.mark.parametrize("line", [*SHAPED_CHAT, *sorted(NO_SLIP)])
def test_a_line_of_a_commands_shape_alone_in_a_mail_is_answered(hengist_positions, line):
    game_engine = engine.load("hengist")
    for state, mover in hengist_positions[::10]:
        parsed = reading_at(game_engine, state, mover, f"Hi,\n{line}\nBob")
        assert parsed.read == [line] and parsed.set_aside == ["Hi,", "Bob"]
        with pytest.raises(IllegalMove):
            game_engine.play(state, mover, line)


@pytest.mark.parametrize("name", sorted(COMMAND))
def test_a_mistyped_command_is_read_knowing_the_position(name):
    game_engine, command = engine.load(name), COMMAND[name]
    for line in TYPOS[name]:
        for state, mover in positions(name)[::7]:
            parsed = reading_at(game_engine, state, mover, f"{command}\n{line}")
            assert (line in parsed.read) == (line not in NO_SLIP), line


@pytest.mark.parametrize("name", sorted(COMMAND))
def test_no_legal_command_in_any_language_reads_as_chat(name):
    game_engine = engine.load(name)
    for state, mover in positions(name)[::3]:
        for command in game_engine.legal(state, mover):
            for language in ("en", "es", "de", "pt"):
                shown = game_engine.shown(command, language)
                assert game_engine.resembles(state, mover, shown), shown
                parsed = reading_at(game_engine, state, mover, f"Hi,\n{shown}\nBob")
                assert parsed.read == [shown], shown


#: A verb and fillers only: chat of a command's shape ("move" and "play" need a place, "go" a
#: good, in every game that has them).
VERB_AND_FILLERS = ["Move on", "Play on!", "Move along", "Go on", "Play on, please", "Move on to"]
#: Such lines a game plays where the verb alone is legal ("stay" in HONGA, "done" in Hengist,
#: in any language), and slips of them: read, never set aside.
VERB_ALONE_AND_FILLERS = {
    ("honga", "stay"): ["Stay on", "stay please", "bleibe bitte", "quedo por favor", "Stya on"],
    ("hengist", "done"): ["Pass on", "done please", "Doen please", "fertig bitte"],
}


@pytest.mark.parametrize("name", sorted(COMMAND))
def test_a_verb_and_fillers_beside_moves_is_set_aside_knowing_the_position(name):
    game_engine, command = engine.load(name), COMMAND[name]
    for line in VERB_AND_FILLERS:
        for state, mover in positions(name)[::7]:
            for text in (f"{command}\n{line}", f"Hi,\n{line}\n{command}\ndone\n{line}"):
                parsed = reading_at(game_engine, state, mover, text)
                assert line not in parsed.read and line in parsed.set_aside, (line, text)


@pytest.mark.parametrize("line", VERB_AND_FILLERS)
def test_a_verb_and_fillers_alone_in_a_mail_is_answered_as_by_its_shape(line):
    for name in sorted(COMMAND):
        game_engine = engine.load(name)
        for state, mover in positions(name)[::10]:
            parsed = reading_at(game_engine, state, mover, f"Hi,\n{line}\nBob")
            shaped = game_engine.resembles(None, None, line)
            assert [" ".join(x.split()) for x in parsed.read] == (
                [line.strip("!")] if shaped else []
            )


@pytest.mark.parametrize(("name", "verb"), sorted(VERB_ALONE_AND_FILLERS))
def test_a_verb_legal_alone_with_fillers_or_a_slip_is_read(name, verb):
    game_engine, command = engine.load(name), COMMAND[name]
    found = [(s, m) for s, m in positions(name) if verb in game_engine.legal(s, m)]
    assert found
    for state, mover in found:
        for line in VERB_ALONE_AND_FILLERS[name, verb]:
            parsed = reading_at(game_engine, state, mover, f"{command}\n{line}")
            assert line in parsed.read, line


@pytest.mark.parametrize("name", sorted(COMMAND))
def test_no_legal_command_with_a_filler_after_it_reads_as_chat(name):
    game_engine = engine.load(name)
    please = {"en": "please", "es": "por favor", "de": "bitte", "pt": "por favor"}
    for state, mover in positions(name)[::3]:
        for command in game_engine.legal(state, mover):
            for language, filler in please.items():
                shown = f"{game_engine.shown(command, language)} {filler}"
                parsed = reading_at(game_engine, state, mover, f"Hi,\n{shown}\nBob")
                assert parsed.read == [shown], shown
