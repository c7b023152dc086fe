"""Invitations as people live them: the host learns whom the game waits for and how to call
it off, a host who calls it off is not said to have declined an invitation, and whoever
answers a game that was called off is told so, with what they can do instead."""

from __future__ import annotations

import pytest
from service_mails import flat, text_of

from pbem import games, i18n
from pbem.db import transaction

LANGUAGES = ["en", "es", "de", "pt"]
NEW = {"en": "new", "es": "nuevo", "de": "neu", "pt": "novo"}
WITH = {"en": "with", "es": "con", "de": "mit", "pt": "com"}
DECLINE = {"en": "decline", "es": "rechazar", "de": "ablehnen", "pt": "recusar"}


def said(locale: str, message: str, **values: str) -> str:
    """``message`` (a ``{name}`` sentence) as a reader of ``locale`` gets it."""
    return i18n.translations(locale).gettext(message).format(**values)


def _invite(service, locale: str):
    """host@x.test (reading ``locale``) invites g1@y.test and g2@y.test to HONGA."""
    with transaction(service.settings.database_url) as session:
        games.player_for(session, "host@x.test").locale = locale
    body = f"{NEW[locale]} honga {WITH[locale]} g1@y.test g2@y.test"
    sent = service.deliver(service.to_service("host@x.test", body))
    game_id = next(m for m in sent if m.kind == "invite").game_id
    names = {s["address"]: s["name"] for s in service.game(game_id)[1]}
    return game_id, names, sent


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_host_is_told_whom_the_game_waits_for_and_how_to_call_it_off(service, locale):
    game_id, names, sent = _invite(service, locale)
    (confirmation,) = [m for m in sent if m.to_address == "host@x.test"]
    body = flat(text_of(confirmation))
    assert (
        flat(
            said(
                locale,
                "We invited {names}; the game starts when all have joined.",
                names="g1, g2",
            )
        )
        in body
    )
    assert flat(said(locale, "To call the game off, reply decline.")) in body


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_host_calling_the_game_off_is_not_said_to_decline_an_invitation(service, locale):
    game_id, names, _sent = _invite(service, locale)
    sent = service.deliver(service.reply(game_id, names["host@x.test"], DECLINE[locale]))
    assert service.game(game_id)[0].status == "cancelled"
    told = {m.to_address: flat(text_of(m)) for m in sent}
    assert set(told) == {"host@x.test", "g1@y.test", "g2@y.test"}
    declined = said(
        locale,
        "{name} declined the invitation, so game {id} will not start.",
        name="host",
        id=str(game_id),
    )
    assert all(flat(declined) not in body for body in told.values())
    # the guests read the host's language until they write: the same words for all three
    called_off = flat(
        said(
            locale,
            "{name} called game {id} off, so it will not start.",
            name="host",
            id=str(game_id),
        )
    )
    assert all(called_off in body for body in told.values())


@pytest.mark.parametrize("locale", LANGUAGES)
def test_joining_a_game_that_was_called_off_says_so_and_how_to_play(service, locale):
    game_id, names, _sent = _invite(service, locale)
    service.deliver(service.reply(game_id, names["g1@y.test"], DECLINE[locale]))
    for command in ("join", "decline"):
        (answer,) = service.deliver(service.reply(game_id, names["g2@y.test"], command))
        body = flat(text_of(answer))
        assert (
            flat(said(locale, "Game {id} was called off, so it will not start.", id=str(game_id)))
            in body
        )
        assert service.settings.service_address in body
        assert (
            flat(said(locale, "Game {id} is not waiting for players.", id=str(game_id))) not in body
        )


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        (
            "new honga with a@y.test b@y.test c@y.test d@y.test e@y.test",
            "HONGA is for 2 to 5 players, you among them: invite 1 to 4 others, not 5.",
        ),
        (
            "new hengist with a@y.test b@y.test",
            "Hengist is for 2 players, you among them: invite 1 other player, not 2.",
        ),
    ],
)
def test_too_many_invited_is_counted_without_the_host(service, body, sentence):
    """'HONGA is for 2 to 5 players, not 6' to a host who named five: they did not count
    themselves, so the answer says how many others they may invite."""
    sent = service.deliver(service.to_service("host@x.test", body))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "host@x.test")]
    assert sentence in flat(text_of(sent[0]))
