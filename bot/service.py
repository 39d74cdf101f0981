"""The games the bot runs: the one writer per game, between Discord and storage.

Everything that changes a game goes through `GameService`: it takes the game's
lock, checks the request, applies it to the engine, stores it durably, and only
then returns the outcome for the bot to announce. It imports nothing of Discord,
so the whole flow can be tested (and benchmarked) without a gateway.

Games are loaded on demand. At startup the service reads only the index (each
unfinished game's row and seats); a game's engine object is rebuilt from its latest
snapshot and the log rows after it when it is first touched (`get`, `in_channel`,
`load`), and leaves memory again after `idle_seconds` untouched. The engine object
holds the position only: the log stays in the database, read back for undo.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import engine
from bot import names
from bot.storage import (
    ActionRow,
    AlreadyApplied,
    DeadlineRow,
    GameRow,
    SeatRow,
    StaleWrite,
    StorageError,
    Store,
    UndoRequest,
)
from engine import Ambiguous, Event, Game, NotAllowed, Prompt, RuleError, Step, Unreadable
from engine.registry import check_options

log = logging.getLogger(__name__)


class Duplicate(RuleError):
    """The same request arrived twice (a double click, a repeated command)."""


@dataclass(eq=False, slots=True)
class LiveGame:
    """An unfinished game: its row and seats (the index), its engine object while it is
    loaded (None in the lobby and while it sits idle, unloaded), and its locks."""

    row: GameRow
    seats: list[SeatRow]
    game: Game | None = None
    # The one writer: a step changes the game and is stored under it.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Why a stored game could not be rebuilt. It stays in its channel, stored and
    # untouched, so players are told why it is paused instead of finding no game.
    broken: str | None = None
    # When it was last looked up (the service's clock), for unloading idle games.
    used: float = 0.0
    # The game's prompts and public view at one step: (the engine object, its step count,
    # what it said then).
    _asked: tuple[Game, int, dict[str, Prompt]] | None = None
    _shown: tuple[Game, int, dict[str, Any]] | None = None
    _telling: asyncio.Lock | None = None
    # The seq of each seat's latest stored action, known for every action after
    # `acted_from` (where the loaded copy's log began): whether a seat answered since its
    # prompt was asked (`acted_since`).
    acted: dict[str, int] = field(default_factory=dict)
    acted_from: int = 0

    @property
    def id(self) -> int:
        return self.row.id

    async def acted_since(self, storage: Store, seat: str, since: int) -> bool:
        """Did the seat store an action after step `since`? Known from memory for the
        steps the copy loaded or stored; an older step's are read from the log once (and
        then known)."""
        if since < self.acted_from:
            for row in await storage.actions(self.id, after=since):
                if row.kind == "act" and row.seat is not None and row.seq <= self.acted_from:
                    self.acted[row.seat] = max(self.acted.get(row.seat, 0), row.seq)
            self.acted_from = since
        return self.acted.get(seat, -1) > since

    @property
    def telling(self) -> asyncio.Lock:
        """One telling of the game at a time (an announcement, its prompts brought up to
        date, its status post): each reads the game's messages once and writes them back,
        and must not work from what another is changing."""
        if self._telling is None:
            self._telling = asyncio.Lock()
        return self._telling

    def prompts(self) -> dict[str, Prompt]:
        """Who must act now and the legal choices (`Game.prompts`), worked out once per
        step: the engine's answer depends on its position alone, which changes only by a
        step (its `step_count` moves on) or by a new engine object (a reload, an undo)."""
        game = self.game
        if game is None:
            return {}
        asked = self._asked
        if asked is None or asked[0] is not game or asked[1] != game.step_count:
            asked = (game, game.step_count, game.prompts())
            self._asked = asked
        return dict(asked[2])

    def public_view(self) -> dict[str, Any]:
        """What everyone may know (`Game.view(None)`), worked out once per step as
        `prompts` is. Shared by whoever reads it at that step: read it, never change it."""
        game = self.game
        assert game is not None
        shown = self._shown
        if shown is None or shown[0] is not game or shown[1] != game.step_count:
            shown = (game, game.step_count, game.view(None))
            self._shown = shown
        return shown[2]

    @property
    def seq(self) -> int:
        return self.row.seq

    @property
    def public_number(self) -> int:
        """The number a public name or text may carry for the game's progress: its public
        steps, not the log's sequence, which also counts the steps whose very occurrence is
        secret (`Game.hidden_actions`)."""
        return self.game.public_steps if self.game is not None else self.seq

    def in_turn_order(self, seats: Iterable[str]) -> list[str]:
        """`seats` in the order they take turns (the game's `turn_order`), any other after
        them in the seats' own order: how a list of awaited seats reads to players."""
        wanted = set(seats)
        order = self.game.turn_order if self.game is not None else []
        known = [s.seat for s in self.seats]
        return [s for s in dict.fromkeys([*order, *known, *sorted(wanted)]) if s in wanted]

    def seats_of(self, user_id: int) -> list[str]:
        return [s.seat for s in self.seats if s.user_id == user_id]

    def user_of(self, seat: str) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def seat_row(self, seat: str) -> SeatRow | None:
        for s in self.seats:
            if s.seat == seat:
                return s
        return None


@dataclass(frozen=True)
class Outcome:
    """What an accepted request did, for the bot to announce."""

    live: LiveGame
    seq: int
    seat: str | None
    action: str
    events: list[Event]
    # A line the announcement says before its events ("Answered for Germany, who is away.").
    said: str = ""

    @property
    def game(self) -> Game:
        assert self.live.game is not None
        return self.live.game


#: What a timed step would do to a game: (seat, action, parameters), computed from it.
Plan = Callable[[Game], Sequence[tuple[str, str, dict[str, Any]]]]


@dataclass
class Automatic:
    """What a timed step (a deadline's, a reaction window's) did to its game.

    `outcomes`: the actions it stored. `late`: the game, or the deadline, had changed
    before the step could act (an answer won the race), so it did nothing. `failed` and
    `error`: the step that raised something other than a refusal of the rules (the
    engine's bug, not the players'), which changed nothing; `failed` is None when working
    out the plan itself raised."""

    outcomes: list[Outcome] = field(default_factory=list)
    late: bool = False
    failed: tuple[str, str, dict[str, Any]] | None = None
    error: Exception | None = None


class GameService:
    """The single place where games are created, joined, played, undone and restored."""

    def __init__(self, storage: Store, *, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], str] | None = None, snapshot_every: int = 20,
                 idle_seconds: float = 3600.0, freeze_loaded: bool = True,
                 settle_delay: float = 0.2, shared: bool | None = None) -> None:
        self.storage = storage
        # Other processes write to the same database (PostgreSQL): a copy in memory may be
        # behind the log, so a game is looked up as stored before each use (`_catch_up`).
        self.shared = storage.shared if shared is None else shared
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.token_hex(16))
        self.snapshot_every = snapshot_every
        # A loaded game untouched this long leaves memory at the next load.
        self.idle_seconds = idle_seconds
        # Keep the games out of the garbage collector's full passes (see `_settle`).
        self.freeze_loaded = freeze_loaded
        self.settle_delay = settle_delay
        self._settling: asyncio.TimerHandle | None = None
        self.live: dict[int, LiveGame] = {}  # the index: every game in the lobby or running
        self.by_channel: dict[int, int] = {}
        self.loaded: OrderedDict[int, LiveGame] = OrderedDict()  # least recently used first

    # ----- lookup --------------------------------------------------------

    async def in_channel(self, channel_id: int) -> LiveGame:
        """The channel's game, loaded (and checked against the stored game, as `get`)."""
        live = self.entry_in(channel_id)
        if live is None:
            raise NotAllowed("There is no game in this channel. Start one with /game new.")
        return await self.current(live)

    async def get(self, game_id: int) -> LiveGame:
        """A game by its number, loaded. On a database several processes share, a copy
        loaded before is first checked against the stored game (one read): a DM, a menu or
        a button reaches shard 0's process whichever process played last."""
        live = self.live.get(game_id) or await self._made_elsewhere(game_id)
        if live is None:
            raise NotAllowed("That game is over or no longer exists.")
        return await self.current(live)

    async def current(self, live: LiveGame) -> LiveGame:
        """`load`: on a shared store a copy loaded before is checked against its row and
        caught up if another process played on since (`_catch_up`)."""
        return await self.load(live)

    async def for_telling(self, game_id: int, seq: int) -> LiveGame | None:
        """The game whose stored step `seq` is to be told (`bot/outbox.py`), loaded as
        stored now: a running game through `get` (rebuilt if this process's copy is older
        than the step: another process stored it); a game that step finished, rebuilt
        from its log without entering the index. None for a game aborted or gone."""
        row = await self.storage.game(game_id)
        if row is None or row.status not in ("lobby", "running", "finished"):
            return None
        if row.status == "finished":
            live = self.live.get(game_id)
            if live is not None and live.game is not None and live.game.finished:
                return live
            finished = LiveGame(row, await self.storage.seats(game_id))
            finished.game = await self._rebuild(finished)
            return finished
        live = await self.get(game_id)
        if live.game is None or live.seq < seq:
            async with live.lock:
                if live.game is None:  # the index may have it in the lobby still
                    live.row = row
                    await self._ensure(live)
                elif live.seq < seq:
                    live.seats = await self.storage.seats(game_id)
                    await self._reload(live)
        return live

    async def _made_elsewhere(self, game_id: int) -> LiveGame | None:
        """An unfinished game the index read at startup lacks: one another process over the
        same database made since (a DM about it reaches this process, shard 0's)."""
        row = await self.storage.game(game_id)
        if row is None or row.status not in ("lobby", "running"):
            return None
        seats = await self.storage.seats(game_id)
        known = self.live.get(game_id)  # tracked meanwhile: one LiveGame, one lock
        if known is not None:
            return known
        live = LiveGame(row, seats)
        self._track(live)
        return live

    def entry_in(self, channel_id: int) -> LiveGame | None:
        """The channel's game as the index knows it (its row and seats), not loaded."""
        game_id = self.by_channel.get(channel_id)
        return None if game_id is None else self.live.get(game_id)

    def games_of(self, user_id: int) -> list[LiveGame]:
        """The user's games as the index knows them (not loaded)."""
        return [g for g in self.live.values() if g.seats_of(user_id)]

    def _track(self, live: LiveGame) -> None:
        self.live[live.id] = live
        self.by_channel[live.row.channel_id] = live.id
        live.used = self.clock()
        if live.game is not None:
            self.loaded[live.id] = live
            self.loaded.move_to_end(live.id)

    def _forget(self, live: LiveGame) -> None:
        self.live.pop(live.id, None)
        self.loaded.pop(live.id, None)
        if self.by_channel.get(live.row.channel_id) == live.id:
            del self.by_channel[live.row.channel_id]

    async def _refresh(self, live: LiveGame) -> None:
        row = await self.storage.game(live.id)
        assert row is not None
        live.row = row
        live.seats = await self.storage.seats(live.id)

    # ----- the index, and games loaded on demand ----------------------------

    async def restore(self) -> int:
        """Read the index of every unfinished game (rows and seats); load none of them.

        A game is rebuilt when it is first touched; one that can't be is paused then."""
        # Ten thousand games are a hundred thousand new containers: the collector would walk
        # the whole heap several times over while they are read. They hold no cycles, and
        # nothing else is in flight yet, so collect nothing now and freeze them at once.
        collecting = gc.isenabled()
        gc.disable()
        try:
            seats = await self.storage.live_seats()
            for row in await self.storage.live_games():
                self._track(LiveGame(row, seats.get(row.id, [])))
        finally:
            if collecting:
                gc.enable()
        if self.freeze_loaded:
            gc.freeze()
        return len(self.live)

    async def load(self, live: LiveGame) -> LiveGame:
        """Make sure a running game's engine object is in memory; returns `live`.

        A game that can't be rebuilt (a damaged snapshot, a variant this version no longer
        has, a logged action the engine now refuses) is paused, not dropped: `broken` says
        why, its stored log is left untouched, and every command says so."""
        live.used = self.clock()
        if self.shared:
            await self._catch_up(live)
        if live.game is None and live.row.status == "running" and live.broken is None:
            async with live.lock:
                await self._ensure(live)
            self.unload_idle()
        elif live.id in self.loaded:
            self.loaded.move_to_end(live.id)
        return live

    async def _catch_up(self, live: LiveGame) -> None:
        """Bring this process's copy of a game to the log as stored, if another process
        over the same database stored actions since (or started or ended the game): one
        read of the game's row. Discord sends every DM's click to shard 0's process and
        the channel's commands to the guild's shard's, so two processes serve one game;
        judged on a stale copy, a click on the newest prompt was refused as out of date,
        as not the player's turn, or by the store ("the game moved on"), found by
        bench/bench_processes.py. The store still refuses a write on a copy that another
        process overtakes after this read: then the copy is reloaded (`_apply`)."""
        if live.broken is not None or not live.row.live or live.game is None and \
                live.row.status == "running":
            return  # `_ensure` reads the row as stored when it loads the game
        row = await self.storage.game(live.id)
        if row is None or (row.seq, row.status) == (live.row.seq, live.row.status):
            return
        async with live.lock:
            if (live.seq, live.row.status) == (row.seq, row.status):
                return  # caught up meanwhile
            if live.game is None or row.status != "running":
                # Started (or ended) by the other process: loaded as stored, or left.
                live.row, live.game = row, None
                self.loaded.pop(live.id, None)
                await self._ensure(live)
                return
            try:  # the old copy serves readers until the new one is built, as in `_apply`
                live.seats = await self.storage.seats(live.id)
                await self._reload(live)
            except Exception as exc:  # noqa: BLE001 - one bad game must not stop the others
                log.exception("game %s could not be brought up to date", live.id)
                live.broken = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"

    async def _ensure(self, live: LiveGame) -> None:
        """Rebuild a running game that is not in memory (its lock held)."""
        if live.game is not None or live.broken is not None or live.row.status != "running":
            return
        # The row as stored now, not as the index read it: another process over the same
        # database may have played on since (its seq must match the log rebuilt below).
        row = await self.storage.game(live.id)
        if row is not None:
            live.row = row
            live.seats = await self.storage.seats(live.id)
            if row.status != "running":
                return
        try:
            live.game = await self._rebuild(live)
        except Exception as exc:  # noqa: BLE001 - one bad game must not stop the others
            log.exception("game %s (%s) could not be rebuilt", live.id, live.row.variant)
            live.broken = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            return
        live.used = self.clock()
        if live.id in self.live:
            self.loaded[live.id] = live
            self.loaded.move_to_end(live.id)
        self._settle()

    async def preload(self, game_ids: Sequence[int]) -> None:
        """Load these games now (those that owe a prompt at startup, say)."""
        for game_id in game_ids:
            live = self.live.get(game_id)
            if live is not None:
                await self.load(live)

    def unload_idle(self) -> int:
        """Let every loaded game untouched for `idle_seconds` leave memory; returns how many.

        Its row and seats stay in the index; its next lookup rebuilds it from storage."""
        cutoff = self.clock() - self.idle_seconds
        gone = 0
        while self.loaded:
            live = next(iter(self.loaded.values()))
            if live.used > cutoff:
                break
            self.loaded.popitem(last=False)
            if live.lock.locked():  # busy after all: keep it, as recently used
                self.loaded[live.id] = live
                live.used = self.clock()
                continue
            live.game = None
            gone += 1
        return gone

    def _settle(self) -> None:
        """Keep the collector's full passes short however many games are loaded.

        The games, the index and the bot's own modules are hundreds of thousands of
        long-lived containers, and CPython's full collection walks every tracked one: with
        a thousand late games loaded, one pass blocked the event loop for a second. So once
        the index is read, and `settle_delay` after a game was loaded or changed (one timer
        for any number of them), `_freeze` moves what is alive into the permanent
        generation, which no collection walks."""
        if not self.freeze_loaded or self._settling is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._freeze()
            return
        self._settling = loop.call_later(self.settle_delay, self._freeze)

    def _freeze(self) -> None:
        """Collect the young generations (cheap: they are small), then `gc.freeze()`.

        Frozen objects are still freed by reference counting when a game changes or leaves
        memory; only a reference cycle that becomes garbage after it was frozen stays. The
        engine's states are trees, not cycles; a request's objects often are cycles, which
        is why the freeze waits a moment after the action: by then its command has been
        answered and its cycles are young garbage, which the collection frees first."""
        self._settling = None
        if self.freeze_loaded:
            gc.collect(1)
            gc.freeze()

    async def _rebuild(self, live: LiveGame) -> Game:
        """The game from its latest snapshot and the log rows after it."""
        row = live.row
        found = await self.storage.snapshot_and_tail(row.id)
        if found is None:
            raise RuleError("its starting snapshot is missing")
        state, tail = found
        # Who acted when: known from the snapshot's step on (older steps are read if asked).
        live.acted_from = tail[0].seq - 1 if tail else row.seq
        live.acted = {a.seat: a.seq for a in tail if a.kind == "act" and a.seat is not None}
        if any(a.kind == "undo" for a in tail):
            # Every undo stores a snapshot, so this log was written otherwise: replay the
            # steps in effect from the seed.
            live.acted_from, live.acted = row.seq, {}
            steps = steps_in_effect(await self.storage.actions(row.id))
            return engine.replay(row.variant, [s.seat for s in live.seats], row.seed,
                                 row.options, steps)
        game = engine.load(row.variant, state)
        for action in tail:
            self._replay_row(game, action)
        return game

    @staticmethod
    def _replay_row(game: Game, action: ActionRow) -> None:
        if action.kind != "act":
            return
        assert action.seat is not None and action.action is not None
        game.act(action.seat, action.action, **action.params)
        if game.last_step is not None and game.last_step.luck != action.step.get("luck", []):
            log.error("game %s action %s: replayed luck differs from the log",
                      action.game_id, action.seq)

    # ----- the lobby -----------------------------------------------------

    async def create(self, *, variant: str, guild_id: int | None, channel_id: int,
                     creator_id: int, options: dict[str, Any]) -> LiveGame:
        cls = engine.game_class(variant)
        options = cls.read_options(options)
        seed = self.seed_source()
        game_id = await self.storage.create_game(
            variant=variant, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
            options=options, seed=seed, commitment=engine.commitment(seed), now=self.clock())
        row = await self.storage.game(game_id)
        assert row is not None
        live = LiveGame(row, [])
        self._track(live)
        return live

    async def set_options(self, live: LiveGame, user_id: int, given: dict[str, Any]
                          ) -> dict[str, Any]:
        """Change options of a game still in the lobby (its creator only), checked whole as
        `/game new` checks them; returns the game's options."""
        async with live.lock:
            if live.row.status != "lobby":
                raise NotAllowed("The game has started: its options stay as they are.")
            if user_id != live.row.creator_id:
                raise NotAllowed("Only the game's creator can change its options.")
            options = check_options(live.row.variant, {**live.row.options, **given})
            await self.storage.set_options(live.id, options, self.clock())
            await self._refresh(live)
            return dict(live.row.options)

    async def join(self, live: LiveGame, user_id: int, *, seat: str | None,
                   player_name: str) -> str:
        async with live.lock:
            if live.row.status != "lobby":
                raise NotAllowed("This game has already started; ask the creator to "
                                 "/game substitute you into a seat.")
            cls = engine.game_class(live.row.variant)
            taken = {s.seat for s in live.seats}
            if len(taken) >= cls.max_seats:
                raise NotAllowed(f"{cls.title} seats at most {cls.max_seats}; the table is full.")
            if cls.seat_names:
                free = [s for s in cls.seat_names if s not in taken]
                chosen = free[0] if seat is None else _match(seat, cls.seat_names)
                if chosen in taken:
                    raise NotAllowed(f"{chosen} is taken. Free seats: {', '.join(free)}.")
            else:
                # Invisible and direction-changing characters go; a name that would look
                # like a seat already taken is refused (bot/names.py).
                chosen = names.seat_name(seat or player_name)
                clash = names.same_as(chosen, taken)
                if clash is not None:
                    if seat is None and user_id in {s.user_id for s in live.seats}:
                        raise NotAllowed("You already sit at this table. To play a second "
                                         "seat, join again with a seat name.")
                    raise NotAllowed(f"The seat {chosen} is taken; join with another name."
                                     if clash == chosen else f"The seat {chosen} would look "
                                     f"like {clash}, who sits here already; join with "
                                     "another name.")
            await self.storage.add_seat(live.id, chosen, user_id)
            live.seats = await self.storage.seats(live.id)
            return chosen

    async def leave(self, live: LiveGame, user_id: int) -> list[str]:
        async with live.lock:
            if live.row.status != "lobby":
                raise NotAllowed("The game has started: you can't leave it, but the creator "
                                 "can /game substitute someone into your seat.")
            gone = await self.storage.remove_seats_of(live.id, user_id)
            if not gone:
                raise NotAllowed("You have no seat in this game.")
            live.seats = await self.storage.seats(live.id)
            return gone

    async def start(self, live: LiveGame, user_id: int) -> Outcome:
        async with live.lock:
            if live.row.status != "lobby":
                raise Duplicate("This game has already started.")
            if user_id != live.row.creator_id:
                raise NotAllowed("Only the game's creator can start it.")
            order = [(s.seat, s.user_id) for s in live.seats]
            game = engine.new_game(live.row.variant, [s for s, _ in order], seed=live.row.seed,
                                   options=live.row.options)
            events = list(game.setup_events)
            await self.storage.start_game(live.id, seat_order=order, state=game.state(),
                                          events=[e.to_json() for e in events], now=self.clock())
            await self._refresh(live)
            live.game = game
            self._track(live)
            return Outcome(live, live.seq, None, "start", events)

    async def abort(self, live: LiveGame) -> None:
        async with live.lock:
            await self.storage.set_status(live.id, "aborted", self.clock())
            self._forget(live)

    async def move(self, live: LiveGame, channel_id: int) -> None:
        """Move a game to another channel (its own was deleted, or the table moved)."""
        async with live.lock:
            await self.storage.move_game(live.id, channel_id, self.clock())
            if self.by_channel.get(live.row.channel_id) == live.id:
                del self.by_channel[live.row.channel_id]
            live.row = replace(live.row, channel_id=channel_id)
            self.by_channel[channel_id] = live.id

    async def substitute(self, live: LiveGame, seat: str, user_id: int) -> None:
        async with live.lock:
            if live.seat_row(seat) is None:
                raise Unreadable(f"There is no seat {seat!r}. Seats: "
                                 f"{', '.join(s.seat for s in live.seats)}.")
            await self.storage.set_seat_user(live.id, seat, user_id)
            live.seats = await self.storage.seats(live.id)

    # ----- playing -------------------------------------------------------

    def resolve_seat(self, live: LiveGame, user_id: int, action: str,
                     seat: str | None = None) -> str:
        """Which of the user's seats an action is for."""
        held = live.seats_of(user_id)
        game = live.game
        if (game is not None and user_id == live.row.creator_id and seat is None
                and action in game.creator_actions):
            prompted = [s for s, p in live.prompts().items() if p.action(action)]
            if len(prompted) == 1 and prompted[0] not in held:
                return prompted[0]  # the creator acts for the awaited seat
        if not held:
            raise NotAllowed("You have no seat in this game.")
        if seat is not None:
            chosen = _match(seat, held)
            return chosen
        if len(held) == 1:
            return held[0]
        assert game is not None
        prompts = live.prompts()
        able = [s for s in held if (s in prompts and prompts[s].action(action))]
        if len(able) == 1:
            return able[0]
        candidates = able or held
        raise Ambiguous(f"You hold {', '.join(held)}: say which seat acts.", candidates)

    async def act(self, live: LiveGame, user_id: int, action: str, params: dict[str, Any], *,
                  seat: str | None = None, observed_seq: int | None = None,
                  interaction_id: int | None = None) -> Outcome:
        """Apply one action for a user, durably. `observed_seq` detects double requests;
        `interaction_id` (the Discord interaction it answers) is stored with the action, so
        that the same interaction delivered twice, to any process, applies once.

        A refusal is first checked against the stored game: if another process over the
        same database played on since this copy was loaded, the copy is rebuilt as stored
        and the action tried on it (it was "not your turn" only in the stale copy)."""
        async with live.lock:
            await self._ensure(live)
            try:
                return await self._act_here(live, user_id, action, params, seat, observed_seq,
                                            interaction_id)
            except Duplicate:
                raise
            except RuleError:
                if not await self._caught_up(live):
                    raise
            return await self._act_here(live, user_id, action, params, seat, observed_seq,
                                        interaction_id)

    async def _act_here(self, live: LiveGame, user_id: int, action: str,
                        params: dict[str, Any], seat: str | None, observed_seq: int | None,
                        interaction_id: int | None) -> Outcome:
        """`act` on the game as this process holds it (its lock held)."""
        self._running(live)
        assert live.game is not None
        chosen = self.resolve_seat(live, user_id, action, seat)
        if action in live.game.queries:
            events = live.game.act(chosen, action, **params)
            self._settle()  # the query's rollback rebuilt the state's containers
            return Outcome(live, live.seq, chosen, action, events)
        if observed_seq is not None and observed_seq != live.seq:
            await self.refuse_repeat(live, observed_seq, chosen, action, params)
        return await self._apply(live, chosen, action, params, user_id,
                                 interaction_id=interaction_id)

    async def catch_up(self, live: LiveGame) -> bool:
        """`_catch_up`, and whether the copy moved: a click whose step this copy has not
        seen, or a deadline's job in a process holding an older copy, is judged on the
        game as stored."""
        before = (live.seq, live.row.status)
        await self._catch_up(live)
        return (live.seq, live.row.status) != before

    async def _caught_up(self, live: LiveGame) -> bool:
        """Was this loaded copy behind the stored game (another process over the same
        database played on, or paused, aborted or finished it)? Then it is rebuilt as stored now, and True (its lock held)."""
        if live.game is None:
            return False
        row = await self.storage.game(live.id)
        if row is None or (row.seq, row.status) == (live.seq, live.row.status):
            return False
        live.seats = await self.storage.seats(live.id)
        await self._reload(live)
        if live.row.status != "running":
            self._forget(live)
        return True

    async def act_as_deadline(self, live: LiveGame, seat: str, action: str,
                              params: dict[str, Any]) -> Outcome:
        async with live.lock:
            await self._ensure(live)
            self._running(live)
            return await self._apply(live, seat, action, params, 0)

    async def act_automatically(self, live: LiveGame, at_seq: int, plan: Plan, *,
                                deadline: DeadlineRow | None = None, said: str = ""
                                ) -> Automatic:
        """A timed step, only on the question it was set for: under the game's lock, if the
        game is still at `at_seq`, apply what `plan` says for the game as it is, each
        action stored only if `deadline` (the deadline that fired, if any) is still as it
        was, checked in the action's own INSERT. A refusal of the rules skips that action;
        anything else raised stops the step and is returned, not raised, so that the
        caller can pause this game and go on with the others. `said`: the line its telling
        says before the actions, "{seats}" standing for the seats acted for ("The deadline
        passed for {seats}."), kept in each action's log row (`stored_step`), so that a
        telling of it again (`bot/outbox.py`) says it too."""
        done = Automatic()
        async with live.lock:
            await self._ensure(live)
            try:
                self._running(live)
            except RuleError:
                done.late = True
                return done
            game = live.game
            assert game is not None
            if live.seq != at_seq:
                done.late = True
                return done
            try:
                steps = list(plan(game))
            except RuleError:
                return done
            except Exception as exc:  # noqa: BLE001 - reported by the caller
                done.error = exc
                return done
            for seat, action, params in steps:
                if live.game is None or live.game.finished:
                    break
                try:
                    done.outcomes.append(await self._apply(
                        live, seat, action, params, 0, deadline=deadline,
                        said=(said, at_seq) if said else None))
                except StaleWrite:
                    done.late = not done.outcomes
                    break
                except StorageError:
                    raise  # the disk, not the game: tried again at the next tick
                except RuleError as exc:
                    log.warning("game %s: automatic %s for %s refused: %s", live.id, action,
                                seat, exc)
                except Exception as exc:  # noqa: BLE001 - reported by the caller
                    done.failed, done.error = (seat, action, params), exc
                    break
        return done

    async def refuse_repeat(self, live: LiveGame, observed: int, seat: str, action: str,
                            params: dict[str, Any]) -> None:
        """Raise Duplicate if the seat made this very action since `observed`."""
        for row in await self.storage.actions(live.id, after=observed):
            if row.kind == "act" and row.seat == seat and row.action == action and \
                    row.params == params:
                raise Duplicate("That was already done a moment ago; it counts once.")

    async def _apply(self, live: LiveGame, seat: str, action: str, params: dict[str, Any],
                     user_id: int, deadline: DeadlineRow | None = None,
                     interaction_id: int | None = None,
                     said: tuple[str, int] | None = None) -> Outcome:
        game = live.game
        assert game is not None
        events = game.act(seat, action, **params)
        step = game.last_step
        assert step is not None
        seq = live.seq + 1
        snapshot = game.state() if seq % self.snapshot_every == 0 or game.finished else None
        try:
            await self.storage.append_action(
                live.id, expected_seq=live.seq, kind="act", seat=seat, action=action,
                params=params, user_id=user_id, step=stored_step(step, said),
                events=[e.to_json() for e in events], snapshot=snapshot,
                finished=game.finished, now=self.clock(), deadline=deadline,
                interaction_id=interaction_id)
        except BaseException as exc:
            # Not stored, so it did not happen: rebuild the game from what is stored.
            await self._reload(live)
            if isinstance(exc, AlreadyApplied):
                raise Duplicate(str(exc)) from None
            raise
        live.row = replace(live.row, seq=seq,
                           status="finished" if game.finished else live.row.status)
        live.acted[seat] = seq
        self._settle()
        if game.finished:
            self._forget(live)
        return Outcome(live, seq, seat, action, events)

    async def _reload(self, live: LiveGame) -> None:
        """Rebuild a loaded game from storage (its lock held)."""
        row = await self.storage.game(live.id)
        if row is None:
            return
        live.row = row
        live.game = await self._rebuild(live)

    # ----- undo ----------------------------------------------------------

    async def undo_needs(self, live: LiveGame) -> tuple[list[str], list[Step]]:
        """The seats whose agreement an undo of the last action needs, and the game's
        steps in effect (read from the log: the game itself holds none)."""
        game = live.game
        assert game is not None
        if game.hiding():  # the same answer whether or not anything was written in secret
            raise NotAllowed("Nothing can be taken back while plots are written in secret.")
        steps = steps_in_effect(await self.storage.actions(live.id))
        if not steps:
            raise NotAllowed("There is nothing to undo.")
        last = steps[-1]
        if not last.undoable:
            raise NotAllowed(not_undoable(live, last))
        needed = {last.seat} | set(live.prompts())
        return [s for s in game.seats if s in needed], steps

    async def request_undo(self, live: LiveGame, user_id: int, *, decider: bool) -> list[str]:
        """Undo at once for the creator (`decider`); otherwise record a request.

        Returns the seats still to agree ([] when the undo was applied)."""
        async with live.lock:
            await self._ensure(live)
            self._running(live)
            needed, steps = await self.undo_needs(live)
            if decider:
                await self._undo(live, user_id, steps)
                return []
            mine = set(live.seats_of(user_id))
            if not mine:
                raise NotAllowed("Only a player or the game's creator can ask for an undo.")
            req = UndoRequest(live.id, live.seq, user_id, needed, sorted(mine & set(needed)))
            return await self._settle_undo(live, req, user_id)

    async def agree_undo(self, live: LiveGame, user_id: int) -> list[str]:
        async with live.lock:
            await self._ensure(live)
            self._running(live)
            req = await self.storage.undo_request(live.id)
            if req is None or req.seq != live.seq:
                raise NotAllowed("There is no open undo request: the game has moved on.")
            mine = set(live.seats_of(user_id)) & set(req.needed)
            if not mine:
                raise NotAllowed("Your agreement isn't needed for this undo.")
            if mine <= set(req.agreed):
                raise Duplicate("You already agreed to this undo.")
            req = UndoRequest(req.game_id, req.seq, req.requested_by, req.needed,
                              sorted(set(req.agreed) | mine))
            return await self._settle_undo(live, req, user_id)

    async def _settle_undo(self, live: LiveGame, req: UndoRequest, user_id: int) -> list[str]:
        missing = [s for s in req.needed if s not in req.agreed]
        if missing:
            await self.storage.put_undo_request(req)
            return missing
        await self._undo(live, user_id, steps_in_effect(await self.storage.actions(live.id)))
        return []

    async def _undo(self, live: LiveGame, user_id: int, steps: list[Step]) -> None:
        game = live.game
        assert game is not None
        undone = steps[-1]
        if not undone.undoable:
            raise NotAllowed(not_undoable(live, undone))
        previous = await self._replay_from_start(live, steps[:-1])
        event = engine.public("undo", f"The last action ({undone.seat}: {undone.action}) "
                                      "was taken back.", action=undone.action, seat=undone.seat)
        await self.storage.append_action(
            live.id, expected_seq=live.seq, kind="undo", seat=undone.seat, action=undone.action,
            params=undone.params, user_id=user_id, step={}, events=[event.to_json()],
            snapshot=previous.state(), finished=False, now=self.clock())
        await self.storage.clear_undo_request(live.id)
        live.game = previous
        await self._refresh(live)
        self._settle()

    async def _replay_from_start(self, live: LiveGame, steps: list[Step]) -> Game:
        """The game rebuilt from where it started (an imported game: where it was imported,
        not the seed's setup) and `steps`; luck is the seed's, step by step, as always."""
        start = await self.storage.start_snapshot(live.id)
        if start is None:
            return engine.replay(live.row.variant, [s.seat for s in live.seats], live.row.seed,
                                 live.row.options, steps)
        game = engine.load(live.row.variant, start)
        for step in steps:
            game.act(step.seat, step.action, **step.params)
        return game

    @staticmethod
    def _running(live: LiveGame) -> None:
        """Refuse to play a game that isn't running, saying why."""
        if live.broken is not None:
            raise NotAllowed(paused_message(live))
        if live.row.status == "lobby":
            raise NotAllowed("This game has not started yet: the creator runs /game start.")
        if live.row.status != "running" or live.game is None:
            raise NotAllowed("This game is not running.")


