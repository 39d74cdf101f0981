"""Late-game positions for the scale benchmarks, made by seeded random play.

Issue 13 measures games late in their life: High Frontier after ~160 actions, Killer Clue
after ~420, Cold Cash Risk after ~700. `late_games` plays a few distinct games of each
through `GameService` (so every row is stored exactly as the bot stores it);
`stored_database` copies them into a database of any number of games, cached under the
temp dir (not in git) because playing and copying them takes a while.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)

import engine
from bot.service import GameService
from bot.storage import Storage
from engine import ActionSpec, Game, RuleError, autoplay

CACHE = Path(tempfile.gettempdir()) / "croupier-bench"
SCHEMA_TAG = "v3"  # bump when what is stored per action changes

# variant -> (actions to play, seats, options)
LATE: dict[str, tuple[int, list[str], dict[str, Any]]] = {
    "hf-political-events": (160, ["Ann", "Bo", "Cy", "Dee"], {}),
    "killer-clue": (420, ["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green",
                          "Mrs. Peacock", "Prof. Plum"], {}),
    "cold-cash-risk": (700, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], {"ending": "long"}),
}
VARIANTS = tuple(LATE)


def _reachable(game: Game, seat: str, spec: ActionSpec, params: dict[str, Any],
               rnd: random.Random) -> None:
    """A RISK-like attack or move mostly aimed where its source can reach."""
    if spec.name in ("attack", "blitz", "move") and "from_territory" in params:
        source = params["from_territory"]
        reach = getattr(game, "attacks" if spec.name != "move" else "free_moves")(seat)
        if source in reach and reach[source] and rnd.random() < 0.8:
            params["to_territory"] = rnd.choice(reach[source])


# Random prompted actions and values; ending the game is avoided (no accusations, no
# murders when something else is offered) so that it runs long.
LONG_GAMES = autoplay.Leaning(
    rare=frozenset({"accuse"}), open_value=lambda game, spec, param, rnd: rnd.randint(1, 4),
    prefer=lambda param, choices, rnd: [c for c in choices if not c.value.endswith("Murdered")],
    touch=_reachable)


def _move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    call = autoplay.pick(game, rnd, LONG_GAMES)
    assert call is not None
    return call


async def play_late(service: GameService, variant: str, index: int, channel: int
                    ) -> int | None:
    """One game of `variant` played to its late-game length; None if it ended first."""
    target, seats, options = LATE[variant]
    rnd = random.Random(f"{variant}-{index}")
    live = await service.create(variant=variant, guild_id=1, channel_id=channel,
                                creator_id=1, options=options)
    for n, seat in enumerate(seats):
        await service.join(live, 1000 + n, seat=seat, player_name=seat)
    await service.start(live, 1)
    done = 0
    for _ in range(target * 20):
        game = live.game
        assert game is not None
        if game.finished or done >= target:
            break
        seat, action, params = _move(game, rnd)
        try:
            await service.act_as_deadline(live, seat, action, params)
        except RuleError:
            continue
        done += 1
    if live.game is None or live.game.finished or done < target:
        await service.abort(live)
        return None
    return live.id


async def make_templates(path: Path, per_variant: int,
                         progress: Callable[[str], None] = print) -> dict[str, list[int]]:
    """A database holding `per_variant` late games of each variant."""
    storage = await Storage.open(str(path))
    service = GameService(storage, seed_source=lambda: os.urandom(8).hex(),
                          freeze_loaded=False)
    made: dict[str, list[int]] = {v: [] for v in VARIANTS}
    channel = 1
    for variant in VARIANTS:
        index = 0
        while len(made[variant]) < per_variant:
            channel += 1
            game_id = await play_late(service, variant, index, channel)
            index += 1
            if game_id is not None:
                made[variant].append(game_id)
                progress(f"  {variant}: {len(made[variant])}/{per_variant}")
    await storage.close()
    return made


def clone_games(path: Path, templates: dict[str, list[int]], total: int) -> list[int]:
    """Fill the database up to `total` unfinished games, copies of the templates in turn
    (the three variants mixed), each in a channel of its own. Returns the new ids."""
    order = [g for trio in zip(*templates.values(), strict=False) for g in trio]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous=OFF")
    have = conn.execute("SELECT count(*) FROM games WHERE status = 'running'").fetchone()[0]
    cols = "variant, guild_id, creator_id, options, seed, commitment, created_at, updated_at"
    made: list[int] = []
    conn.execute("BEGIN")
    for n in range(total - have):
        source = order[n % len(order)]
        cur = conn.execute(f"INSERT INTO games (channel_id, status, {cols}) SELECT ?, 'running',"
                           f" {cols} FROM games WHERE id = ?", (10_000_000 + n, source))
        new = int(cur.lastrowid or 0)
        made.append(new)
        conn.execute("INSERT INTO seats (game_id, position, seat, user_id, dm_ok, "
                     "fallback_thread) SELECT ?, position, seat, user_id, dm_ok, "
                     "fallback_thread FROM seats WHERE game_id = ?", (new, source))
        conn.execute("INSERT INTO actions (game_id, seq, kind, seat, action, params, user_id, "
                     "step, events, created_at) SELECT ?, seq, kind, seat, action, params, "
                     "user_id, step, events, created_at FROM actions WHERE game_id = ? "
                     "ORDER BY seq", (new, source))
        conn.execute("INSERT INTO snapshots (game_id, seq, state) SELECT ?, seq, state FROM "
                     "snapshots WHERE game_id = ?", (new, source))
    conn.execute("COMMIT")
    conn.close()
    return made


def stored_database(games: int, per_variant: int = 4,
                    progress: Callable[[str], None] = print) -> Path:
    """A cached database of `games` late games (the three variants mixed)."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"late-{SCHEMA_TAG}-{games}x{per_variant}.db"
    if path.exists():
        return path
    work = path.with_suffix(".part")
    for leftover in CACHE.glob(work.name + "*"):
        leftover.unlink()
    progress(f"generating {path} (cached for later runs)")
    templates = asyncio.run(make_templates(work, per_variant, progress))
    clone_games(work, templates, games)
    conn = sqlite3.connect(work)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    work.rename(path)
    for leftover in CACHE.glob(work.name + "-*"):
        leftover.unlink()
    return path


