"""rematch: a finished game's players are invited to a new game of the same kind and options."""

from __future__ import annotations

from sqlalchemy import select

from pbem.db import transaction
from pbem.models import Game


def _finish(service, game_id):
    with transaction(service.settings.database_url) as session:
        session.get(Game, game_id).status = "finished"


def test_rematch_invites_the_same_players_to_a_new_game(service):
    game_id = service.new_game(kind="stoneage", players=3, options={"mammoth_herd": True})
    _finish(service, game_id)
    sent = service.deliver(service.reply(game_id, "a2", "rematch"))
    with transaction(service.settings.database_url) as session:
        again = session.scalars(select(Game).where(Game.id != game_id)).one()
        seats = [(s.player.address, s.status) for s in again.seats]
        assert (again.kind, again.options["mammoth_herd"], again.status) == (
            "stoneage",
            True,
            "inviting",
        )
    assert seats == [("a1@x.test", "invited"), ("a2@x.test", "joined"), ("a3@x.test", "invited")]
    invited = sorted(m.to_address for m in sent if m.kind == "invite")
    assert invited == ["a1@x.test", "a3@x.test"]
    assert [m.to_address for m in sent if m.kind == "news"] == ["a2@x.test"]


def test_rematch_of_a_running_game_is_refused(service):
    game_id = service.new_game(kind="hengist", players=2)
    sent = service.deliver(service.reply(game_id, "a1", "rematch"))
    assert [m.kind for m in sent] == ["error"]
    with transaction(service.settings.database_url) as session:
        assert len(session.scalars(select(Game)).all()) == 1


def _rematched(service, kind: str, players: int, second: tuple[str, str]):
    """A finished game of ``kind`` whose a1 writes 'rematch', then ``second`` (seat, what it
    writes): the mails of the second, and the games made since as (kind, status, seats)."""
    game_id = service.new_game(kind=kind, players=players)
    _finish(service, game_id)
    service.deliver(service.reply(game_id, "a1", "rematch"))
    sent = service.deliver(service.reply(game_id, *second))
    with transaction(service.settings.database_url) as session:
        again = [
            (g.id, g.kind, g.status, [(s.player.address, s.status) for s in g.seats])
            for g in session.scalars(select(Game).where(Game.id != game_id))
        ]
    return sent, again


def test_a_second_rematch_takes_its_seat_in_the_first_ones_game(service):
    """Both players answer the results mail with 'rematch': one new game, which starts."""
    sent, again = _rematched(service, "hengist", 2, ("a2", "revancha"))
    assert [(kind, status) for _id, kind, status, _seats in again] == [("hengist", "active")]
    assert {status for _address, status in again[0][3]} == {"joined"}
    assert sorted(m.to_address for m in sent if m.kind == "turn") == ["a1@x.test", "a2@x.test"]
    assert "invite" not in [m.kind for m in sent]


def test_a_second_rematch_in_a_larger_game_joins_and_is_answered(service):
    sent, again = _rematched(service, "honga", 3, ("a3", "rematch"))
    [(again_id, _kind, _status, seats)] = again
    assert seats == [("a1@x.test", "joined"), ("a2@x.test", "invited"), ("a3@x.test", "joined")]
    assert [(m.kind, m.to_address, m.game_id) for m in sent] == [("news", "a3@x.test", again_id)]


def test_rematch_written_again_while_its_game_waits_makes_no_second_game(service):
    game_id = service.new_game(kind="hengist", players=2)
    _finish(service, game_id)
    service.deliver(service.reply(game_id, "a1", "rematch"))
    sent = service.deliver(service.reply(game_id, "a1", "rematch"))
    with transaction(service.settings.database_url) as session:
        again = session.scalars(select(Game).where(Game.id != game_id)).one()
    assert [(m.kind, m.to_address, m.game_id) for m in sent] == [("news", "a1@x.test", again.id)]
