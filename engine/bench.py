"""Speed of the engines: ``python -m engine.bench [GAME ...] [--games N] [--against DIR]``.

For each game, option set and player count it plays random full games and prints games per
second and the median time of one ``legal`` and one ``play`` call, all in processor time
(``time.process_time``): the figure that holds when other work loads the machine.

``--against DIR`` compares with the engine of another checkout (``git worktree add DIR REV``
or ``git archive REV engine | tar -x -C DIR``): each case runs ``--rounds`` times in fresh
processes, this checkout and the other in turn, so both see the same load; the medians are
printed side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

if not __package__:  # run as a file by --against: ``engine`` comes from PYTHONPATH
    del sys.path[0]

import engine  # noqa: E402


def measure(game, n: int, games: int, options: dict) -> dict:
    """Play ``games`` random games; return rate and median legal/play times in ms."""
    legal_times, play_times = [], []
    started = time.process_time()
    for seed in range(games):
        state = game.new([f"p{i}" for i in range(1, n + 1)], seed=seed, options=options)
        chooser = random.Random(seed)
        while waiting := game.to_move(state):
            player = chooser.choice(waiting)
            t0 = time.process_time()
            legal = game.legal(state, player)
            t1 = time.process_time()
            state = game.play(state, player, chooser.choice(legal))
            t2 = time.process_time()
            legal_times.append(t1 - t0)
            play_times.append(t2 - t1)
    elapsed = time.process_time() - started
    return {
        "games_per_s": games / elapsed,
        "ms_per_game": 1000 * elapsed / games,
        "legal_ms": 1000 * statistics.median(legal_times),
        "play_ms": 1000 * statistics.median(play_times),
        "commands_per_game": len(play_times) / games,
    }


def cases(names: list[str]) -> list[tuple[str, str, int, dict]]:
    """(label, game, players, options) for every game, option set and player count."""
    found = []
    for name in names:
        game = engine.load(name)
        for options in getattr(game, "conformance_options", [{}]):
            label = name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
            for n in range(game.min_players, game.max_players + 1):
                found.append((f"{label} {n}p", name, n, options))
    return found


def measured_in(checkout: Path, name: str, n: int, options: dict, games: int) -> dict:
    """:func:`measure` in a fresh process that imports ``engine`` from ``checkout``."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, __file__, name, "--games", str(games), "--players", str(n)]
    command += ["--options", json.dumps(options), "--json"]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def compare(names: list[str], games: int, other: Path, rounds: int) -> None:
    here = Path(__file__).resolve().parent.parent
    print(f"games/s and median play ms: {here} against {other}, {rounds} rounds interleaved")
    print(f"{'game':<40}{'games/s':>9}{'before':>9}{'play ms':>9}{'before':>9}{'change':>8}")
    for label, name, n, options in cases(names):
        runs: dict[Path, list[dict]] = {here: [], other: []}
        for turn in range(rounds):
            for checkout in (here, other) if turn % 2 == 0 else (other, here):
                runs[checkout].append(measured_in(checkout, name, n, options, games))
        rate, before = (statistics.median(r["games_per_s"] for r in runs[c]) for c in (here, other))
        play, was = (statistics.median(r["play_ms"] for r in runs[c]) for c in (here, other))
        print(
            f"{label:<40}{rate:>9.1f}{before:>9.1f}{play:>9.3f}{was:>9.3f}"
            f"{rate / before - 1:>+8.0%}",
            flush=True,
        )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=engine.names())
    parser.add_argument("--games", dest="count", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs per case with --against")
    parser.add_argument("--players", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--options", type=json.loads, default={}, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.json:  # one case, for --against
        game = engine.load(args.games[0])
        print(json.dumps(measure(game, args.players, args.count, args.options)))
        return
    if args.against:
        compare(args.games, args.count, args.against.resolve(), args.rounds)
        return
    print(f"{'game':<40}{'games/s':>9}{'ms/game':>9}{'cmds':>7}{'legal ms':>10}{'play ms':>9}")
    for label, name, n, options in cases(args.games):
        r = measure(engine.load(name), n, args.count, options)
        print(
            f"{label:<40}{r['games_per_s']:>9.1f}{r['ms_per_game']:>9.1f}"
            f"{r['commands_per_game']:>7.0f}{r['legal_ms']:>10.3f}{r['play_ms']:>9.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