def copy_of(path: Path, folder: Path) -> Path:
    """A private copy of a cached database (a run may write to it)."""
    target = folder / path.name
    target.write_bytes(path.read_bytes())
    return target


def late_game(variant: str, index: int = 0) -> Game:
    """One late game of `variant` in memory, by the same random play (no storage)."""
    target, seats, options = LATE[variant]
    seed = 0
    while True:
        rnd = random.Random(f"{variant}-{index}-{seed}")
        game = engine.new_game(variant, seats, seed=f"late-{index}-{seed}", options=options)
        done = 0
        for _ in range(target * 20):
            if game.finished or done >= target:
                break
            seat, action, params = _move(game, rnd)
            try:
                game.act(seat, action, **params)
            except RuleError:
                continue
            done += 1
        if not game.finished and done >= target:
            return game
        seed += 1


# ----- late-game figures shared by the new games' benches (bench_aa_late, bench_owd_late) ---

Ask = Callable[[Any, int, random.Random], tuple[Any, str, dict[str, Any]]]


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def live_memory(db: str, variant: str, queries: int, ask: Ask) -> dict[str, Any]:
    """In a fresh process: the index read, then every game of `variant` loaded and asked
    `queries` questions (`ask(live, n, rnd)` gives the seat row, action and parameters)."""
    import gc
    import logging

    import bot.client  # noqa: F401  (the whole bot's modules, as the process holds them)

    logging.disable(logging.WARNING)
    storage = await Storage.open(db)
    service = GameService(storage, idle_seconds=1e9)
    await service.restore()
    gc.collect()
    index_rss = rss_mb()
    chosen = [live for live in service.live.values() if live.row.variant == variant]
    for live in chosen:
        await service.load(live)
        assert live.game is not None and live.broken is None, live.broken
    rnd = random.Random(1)
    for n in range(queries if chosen else 0):
        live = rnd.choice(chosen)
        seat, action, params = ask(live, n, rnd)
        await service.act(live, seat.user_id, action, params, seat=seat.seat)
    gc.collect()
    loaded_rss = rss_mb()
    await storage.close()
    return {"index_rss": index_rss, "loaded_rss": loaded_rss, "loaded": len(chosen)}


