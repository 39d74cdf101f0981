"""A tiny game for the foundation's tests: Pig, with a secret card per seat.

It exercises every part of the contract: luck (dice, a shuffled deal), private
events (each seat's secret card), prompts with buttons and a select menu, a free
action, undoable and non-undoable steps, a deadline policy and a winner.
"""

from __future__ import annotations

from typing import Any

from engine import (
    ActionSpec,
    Choice,
    Deck,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Prompt,
    Rng,
    Seat,
    private,
    public,
    register,
)

CARDS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "SHDC"]


@register
class Pig(Game):
    variant = "pig"
    title = "Pig"
    summary = "Roll a die to add to your turn total; a 1 loses it. Hold to bank it."
    min_seats = 2
    max_seats = 6
    options_spec = (Option("target", 20, "Points needed to win", minimum=5, maximum=100,
                           label="Target"),)
    free_actions = frozenset({"note"})
    queries = frozenset({"peek"})
    render_on = frozenset({"held"})

    turn: int
    pot: int
    scores: dict[Seat, int]
    secret: dict[Seat, str]
    deck: Deck
    marker: str

    def setup(self, rng: Rng) -> list[Event]:
        self.turn = 0
        self.pot = 0
        self.scores = {s: 0 for s in self.seats}
        self.marker = "a"
        self.deck = Deck("cards", list(CARDS))
        self.deck.shuffle(rng)
        hands = self.deck.deal(rng, self.seats, 1)
        self.secret = {s: hands[s][0] for s in self.seats}
        return [private(s, "dealt", f"Your secret card is {self.secret[s]}.", card=self.secret[s])
                for s in self.seats]

    @property
    def current(self) -> Seat:
        return self.seats[self.turn % len(self.seats)]

    @property
    def phase(self) -> str:
        return "over" if self.finished else f"{self.current} to play"

    def _prompts(self) -> dict[Seat, Prompt]:
        actions = [ActionSpec("roll", "Roll"), ActionSpec("hold", "Hold")]
        actions.append(ActionSpec("bet", "Bet", (Param("amount", tuple(
            Choice(str(n), f"{n} points") for n in (1, 2, 3)), question="How many points?"),)))
        return {self.current: Prompt(self.current, f"Your turn: {self.pot} in the pot.",
                                     tuple(actions))}

    def do_roll(self, seat: Seat, rng: Rng) -> list[Event]:
        (die,) = rng.roll(1, 6)
        if die == 1:
            lost = self.pot
            self.pot = 0
            self.turn += 1
            return [public("rolled", f"{seat} rolls a 1 and loses {lost}.", die=die)]
        self.pot += die
        return [public("rolled", f"{seat} rolls {die}; the pot is {self.pot}.", die=die)]

    def do_hold(self, seat: Seat, rng: Rng) -> list[Event]:
        self.scores[seat] += self.pot
        events = [public("held", f"{seat} banks {self.pot} ({self.scores[seat]} in all).")]
        self.pot = 0
        if self.scores[seat] >= self.options["target"]:
            self.finish([seat])
            events.append(public("won", f"{seat} wins with {self.scores[seat]}!", winner=seat))
        else:
            self.turn += 1
        return events

    def do_bet(self, seat: Seat, rng: Rng, amount: str) -> list[Event]:
        if int(amount) > self.scores[seat]:
            raise NotAllowed(f"You have only {self.scores[seat]} points to bet.")
        self.scores[seat] -= int(amount)
        self.pot += 2 * int(amount)
        return [public("bet", f"{seat} bets {amount}.")]

    def do_peek(self, seat: Seat, rng: Rng) -> list[Event]:
        return [private(seat, "peek", f"Your secret card is {self.secret[seat]}.")]

    def do_note(self, seat: Seat, rng: Rng, text: str) -> list[Event]:
        if not text.strip():
            raise NotAllowed("A note needs some text.")
        self.marker = text.strip()[:40]
        return [public("note", f"{seat} notes: {self.marker}")]

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        return [(self.current, "hold", {})]

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        view: dict[str, Any] = {"turn": self.current, "pot": self.pot,
                                "scores": dict(self.scores), "marker": self.marker,
                                "cards_left": len(self.deck)}
        if seat is not None:
            view["my_card"] = self.secret[seat]
        return view

    def _dump(self) -> dict[str, Any]:
        return {"turn": self.turn, "pot": self.pot, "scores": self.scores,
                "secret": self.secret, "deck": self.deck.to_json(), "marker": self.marker}

    def _restore(self, data: dict[str, Any]) -> None:
        self.turn = data["turn"]
        self.pot = data["pot"]
        self.scores = data["scores"]
        self.secret = data["secret"]
        self.deck = Deck.from_json(data["deck"])
        self.marker = data["marker"]
