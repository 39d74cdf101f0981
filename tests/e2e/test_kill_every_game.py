"""The bot killed (SIGKILL) during play of every game at once, and restarted on the same
database, again and again: the games move on (issue 22's acceptance).

"A kill -9 test in the project's own suite, across all games, in which players keep acting
after each restart: after every restart the awaited player's next command is applied (none
held as a repeat of an older action), and every awaited seat has a live prompt."

The bot runs as `python -m bot` with every game's cog, against the stand-in in this
process. Players type slash commands chosen from their prompts (a legal choice found on a
copy of the game rebuilt from the database). After each restart, in every game, each
awaited seat's prompt is checked live (its record open for the question asked now, its
message's buttons enabled), then an awaited player types a command, the same one as their
last where it is still legal: it must be applied at once.

On each store (`CROUPIER_DB` a file path or a `postgresql://` URL: tests/e2e/conftest.py).
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.records import fingerprint
from engine import ActionSpec, Game
from sandbox import FakeDiscord, Interaction, SandboxError
from sandbox.world import iter_components
from tests.cogs.test_every_choice_by_click import paa_suggest
from tests.cogs.walk import candidates
from tests.e2e.test_crashes import BotProcess
from tests.support.table import StoredRows

KILLS = 4
#: variant -> (its command group, (user, seat or None for the player's name) in turn order)
TABLES: dict[str, tuple[str, list[tuple[str, str | None]]]] = {
    "hf-political-events": ("hf", [("ann", None), ("bob", None), ("cy", None)]),
    "killer-clue": ("clue", [("ann", "Miss Scarlet"), ("bob", "Col. Mustard"),
                             ("cy", "Mrs. White"), ("dee", "Mr. Green")]),
    "cold-cash-risk": ("ccr", [("ann", None), ("bob", None), ("cy", None)]),
    "aa-classic": ("aa", [("ann", "USSR"), ("bob", "Germany"), ("cy", "United Kingdom"),
                          ("dee", "Japan"), ("eve", "USA")]),
    "one-world-dominion": ("owd", [("ann", None), ("bob", None), ("cy", None)]),
    "plotted-aa": ("paa", [("ann", "USSR"), ("bob", "Germany"), ("cy", "United Kingdom"),
                           ("dee", "Japan"), ("eve", "USA")]),
    "illuminati": ("ill", [("ann", None), ("bob", None), ("cy", None)]),
}
#: Actions taken only when nothing else is legal, in this order: they end a turn or a phase.
LAST = ("pass", "end-phase", "end-attacks", "end-turn")
#: Actions never taken: they end a player's game or the game itself.
NEVER = ("accuse", "declare-end")
#: A parameter's slash option when the cog names it otherwise.
RENAMED = {"from_area": "from"}
Command = tuple[str, dict[str, Any]]


async def stored(db: StoredRows, game_id: int) -> tuple[int, Game]:
    """The game as stored: its latest snapshot and the log after it."""
    async with db.open() as conn:
        ((variant, seq),) = await conn.rows("SELECT variant, seq FROM games WHERE id = ?",
                                            game_id)
        ((snap_seq, state),) = await conn.rows(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            game_id)
        rows = await conn.rows("SELECT kind, seat, action, params FROM actions WHERE "
                               "game_id = ? AND seq > ? ORDER BY seq", game_id, snap_seq)
    game = engine.load(variant, json.loads(state))
    for kind, seat, action, params in rows:
        assert kind == "act", "no undo in this test"
        game.act(seat, action, **json.loads(params))
    return seq, game


async def last_row(db: StoredRows, game_id: int
                   ) -> tuple[int, str | None, str | None, dict[str, Any]]:
    ((seq, seat, action, params),) = await db.rows(
        "SELECT seq, seat, action, params FROM actions WHERE game_id = ? ORDER BY seq "
        "DESC LIMIT 1", game_id)
    return int(seq), seat, action, json.loads(params)


async def last_of(db: StoredRows, game_id: int, seat: str) -> tuple[str, dict[str, Any]] | None:
    """The seat's latest stored action, to type again."""
    rows = await db.rows("SELECT action, params FROM actions WHERE game_id = ? AND seat = ? "
                         "AND kind = 'act' ORDER BY seq DESC LIMIT 1", game_id, seat)
    return None if not rows else (rows[0][0], json.loads(rows[0][1]))


async def answered_note(db: StoredRows, game_id: int) -> int | None:
    """The game's latest action whose answer the bot noted as delivered."""
    rows = await db.rows("SELECT fingerprint FROM messages WHERE game_id = ? AND "
                         "purpose = 'answered'", game_id)
    return None if not rows else int(rows[0][0])


