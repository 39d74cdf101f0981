"""The engine contract every game follows: `act`, `prompts`, `view`, `state`.

A game subclasses `Game`, declares its seats, options and actions, and writes one
`do_<action>(seat, rng, **params)` method per action. The base class does the rest
the same way for every game: it refuses actions that no prompt offers, checks the
parameters against the prompted choices, runs the handler with a generator derived
from the seed and the action's index, rolls everything back if the handler raises,
and keeps the step it took (with the luck it used) as `last_step`.

A game holds its position, not its history: the action log lives in storage (the
bot's database), and `replay`/`verify`/`undo_last` are given the steps explicitly.
Tests and demos that want the steps in memory make the game with `history=True`.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import wording
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat
from engine.params import LARGEST_NUMBER, read_params
from engine.rng import Rng, commitment
from engine.values import read_bool

STATE_SCHEMA = 1


@dataclass(frozen=True)
class Option:
    """A game option: a house ruling a group may want the other way, or a setting."""

    name: str
    default: bool | int | str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    zero: str = ""  # how a number option's 0 reads to players ("as the pace says")

    def coerce(self, value: Any) -> bool | int | str:
        """Read a value given by a player (possibly as text) or refuse it."""
        if isinstance(self.default, bool):
            return read_bool(value, f"Option {self.name}")
        if isinstance(self.default, int):
            number = _whole_number(value)
            if number is None:
                raise Unreadable(f"Option {self.name} takes a whole number, not "
                                 f"{str(value)[:40]!r}.")
            if self.minimum is not None and number < self.minimum:
                raise Unreadable(f"Option {self.name} is at least {self.minimum}.")
            if self.maximum is not None and number > self.maximum:
                raise Unreadable(f"Option {self.name} is at most {self.maximum}.")
            return number
        if not isinstance(value, str | int | float):
            raise Unreadable(f"Option {self.name} is a word, not a list or a table.")
        text = str(value)
        if self.choices and text not in self.choices:
            raise Unreadable(f"Option {self.name} is one of {', '.join(self.choices)}.")
        return text


def _whole_number(value: Any) -> int | None:
    """A whole number from a player's value (text or number), or None: never inf or 10**400."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not (value == value and abs(value) <= LARGEST_NUMBER and value.is_integer()):
            return None
        number = int(value)
    elif isinstance(value, str) and value.strip().lstrip("+-").isdigit() \
            and len(value.strip()) <= 12:
        number = int(value.strip())
    else:
        return None
    return number if abs(number) <= LARGEST_NUMBER else None


@dataclass(frozen=True)
class Choice:
    """One legal value of a parameter, with the label a menu shows."""

    value: str
    label: str = ""

    @property
    def shown(self) -> str:
        return self.label or self.value


@dataclass(frozen=True)
class Param:
    """A parameter of an action. `choices` None means free input the handler checks."""

    name: str
    choices: tuple[Choice, ...] | None = None
    required: bool = True
    kind: str = "str"  # "str", "int", "bool", or "text": long free text (a form's paragraph)
    question: str = ""


@dataclass(frozen=True)
class ActionSpec:
    """An action a seat may take now, with its parameters."""

    name: str
    label: str = ""
    params: tuple[Param, ...] = ()

    @property
    def shown(self) -> str:
        return self.label or self.name.replace("-", " ").capitalize()


@dataclass(frozen=True)
class Prompt:
    """What one seat must (or may) do now. The bot builds buttons and menus from it."""

    seat: Seat
    text: str
    actions: tuple[ActionSpec, ...]

    def action(self, name: str) -> ActionSpec | None:
        for spec in self.actions:
            if spec.name == name:
                return spec
        return None


