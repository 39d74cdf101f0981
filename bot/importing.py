"""`/game import`: bring in a game in progress at a real table, from a state file.

The file is the game's state in the schema its `docs/<id>.md` documents (what
`engine.load` reads). It is checked whole before anything is stored, and a bad file
creates nothing: its size and nesting are bounded before it is parsed
(`engine.jsontext`); the engine checks every field as the rules require and names the
one that breaks them (`engine.load(..., imported=True)`); seat names must show what they
say (`bot.names`); and the players named must be members of the server (the cog's
`member` check). The table's past rolls are not ours to verify, so the imported game keeps
its position but draws its luck from a fresh seed, committed (sha256 published) as for any
game; its log starts at the import.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from bot import names
from bot.service import GameService, LiveGame
from bot.storage import Store
from engine import Game, Step, Unreadable, jsontext

MAX_BYTES = 2_000_000
REQUIRED = {"seats": list, "finished": bool, "winners": list, "game": dict}
KINDS = {list: "list", bool: "true or false", dict: "object"}
MENTION = re.compile(r"<@!?(\d+)>")


def read_state(variant: str, raw: bytes, seed: str) -> Game:
    """The game the file describes, on a fresh seed; Unreadable naming what is wrong."""
    state = jsontext.loads(raw, "The state file", largest=MAX_BYTES)
    if not isinstance(state, dict):
        raise Unreadable("The state file must hold one JSON object, with the fields "
                         f"{', '.join(sorted(REQUIRED))}.")
    cls = engine.game_class(variant)
    state.setdefault("schema", 1)
    state.setdefault("variant", variant)
    state.setdefault("options", {})
    if state["variant"] != variant:
        raise Unreadable(f"The field “variant” says {str(state['variant'])[:40]}, but you are "
                         f"importing {cls.title} ({variant}).")
    for name, kind in REQUIRED.items():
        if name not in state:
            raise Unreadable(f"The state file has no field “{name}” (see the state schema "
                             f"in the {cls.title} reference).")
        if not isinstance(state[name], kind):
            raise Unreadable(f"The field “{name}” must be a JSON {KINDS[kind]}.")
    if state["finished"]:
        raise Unreadable("The field “finished” says this game is over: there is nothing left "
                         "to play.")
    check_seat_names(state["seats"])
    state.update(seed=seed, log=[], setup_luck=[])
    return engine.load(variant, state, imported=True)


def check_seat_names(seats: list[Any]) -> None:
    """Seat names show what they say: nothing invisible or direction-changing in them (a
    file is not cleaned behind its writer's back: the state names its seats everywhere),
    and no two that look alike."""
    seen: list[str] = []
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, str):
            raise Unreadable(f"The state file's “seats › #{number}” must be a seat's name.")
        if names.clean(seat) != seat:
            raise Unreadable(f"The state file's “seats › #{number}” "
                             f"({names.escape(names.clean(seat))}) holds invisible or "
                             "direction-changing characters, or extra spaces: remove "
                             "them.")
        names.seat_name(seat, f"The state file's “seats › #{number}”", hint="")
        clash = names.same_as(seat, seen)
        if clash is not None and clash != seat:
            raise Unreadable(f"The state file's seats {names.escape(clash)} and "
                             f"{names.escape(seat)} would look the same to the players: "
                             "rename one.")
        seen.append(seat)


def read_players(text: str, seats: list[str]) -> list[tuple[str, int]]:
    """`Germany=@ann, Japan=@bob` -> [(seat, user id)] in the game's seat order."""
    given: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        seat, sep, who = part.partition("=")
        found = MENTION.search(who)
        if not sep or not found:
            raise Unreadable(f"Write players as seat=@player, separated by commas (not "
                             f"“{names.escape(part.strip()[:60])}”).")
        name = seat.strip()
        matches = [s for s in seats if s.casefold() == name.casefold()]
        if not matches:
            raise Unreadable(f"{names.escape(name[:40])} is not a seat of this game; its "
                             f"seats are {', '.join(seats)}.")
        given[matches[0]] = int(found[1])
    missing = [s for s in seats if s not in given]
    if missing:
        raise Unreadable(f"Say who plays {', '.join(missing)} (seat=@player).")
    return [(s, given[s]) for s in seats]


async def import_game(service: GameService, *, variant: str, raw: bytes, players: str,
                      guild_id: int | None, channel_id: int, creator_id: int,
                      member: Callable[[int], Awaitable[None]]) -> tuple[LiveGame, Game]:
    """Check everything (the file, the seats, that every player is a `member` of this
    server: it raises if not), then store the game as started at the imported position."""
    seed = service.seed_source()
    # The checks play trial moves on copies: off the event loop.
    game = await asyncio.get_running_loop().run_in_executor(None, read_state, variant, raw,
                                                            seed)
    order = read_players(players, list(game.seats))
    for user_id in dict.fromkeys(user for _, user in order):
        await member(user_id)
    game_id = await service.storage.create_game(
        variant=variant, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
        options=dict(game.options), seed=seed, commitment=engine.commitment(seed),
        now=service.clock())
    event = engine.public("imported", f"{game.title} was brought in from a game in progress, "
                                      f"seats {', '.join(game.seats)}.")
    await service.storage.start_game(game_id, seat_order=order, state=game.state(),
                                     events=[event.to_json()], now=service.clock())
    row = await service.storage.game(game_id)
    assert row is not None
    live = LiveGame(row, await service.storage.seats(game_id), game)
    service.live[live.id] = live
    service.by_channel[channel_id] = live.id
    return live, game


def was_imported(first_events: list[dict[str, Any]]) -> bool:
    return any(e.get("kind") == "imported" for e in first_events)


async def start_state(storage: Store, game_id: int) -> dict[str, Any]:
    """The position the game was imported at (its start snapshot, always kept)."""
    state = await storage.start_snapshot(game_id)
    if state is None:
        raise Unreadable("The imported position is missing from the store.")
    return state


def verify_imported(variant: str, start: dict[str, Any], commitment: str,
                    steps: list[Step]) -> engine.Verification:
    """Replay the actions taken since the import from the imported position and the
    revealed seed; the table's own past is not ours to check."""
    problems: list[str] = []
    if engine.commitment(start["seed"]) != commitment:
        problems.append("the seed does not match the commitment published at the import")
    game = engine.load(variant, start)
    done: list[Step] = []
    for index, step in enumerate(steps, start=1):
        if step.action == engine.UNDO:
            done.pop()
            game = engine.load(variant, start)  # an undo replays from the imported position
            for kept in done:
                game.act(kept.seat, kept.action, **kept.params)
            continue
        try:
            game.act(step.seat, step.action, **step.params)
        except engine.RuleError as exc:
            problems.append(f"move {index} ({step.seat}) is refused on replay: {exc.message}")
            break
        done.append(step)
        assert game.last_step is not None
        if game.last_step.luck != step.luck:
            problems.append(f"move {index} ({step.seat}) recorded other dice, shuffles or "
                            "draws than the seed gives")
            break
    return engine.Verification(not problems, len(steps), problems, game)
