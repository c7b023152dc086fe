"""`pbem`: the operator's command line (migrate, new, games, show, receive, verify, the
digest and deadline scans) and the service's own processes (web, smtp), configured by the
settings.

The worker is a higher layer: ``worker.launch`` runs :func:`main` with its tasks handed in
as a :class:`Worker`, so nothing here imports it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

import engine
from pbem import games, jobs, migrate
from pbem.config import Settings, load
from pbem.db import transaction
from pbem.i18n import render
from pbem.mail import commands
from pbem.mail.accept import accept_and_enqueue
from pbem.models import Game

EX_TEMPFAIL = 75


@dataclass(frozen=True)
class Worker:
    """How the service hands work to the worker: a stored mail's id, new outbox rows' ids."""

    inbound: Callable[[int], object]
    sends: Callable[[list[int]], object]


def _enqueue_sends(worker: Worker, ids: list[int]) -> None:
    """Hand the new outbox rows to the worker; if the broker is away the sweeper sends them."""
    if not ids:
        return
    try:
        worker.sends(ids)
    except Exception as exc:  # noqa: BLE001 - the rows are stored; the sweep sends them
        print(f"mails stored; the worker's sweep will send them ({exc})", file=sys.stderr)


def cmd_migrate(settings: Settings, args) -> int:
    migrate.upgrade(settings.database_url)
    print("database is up to date")
    return 0


def cmd_new(settings: Settings, args) -> int:
    try:  # read like a mail's `new` command, so each seat holds exactly the player's address
        request = commands.parse_new_game(" ".join([args.game, *args.addresses, *args.option]))
    except commands.CommandError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        with transaction(settings.database_url) as session:
            session.info["queued"] = []
            game = games.create(
                session,
                settings,
                request.game,
                request.addresses,
                request.options,
                seed=args.seed,
                seated=args.start,
            )
            session.flush()
            queued = [row.id for row in session.info.pop("queued")]
            game_id = game.id
    except games.GameError as exc:
        print(exc, file=sys.stderr)
        return 2
    _enqueue_sends(args.worker, queued)
    print(game_id)
    return 0


def cmd_games(settings: Settings, args) -> int:
    with transaction(settings.database_url) as session:
        for game in session.scalars(select(Game).order_by(Game.id)):
            names = ", ".join(f"{s.name} <{s.player.address}> {s.status}" for s in game.seats)
            print(f"{game.id:>5}  {game.kind:<9} {game.status:<9} #{game.version:<4} {names}")
    return 0


def cmd_show(settings: Settings, args) -> int:
    with transaction(settings.database_url) as session:
        game = session.get(Game, args.game)
        if game is None:
            print(f"no game {args.game}", file=sys.stderr)
            return 1
        seat = None
        if args.as_address:
            seat = next(
                (s for s in game.seats if s.player.address == args.as_address.lower()), None
            )
            if seat is None:
                print(f"{args.as_address} has no seat in game {game.id}", file=sys.stderr)
                return 1
        if not game.state:
            print(f"game {game.id} is {game.status}; no position yet")
            return 0
        game_engine = engine.load(game.kind)
        state = game_engine.restore(game.state)
        name = seat.name if seat else None
        view = game_engine.view(state, name)
        legal = game_engine.legal(state, name) if name else []
        if args.json:
            print(json.dumps({"view": view, "legal": legal}, indent=2, sort_keys=True))
            return 0
        print(f"game {game.id} ({game_engine.title}), position #{game.version}, {game.status}")
        print(f"to move: {', '.join(view['to_move']) or '-'}")
        print(render(f"mail/{game.kind}/board.txt", "en", view=view))
        print("log:")
        for event in view["log"]:
            print(f"  {event['n']:>4}. {game_engine.describe(event)}")
        if name:
            print(f"legal for {name}: {', '.join(legal) or '-'}")
    return 0


def cmd_receive(settings: Settings, args) -> int:
    raw = sys.stdin.buffer.read()
    if len(raw) > settings.max_message_bytes:
        print("message too large", file=sys.stderr)
        return 1  # permanent: the MTA bounces it
    try:
        accepted = accept_and_enqueue(settings, raw, "pipe", args.envelope_to, args.worker.inbound)
    except SQLAlchemyError as exc:
        print(f"cannot store the message now: {exc}", file=sys.stderr)
        return EX_TEMPFAIL  # the MTA keeps the message and tries again
    print(accepted.id, "duplicate" if accepted.duplicate else "stored")
    return 0


def cmd_web(settings: Settings, args) -> int:
    """Serve the webhooks and pages on ``PBEM_WEB_HOST:PBEM_WEB_PORT`` until killed."""
    from pbem.app import create_app  # Flask and the pages load only for this command

    create_app(settings, args.worker.inbound).run(
        host=settings.web_listen_host, port=settings.web_listen_port
    )
    return 0


def cmd_smtp(settings: Settings, args) -> int:
    """Receive mail on ``PBEM_SMTP_HOST:PBEM_SMTP_PORT`` until killed."""
    from pbem import smtp

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every command
    asyncio.run(smtp.serve(settings, args.worker.inbound))
    return 0


def cmd_verify(settings: Settings, args) -> int:
    bad = total = 0
    with transaction(settings.database_url) as session:
        for game in session.scalars(select(Game).where(Game.state.is_not(None)).order_by(Game.id)):
            try:
                rebuilt = games.replay(session, game)
                same = json.dumps(rebuilt, sort_keys=True) == json.dumps(game.state, sort_keys=True)
                problem = "" if same else "state differs from the replay of its moves"
            except (engine.IllegalMove, ValueError) as exc:
                problem = f"replay failed: {exc}"
            total += 1
            if problem:
                bad += 1
                print(f"game {game.id}: {problem}")
    print(f"verified {total} games, {bad} mismatches")
    return 1 if bad else 0


def _moment(text: str) -> datetime:
    """An ISO time for ``--now``; without an offset it is UTC."""
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an ISO time like 2026-12-24T18:00"
        ) from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def cmd_digest(settings: Settings, args) -> int:
    count = jobs.digest(settings, args.now, enqueue=lambda ids: _enqueue_sends(args.worker, ids))
    print(f"queued {count} digests")
    return 0


def cmd_deadlines(settings: Settings, args) -> int:
    count = jobs.deadlines(settings, args.now, enqueue=lambda ids: _enqueue_sends(args.worker, ids))
    print(f"acted on deadlines in {count} games")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pbem", description="Board games by email: operator tools.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="create or update the database tables")
    new = sub.add_parser("new", help="start a game and invite players; prints the game id")
    new.add_argument("game", choices=engine.names())
    new.add_argument("addresses", nargs="+")
    new.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE")
    new.add_argument("--seed", type=int)
    new.add_argument("--start", action="store_true", help="seat everybody at once (no invitations)")
    sub.add_parser("games", help="list games")
    show = sub.add_parser("show", help="a game as one player (or the public) sees it")
    show.add_argument("game", type=int)
    show.add_argument("--as", dest="as_address")
    show.add_argument("--json", action="store_true")
    receive = sub.add_parser("receive", help="accept one message on standard input (MTA pipe)")
    receive.add_argument("--envelope-to", default="")
    sub.add_parser("verify", help="replay every game from its seed and moves; report mismatches")
    sub.add_parser("web", help="serve webhooks and pages on PBEM_WEB_HOST:PBEM_WEB_PORT")
    sub.add_parser("smtp", help="receive mail on PBEM_SMTP_HOST:PBEM_SMTP_PORT")
    for name, what in (
        ("digest", "queue the digests due now (or at --now)"),
        ("deadlines", "send the reminders and play the late turns due now (or at --now)"),
    ):
        scan = sub.add_parser(name, help=what)
        scan.add_argument("--now", type=_moment, help="act as if it were this ISO time")
    return p


def main(argv, worker: Worker) -> int:
    """Run the command in ``argv`` (None: the command line), handing work to ``worker``."""
    commands = parser()
    commands.set_defaults(worker=worker)
    args = commands.parse_args(argv)
    settings = load()
    return globals()[f"cmd_{args.command}"](settings, args)
