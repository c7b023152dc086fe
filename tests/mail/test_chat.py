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
EVERY_LINE = [(language, line) for language, lines in CHAT.items() for line in lines]
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