@dataclass(frozen=True)
class Step:
    """One entry of the action log: who did what, and the luck it used."""

    seat: Seat
    action: str
    params: dict[str, Any]
    luck: list[dict[str, Any]] = field(default_factory=list)
    secret: bool = False  # it sent someone a private event

    @property
    def undoable(self) -> bool:
        """Undo may never re-roll luck or unsee a card."""
        return not self.luck and not self.secret

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "params": self.params,
                "luck": self.luck, "secret": self.secret}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Step:
        return cls(raw["seat"], raw["action"], dict(raw["params"]), list(raw.get("luck", [])),
                   bool(raw.get("secret", False)))


def _frozen(value: Any) -> Any:
    """A copy of an event's data that no later change of the game can reach."""
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_frozen(v) for v in value]
    return value


def _snapshot(event: Event) -> Event:
    """Events are snapshots: what `act` returned never changes afterwards."""
    return Event(event.audience, event.kind, event.text, _frozen(event.data))


class Game(ABC):
    """Base class of every game. Subclasses set the class attributes and the hooks."""

    variant: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    # House rulings this game follows, "ID: text", shown by /game rules.
    rulings: ClassVar[tuple[str, ...]] = ()
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 8
    # Fixed seat names (suspects, powers); empty when seats are named after players.
    seat_names: ClassVar[tuple[str, ...]] = ()
    options_spec: ClassVar[tuple[Option, ...]] = ()
    # Actions any seat may take whenever the game is running (table bookkeeping).
    free_actions: ClassVar[frozenset[str]] = frozenset()
    # Questions, not actions: they answer the asker privately and change nothing, so
    # they are neither logged nor stored (a hand, a detective sheet, the discard pile).
    queries: ClassVar[frozenset[str]] = frozenset()
    # Actions the game's creator may take on behalf of the seat prompted for them
    # (a table's organiser drawing the event for an absent Sec-Gen).
    creator_actions: ClassVar[frozenset[str]] = frozenset()
    # Event kinds after which the bot posts a fresh board image.
    render_on: ClassVar[frozenset[str]] = frozenset()

    seats: list[Seat]
    seed: str
    options: dict[str, Any]
    # The index of the next step: its luck comes from Rng(seed, luck_stream()), by default
    # f"action:{step_count}".
    step_count: int
    # The step of the last accepted action (None after `load`, until the next action).
    last_step: Step | None
    # Every step, kept only when the game was made with `history=True` (tests, demos).
    history: list[Step] | None
    setup_luck: list[dict[str, Any]]
    finished: bool
    winners: list[Seat]

    # ----- construction -------------------------------------------------

    def __init__(self, seats: list[Seat], *, seed: str,
                 options: Mapping[str, Any] | None = None) -> None:
        self.seats = self._check_seats(seats)
        self.seed = seed
        self.options = self.read_options(options or {})
        self.step_count = 0
        self.last_step = None
        self.history = None
        self.finished = False
        self.winners = []
        rng = Rng(seed, "setup")
        self.setup_events = self.setup(rng)
        self.setup_luck = rng.luck

    @classmethod
    def _check_seats(cls, seats: list[Seat]) -> list[Seat]:
        seats = [str(s) for s in seats]
        if len(set(seats)) != len(seats):
            raise Unreadable("Each seat may be taken only once.")
        if not cls.min_seats <= len(seats) <= cls.max_seats:
            raise NotAllowed(f"{cls.title} needs {cls.min_seats} to {cls.max_seats} seats, "
                             f"not {len(seats)}.")
        if cls.seat_names:
            unknown = [s for s in seats if s not in cls.seat_names]
            if unknown:
                raise Unreadable(f"{unknown[0]} is not a seat in {cls.title}; the seats are "
                                 f"{', '.join(cls.seat_names)}.")
        return seats

    @classmethod
    def read_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fill in defaults and refuse unknown or malformed options."""
        spec = {o.name: o for o in cls.options_spec}
        unknown = sorted(set(given) - set(spec))
        if unknown:
            known = ", ".join(spec) or "none"
            raise Unreadable(f"{cls.title} has no option {unknown[0]!r} (options: {known}).")
        return {name: (o.coerce(given[name]) if name in given else o.default)
                for name, o in spec.items()}

    # ----- hooks for subclasses ----------------------------------------

    def setup(self, rng: Rng) -> list[Event]:
        """Deal, place and shuffle. Returns the events of the setup."""
        return []

    @abstractmethod
    def _prompts(self) -> dict[Seat, Prompt]:
        """Who must act now and the legal choices; `act` checks against the same list."""

    @abstractmethod
    def _view(self, seat: Seat | None) -> dict[str, Any]:
        """The game's part of `view`: what `seat` (None: everyone) may know. Never more."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """The game's own state, secrets included, as JSON-ready data (docs/<id>.md)."""

    @abstractmethod
    def _restore(self, data: dict[str, Any]) -> None:
        """Set the game's own state from `_dump()` output, losslessly."""

    @property
    def phase(self) -> str:
        """A short, public name of where the game stands."""
        return "over" if self.finished else "playing"

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """What the game's deadline policy does for the awaited seats; [] tells the creator."""
        return []

    def describe(self, seat: Seat) -> list[str]:
        """What `seat` holds and knows, in words, one paragraph per item (a hand, notes,
        cash): what "Show my hand" prints, never the view's JSON. Each paragraph stays well
        under a chat message's length; every game with secrets overrides this."""
        return [f"You play {seat} in {self.title}."]

    # ----- the facade ---------------------------------------------------

    def prompts(self) -> dict[Seat, Prompt]:
        """Who must act now, and the legal choices."""
        if self.finished:
            return {}
        return self._prompts()

    def act(self, seat: Seat, action: str, **params: Any) -> list[Event]:
        """Validate and apply one action; on any error the state is exactly as before."""
        if not isinstance(seat, str):
            raise Unreadable("A seat is named by its name, in words.")
        if not isinstance(action, str):
            raise Unreadable("An action is named by its name, in words.")
        before = self._checkpoint()
        rng = Rng(self.seed, self.luck_stream())
        try:
            params = read_params(action, self._handler(action), params)
            handler = self._check(seat, action, params)
            events = [_snapshot(e) for e in handler(seat, rng, **params)]
        except BaseException:
            self._rollback(before)
            raise
        if action in self.queries:
            self._rollback(before)
            if rng.luck or any(e.public for e in events):
                raise AssertionError(f"query {action} must not use luck or speak publicly")
            return events
        secret = any(not e.public for e in events)
        self._append_step(Step(seat, action, dict(params), rng.luck, secret))
        return events

    def luck_stream(self) -> str:
        """The stream of the next step's generator: its index in the log. A game whose
        secret steps must not shift the luck of later public ones (Plotted A&A's plot
        commands: how many a power gave is secret) names the stream by public steps."""
        return f"action:{self.step_count}"

    def _append_step(self, step: Step) -> None:
        """Count an accepted step; the log itself is the caller's (storage, `history`)."""
        self.last_step = step
        self.step_count += 1
        if self.history is not None:
            self.history.append(step)

    # A checkpoint is the game's own state as JSON text: cheaper than a deep copy, and
    # every action thereby checks that the state stays JSON-ready. A step is counted only
    # once its handler succeeded, so the count needs no rolling back.
    def _checkpoint(self) -> tuple[bool, list[Seat], str]:
        return self.finished, list(self.winners), json.dumps(self._dump())

    def _rollback(self, checkpoint: tuple[bool, list[Seat], str]) -> None:
        finished, winners, saved = checkpoint
        self._restore(json.loads(saved))
        self.finished = finished
        self.winners = winners

    def _handler(self, action: str) -> Any:
        """The function behind an action name (unbound), or the refusal of an unknown one."""
        name = "do_" + action.replace("-", "_")
        handler = getattr(type(self), name, None) if name.isidentifier() else None
        if handler is None:
            raise Unreadable(f"{self.title} has no action {action[:40]!r}.")
        return handler

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        """The bound handler if `seat` may take `action` with `params` now, or the refusal.

        `params` are already read into the handler's types (`engine.params`)."""
        if self.finished:
            raise NotAllowed("This game is over.")
        if seat not in self.seats:
            raise Unreadable(f"There is no seat {seat[:40]!r} in this game.")
        handler = getattr(self, "do_" + action.replace("-", "_"))
        if action in self.free_actions or action in self.queries:
            return handler
        prompt = self.prompts().get(seat)
        spec = prompt.action(action) if prompt else None
        if spec is None:
            raise NotAllowed(self.not_now(seat, action))
        for param in spec.params:
            value = params.get(param.name)
            if value is None:
                if param.required:
                    raise Unreadable(wording.missing(spec, param))
                continue
            if param.choices is not None and str(value) not in {c.value for c in param.choices}:
                raise NotAllowed(wording.not_a_choice(param, value))
        return handler

    def not_now(self, seat: Seat, action: str) -> str:
        """The refusal for an action the seat may not take now: says who is awaited."""
        prompts = self.prompts()
        what = action.replace("-", " ")  # "final-build" is said "final build"
        if seat in prompts:
            offered = ", ".join(a.shown for a in prompts[seat].actions)
            return f"You can't {what} now. You may: {offered}."
        waiting = ", ".join(prompts) or "nobody"
        return f"It is not your turn to {what}: waiting for {waiting}."

    @property
    def turn_order(self) -> list[Seat]:
        """The seats in the order they take turns, as the start of a game announces it: the
        seats' own order, unless the game keeps another as a list `order` (Cold Cash Risk's
        drawn order, One World Dominion's, Killer Clue's round) or overrides this."""
        order = getattr(self, "order", None)
        return list(order) if isinstance(order, list) and order else list(self.seats)

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may know (None: what everyone may know), JSON-ready. Never more."""
        if seat is not None and seat not in self.seats:
            raise Unreadable(f"There is no seat {seat!r} in this game.")
        base: dict[str, Any] = {
            "variant": self.variant,
            "title": self.title,
            "seats": list(self.seats),
            "options": dict(self.options),
            "phase": self.phase,
            "awaiting": sorted(self.prompts()),
            "finished": self.finished,
            "winners": list(self.winners),
            "commitment": commitment(self.seed),
            "actions": self.step_count,
        }
        if self.finished:
            base["seed"] = self.seed
        base.update(self._view(seat))
        return base

    def state(self) -> dict[str, Any]:
        """The whole position, secrets included, as JSON-ready data (see docs/<id>.md).

        Not the history: `steps` only counts the steps taken, which is all a replay from
        here needs (the next step's luck derives from the seed and that count)."""
        return {
            "schema": STATE_SCHEMA,
            "variant": self.variant,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "finished": self.finished,
            "winners": list(self.winners),
            "setup_luck": copy.deepcopy(self.setup_luck),
            "steps": self.step_count,
            "game": self._dump(),
        }

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Game:
        if state.get("schema") != STATE_SCHEMA:
            raise Unreadable(f"Unsupported state schema {state.get('schema')!r}.")
        game = cls.__new__(cls)
        game.seats = list(state["seats"])
        game.seed = state["seed"]
        game.options = cls.read_options(state.get("options", {}))
        game.finished = bool(state["finished"])
        game.winners = list(state["winners"])
        game.setup_luck = copy.deepcopy(list(state.get("setup_luck", [])))
        game.setup_events = []
        # A state stored before the log moved out of the game still has it: only its
        # length matters now.
        game.step_count = int(state["steps"]) if "steps" in state else len(state["log"])
        game.last_step = None
        game.history = None
        game._restore(copy.deepcopy(dict(state["game"])))
        return game

    def finish(self, winners: list[Seat]) -> None:
        """End the game; the seed is then revealed in every view."""
        self.finished = True
        self.winners = list(winners)

    def __repr__(self) -> str:
        return (f"engine.new_game({self.variant!r}, {self.seats!r}, seed=<hidden>, "
                f"options={self.options!r})  # after {self.step_count} actions")