async def prompt_records(db: StoredRows, game_id: int) -> dict[str, tuple[int, str]]:
    rows = await db.rows("SELECT purpose, message_id, fingerprint FROM messages WHERE "
                         "game_id = ? AND purpose LIKE 'prompt:%'", game_id)
    return {purpose.removeprefix("prompt:"): (message_id, fp) for purpose, message_id, fp
            in rows}


class Commands:
    """The synced slash commands, to type an action as a player would."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.leaves: dict[str, dict[str, tuple[str, dict[str, dict[str, Any]]]]] = {}
        for command in fake.commands():
            self._walk(command["name"], [command["name"]], command.get("options") or [])

    def _walk(self, group: str, path: list[str], options: list[dict[str, Any]]) -> None:
        for option in options:
            if option.get("type") == 2:
                self._walk(group, [*path, option["name"]], option.get("options") or [])
            elif option.get("type") == 1:
                leaf = [*path[1:], option["name"]]
                found = (" ".join([*path, option["name"]]),
                         {o["name"]: o for o in option.get("options") or []})
                known = self.leaves.setdefault(group, {})
                known["-".join(leaf)] = found
                known.setdefault(option["name"], found)

    def typed(self, group: str, action: str, params: dict[str, Any]) -> Command | None:
        """The command and options that type `action` with `params`; None if no command
        takes them (a pasted form, say)."""
        found = self.leaves.get(group, {}).get(action)
        if found is None:
            return None
        name, options = found
        values: dict[str, Any] = {}
        for param, value in params.items():
            option = options.get(param) or options.get(RENAMED.get(param, ""))
            if option is None:
                return None
            kind = option.get("type")
            values[option["name"]] = (int(value) if kind == 4 else bool(value) if kind == 5
                                      else value if kind == 10 else str(value))
        if any(o.get("required") and o["name"] not in values for o in options.values()):
            return None
        return name, values


def choose(game: Game, seat: str, rng: random.Random, commands: Commands, group: str,
           again: tuple[str, dict[str, Any]] | None = None
           ) -> tuple[str, dict[str, Any], Command] | None:
    """A legal action for the seat that a command can type: `again` (its last one) if it
    still is, else a random one, turn-ending actions last."""
    prompt = game.prompts().get(seat)
    if prompt is None:
        return None
    specs = [spec for spec in prompt.actions if spec.name not in NEVER]
    rng.shuffle(specs)
    specs.sort(key=lambda spec: LAST.index(spec.name) if spec.name in LAST else -1)
    tries: list[tuple[ActionSpec, dict[str, Any]]] = []
    if again is not None and again[0] not in NEVER and prompt.action(again[0]) is not None:
        tries.append((prompt.action(again[0]), again[1]))  # type: ignore[arg-type]
    for spec in specs:
        suggested = paa_suggest(game, seat, spec, rng) if game.variant == "plotted-aa" else []
        tries += [(spec, params) for params in suggested + candidates(spec, rng, tries=8)]
    for spec, params in tries:
        typed = commands.typed(group, spec.name, params)
        if typed is None:
            continue
        trial = engine.load(game.variant, game.state())
        try:
            trial.act(seat, spec.name, **params)
        except engine.RuleError:
            continue
        return spec.name, params, typed
    return None


async def answer(fake: FakeDiscord, user: int, channel: int, typed: Command
                 ) -> Interaction | None:
    """A typed command, once the bot answered it; None if it never did (killed)."""
    try:
        inter: Interaction = await fake.slash(user, channel, typed[0], **typed[1])
        if inter.response_type == 5 and not inter.followups:  # deferred: "thinking…"
            await inter.wait_followup(timeout=10)
    except SandboxError:
        return None
    return inter


async def live_prompts(fake: FakeDiscord, db: StoredRows, game_id: int, tries: int = 300
                       ) -> list[str]:
    """Wait (bounded) until every awaited seat's prompt is live for the question asked
    now; return what is still wrong after that, [] when all are."""
    wrong: list[str] = []
    for _ in range(tries):
        _, game = await stored(db, game_id)
        records = await prompt_records(db, game_id)
        wrong = []
        for seat, prompt in game.prompts().items():
            message_id, raw = records.get(seat, (0, ""))
            state, _, rest = raw.partition(":")
            fp, _, since = rest.partition(":")
            if state != "open" or fp != fingerprint(prompt) or not message_id:
                wrong.append(f"{seat}: record {raw!r}")
                continue
            message = fake.message(message_id)
            seqs = [int(str(c["custom_id"]).split(":")[3]) for c in
                    iter_components(message.components)
                    if str(c.get("custom_id", "")).startswith("croupier:")
                    and not c.get("disabled")]
            if message.deleted or not seqs or min(seqs) < int(since or 0):
                ids = [(c.get("custom_id"), bool(c.get("disabled")))
                       for c in iter_components(message.components)]
                wrong.append(f"{seat}: message {message_id} (since {since}) has no live "
                             f"buttons: {ids} {message.content[-300:]!r}")
        if not wrong:
            return []
        await asyncio.sleep(0.05)
    return wrong


@pytest.mark.slow
async def test_killed_again_and_again_every_game_moves_on_after_each_restart(
        database: str, tmp_path: Path) -> None:
    rng = random.Random(22)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        users = {name: fake.add_user(name, guild_id=guild)
                 for name in ("ann", "bob", "cy", "dee", "eve")}
        channels = {variant: fake.add_channel(guild, variant) for variant in TABLES}
        db = StoredRows(database)
        bot = BotProcess(fake, database, tmp_path / "bot.log", extensions=None)
        await bot.start()
        try:
            commands = Commands(fake)
            games: dict[str, int] = {}
            for variant, (_, seats) in TABLES.items():
                here = channels[variant]
                await fake.slash(users["ann"], here, "game new", variant=variant)
                for user, seat in seats:
                    await fake.slash(users[user], here, "game join",
                                     **({"seat": seat} if seat else {}))
                await fake.slash(users["ann"], here, "game start")
                games[variant] = await db.value("SELECT id FROM games WHERE channel_id = ?",
                                                here)
            await fake.settle()
            user_of = {variant: {} for variant in TABLES}  # variant -> seat -> user id

            async def seat_users(variant: str) -> dict[str, int]:
                if not user_of[variant]:
                    user_of[variant] = {seat: user for seat, user in await db.rows(
                        "SELECT seat, user_id FROM seats WHERE game_id = ?", games[variant])}
                return user_of[variant]

            killed = asyncio.Event()  # play stops: the bot was killed

            async def play(variant: str) -> None:
                """Players keep acting in one game until the bot is killed."""
                group = TABLES[variant][0]
                while not killed.is_set():  # (a cancel can be lost in Python 3.11)
                    _, game = await stored(db, games[variant])
                    awaited = sorted(game.prompts())
                    if game.finished or not awaited:
                        return
                    seat = rng.choice(awaited)
                    picked = choose(game, seat, rng, commands, group)
                    if picked is not None:
                        await answer(fake, (await seat_users(variant))[seat],
                                     channels[variant], picked[2])
                    await asyncio.sleep(0)

            applied = held = expected = over = 0
            for _ in range(KILLS):
                playing = [asyncio.ensure_future(play(v)) for v in TABLES]
                await asyncio.sleep(rng.uniform(1.0, 2.0))
                killed.set()
                await bot.kill()
                for task in playing:
                    task.cancel()
                await asyncio.gather(*playing, return_exceptions=True)
                await bot.start()
                killed.clear()
                for variant, game_id in games.items():
                    group = TABLES[variant][0]
                    assert await live_prompts(fake, db, game_id) == [], variant
                    seq, game = await stored(db, game_id)
                    if game.finished:  # played to its end before this kill: nobody awaited
                        assert await db.value("SELECT status FROM games WHERE id = ?",
                                              game_id) == "finished", variant
                        over += 1
                        continue
                    expected += 1
                    picked = None
                    for seat in sorted(game.prompts(), key=lambda _: rng.random()):
                        picked = choose(game, seat, rng, commands, group,
                                        again=await last_of(db, game_id, seat))
                        if picked is not None:
                            break
                    assert picked is not None, f"{variant}: nothing to type for anyone"
                    action, params, typed = picked
                    user = (await seat_users(variant))[seat]
                    noted = await answered_note(db, game_id)
                    inter = await answer(fake, user, channels[variant], typed)
                    assert inter is not None, (variant, typed)
                    said = inter.text()
                    if "was applied" in said:
                        # Held: only the player's very command when it is the game's latest
                        # action and its answer was not noted as delivered (the process died
                        # before answering, or before noting it); one click applies it.
                        last = await last_row(db, game_id)
                        assert last[:3] == (seq, seat, action), (variant, said, last)
                        assert noted != seq, (variant, said, noted)
                        assert inter.response is not None
                        inter = await fake.click(user, inter.response.id,
                                                 inter.response.button("Do it once more"))
                        await fake.settle()
                        said = inter.text()
                        held += 1
                    assert "Done." in said, (variant, typed, said)
                    now, by, did, _ = await last_row(db, game_id)
                    assert (now, by, did) == (seq + 1, seat, action), (variant, typed, said)
                    applied += 1
                    await fake.settle()
                    assert await live_prompts(fake, db, game_id) == [], variant
            assert applied == expected == KILLS * len(TABLES) - over
            assert over < KILLS * len(TABLES) / 2, "too few games went on to test anything"
            done = await db.rows("SELECT variant, seq, status FROM games")
            print(f"{applied} commands applied after restarts, {held} of them confirmed "
                  f"repeats of a command whose answer died with the process; {done}")
        except BaseException:
            print(bot.log.read_text()[-5000:])
            raise
        finally:
            await bot.stop()
