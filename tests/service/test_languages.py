"""Players write in English, Spanish, German or Portuguese: service commands and game commands
in any of them, mixed too; the move log keeps English."""

from __future__ import annotations

import pytest
from sqlalchemy import select

import engine
from pbem.db import transaction
from pbem.models import Move

LANGUAGES = ("es", "de", "pt")
JOIN = {"es": "unirse", "de": "Mitmachen", "pt": "entrar"}


def moves(service, game_id) -> list[str]:
    with transaction(service.settings.database_url) as session:
        query = select(Move.command).where(Move.game_id == game_id).order_by(Move.number)
        return list(session.scalars(query))


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_invitation_is_accepted_in_any_language(service, language):
    game_id, guest, _sent = service.invite_guest()
    sent = service.deliver(service.reply(game_id, guest, f"¡Hola!\n\n{JOIN[language]}\n"))
    assert service.game(game_id)[0].status == "active"
    assert {m.kind for m in sent} == {"turn"}


@pytest.mark.parametrize("name", engine.names())
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_turn_written_in_another_language_is_logged_in_english(service, name, language):
    game_id = service.new_game(kind=name, players=2, seed=3)
    game = engine.load(name)
    for _turn in range(3):
        mover = service.to_move(game_id)[0]
        turn = service.turn_of(game_id, mover)
        typed = [game.shown(command, language) for command in turn]
        before = len(moves(service, game_id))
        sent = service.deliver(service.reply(game_id, mover, "\n".join(typed)))
        assert "error" not in {m.kind for m in sent}, typed
        assert moves(service, game_id)[before : before + len(turn)] == turn


def test_a_mail_may_mix_languages(service):
    game_id = service.new_game(players=2, seed=3)
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "colocar 2 norte\nfertig\nestado"))
    assert "error" not in {m.kind for m in sent}
    assert moves(service, game_id)[:2] == ["place 2 north", "done"]


def test_a_service_word_of_another_language_with_a_wrong_argument_is_refused_in_its_words(
    service,
):
    game_id = service.new_game(players=2, seed=3)
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "abandonar ahora"))
    assert [m.kind for m in sent] == ["error"]
    body = " ".join(sent[0].message.decode("utf-8", "replace").split())
    assert "This is not how abandonar is written" in body
