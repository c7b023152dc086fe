"""`pbem new` reads addresses as a mail's `new` command does: the seat is the player's address."""

from __future__ import annotations

from tests.service.test_operator import pbem


def test_new_seats_the_address_itself_not_the_typed_word(service):
    created = pbem(service.settings, "new", "honga", "ann@x.test,", "bob@x.test", "--start")
    assert created.returncode == 0, created.stderr
    game_id = int(created.stdout)
    _game, seats = service.game(game_id)
    assert [seat["address"] for seat in seats] == ["ann@x.test", "bob@x.test"]
    # so ann's reply is hers, not a forgery
    mover = service.to_move(game_id)[0]
    answers = service.deliver(service.reply(game_id, mover, service.legal(game_id, mover)[0]))
    assert all(mail.kind == "turn" for mail in answers)


def test_new_refuses_what_is_not_an_address(settings):
    refused = pbem(settings, "new", "honga", "Ann <ann@x.test>", "bob@x.test")
    assert refused.returncode == 2 and b"Ann is neither a mail address" in refused.stderr
    assert pbem(settings, "games").stdout == b""
