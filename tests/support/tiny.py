"""Tiny Guess: the smallest whole game, added the way docs/architecture.md says a game is added.

Two seats, each dealt a secret number from 1 to 5; in turn each guesses the other's number,
and the first to guess it wins. It has what every game has: luck (the deal), a private fact
per seat, a prompt with a menu, a deadline policy, a winner, a board image and a demo. The
engine part imports only the engine, the picture only the engine and `renders`, and the demo
plays it through the real bot by clicks, its choices made by `engine.autoplay`.

It is registered in one place, `tests/conftest.py` importing this module: then the contract
test, the click walk, the players' words test, the render tests and the demo test pick it up
with no list edited (tests/test_registries.py checks that they do).
"""

from __future__ import annotations

import random
from typing import Any

from PIL import Image

from demo.scripts import SCRIPTS
from demo.table import DemoTable
from engine import (
    ActionSpec,
    Choice,
    Event,
    Game,
    Param,
    Prompt,
    Rng,
    Seat,
    autoplay,
    private,
    public,
    register,
)
from renders import Pictures, palette
from renders import register as register_pictures
from renders.encode import png
from renders.text import Pen, Style, fit, min_size

VARIANT = "tiny-guess"
NUMBERS = ("1", "2", "3", "4", "5")

# ----- the game (engine/games/<name>/ in a real game) ---------------------------------------


@register
class TinyGuess(Game):
    variant = VARIANT
    title = "Tiny Guess"
    summary = "Each player holds a secret number from 1 to 5; the first to guess the other's wins."
    min_seats = 2
    max_seats = 2
    render_on = frozenset({"guessed"})

    turn: int
    numbers: dict[Seat, int]
    guesses: dict[Seat, list[int]]

    def setup(self, rng: Rng) -> list[Event]:
        self.turn = 0
        self.numbers = {seat: rng.randint(1, 5) for seat in self.seats}
        self.guesses = {seat: [] for seat in self.seats}
        return [private(seat, "dealt", f"Your secret number is {self.numbers[seat]}.")
                for seat in self.seats]

    @property
    def current(self) -> Seat:
        return self.seats[self.turn % 2]

    @property
    def other(self) -> Seat:
        return self.seats[(self.turn + 1) % 2]

    @property
    def phase(self) -> str:
        return "over" if self.finished else f"{self.current} to guess"

    def _prompts(self) -> dict[Seat, Prompt]:
        guess = ActionSpec("guess", "Guess", (Param(
            "number", tuple(Choice(n, f"Number {n}") for n in NUMBERS),
            question=f"Which number does {self.other} hold?"),))
        return {self.current: Prompt(self.current, f"Guess {self.other}'s secret number.",
                                     (guess, ActionSpec("pass", "Pass")))}

    def do_guess(self, seat: Seat, rng: Rng, number: str) -> list[Event]:
        guessed, other = int(number), self.other
        self.guesses[seat].append(guessed)
        if guessed == self.numbers[other]:
            self.finish([seat])
            return [public("guessed", f"{seat} guesses {guessed}: right! {seat} wins.",
                           seat=seat, number=guessed)]
        self.turn += 1
        return [public("guessed", f"{seat} guesses {guessed}: wrong.", seat=seat,
                       number=guessed)]

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        self.turn += 1
        return [public("passed", f"{seat} passes.")]

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        return [(self.current, "pass", {})]

    def describe(self, seat: Seat) -> list[str]:
        tried = ", ".join(map(str, self.guesses[seat])) or "nothing yet"
        return [f"Your secret number is {self.numbers[seat]}.", f"You have guessed: {tried}."]

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        view: dict[str, Any] = {"turn": self.current, "guesses": {
            s: list(g) for s, g in self.guesses.items()}}
        if self.finished:
            view["numbers"] = dict(self.numbers)
        if seat is not None:
            view["my_number"] = self.numbers[seat]
        return view

    def _dump(self) -> dict[str, Any]:
        return {"turn": self.turn, "numbers": dict(self.numbers),
                "guesses": {s: list(g) for s, g in self.guesses.items()}}

    def _restore(self, data: dict[str, Any]) -> None:
        self.turn = data["turn"]
        self.numbers = dict(data["numbers"])
        self.guesses = {s: list(g) for s, g in data["guesses"].items()}


# ----- its picture (renders/<name>.py) --------------------------------------------------------

WIDTH = 640
TEXT = Style(min_size(WIDTH))
BOLD = Style(min_size(WIDTH), bold=True)
LINE = TEXT.size + 16
PAPER, INK = (248, 245, 236), (30, 30, 36)


def render(view: dict[str, Any]) -> bytes:
    """The table from the public view: each seat's tag in its colour and its guesses."""
    seats = list(view["seats"])
    image = Image.new("RGB", (WIDTH, 24 + LINE * (len(seats) + 2)), PAPER)
    pen = Pen(image)
    winners = view.get("winners") or []
    head = f"Tiny Guess: {winners[0]} wins" if winners else f"Tiny Guess: {view['turn']} guesses"
    pen.text((16, 16), fit(head, BOLD, WIDTH - 32), BOLD, INK)
    for index, seat in enumerate(seats):
        top = 16 + LINE * (index + 1)
        colour = palette.seat_colour(index, index)
        pen.draw.rectangle((16, top, 16 + LINE - 8, top + LINE - 8), fill=colour)
        pen.text((16 + (LINE - 8) / 2, top + (LINE - 8) / 2), "AB"[index], BOLD,
                 palette.ink_on(colour), anchor="mm")
        tried = ", ".join(map(str, view["guesses"].get(seat, []))) or "no guess yet"
        number = (view.get("numbers") or {}).get(seat)
        held = f" (held {number})" if number is not None else ""
        pen.text((16 + LINE, top), fit(f"{seat}: {tried}{held}", TEXT, WIDTH - LINE - 32),
                 TEXT, INK)
    return png(image)


register_pictures(VARIANT, Pictures(board=render))


# ----- its demo (demo/scripts/<name>.py) -------------------------------------------------------

GUESSING = autoplay.Leaning(rare=frozenset({"pass"}))  # a player passes only when it must


async def tiny_script(t: DemoTable) -> str:
    """A whole game by clicks: each player guesses in turn until one is right."""
    await t.slash("ann", "game new", variant=VARIANT)
    for user in ("ann", "bob"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    rnd = random.Random("demo-tiny")
    while live.game is not None and not live.game.finished:
        call = autoplay.pick(live.game, rnd, GUESSING)
        assert call is not None
        seat, action, params = call
        await t.play(seat, action, **params)
    return "a whole game of guesses, to the winner"


SCRIPTS[VARIANT] = (tiny_script, "demo-tiny-0", ("ann", "bob"))
