"""Mails per player per game, with and without plans: ``python -m pbem.bench_plans [--games N]``.

Bots play whole games by mail through the real steps (accept, the pipeline, every mail into
the outbox), in this process, each player at the default mail level (``turns``). Whoever is to
move answers their turn mail with their turn, as bots always did; a planning bot also writes,
after a line ``later``, its likely next moves the way a careful player would: it plays the
game ahead on copies (with other dice and other choices of the others, since it cannot know
them), and each planned line lists the moves it would make at that point in the copies as
alternatives. Prints, per game, the mails a player received and wrote per game, without plans
and with them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from pathlib import Path

from sqlalchemy import func, select

from pbem import games, migrate, pipeline, plans
from pbem.bench import next_mail
from pbem.config import Settings
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import OutboundMail

#: The games measured: (kind, players).
TABLES = (("stoneage", 2), ("stoneage", 4), ("honga", 2), ("honga", 4), ("hengist", 2))
#: How many futures a planning bot plays ahead: its alternatives come from them.
FUTURES = 3
#: How many lines a planning bot writes: about a round of a careful player's own moves.
PLAN_LINES = 10


def _future(game_engine, state: dict, name: str, seed: int, most: int) -> list[str]:
    """``name``'s own next ``most`` moves in one imagined future: the dice come from another
    seed and the others choose with another chooser (the planner knows neither)."""
    state = {**state, "seed": f"{state['seed']}/imagined/{seed}"}
    chooser, mine = random.Random(seed), []
    while len(mine) < most and (waiting := game_engine.to_move(state)):
        command = game_engine.bot(state, waiting[0], chooser)
        state = game_engine.play(state, waiting[0], command)
        if waiting[0] == name:
            mine.append(command)
    return mine


def _plan(game_engine, state: dict, name: str, seed: int, most: int) -> list[str]:
    """A careful player's plan: at each of their next moves, what they would play in each
    imagined future, as alternatives (the most likely first), while the futures agree that
    a move of theirs comes there."""
    futures = [_future(game_engine, state, name, seed * FUTURES + i, most) for i in range(FUTURES)]
    lines = []
    for index in range(min(len(future) for future in futures)):
        choices = list(dict.fromkeys(future[index] for future in futures))
        lines.append(" or ".join(choices))
    return lines


def _planner(planning: int, chooser: random.Random):
    """What a careful player writes after their turn: ``planning`` lines after ``later``
    (nothing when ``planning`` is 0 or the game is over)."""

    def then(game_engine, state: dict, name: str) -> list[str]:
        if not planning or not game_engine.to_move(state):
            return []
        seed = chooser.randrange(2**31)
        return ["later", *_plan(game_engine, state, name, seed, planning)]

    return then


def play(settings: Settings, kind: str, players: int, seed: int, planning: int) -> dict:
    """One whole game by mail, plans of ``planning`` lines (0: none); the mails each player
    received and wrote, on average."""
    with transaction(settings.database_url) as session:
        addresses = [f"p{i}.{seed}.{planning}.{kind}{players}@bench.test" for i in range(players)]
        game = games.create(session, settings, kind, addresses, seed=seed, seated=True)
        game_id = game.id
    chooser, written = random.Random(seed), 0
    then = _planner(planning, chooser)
    while (raw := next_mail(settings, game_id, chooser, then)) is not None:
        with transaction(settings.database_url) as session:
            stored = accept(session, raw, "smtp")
        with transaction(settings.database_url) as session:
            pipeline.process(session, settings, stored.id)
        written += 1
    with transaction(settings.database_url) as session:
        received = session.scalar(
            select(func.count()).select_from(OutboundMail).where(OutboundMail.game_id == game_id)
        )
    return {"received": received / players, "written": written / players}


def run(settings: Settings, tables, count: int, lines: int) -> list[dict]:
    """Each table's mails per player per game, mean over ``count`` games, without plans and
    with plans of ``lines`` lines (the same seeds)."""
    rows = []
    for kind, players in tables:
        row = {"kind": kind, "players": players}
        for planning in (0, lines):
            results = [play(settings, kind, players, s, planning) for s in range(1, count + 1)]
            for key in ("received", "written"):
                row[(key, bool(planning))] = statistics.mean(r[key] for r in results)
        rows.append(row)
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per table (default 2)")
    parser.add_argument(
        "--lines", type=int, default=PLAN_LINES, help=f"lines a plan holds ({PLAN_LINES})"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        migrate.upgrade(url)
        settings = Settings(var_dir=Path(folder), database_url=url, domain="bench.test")
        lines = min(args.lines, plans.MOST_LINES)  # a longer plan is refused
        rows = run(settings, TABLES, args.games, lines)
    print(
        f"mails per player per game, mail level 'turns', mean of {args.games} games, "
        f"plans of {lines} lines:"
    )
    print("game           received: no plans  plans   written: no plans  plans")
    for row in rows:
        print(
            f"{row['kind']:<9} {row['players']}p  "
            f"{row[('received', False)]:>17.1f} {row[('received', True)]:>6.1f}  "
            f"{row[('written', False)]:>17.1f} {row[('written', True)]:>6.1f}"
        )


if __name__ == "__main__":
    main()