def stored_step(step: Step, said: tuple[str, int] | None = None) -> dict[str, Any]:
    """What an action row keeps of its step beside its own columns (seat, action, params):
    the luck, and whether it told someone a secret; nothing when it did neither. An action
    the bot took for a seat (a deadline's, an away player's) keeps the line its telling says
    before it, and the seq its batch was planned at (`said`: the actions of one batch are
    named in one line)."""
    kept: dict[str, Any] = {}
    if step.luck:
        kept["luck"] = step.luck
    if step.secret:
        kept["secret"] = True
    if said is not None:
        kept["said"], kept["batch"] = said
    return kept


def steps_in_effect(rows: Sequence[ActionRow]) -> list[Step]:
    """The engine steps a stored log adds up to: each undo row takes back the step before."""
    steps: list[Step] = []
    for row in rows:
        if row.kind == "act" and row.seat is not None and row.action is not None:
            steps.append(Step(row.seat, row.action, dict(row.params),
                              list(row.step.get("luck", [])), bool(row.step.get("secret"))))
        elif row.kind == "undo" and steps:
            steps.pop()
    return steps


#: What a step's luck did, in words, by the kind its `Rng` records.
LUCK_WORDS = {"roll": "rolled dice", "randint": "drew a number at random",
              "choice": "chose at random", "shuffle": "shuffled cards",
              "draw": "drew cards", "deal": "dealt cards"}


