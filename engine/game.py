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
from typing import Any, ClassVar

from engine import wording
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat
from engine.params import read_params
from engine.rng import Rng, commitment
from engine.spec import ActionSpec, Choice, Option, Param, Prompt, Step, Window

# The contract's values live in engine.spec; they are re-exported here so that
# `from engine.game import Prompt` keeps working.
__all__ = ["STATE_SCHEMA", "ActionSpec", "Choice", "Game", "Option", "Param", "Prompt", "Step",
           "Window"]

STATE_SCHEMA = 1


def _frozen(value: Any) -> Any:
    """A copy of an event's data that no later change of the game can reach."""
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_frozen(v) for v in value]
    if isinstance(value, set | frozenset):  # in an order no process's hash seed changes
        return [_frozen(v) for v in sorted(value, key=repr)]
    return value


def _snapshot(event: Event) -> Event:
    """Events are snapshots: what `act` returned never changes afterwards."""
    return Event(event.audience, event.kind, event.text, _frozen(event.data))


def _copied(value: Any) -> Any:
    """A copy of JSON-ready data sharing no container with the game: a state kept from
    before an action must not change with the game. Faster than `copy.deepcopy` (no memo:
    state data is a tree), and it keeps the types as they are."""
    kind = type(value)
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is list:
        return [_copied(v) for v in value]
    if kind is tuple:
        return tuple(_copied(v) for v in value)
    return value if kind in _SCALARS else copy.deepcopy(value)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _chosen(spec: ActionSpec, params: Mapping[str, Any]) -> str:
    """An answer in its prompt's words: "Go: Hall", "Bet: 3 points"."""
    words = []
    for param in spec.params:
        if param.name not in params or params[param.name] is None:
            continue
        value = params[param.name]
        shown = {c.value: c.shown for c in param.choices or ()}
        words.append(shown.get(str(value), "yes" if value is True else "no" if value is False
                               else str(value)))
    return f"{spec.shown}: {', '.join(words)}" if words else spec.shown


