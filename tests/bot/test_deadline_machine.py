"""Deadlines exactly once, against a simple reference model (issue 27).

Issue 27: "a Hypothesis state machine (schedule, extend, cancel, act, kill) against a simple
reference model": "each due deadline applied exactly once, none before due by the database
clock". The real `Deadlines` over the real `GameService` and store, on the test game
(Pig: its timeout policy holds for the awaited seat); only Discord is left out (nothing is
sent). On SQLite (100 examples) and on PostgreSQL (25: each example a fresh database of the
test session's server). `kill` drops the process (store, service, `Deadlines`) and starts a
new one on the same database; `kill_in_tick` dies right after a deadline's effect is committed, before anything
after it (the re-arming) ran; `race` has the awaited player answer at the due time while the
tick applies the deadline ("a player acting at the last moment and the trigger racing give
one of the two serial outcomes"). The clock is the database's too (`use_clock`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from bot import facts
from bot.deadlines import Deadlines
from bot.service import GameService, LiveGame, Outcome
from bot.stores import open_storage
from bot.timeouts import Timeouts
from bot.windows import Windows
from engine import NotAllowed, RuleError
from tests.support.postgres import PostgresServer

MINUTE = 60.0
GAMES = (0, 1)
START = 1_800_000_000.0  # 2027-01-15, a plain day


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Killed(BaseException):
    """The process dies here (kill -9): nothing after this line runs."""


class Quiet:
    """Discord, left out: the sender, the status post (nothing here reads what they'd send)."""

    async def post(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def dm(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def called(self, live: LiveGame, seat: str, user: int) -> str:
        return seat

    async def refresh(self, *args: Any, **kwargs: Any) -> None:
        return None


class Process:
    """One bot process on the database (`CROUPIER_DB`: a file or a URL): store, service,
    timed steps, deadlines. Its announcer re-arms the deadline as the action path does after
    a step."""

    def __init__(self, database: str, clock: Clock, database_clock: Clock | None = None) -> None:
        self.database, self.clock = database, clock
        self.database_clock = database_clock or clock
        self.die_after_commit = False

    async def start(self) -> Process:
        self.storage = await open_storage(self.database, clock=self.database_clock)
        self.service = GameService(self.storage, clock=self.clock, seed_source=lambda: "s")
        await self.service.restore()
        quiet: Any = Quiet()
        self.timeouts = Timeouts(self.service, quiet, quiet, announce=self.announce)
        self.deadlines = Deadlines(self.service, self.timeouts,
                                   Windows(self.service, self.timeouts, wake=lambda when: None),
                                   quiet, wake=lambda when: None)
        return self

    async def announce(self, outcomes: list[Outcome], preface: list[str]) -> None:
        if self.die_after_commit:
            raise Killed()
        for live in {id(o.live): o.live for o in outcomes}.values():
            await self.rearm(live)

    async def rearm(self, live: LiveGame) -> None:
        async with live.telling:
            await self.deadlines.rearm(await facts.read(self.storage, live, self.clock()))

    async def live(self, game: int) -> LiveGame:
        return await self.service.get(game + 1)

    async def stop(self) -> None:
        await self.storage.close()


@dataclass
class Deadline:
    """The model's deadline: when due, and whether the game moved on since it was armed
    (a kill came between the deadline's step and its re-arming)."""

    seconds: float
    due: float | None
    stale: bool = False


@dataclass
class Model:
    seq: dict[int, int] = field(default_factory=lambda: dict.fromkeys(GAMES, 1))
    deadline: dict[int, Deadline | None] = field(default_factory=lambda: dict.fromkeys(GAMES))
    applied: dict[int, list[float]] = field(default_factory=lambda: {g: [] for g in GAMES})
    # Games that ended (the engine's business: read from the game, not predicted).
    over: set[int] = field(default_factory=set)


#: A fresh database for one example, and how to drop it: (`CROUPIER_DB`, drop).
Place = tuple[str, Callable[[], None]]


def sqlite_place() -> Place:
    folder = TemporaryDirectory()
    return str(Path(folder.name) / "c.db"), folder.cleanup


class DeadlineMachine(RuleBasedStateMachine):
    #: Where each example's database comes from (the test sets it: SQLite or PostgreSQL).
    new_place: Callable[[], Place] = staticmethod(sqlite_place)

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.database, self.drop = self.new_place()
        self.clock = Clock()
        self.model = Model()
        self.numbers: dict[int, set[int]] = {g: set() for g in GAMES}  # every number seen
        self.proc = self.run(Process(self.database, self.clock).start())
        for game in GAMES:
            self.run(self._new_game(game))

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    async def _new_game(self, game: int) -> None:
        service = self.proc.service
        live = await service.create(variant="pig", guild_id=1, channel_id=10 + game,
                                    creator_id=100, options={"target": 100})
        await service.join(live, 100, seat=None, player_name="Ann")
        await service.join(live, 200, seat=None, player_name="Bob")
        await service.start(live, 100)

    def teardown(self) -> None:
        try:
            self.run(self.proc.stop())
        finally:
            self.loop.close()
            self.drop()

    async def _remember(self, game: int) -> None:
        row = await self.proc.storage.deadline(game + 1)
        if row is not None:
            self.numbers[game].add(row.seq)

    # ----- rules ----------------------------------------------------------

    @rule(game=st.sampled_from(GAMES), minutes=st.integers(1, 90))
    def schedule(self, game: int, minutes: int) -> None:
        async def go() -> None:
            await self.proc.deadlines.set(await self.proc.live(game), minutes * MINUTE)
            await self._remember(game)
        self.run(go())
        self.model.deadline[game] = Deadline(minutes * MINUTE, self.clock.now + minutes * MINUTE)

    @rule(game=st.sampled_from(GAMES), minutes=st.integers(1, 90))
    def extend(self, game: int, minutes: int) -> None:
        async def go() -> bool:
            try:
                await self.proc.deadlines.extend(await self.proc.live(game), minutes * MINUTE)
            except NotAllowed:
                return False
            await self._remember(game)
            return True
        extended = self.run(go())
        mine = self.model.deadline[game]
        assert extended == (mine is not None and mine.due is not None)
        if mine is not None and mine.due is not None:
            mine.due += minutes * MINUTE

    @rule(game=st.sampled_from(GAMES))
    def cancel(self, game: int) -> None:
        async def go() -> bool:
            try:
                await self.proc.deadlines.clear(await self.proc.live(game))
            except NotAllowed:
                return False
            return True
        assert self.run(go()) == (self.model.deadline[game] is not None)
        self.model.deadline[game] = None

    @rule(game=st.sampled_from(GAMES), action=st.sampled_from(["roll", "hold"]))
    def act(self, game: int, action: str) -> None:
        """The awaited player answers (at the last moment, or any time before the tick
        that would have applied the deadline): the game moves, the deadline starts over."""
        if game in self.model.over:
            return

        async def go() -> None:
            live = await self.proc.live(game)
            (seat,) = live.prompts()
            user = live.user_of(seat)
            assert user is not None
            await self.proc.service.act(live, user, action, {})
            await self.proc.rearm(live)
            await self._remember(game)
        self.run(go())
        self.model.seq[game] += 1
        self._ended(game)
        mine = self.model.deadline[game]
        if mine is not None and mine.due is not None:
            self.model.deadline[game] = Deadline(mine.seconds, self.clock.now + mine.seconds)

    @rule(minutes=st.integers(0, 120))
    def advance(self, minutes: int) -> None:
        self.clock.now += minutes * MINUTE

    @rule()
    def tick(self) -> None:
        """The timer's tick (the reconciler: it checks every due deadline)."""
        self.run(self.proc.deadlines.tick(self.clock.now))
        for game in GAMES:
            self._expect_tick(game)
            self.run(self._remember(game))

    def _expect_tick(self, game: int, dies: bool = False) -> None:
        mine = self.model.deadline[game]
        if mine is None or mine.due is None or mine.due > self.clock.now or \
                game in self.model.over:
            return
        if mine.stale:  # the game moved since it was armed: a new period, nothing applied
            self.model.deadline[game] = Deadline(mine.seconds, self.clock.now + mine.seconds)
            return
        self.model.applied[game].append(mine.due)
        self.model.seq[game] += 1
        if self._ended(game):
            return
        if dies:
            mine.stale = True
        else:
            self.model.deadline[game] = Deadline(mine.seconds, self.clock.now + mine.seconds)

    @rule(game=st.sampled_from(GAMES))
    def retrigger(self, game: int) -> None:
        """Every trigger ever armed for this game fires again (a task queue delivering a
        job twice, a reconciler re-arming one that was pending): the current deadline is
        applied only if due, the others do nothing."""
        for number in sorted(self.numbers[game]):
            self.run(self.proc.deadlines.check(game + 1, number))
        self._expect_tick(game)
        self.run(self._remember(game))

    def _armed(self, game: int) -> bool:
        mine = self.model.deadline[game]
        return mine is not None and mine.due is not None and not mine.stale and \
            game not in self.model.over

    @precondition(lambda self: any(self._armed(g) for g in GAMES))
    @rule(data=st.data(), answer_first=st.booleans(), waits=st.integers(0, 60))
    def race(self, data: st.DataObject, answer_first: bool, waits: int) -> None:
        """The awaited player answers at the last moment (the clock at the due time, if it
        was not past it) while the tick applies the deadline, both at once: one of the two
        serial outcomes, either the answer stored and the deadline never applied, or the
        deadline applied and the answer refused (the seat is no longer asked)."""
        game = data.draw(st.sampled_from([g for g in GAMES if self._armed(g)]))
        due = self.model.deadline[game].due  # type: ignore[union-attr]
        assert due is not None
        self.clock.now = max(self.clock.now, due)
        before = len(self._applied(game))
        live = self.run(self.proc.live(game))
        (seat,) = live.prompts()
        user = live.user_of(seat)  # the player asked, who answers
        assert user is not None

        async def answer() -> bool:
            for _ in range(waits):  # how far the tick gets first
                await asyncio.sleep(0)
            try:
                await self.proc.service.act(live, user, "roll", {})
            except RuleError:
                return False
            await self.proc.rearm(live)
            return True

        async def both() -> bool:
            racers = [answer(), self.proc.deadlines.tick(self.clock.now)]
            if not answer_first:
                racers.reverse()
            results = await asyncio.gather(*racers)
            return bool(results[0] if answer_first else results[1])

        answered = self.run(both())
        applied = len(self._applied(game)) - before
        assert (answered, applied) in ((True, 0), (False, 1))
        mine = self.model.deadline[game]
        assert mine is not None
        if not answered:
            self.model.applied[game].append(mine.due)
        self.model.seq[game] += 1
        self.model.deadline[game] = Deadline(mine.seconds, self.clock.now + mine.seconds)
        event("the answer came first" if answered else "the deadline came first")
        for other in GAMES:  # the tick applied the other game's due deadline too
            if other != game:
                self._expect_tick(other)
        self._ended(game)
        for armed in GAMES:  # the tick re-armed the other game's too: its trigger is armed
            self.run(self._remember(armed))

    @rule()
    def kill(self) -> None:
        self.run(self.proc.stop())
        self.proc = self.run(Process(self.database, self.clock).start())

    @precondition(lambda self: any(
        d is not None and d.due is not None and d.due <= self.clock.now and not d.stale
        for d in self.model.deadline.values()))
    @rule()
    def kill_in_tick(self) -> None:
        """The process dies right after the first due deadline's step is committed."""
        self.proc.die_after_commit = True
        try:
            self.run(self.proc.deadlines.tick(self.clock.now))
        except Killed:
            pass
        else:
            raise AssertionError("the due deadline was not applied")
        for game in GAMES:  # the tick's order (`Store.deadlines`: by game)
            if len(self._applied(game)) > len(self.model.applied[game]):
                self._expect_tick(game, dies=True)
                break
            self._expect_tick(game)  # a game before it: a stale deadline got a new period
        self.kill()
        for game in GAMES:
            self.run(self._remember(game))

    def _ended(self, game: int) -> bool:
        row = self.run(self.proc.storage.game(game + 1))
        if row is not None and row.status == "finished":
            self.model.over.add(game)
        return game in self.model.over

    # ----- what must hold ---------------------------------------------------

    def _applied(self, game: int) -> list[tuple[int, int, float, float, int | None]]:
        return self.run(self.proc.storage.applied_deadlines(game + 1))

    @invariant()
    def each_due_deadline_applied_once_and_never_early(self) -> None:
        for game in GAMES:
            applied = self._applied(game)
            assert [due for _, _, due, _, _ in applied] == self.model.applied[game]
            for _, _, due, at, _ in applied:
                assert at >= due  # by the database's clock
            # Each application stored exactly one step of the deadline's (user 0).
            steps = self.run(self.proc.storage.actions(game + 1))
            assert len([s for s in steps if s.user_id == 0]) == len(applied)
            assert [s.seq for s in steps][-1] == self.model.seq[game]

    @invariant()
    def deadlines_as_the_model_says(self) -> None:
        for game in GAMES:
            row = self.run(self.proc.storage.deadline(game + 1))
            mine = self.model.deadline[game]
            assert (row is None) == (mine is None)
            if row is not None and mine is not None:
                assert row.due_at == mine.due


def machine_settings(examples: int) -> settings:
    return settings(max_examples=examples, stateful_step_count=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


DeadlineMachine.TestCase.settings = machine_settings(100)
test_deadlines_against_the_reference_model = DeadlineMachine.TestCase


def test_deadlines_against_the_reference_model_on_postgresql(
        postgres_server: PostgresServer) -> None:
    """The same machine over PostgreSQL, 25 examples (each a fresh database, a schema of
    the session's server): its clock is `croupier_now()` set by the test's clock, its
    application locks the game's row, two pool connections race for real in `race`."""

    def postgres_place() -> Place:
        url = postgres_server.create_database()
        return url, lambda: postgres_server.drop_database(url)

    class OnPostgres(DeadlineMachine):
        new_place = staticmethod(postgres_place)

    run_state_machine_as_test(OnPostgres, settings=machine_settings(25))


def test_a_tick_killed_at_its_second_game_has_renewed_the_first(database: str) -> None:
    """Found by the machine on PostgreSQL: both games' deadlines due at once; the first
    `kill_in_tick` applies one and dies before re-arming it; the second tick gives that
    stale deadline a new period (nothing applied: the game moved under it), then applies
    the other game's and dies. The model must say both, in the tick's order."""

    class Here(DeadlineMachine):
        new_place = staticmethod(lambda: (database, lambda: None))

    machine = Here()
    try:
        machine.schedule(game=0, minutes=1)
        machine.schedule(game=1, minutes=1)
        machine.advance(minutes=1)
        machine.kill_in_tick()
        machine.kill_in_tick()
        machine.deadlines_as_the_model_says()
        machine.each_due_deadline_applied_once_and_never_early()
        assert [len(machine.model.applied[g]) for g in GAMES] == [1, 1]
    finally:
        machine.teardown()


def test_an_early_trigger_of_a_deadline_the_game_moved_under_does_nothing(database: str) -> None:
    """Found by the machine on PostgreSQL (the same on SQLite): a tick applies game 0's
    deadline and dies before re-arming it; the creator extends it; its trigger fires again
    before the extended time. A wake-up that is not due does nothing (bot/timers.py): the
    deadline keeps its extended time, and gets its new period when it falls due."""

    class Here(DeadlineMachine):
        new_place = staticmethod(lambda: (database, lambda: None))

    machine = Here()
    try:
        machine.schedule(game=0, minutes=29)
        machine.advance(minutes=96)
        machine.kill_in_tick()
        machine.extend(game=0, minutes=80)
        machine.kill()
        machine.retrigger(game=0)
        machine.deadlines_as_the_model_says()
        machine.advance(minutes=20)
        machine.retrigger(game=0)  # due now: a new period (the game moved), nothing applied
        machine.deadlines_as_the_model_says()
        machine.each_due_deadline_applied_once_and_never_early()
    finally:
        machine.teardown()
