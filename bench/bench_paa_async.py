"""Issue 24: a whole turn of Plotted A&A played asynchronously, through the real bot and the
sandbox on a simulated clock. Not a timing: what a turn asks of its five powers.

The turn is the demo's first (demo/scripts/plotted_aa.py): the USA buys a research die, the
others skip; Germany pastes the rulebook's German 1st Turn Example, the United Kingdom its
form, the USSR, Japan and the USA type theirs; every power submits. Then, at the async
pace (72 hours for the plots, 24 hours a decision):

- (a) `away`: every power submits with standing orders that ask nothing (the usual ones,
  revealed actions "as plotted, else the legal part") and goes away: nobody answers after
  plotting. Each player goes away with `/game away days:3` right after submitting their
  last power (where the command exists; before it, modelled as not answering, the deadline
  answering by the orders).
- (b) `answering`: the usual orders the async pace starts with; each question (Develop
  Weapons, each plot's submission, then every question after plotting) answered by its
  player at a random time within 12 hours of its being asked, as the deadline would answer
  it.
- (c) `answering, ask me` and `nobody, ask me`: the same with every standing order "ask me",
  answered within 12 hours, or never (the deadline answers each after 24 hours).

Figures: the decisions stored after plotting (every row after the last submission: the
questions asked and answered), the questions per power after plotting (the median and the
most), the deadlines that fired, the simulated time from the last submission to the turn's
end, and the whole turn's. Run on today's main with `--code /work/main` (there is no
standing order there: (a) and `nobody` are then the same, every question at its deadline).

Run: .venv/bin/python bench/bench_paa_async.py [--code DIR] [scenario ...]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)

HOUR = 3600.0
SEED = "demo-paa-0"  # the demo's seed: the turn issue 24 measured
SCENARIOS = ("away", "answering", "answering, ask me", "nobody, ask me")


@dataclass
class Figures:
    scenario: str
    decisions: int  # action rows stored after the last submission
    per_power: dict[str, int]  # of them, each power's
    deadlines: int  # deadline firings after the last submission
    awaited_after_submit: list[str]
    after_plotting_hours: float
    turn_hours: float

    def line(self) -> str:
        counts = sorted(self.per_power.values())
        return (f"{self.scenario:<20} decisions after plotting {self.decisions:>3}; per power "
                f"median {statistics.median(counts):>4} most {max(counts):>3} "
                f"({', '.join(f'{p} {n}' for p, n in self.per_power.items())}); deadlines "
                f"{self.deadlines:>2}; awaited after the last submission: "
                f"{', '.join(self.awaited_after_submit) or 'nobody'}; after plotting "
                f"{self.after_plotting_hours:.1f} h; the whole turn {self.turn_hours / 24:.2f} "
                "days")


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def play(scenario: str, seed: str = SEED) -> Figures:
    from bot.client import Croupier
    from bot.config import Settings
    from demo.scripts.plotted_aa import PAA_COMMANDS, PAA_UK_FORM
    from engine import game_class
    from engine.aa.units import POWERS
    from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
    from sandbox import FakeDiscord

    has_orders = any(o.name == "standing_orders"
                     for o in game_class("plotted-aa").options_spec)
    ask_me = "ask me" in scenario
    answering = scenario.startswith("answering")
    rnd = random.Random(f"{seed}:{scenario}")
    clock = Clock()
    seats = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
             ("bob", "USA"))
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Bench")
            channel = fake.add_channel(guild, "paa")
            users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob", "cy")}
            bot = Croupier(Settings(token=fake.bot_token, database=str(Path(tmp) / "b.db")),
                           clock=clock, seed_source=lambda: seed,
                           extensions=("cogs.lobby", "cogs.paa"))
            await fake.run_bot(bot)
            bot.pictures.clear()

            async def slash(user: str, command: str, **options: Any) -> Any:
                inter = await fake.slash(users[user], channel, command, **options)
                await fake.settle()
                return inter

            async def paste(user: str, power: str, text: str) -> None:
                opened = await slash(user, "paa plot paste", power=power)
                await fake.submit_modal(users[user], opened, None, {"form": text})
                await fake.settle()

            async def answer(seat: str, action: str, params: dict[str, Any]) -> None:
                """The seat's player answers as the deadline would (through the bot)."""
                live = await bot.service.in_channel(channel)
                outcome = await bot.service.act(live, live.user_of(seat), action, params,
                                                seat=seat, observed_seq=live.seq)
                await bot.actions.announce(outcome)
                await fake.settle()

            async def deadline() -> bool:
                """Move the clock to the deadline and let it act; False if none is set."""
                live = await bot.service.in_channel(channel)
                row = await bot.deadlines.storage.deadline(live.id)
                if row is None or row.due_at is None:
                    return False
                clock.now = max(clock.now, row.due_at)
                before = live.seq
                await bot.deadlines.tick()
                await fake.settle()
                return live.seq != before

            options = "pace=async" + (", standing_orders=ask" if has_orders and ask_me else "")
            started = clock.now
            await slash("ann", "game new", variant="plotted-aa", options=options)
            for user, power in seats:
                await slash(user, "game join", seat=power)
            await slash("ann", "game start")
            live = await bot.service.in_channel(channel)
            game: Any = live.game

            # Develop Weapons, each power within 12 hours of its turn.
            for user, power in seats:
                clock.now += rnd.uniform(0, 12 * HOUR)
                if power == "USA":
                    await slash(user, "paa research", dice=1)
                else:
                    await slash(user, "paa skip")
            # The plots, written at once; each submitted within 12 hours of the phase.
            plot_start = clock.now
            await paste("ann", "Germany", GERMAN_FIRST_TURN)
            await paste("cy", "United Kingdom", PAA_UK_FORM)
            for user, power, command, given in PAA_COMMANDS:
                await slash(user, f"paa plot {command}", power=power, **given)
            if has_orders and scenario == "away":  # orders that ask nothing, then away
                for user, power in seats:
                    await slash(user, "paa orders", power=power, reveal="whole-or-part")
            submits = sorted((plot_start + rnd.uniform(0, 12 * HOUR), user, power)
                             for user, power in seats)
            can_go_away = "cogs.lobby" in bot.extensions and any(
                c.qualified_name == "game away" for c in bot.tree.walk_commands())
            for i, (when, user, power) in enumerate(submits):
                clock.now = when
                await slash(user, "paa plot submit", power=power)
                last_of_user = all(u != user for _, u, _ in submits[i + 1:])
                if scenario == "away" and can_go_away and last_of_user:
                    await slash(user, "game away", days=3)
            live = await bot.service.in_channel(channel)
            game = live.game
            submitted_at, submitted_seq = clock.now, live.seq
            awaited = [f"{seat} ({game.phase})" for seat in sorted(game.prompts())]

            # After plotting, to the next turn's Develop Weapons Phase.
            fired = 0
            for _ in range(400):
                game = (await bot.service.in_channel(channel)).game
                if game.finished or (game.turn == 2 and game.stage == "develop"):
                    break
                if not answering:
                    fired += await deadline()
                    continue
                asked_at = clock.now
                seat, action, params = game.timeout_actions()[0]
                clock.now = asked_at + rnd.uniform(0, 12 * HOUR)
                await answer(seat, action, params)
            ended = clock.now
            rows = await bot.service.storage.actions(live.id)
            after = [r for r in rows if r.seq > submitted_seq and r.kind == "act"]
            per_power = {p: sum(1 for r in after if r.seat == p) for p in POWERS}
            await fake.stop_bot(bot)
    return Figures(scenario, len(after), per_power, fired, awaited,
                   (ended - submitted_at) / HOUR, (ended - started) / HOUR)


async def main(scenarios: list[str], seed: str) -> None:
    print(f"seed {seed!r}", flush=True)
    for scenario in scenarios:
        print((await play(scenario, seed)).line(), flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--code", help="run against another checkout (today's main)")
    parser.add_argument("--seed", default=SEED, help="the game's seed (default: the demo's)")
    parser.add_argument("scenario", nargs="*", choices=[*SCENARIOS, []], default=[])
    args = parser.parse_args()
    if args.code:
        sys.path.insert(0, str(Path(args.code).resolve()))
    asyncio.run(main(args.scenario or list(SCENARIOS), args.seed))