class Game(ABC):
    """Base class of every game. Subclasses set the class attributes and the hooks."""

    variant: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    # A line every page that shows the game carries (its status post, its announcements):
    # a publisher's game played unofficially says so ("not affiliated with ...").
    notice: ClassVar[str] = ""
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
    # Actions whose very occurrence is secret (a plot written in secret): how many there
    # were, which seat took them and which kind they were is nobody else's business until
    # the game reveals what they made. Such a step sends only private events; the public
    # log, history and counts leave it out (`hides`, `public_steps`).
    hidden_actions: ClassVar[frozenset[str]] = frozenset()

    seats: list[Seat]
    seed: str
    options: dict[str, Any]
    # The index of the next step: its luck comes from Rng(seed, luck_stream(action)).
    step_count: int
    # The steps everyone may know of: all but the hidden ones (`hidden_actions`). What a
    # public count or number shows, so that it says nothing of a secret plot's size.
    public_steps: int
    # Whether a step's luck is named by the public steps before it (a game with hidden
    # actions, made since they are told apart), so that no die shows how many hidden steps
    # were taken; a game stored before keeps naming it by the log's index.
    public_luck: bool
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
        self.public_steps = 0
        self.public_luck = bool(self.hidden_actions)
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

    @staticmethod
    def check_state(state: Mapping[str, Any]) -> None:
        """Refuse, naming the field, a state made outside the game (`/game import`) that the
        rules forbid or `_restore` could not read. `engine.load(..., imported=True)` calls
        it on the raw state, seats and options already checked, before the game reads it.
        A game declares its own (`engine/games/<id>/statecheck.py`); by default, none."""
        return None

    @property
    def phase(self) -> str:
        """A short, public name of where the game stands."""
        return "over" if self.finished else "playing"

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """What the game's deadline policy does for the awaited seats; [] tells the creator."""
        return []

    def hiding(self) -> bool:
        """Does the game now offer some seat a hidden action (a Plot Phase)? While it does,
        nothing may show whether a hidden step was taken: not even an undo's answer."""
        return bool(self.hidden_actions) and any(
            self.hides(spec.name) for prompt in self.prompts().values()
            for spec in prompt.actions)

    @classmethod
    def hides(cls, action: str | None) -> bool:
        """Is the very occurrence of `action` secret (`hidden_actions`)? A logged step of
        such an action appears in nothing public: not the public log, the history, a
        count, nor an edit of a public message."""
        return action in cls.hidden_actions

    def describe(self, seat: Seat) -> list[str]:
        """What `seat` holds and knows, in words, one paragraph per item (a hand, notes,
        cash): what "Show my hand" prints, never the view's JSON. Each paragraph stays well
        under a chat message's length; every game with secrets overrides this."""
        return [f"You play {seat} in {self.title}."]

    # ----- what a game may offer the bot and the tests (declared here, with defaults) -----

    # Private event kinds that `prompt_detail` already shows in the seat's prompt message:
    # the bot does not send them again as DMs of their own to a seat whose prompt shows them.
    shown_in_prompt: ClassVar[frozenset[str]] = frozenset()

    def prompt_detail(self, seat: Seat) -> str:
        """Private text the seat's prompt message shows beside its buttons, edited in place
        when it changes (Plotted A&A's plot sheet); "" for none. Never public."""
        return ""

    def deadline_seconds(self) -> int | None:
        """The game's own time limit for what it waits for now (Plotted A&A's Plot Phase and
        reveal timer), armed by the bot for each new question; None: only the deadline the
        creator sets. A game that has no time limits of its own keeps this default."""
        return None

    def window(self) -> Window | None:
        """The reaction window the game waits in, from public facts only (One World
        Dominion's card windows and defenders); when its time is up the bot answers with
        `timeout_actions()`. None: the game waits in no window."""
        return None

    def suggest(self, seat: Seat, action: str, param: str,
                typed: Mapping[str, Any]) -> list[str]:
        """Values `seat` may mean for `param` of `action` where no prompt lists them (free
        text, as A&A's units): what a slash command's autocomplete offers, given the options
        typed so far (`typed`, by parameter name, `param`'s own text among them). Only what
        `seat` may know, and never a refusal: [] when there is nothing to offer (the
        default; the prompt's choices are offered by the bot)."""
        return []
    def deadline_words(self, seat: Seat, prompt: Prompt) -> str:
        """What the deadline does for `seat` if it passes now, in its player's words, for
        the prompt that asks `prompt` (as `prompts()` gave it): by default each of
        `timeout_actions()`'s answers for the seat in its prompt's words ("the game answers
        “Hold” for you"); "" when the policy answers nothing for it (the bot then says that
        the game's creator is told). A game whose policy reads better otherwise (standing
        orders) says it here. What the deadline does is what a player's away period does
        too (`/game away`)."""
        said = []
        for who, action, params in self.timeout_actions():
            if who != seat:
                continue
            spec = prompt.action(action)
            said.append(_chosen(spec, params) if spec is not None else
                        wording.plain(action))
        if not said:
            return ""
        return f"the game answers “{said[0]}” for you" if len(said) == 1 else \
            f"the game answers for you: “{'”, then “'.join(said)}”"

    def call_words(self, seat: Seat) -> str:
        """How the channel's call names what `seat` is newly asked, before its prompt's
        text: "your turn" unless the game says otherwise (a reaction window's "you may play
        a card now", a seat asked out of its turn). From public facts only: the call is
        public."""
        return "your turn"

    @classmethod
    def example_seats(cls) -> list[Seat]:
        """Seats for a game made without players (tests, benches, random play): three when
        the game seats them (else as few or as many as it takes), named by its `seat_names`
        or as players are."""
        count = min(max(cls.min_seats, 3), cls.max_seats)
        names = cls.seat_names or ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
        return list(names[:count])

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
        rng = Rng(self.seed, self.luck_stream(action))
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
        if self.hides(action) and any(e.public for e in events):
            self._rollback(before)
            raise AssertionError(f"hidden action {action} must not speak publicly")
        secret = any(not e.public for e in events)
        self._append_step(Step(seat, action, dict(params), rng.luck, secret))
        return events

    def luck_stream(self, action: str) -> str:
        """The stream of the next step's generator: its index in the log. In a game with
        hidden actions (`public_luck`), a public step's stream is named by the public steps
        before it and a hidden step's apart, so that how many hidden steps were taken (how
        many plot commands a power gave) shifts no later die."""
        if not self.public_luck:
            return f"action:{self.step_count}"
        if self.hides(action):
            return f"hidden:{self.step_count}"
        return f"action:{self.public_steps}"

    def _append_step(self, step: Step) -> None:
        """Count an accepted step; the log itself is the caller's (storage, `history`)."""
        self.last_step = step
        self.step_count += 1
        if not self.hides(step.action):
            self.public_steps += 1
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
            "actions": self.public_steps,
        }
        if self.finished:
            base["seed"] = self.seed
        base.update(self._view(seat))
        return base

    def state(self) -> dict[str, Any]:
        """The whole position, secrets included, as JSON-ready data (see docs/<id>.md).

        Not the history: `steps` only counts the steps taken, which is all a replay from
        here needs (the next step's luck derives from the seed and that count). A copy:
        later actions never change what it returned (a game's `_dump` may hand back its
        own live lists, so the copy is made here, once, for every game)."""
        return _copied({
            "schema": STATE_SCHEMA,
            "variant": self.variant,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "finished": self.finished,
            "winners": self.winners,
            "setup_luck": self.setup_luck,
            "steps": self.step_count,
            "public_steps": self.public_steps,
            **({"luck": "by public steps"} if self.public_luck else {}),
            "game": self._dump(),
        })

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
        # Stored before hidden steps were told apart: every step counted as public.
        game.public_steps = int(state.get("public_steps", game.step_count))
        game.public_luck = state.get("luck") == "by public steps"
        if not 0 <= game.public_steps <= game.step_count:
            raise Unreadable("The state's count of public steps is not between 0 and its "
                             "count of steps.")
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
