"""How often each game's bot beats a random player: ``python -m engine.bench_bots [GAME ...]
[--games N]``.

For each game and player count, ``--games`` seeded games (default 200): one seat is the bot
(:meth:`Game.bot`, the seat turns with the seed), every other seat a random player choosing
uniformly among the legal commands. The bot wins a game when it places first, alone or shared
(the result's ``places``). Prints the win rate and the bot's mean time per command, in
processor time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engine


def play(game, n: int, seed: int, options: dict | None = None) -> tuple[bool, list[float]]:
    """One game, the bot in seat ``seed % n``: (whether the bot placed first, its times)."""
    players = [f"p{i}" for i in range(1, n + 1)]
    bot = players[seed % n]
    state = game.new(players, seed=seed, options=options)
    bot_chooser, random_chooser = random.Random(f"bot/{seed}"), random.Random(f"random/{seed}")
    times = []
    while waiting := game.to_move(state):
        player = waiting[0]
        if player == bot:
            started = time.process_time()
            command = game.bot(state, player, bot_chooser)
            times.append(time.process_time() - started)
        else:
            command = random_chooser.choice(game.legal(state, player))
        state = game.play(state, player, command)
    return game.result(state)["places"][bot] == 1, times


def measure(game, n: int, games: int, options: dict | None = None) -> dict:
    """Play ``games`` seeded games; the bot's wins and mean ms per command."""
    wins, times = 0, []
    for seed in range(games):
        won, spent = play(game, n, seed, options)
        wins += won
        times += spent
    return {"wins": wins, "games": games, "bot_ms": 1000 * statistics.fmean(times)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=engine.names())
    parser.add_argument("--games", dest="count", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"{'bot against random':<24}{'games':>7}{'wins':>7}{'win %':>8}{'bot ms':>9}")
    for name in args.games:
        game = engine.load(name)
        for n in range(game.min_players, game.max_players + 1):
            started = time.process_time()
            r = measure(game, n, args.count)
            print(
                f"{f'{name} {n}p':<24}{r['games']:>7}{r['wins']:>7}"
                f"{100 * r['wins'] / r['games']:>7.1f}%{r['bot_ms']:>9.2f}"
                f"   ({time.process_time() - started:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
