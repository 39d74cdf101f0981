"""One of the processes of `test_storage_pg.test_two_processes_on_one_game_never_fork_it`.

`python -m tests.bot.pg_writer URL GAME TAG COUNT`: opens its own store and service on the
database, says "ready", waits for a line on stdin ("go", so that both start together), then
makes COUNT actions on the game as whoever's turn it is (a note, then a roll, in turn), each
answering its own interaction id; every tenth is an interaction delivered to both processes
(the same id and note in each). A refused stale write (the other process went first) is
tried again on the game as stored. Prints one JSON line per action: {"ack": seq, "id": id}
once stored, {"dup": id} when the interaction was already applied; at the end
{"stale": n}, how many of its writes the other process made stale (for whoever looks: how
often the two met depends on the machine's scheduling).
"""

from __future__ import annotations

import asyncio
import json
import sys

import tests.support.pig  # noqa: F401  (registers Pig)
from bot.service import Duplicate, GameService
from bot.storage import StaleWrite
from bot.stores import open_storage

SHARED = 3_000_000  # interaction ids both processes receive


async def main(url: str, game_id: int, tag: int, count: int) -> None:
    storage = await open_storage(url)
    service = GameService(storage, seed_source=lambda: "unused")
    await service.restore()
    live = await service.get(game_id)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    stale = 0
    for i in range(count):
        shared = i % 10 == 0
        interaction = SHARED + i if shared else tag * 1_000_000 + i
        while True:
            assert live.game is not None
            (seat,) = live.game.prompts()
            if shared or i % 2 == 0:
                action, params = "note", {"text": f"{'shared' if shared else tag}-{i}"}
            else:
                action, params = "roll", {}
            try:
                outcome = await service.act(live, live.user_of(seat) or 0, action, params,
                                            seat=seat, interaction_id=interaction)
            except StaleWrite:
                stale += 1
                continue  # the other process stored first: the game was reloaded
            except Duplicate:
                print(json.dumps({"dup": interaction}), flush=True)
                break
            print(json.dumps({"ack": outcome.seq, "id": interaction}), flush=True)
            break
    print(json.dumps({"stale": stale}), flush=True)
    await storage.close()


if __name__ == "__main__":
    url, game, tag, count = sys.argv[1:5]
    asyncio.run(main(url, int(game), int(tag), int(count)))
