"""The state of an Illuminati game and the plain questions asked of it.

`IllBase` holds the state (documented field by field in docs/illuminati.md, "State
schema") and answers questions about it: whose turn, who is still in, which cards a
player controls, their treasuries, the layout of a power structure, who may answer a
reaction window. The concept modules add the rules in a chain, each building on those
before it: `reorganize` (placing, moving, dropping, money transfers), `income` (income,
drawing, targets), `goals` (goals, elimination, leaving, hidden goals and Illuminati),
`attack` (attacks, interference, privilege), `specials` (the Specials and their window),
`deals` (gifts and trades), `turn` (the flow of a turn), `prompts` (what each seat is
asked), `views` (what each may know); `game` puts them together.

Interruptions wait on `stack` (`engine.decisions`); a reaction window is an entry awaiting
several seats at once. **A window never depends on what anyone holds**: the seats it awaits
follow from public facts only (who is still in, the number of Specials each holds, the
treasuries on the table), as One World Dominion's do.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.decisions import DecisionStack
from engine.events import Event, Seat, public
from engine.game import Game
from engine.games.illuminati import structure
from engine.games.illuminati.cardset import Card, CardSet, Special, card_set
from engine.games.illuminati.structure import Layout, Placed

NOTICE = "Croupier is an unofficial aid, not affiliated with Steve Jackson Games."
ACTIONS_PER_TURN = 2
FREE_TRANSFERS = 2
PASS_MB = 5
WINDOWS = ("attack", "cancel")  # stack entries that are reaction windows


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def mb(amount: int) -> str:
    return f"{amount} MB"


def whose(name: str) -> str:
    """A card's name as an owner: "Casino Cartel's", "Marathon Monks'" (a plural name takes
    the apostrophe alone), "Underground Comic Press's"."""
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


class IllBase(DecisionStack, Game):
    """State and plain questions."""

    cards: CardSet
    order: list[Seat]
    index: int
    illuminati: dict[Seat, str]
    placed: Placed
    money: dict[str, int]
    uncontrolled: list[str]
    dead: list[str]
    pile: list[str]
    discards: list[str]
    # Specials out of play unseen (the hand of a player who left or was eliminated).
    unseen: list[str]
    # Specials in hands that their holder showed to everyone (p. 8: "kept face-down or
    # shown, as the player wishes").
    shown: list[str]
    hands: dict[Seat, list[str]]
    out: dict[Seat, str]
    turns_taken: dict[Seat, int]
    turns: int
    turn: dict[str, Any] | None
    stack: list[dict[str, Any]]
    destroyed: dict[Seat, int]
    skips: dict[Seat, int]
    goals: dict[Seat, str | None]
    revealed: list[Seat]
    offers: list[dict[str, Any]]
    offer_count: int
    goal_groups: int
    players_at_start: int
    started: bool
    last_attack: dict[str, Any] | None

    # ----- the card set ---------------------------------------------------

    def load_cards(self) -> CardSet:
        return card_set(str(self.options["cards"]), str(self.options["cards_file"]))

    def card(self, name: str) -> Card:
        return self.cards.card(name)

    def special(self, ident: str) -> Special:
        return self.cards.specials[ident]

    def is_group(self, name: str) -> bool:
        return name in self.cards.groups

    def arrows_of(self, name: str) -> tuple[str, ...]:
        return self.card(name).arrows

    # ----- players ----------------------------------------------------------

    @property
    def current(self) -> Seat:
        return self.order[self.index]

    def alive(self) -> list[Seat]:
        """The seats still in the game, in turn order."""
        return [s for s in self.order if s not in self.out]

    def others(self, seat: Seat) -> list[Seat]:
        return [s for s in self.alive() if s != seat]

    def own_turn(self, seat: Seat) -> bool:
        return self.started and self.turn is not None and self.turn["seat"] == seat

    def hidden(self, seat: Seat) -> bool:
        """Is `seat`'s Illuminati card face down (Hidden Illuminati)?"""
        return bool(self.options["hidden_illuminati"]) and seat not in self.revealed

    def shown_illuminati(self, seat: Seat) -> str:
        """The Illuminati of `seat` as everyone may name it."""
        return "a hidden Illuminati" if self.hidden(seat) else self.illuminati[seat]

    def shown_card(self, card: str) -> str:
        """A card as everyone may name it: a face-down Illuminati by its player."""
        seat = self.owner(card)
        if seat is not None and card == self.root(seat) and self.hidden(seat):
            return f"{seat}'s Illuminati"
        return card

    def reveal(self, seat: Seat, why: str) -> list[Event]:
        """Turn a hidden Illuminati card face up (it showed itself, or was found out)."""
        if not self.hidden(seat):
            return []
        self.revealed.append(seat)
        card = self.illuminati[seat]
        return [public("revealed", f"{seat}'s Illuminati is revealed: {card} ({why}).",
                       seat=seat, illuminati=card)]

    # ----- power structures -----------------------------------------------

    def owner(self, card: str) -> Seat | None:
        place = self.placed.get(card)
        return None if place is None else str(place["owner"])

    def root(self, seat: Seat) -> str:
        return self.illuminati[seat]

    def layout(self, seat: Seat) -> Layout:
        return structure.layout({c: p for c, p in self.placed.items() if p["owner"] == seat},
                                self.root(seat))

    def controlled(self, seat: Seat) -> list[str]:
        """Every card in `seat`'s Power Structure, its Illuminati first, then by depth."""
        if seat in self.out:
            return []
        return list(self.layout(seat).cells)

    def groups_of(self, seat: Seat) -> list[str]:
        """The Groups `seat` controls (not its Illuminati)."""
        return [c for c in self.controlled(seat) if c != self.illuminati.get(seat)]

    def depth(self, card: str) -> int:
        """Arrows between a controlled card and its Illuminati (0 for the Illuminati)."""
        seat = self.owner(card)
        return 0 if seat is None else self.layout(seat).depth.get(card, 0)

    def master(self, card: str) -> str | None:
        place = self.placed.get(card)
        return None if place is None else place["master"]

    def adjacent(self, a: str, b: str) -> bool:
        """Master and puppet, either way."""
        return self.master(a) == b or self.master(b) == a

    # ----- money ------------------------------------------------------------

    def treasury(self, card: str) -> int:
        return self.money.get(card, 0)

    def gain(self, card: str, amount: int) -> None:
        if amount:
            self.money[card] = self.treasury(card) + amount

    def pay(self, card: str, amount: int) -> None:
        left = self.treasury(card) - amount
        assert left >= 0, (card, amount)
        if left:
            self.money[card] = left
        else:
            self.money.pop(card, None)

    def bank(self, card: str) -> int:
        """The card's whole treasury goes to the bank."""
        return self.money.pop(card, 0)

    def purse(self, seat: Seat) -> int:
        """The player's Illuminati treasury."""
        return self.treasury(self.illuminati[seat])

    # ----- reaction windows -------------------------------------------------

    def specials_held(self, seat: Seat) -> int:
        return len(self.hands.get(seat, []))

    def window_event(self, names: list[Seat], text: str, reason: str) -> list[Event]:
        """The public event that (re)opens a window: the bot times it by `seconds`."""
        if not names:
            return []
        return [public("window", text, reason=reason, awaiting=list(names),
                       seconds=self.options["window_seconds"])]

    def in_window(self, seat: Seat) -> dict[str, Any] | None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] in WINDOWS and seat in top["awaiting"]:
            return top
        return None

    def attack_entry(self) -> dict[str, Any] | None:
        return next((e for e in self.stack if e["kind"] == "attack"), None)

    def privilege_declared(self) -> bool:
        """A privileged attack is under way ("no one may exchange or give away Specials
        after privilege has been declared"): from its announcement to its end (ILL-9)."""
        entry = self.attack_entry()
        return entry is not None and bool(entry["privileged"])

    # ----- hooks of the later modules ---------------------------------------

    @abstractmethod
    def open_cancel(self, seat: Seat, card: str | list[str], plan: dict[str, Any]
                    ) -> list[Event]:
        """Open the window in which a Special just played may be cancelled (`specials`)."""
