"""Players write in English, Spanish, German or Portuguese: service commands and game commands
in any of them, mixed too; the move log keeps English."""

from __future__ import annotations

import email
import email.policy

import pytest
from sqlalchemy import select

import engine
from pbem.db import transaction
from pbem.models import Move, Player

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


# -- the player's language ------------------------------------------------------------------


def header(mail, name: str) -> str:
    return str(email.message_from_bytes(mail.message, policy=email.policy.default)[name] or "")


def text_of(mail) -> str:
    message = email.message_from_bytes(mail.message, policy=email.policy.default)
    return " ".join(message.get_body(("plain",)).get_content().split())


def locale_of(service, address: str) -> str:
    with transaction(service.settings.database_url) as session:
        return session.scalar(select(Player.locale).where(Player.address == address))


def test_the_language_is_guessed_once_from_the_first_mail_and_the_answer_says_how_to_change_it(
    service,
):
    game_id, guest, _sent = service.invite_guest()
    assert locale_of(service, "guest@y.test") == ""
    first = service.deliver(service.reply(game_id, guest, "¡Hola!\n\nunirse\n\nUn abrazo"))
    assert locale_of(service, "guest@y.test") == "es"
    mine = [m for m in first if m.to_address == "guest@y.test"]
    assert [header(m, "Content-Language") for m in mine] == ["es"]
    assert text_of(mine[0]).count("idioma en (English)") == 1  # what was guessed, how to change
    again = service.deliver(service.reply(game_id, guest, "Hallo zusammen\n\nstatus\n"))
    assert locale_of(service, "guest@y.test") == "es"  # once: a later mail changes nothing
    assert text_of(again[0]).count("idioma en (English)") == 1  # status says it, no guess


def test_a_new_player_writing_to_the_service_reads_the_guess_and_invitations_follow_it(service):
    raw = service.to_service("ana@x.test", "Hola a todos\n\nnuevo honga con bea@y.test\n\nGracias")
    sent = service.deliver(raw)
    assert locale_of(service, "ana@x.test") == "es"
    assert {m.to_address: header(m, "Content-Language") for m in sent} == {
        "ana@x.test": "es",
        "bea@y.test": "es",  # known to nobody yet: invited in the inviter's language
    }


def test_language_is_chosen_with_a_command_in_any_language_and_shown_in_status(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    sent = service.deliver(service.reply(game_id, mover, "Sprache Deutsch"))
    assert locale_of(service, address) == "de"
    assert [(m.kind, header(m, "Content-Language")) for m in sent] == [("news", "de")]
    status = service.deliver(service.reply(game_id, mover, "idioma pt"))
    assert locale_of(service, address) == "pt"
    status = service.deliver(service.reply(game_id, mover, "status"))
    assert header(status[0], "Content-Language") == "pt"
    assert "língua pt (português)" in text_of(status[0]) or "idioma pt" in text_of(status[0])


def test_a_language_we_do_not_write_is_refused_with_the_ones_we_do(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, mover, "language klingon"))
    assert [m.kind for m in sent] == ["error"]
    assert "language es (español)" in text_of(sent[0])


def test_the_language_never_changes_from_the_service_address(service):
    service.deliver(service.to_service("ann@x.test", "new honga with bob@y.test"))
    assert locale_of(service, "ann@x.test") == "en"
    sent = service.deliver(service.to_service("ann@x.test", "language de"))
    assert locale_of(service, "ann@x.test") == "en"
    assert [m.kind for m in sent] == ["notice"]


def test_each_player_of_a_game_reads_their_own_language(service):
    """A mail one player causes is written for each reader in theirs: a refusal of the guest
    goes to the host in the host's language (it was written in the author's before)."""
    service.deliver(service.to_service("ana@x.test", "Hola\n\nnuevo honga con kai@y.test"))
    game_id = service.outbox()[-1].game_id
    guest = next(s for s in service.game(game_id)[1] if s["address"] == "kai@y.test")
    sent = service.deliver(service.reply(game_id, guest["name"], "Hallo zusammen\n\nablehnen"))
    assert {m.to_address: header(m, "Content-Language") for m in sent} == {
        "ana@x.test": "es",
        "kai@y.test": "de",
    }


def test_a_game_that_is_not_running_is_said_to_be_so_in_the_readers_words(service):
    """A game's state (cancelled, finished, waiting for players) is a word of the reader's
    language in the refusal of a move and in the list of games, never the stored value."""
    service.deliver(service.to_service("ana@x.test", "Hola\n\nnuevo honga con kai@y.test"))
    game_id = service.outbox()[-1].game_id
    host, guest = service.game(game_id)[1]
    listed = service.deliver(service.to_service("ana@x.test", "partidas"))
    assert f"Partida {game_id} (HONGA): esperando jugadores." in text_of(listed[0])
    service.deliver(service.reply(game_id, guest["name"], "Hola\n\nrechazar"))
    refused = service.deliver(service.reply(game_id, host["name"], "colocar 2 norte"))
    assert [m.kind for m in refused] == ["error"]
    assert f"La partida {game_id} no está en curso (está cancelada)." in text_of(refused[0])
    listed = service.deliver(service.to_service("ana@x.test", "partidas"))
    assert f"Partida {game_id} (HONGA): cancelada." in text_of(listed[0])
