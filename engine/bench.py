"""Speed of the engines: ``python -m engine.bench [GAME ...] [--games N]``.

For each game and player count it plays random full games and prints games per second and
the median time of one ``legal`` and one ``play`` call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engine


def measure(game, n: int, games: int, options: dict) -> dict:
    """Play ``games`` random games; return rate and median legal/play times in ms."""
    legal_times, play_times = [], []
    started = time.perf_counter()
    for seed in range(games):
        state = game.new([f"p{i}" for i in range(1, n + 1)], seed=seed, options=options)
        chooser = random.Random(seed)
        while waiting := game.to_move(state):
            player = chooser.choice(waiting)
            t0 = time.perf_counter()
            legal = game.legal(state, player)
            t1 = time.perf_counter()
            state = game.play(state, player, chooser.choice(legal))
            t2 = time.perf_counter()
            legal_times.append(t1 - t0)
            play_times.append(t2 - t1)
    elapsed = time.perf_counter() - started
    return {
        "games_per_s": games / elapsed,
        "ms_per_game": 1000 * elapsed / games,
        "legal_ms": 1000 * statistics.median(legal_times),
        "play_ms": 1000 * statistics.median(play_times),
        "commands_per_game": len(play_times) / games,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=engine.names())
    parser.add_argument("--games", dest="count", type=int, default=20)
    args = parser.parse_args(argv)
    print(f"{'game':<28}{'games/s':>9}{'ms/game':>9}{'cmds':>7}{'legal ms':>10}{'play ms':>9}")
    for name in args.games:
        game = engine.load(name)
        for options in getattr(game, "conformance_options", [{}]):
            label = name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
            for n in range(game.min_players, game.max_players + 1):
                r = measure(game, n, args.count, options)
                print(
                    f"{label + f' {n}p':<28}{r['games_per_s']:>9.1f}{r['ms_per_game']:>9.1f}"
                    f"{r['commands_per_game']:>7.0f}{r['legal_ms']:>10.3f}{r['play_ms']:>9.3f}"
                )


if __name__ == "__main__":
    main()