def step_words(live: LiveGame, step: Step) -> str:
    """A step as its player saw it offered: "USSR's “Submit the plot”", the action's own
    label when the seat's prompt still offers it, else its name in words."""
    prompt = live.prompts().get(step.seat)
    spec = prompt.action(step.action) if prompt is not None else None
    shown = spec.shown if spec is not None else step.action.replace("-", " ").replace("_", " ")
    return f"{step.seat}'s “{shown}”" if step.seat else f"“{shown}”"


def not_undoable(live: LiveGame, step: Step) -> str:
    """Why the last move can't be taken back: which of its luck or secrets, in words."""
    reasons = list(dict.fromkeys(LUCK_WORDS.get(str(luck.get("kind")), "used luck")
                                 for luck in step.luck))
    if step.secret:
        reasons.append("told someone a secret")
    said = " and ".join([", ".join(reasons[:-1]), reasons[-1]] if len(reasons) > 1
                        else reasons) or "can't be replayed"
    return (f"The last move, {step_words(live, step)}, {said}, so it can't be undone: "
            "nobody may roll again or unsee a card.")


def paused_message(live: LiveGame) -> str:
    return (f"Game #{live.id} could not be resumed when the bot restarted ({live.broken}). "
            "Nothing is lost: every action is still stored. Ask whoever runs the bot to look "
            "at its log; the creator can also /game abort it.")


def _match(given: str, names: list[str] | tuple[str, ...]) -> str:
    """A seat name from a player's spelling: exact, case-insensitive, or a unique prefix."""
    if given in names:
        return given
    folded = {n.casefold(): n for n in names}
    key = given.strip().casefold()
    if key in folded:
        return folded[key]
    hits = [n for n in names if key and key in n.casefold()]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise Ambiguous(f"{given!r} could be {', '.join(hits)}.", hits)
    raise Unreadable(f"There is no seat {given!r}. Seats: {', '.join(names)}.")
