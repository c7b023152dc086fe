"""A player who writes their moves to the service address (play@) instead of replying to a
game mail is told that nothing was applied and where each of their games takes its moves, in
their language; a stranger's chat there is still only answered with how to play."""

from __future__ import annotations

import pytest
from service_mails import flat, moves, text_of

from pbem import games, i18n
from pbem.db import transaction

LANGUAGES = ["en", "es", "de", "pt"]
PLACE = {
    "en": "place 2 north",
    "es": "colocar 2 norte",
    "de": "setzen 2 Nord",
    "pt": "colocar 2 norte",
}


def said(locale: str, message: str, **values: str) -> str:
    return flat(i18n.translations(locale).gettext(message).format(**values))


@pytest.mark.parametrize("locale", LANGUAGES)
def test_moves_sent_to_the_service_address_are_pointed_to_each_game(service, locale):
    honga = service.new_game()
    hengist = service.new_game(kind="hengist")
    with transaction(service.settings.database_url) as session:
        games.player_for(session, "a1@x.test").locale = locale
    (answer,) = service.deliver(service.to_service("a1@x.test", PLACE[locale]))
    assert answer.to_address == "a1@x.test"
    body = flat(text_of(answer))
    assert said(locale, "Which game?") in body
    assert (
        said(
            locale,
            "This address is the service's, not a game's, so game commands sent to it do not "
            "reach one. Nothing was applied: please reply to the game's own mail, or write to its "
            "address:",
        )
        in body
    )
    for game_id, title in ((honga, "HONGA"), (hengist, "Hengist")):
        token = service.seat(game_id, "a1")["token"]
        address = service.settings.reply_address(token)
        assert (
            said(
                locale,
                "Game {id} ({title}): {address}",
                id=str(game_id),
                title=title,
                address=address,
            )
            in body
        )
    assert moves(service, honga) == [] and moves(service, hengist) == []
    # a2 is in both games too, but its seats' addresses are never told to a1
    for game_id in (honga, hengist):
        assert service.seat(game_id, "a2")["token"] not in answer.message.decode("utf-8", "replace")


def test_a_stranger_writing_moves_to_the_service_address_gets_how_to_play(service):
    (answer,) = service.deliver(service.to_service("nobody@x.test", "place 2 north"))
    body = flat(text_of(answer))
    assert "Which game?" not in body
    assert "new GAME with ADDRESSES" in body
