"""Speed and size of the board pictures: ``python -m pbem.pictures.bench [--games N]``.

Bots play each game at its largest table; every position is drawn from the first player's
view. Prints, per game, the median and 95th percentile processor time of drawing a new
picture (scene, drawing, PNG), of a picture already drawn (the cache: the same board for
another reader or another mail), and the largest PNG. Processor time, not wall time: the
figures hold on a machine busy with other work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engine
from pbem import pictures

TABLES = {"honga": (5, {}), "stoneage": (4, {"mammoth_herd": True}), "hengist": (2, {})}


def measure(kind: str, games: int) -> dict:
    game = engine.load(kind)
    players, options = TABLES[kind]
    drawn, cached, largest = [], [], 0
    for seed in range(games):
        names = [f"player{i}" for i in range(players)]
        state, chooser = game.new(names, seed=seed, options=options), random.Random(seed)
        while game.to_move(state):
            view = game.view(state, names[0])
            pictures.clear()
            started = time.process_time()
            picture = pictures.picture(kind, view)
            drawn.append(time.process_time() - started)
            started = time.process_time()
            pictures.picture(kind, view)
            cached.append(time.process_time() - started)
            largest = max(largest, len(picture.png))
            name = game.to_move(state)[0]
            state = game.play(state, name, game.bot(state, name, chooser))
    return {
        "pictures": len(drawn),
        "median_ms": 1000 * statistics.median(drawn),
        "p95_ms": 1000 * statistics.quantiles(drawn, n=20)[-1],
        "cached_ms": 1000 * statistics.median(cached),
        "largest_kb": largest / 1024,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    for kind, (players, _options) in TABLES.items():
        r = measure(kind, args.games)
        print(
            f"pictures ({kind} {players}p, {r['pictures']} positions): new {r['median_ms']:.1f} ms "
            f"median, {r['p95_ms']:.1f} ms 95%; same board again {r['cached_ms']:.2f} ms; "
            f"largest {r['largest_kb']:.0f} KB"
        )


if __name__ == "__main__":
    main()
