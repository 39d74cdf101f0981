"""`/game import`: bring in a game in progress at a real table, from a state file.

The file is the game's state in the schema its `docs/<id>.md` documents (what
`engine.load` reads). It is checked whole before anything is stored: a clear error
names the field, and a bad file creates nothing. The table's past rolls are not ours
to verify, so the imported game keeps its position but draws its luck from a fresh
seed, committed (sha256 published) as for any game; its log starts at the import.
"""

from __future__ import annotations

import json
import re
from typing import Any

import engine
from bot.service import GameService, LiveGame
from bot.storage import Storage
from engine import Game, Step, Unreadable

MAX_BYTES = 2_000_000
REQUIRED = {"seats": list, "finished": bool, "winners": list, "game": dict}
KINDS = {list: "list", bool: "true or false", dict: "object"}
MENTION = re.compile(r"<@!?(\d+)>")


def read_state(variant: str, raw: bytes, seed: str) -> Game:
    """The game the file describes, on a fresh seed; Unreadable naming what is wrong."""
    if len(raw) > MAX_BYTES:
        raise Unreadable("That file is too large for a game's state (at most 2 MB).")
    try:
        state = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Unreadable("That file is not text: export the game's state as JSON.") from None
    except json.JSONDecodeError as exc:
        raise Unreadable(f"That file is not valid JSON (line {exc.lineno}, column "
                         f"{exc.colno}: {exc.msg}).") from None
    if not isinstance(state, dict):
        raise Unreadable("The state file must hold one JSON object, with the fields "
                         f"{', '.join(sorted(REQUIRED))}.")
    cls = engine.game_class(variant)
    state.setdefault("schema", 1)
    state.setdefault("variant", variant)
    state.setdefault("options", {})
    if state["variant"] != variant:
        raise Unreadable(f"The field “variant” says {state['variant']}, but you are importing "
                         f"{cls.title} ({variant}).")
    for name, kind in REQUIRED.items():
        if name not in state:
            raise Unreadable(f"The state file has no field “{name}” (see the state schema "
                             f"in the {cls.title} reference).")
        if not isinstance(state[name], kind):
            raise Unreadable(f"The field “{name}” must be a JSON {KINDS[kind]}.")
    if state["finished"]:
        raise Unreadable("The field “finished” says this game is over: there is nothing left "
                         "to play.")
    state.update(seed=seed, log=[], setup_luck=[])
    try:
        cls._check_seats(list(state["seats"]))
        game = engine.load(variant, state)
        game.prompts()
        game.view(None)
        json.dumps(game.state())
    except engine.RuleError:
        raise
    except KeyError as exc:
        raise Unreadable(f"The state file's “game” has no field “{exc.args[0]}” (see the "
                         f"state schema in the {cls.title} reference).") from None
    except (TypeError, ValueError, AttributeError, IndexError) as exc:
        raise Unreadable(f"The state file's “game” does not fit {cls.title}'s schema "
                         f"({exc}).") from None
    return game


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
                             f"“{part.strip()}”).")
        name = seat.strip()
        matches = [s for s in seats if s.casefold() == name.casefold()]
        if not matches:
            raise Unreadable(f"{name} is not a seat of this game; its seats are "
                             f"{', '.join(seats)}.")
        given[matches[0]] = int(found[1])
    missing = [s for s in seats if s not in given]
    if missing:
        raise Unreadable(f"Say who plays {', '.join(missing)} (seat=@player).")
    return [(s, given[s]) for s in seats]


async def import_game(service: GameService, *, variant: str, raw: bytes, players: str,
                      guild_id: int | None, channel_id: int, creator_id: int
                      ) -> tuple[LiveGame, Game]:
    """Check everything, then store the game as started at the imported position."""
    seed = service.seed_source()
    game = read_state(variant, raw, seed)
    order = read_players(players, list(game.seats))
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


async def start_state(storage: Storage, game_id: int) -> dict[str, Any]:
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
