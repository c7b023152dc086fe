"""Speed of the mail path: ``python -m pbem.bench [--mails N] [--warmup N] [--database URL]``.

Bots play HONGA by mail through the real steps (accept, then the pipeline: classify, route,
extract, parse, apply under the lock, compose every player's mail into the outbox), in this
process, without SMTP or a broker. Prints mails per second and the median and 95th percentile
time of one mail, and the CPU time a mail takes (the figure that holds on a busy machine), on
a fresh SQLite file unless a database URL is given. Games of ``--warmup`` mails (20) are
played first and not counted: a process's first mails also compile the templates and load the
fonts and word lists, once per process (their CPU time is printed apart). ``--parts`` also
prints the CPU time a mail spends in each named step (inclusive: a step's time holds the steps it calls), measured
by timing those functions alone (a profiler's overhead would distort Jinja2's many small
calls against Pillow's few long ones).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import tempfile
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from sqlalchemy.orm import Session

import engine
from pbem import games, migrate, notify, pictures, pipeline
from pbem.config import Settings
from pbem.db import transaction
from pbem.mail import compose
from pbem.mail.accept import accept
from pbem.models import Game
from pbem.pictures import png

#: the steps ``--parts`` times: (depth, name, owner, attribute), each called through its owner
PARTS = (
    (0, "pipeline (accept excluded)", pipeline, "process"),
    (1, "the game locked with its seats", games, "locked"),
    (1, "the moves applied and the players mailed", games, "apply"),
    (2, "turn mails", notify, "turn"),
    (3, "the reader's view and the board picture", notify, "position"),
    (4, "picture: drawing", pictures.renderer("honga"), "draw"),
    (4, "picture: PNG", png, "write"),
    (3, "text and HTML (templates, headers)", compose, "compose"),
    (3, "into the outbox (bytes, row)", notify, "queue"),
    (0, "SQLAlchemy: flushes (writes; the bots' reads and new games too)", Session, "flush"),
    (0, "SQLAlchemy: commits (the bots' reads too)", Session, "commit"),
)


def reply_mail(settings: Settings, address: str, token: str, lines: list[str]) -> bytes:
    """A player's reply writing ``lines`` above the quote of our mail."""
    message = EmailMessage()
    message["From"] = address
    message["To"] = settings.reply_address(token)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="bench.test")
    message.set_content("\n".join(lines) + "\n\nOn Monday, pbem wrote:\n> the board\n")
    return message.as_bytes()


def bot_turn(game_engine, state: dict, name: str, chooser: random.Random) -> tuple[list[str], dict]:
    """The bot's commands for ``name`` until the turn passes, and the state after them."""
    lines = []
    while name in game_engine.to_move(state):
        lines.append(game_engine.bot(state, name, chooser))
        state = game_engine.play(state, name, lines[-1])
    return lines, state


def next_mail(settings: Settings, game_id: int, chooser: random.Random, then=None) -> bytes | None:
    """The bot's reply for whoever is to move, or None when the game is over; ``then(game,
    state, name)``, when given, writes the lines that follow the turn (a plan)."""
    with transaction(settings.database_url) as session:
        game = session.get(Game, game_id)
        game_engine = engine.load(game.kind)
        state = game_engine.restore(game.state)
        waiting = game_engine.to_move(state)
        if not waiting:
            return None
        seat = next(s for s in game.seats if s.name == waiting[0])
        lines, after = bot_turn(game_engine, state, seat.name, chooser)
        if then is not None:
            lines += then(game_engine, after, seat.name)
        return reply_mail(settings, seat.player.address, seat.token, [f"#{game.version}", *lines])


@contextlib.contextmanager
def timed_parts(spent: dict[str, float]):
    """Inside: the CPU seconds spent in each of :data:`PARTS` added up in ``spent``."""
    originals = [(owner, attribute, getattr(owner, attribute)) for *_, owner, attribute in PARTS]

    def timing(name, function):
        def timed(*args, **kwargs):
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - started

        return timed

    for (_depth, name, *_), (owner, attribute, function) in zip(PARTS, originals, strict=True):
        setattr(owner, attribute, timing(name, function))
    try:
        yield spent
    finally:
        for owner, attribute, function in originals:
            setattr(owner, attribute, function)


def run(settings: Settings, mails: int, players: int, who: str = "p") -> dict:
    """Deliver ``mails`` bot replies (from players ``{who}0.N@``, ...); return the timings in
    milliseconds."""
    chooser = random.Random(1)
    times, cpu_times, outbound = [], [], 0
    game_id = None
    while len(times) < mails:
        raw = next_mail(settings, game_id, chooser) if game_id else None
        if raw is None:
            with transaction(settings.database_url) as session:
                addresses = [f"{who}{i}.{len(times)}@bench.test" for i in range(players)]
                game_id = games.create(session, settings, "honga", addresses, seated=True).id
            continue
        started, cpu = time.perf_counter(), time.process_time()
        with transaction(settings.database_url) as session:
            stored = accept(session, raw, "smtp")
        with transaction(settings.database_url) as session:
            outbound += len(pipeline.process(session, settings, stored.id))
        times.append(1000 * (time.perf_counter() - started))
        cpu_times.append(1000 * (time.process_time() - cpu))
    total = sum(times) / 1000
    return {
        "mails_per_s": len(times) / total,
        "median_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1],
        "outbound_per_s": outbound / total,
        "cpu_ms": statistics.mean(cpu_times),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20, help="mails first, not counted")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--database", help="SQLAlchemy URL (default: a fresh SQLite file)")
    parser.add_argument("--parts", action="store_true", help="CPU time a mail in each step")
    args = parser.parse_args(argv)
    spent: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'bench.db'}"
        migrate.upgrade(url)
        settings = Settings(var_dir=Path(folder), database_url=url, domain="bench.test")
        started = time.process_time()
        if args.warmup:
            run(settings, args.warmup, args.players, who="w")
        warmup = time.process_time() - started
        with timed_parts(spent) if args.parts else contextlib.nullcontext():
            result = run(settings, args.mails, args.players)
    print(
        f"mail path ({url.split(':')[0]}, HONGA {args.players}p, {args.mails} mails): "
        f"{result['mails_per_s']:.1f} mails/s, median {result['median_ms']:.1f} ms, "
        f"95% {result['p95_ms']:.1f} ms, {result['outbound_per_s']:.1f} outbound mails/s; "
        f"{result['cpu_ms']:.1f} ms of CPU a mail ({1000 / result['cpu_ms']:.0f} mails/s "
        f"on a core of its own); first {args.warmup} mails to warm up: {warmup:.2f} s of CPU"
    )
    for depth, name, *_ in PARTS if args.parts else ():
        print(f"{1000 * spent.get(name, 0.0) / args.mails:7.2f} ms  {'  ' * depth}{name}")


if __name__ == "__main__":
    main()