def run_child(script: str, db: Path) -> dict[str, Any]:
    """Run `script --child db` (its `live_memory`) and read the figures it prints last."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, script, "--child", str(db)], check=True,
                         capture_output=True, text=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def print_growth(sizes: dict[int, tuple[int, int, int]]) -> None:
    """The database every 100 actions: file, above the floor, per action, log, snapshot."""
    file0 = sizes[0][0]
    print("actions | database file | above the floor | per action | last 100, per action "
          "| log rows | snapshot")
    previous = sizes[0]
    for n in sorted(sizes)[1:]:
        size, log, snap = sizes[n]
        print(f"{n:7d} | {size / 1024:9.0f} KiB | {(size - file0) / 1024:11.0f} KiB | "
              f"{(size - file0) / n:7.0f} B | {(size - previous[0]) / 100:8.0f} B | "
              f"{log / 1024:5.0f} KiB | {snap / 1024:4.0f} KiB")
        previous = sizes[n]


def print_memory(empty: dict[str, Any], loaded: dict[str, Any], queries: int) -> None:
    above = loaded["loaded_rss"] - loaded["index_rss"]
    print(f"memory: {loaded['loaded']} live late games loaded and asked {queries} questions: "
          f"{above:.0f} MB above the index alone ({above * 1024 / loaded['loaded']:.0f} KiB "
          f"per game); {loaded['loaded_rss'] - empty['loaded_rss']:.0f} MB above the empty bot")


Move = Callable[[Game, random.Random], tuple[str, str, dict[str, Any]]]
Sizes = dict[int, tuple[int, int, int]]


async def play_powers(db: Path, variant: str, powers: list[str], move: Move, actions: int,
                      tag: str, players: int = 3) -> tuple[int, Sizes, Game, Counter[str]]:
    """One game of a fixed-seats variant to `actions` stored actions, each taken as the
    deadline takes it (another seed if the game ends first); the database's growth measured
    every hundred actions. `players`: how many users hold the seats (the A&A games: three
    players for five powers)."""
    from bench_growth import measure

    seed = 0
    while True:
        db.unlink(missing_ok=True)
        storage = await Storage.open(str(db))
        service = GameService(storage, seed_source=f"{tag}-{seed}".__str__,
                              freeze_loaded=False)
        live = await service.create(variant=variant, guild_id=1, channel_id=1, creator_id=1,
                                    options={})
        for n, power in enumerate(powers):
            await service.join(live, 100 + n % players, seat=power, player_name=power)
        await service.start(live, 1)
        sizes = {0: measure(db, live.id)}
        rnd = random.Random(f"{tag}-{seed}")
        taken: Counter[str] = Counter()
        done = 0
        for _ in range(actions * 20):
            game = live.game
            if game is None or game.finished or done >= actions:
                break
            seat, action, params = move(game, rnd)
            try:
                await service.act_as_deadline(live, seat, action, params)
            except RuleError:
                continue
            done += 1
            taken[action] += 1
            if done % 100 == 0:
                sizes[done] = measure(db, live.id)
        await storage.close()
        if done == actions and live.game is not None and not live.game.finished:
            return live.id, sizes, live.game, taken
        seed += 1


def memory_of_copies(script: str, tmp: str, db: Path, variant: str, game_id: int,
                     copies: int, queries: int) -> None:
    """The late game copied into `copies` running games; each process (the bot's index
    only, then every game loaded and asked `queries` questions) measured fresh."""
    clone_games(db, {variant: [game_id]}, copies)
    empty = run_child(script, Path(tmp) / "empty.db")
    loaded = run_child(script, db)
    print_memory(empty, loaded, queries)


def run(main: Callable[[], None], variant: str, queries: int, ask: Ask) -> None:
    """A late-game bench's entry: `--child DB` measures one process (`live_memory`)."""
    import json
    import sys

    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(asyncio.run(live_memory(sys.argv[2], variant, queries, ask))))
    else:
        main()
