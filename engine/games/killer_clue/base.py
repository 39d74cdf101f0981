"""The state of a Killer Clue game and the flow of a game turn.

`KCBase` holds the state (documented field by field in docs/killer-clue.md, "State
schema"), answers plain questions about it and runs everything automatic between two
decisions (`_advance`): the rounds in order and Ending the Turn. The concept modules add
the actions; `game` puts them together.

Interruptions (a card to give, a move to finish, a trade, a weapon to bring, a return from
disappearance) wait on `stack` (`engine.decisions`); the top one is what `prompts()` asks.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.decisions import DecisionStack
from engine.deck import Deck
from engine.events import Event, Seat, private, public
from engine.game import Game
from engine.games.killer_clue import cards
from engine.games.killer_clue.board import is_room
from engine.games.killer_clue.cards import Card
from engine.games.killer_clue.words import titles
from engine.rng import Rng

INNOCENT_HAND = 9

PLAYING, MISSING, DEAD, OUT = "playing", "missing", "dead", "out"


class KCBase(DecisionStack, Game):
    """State, plain questions and the automatic flow."""

    # --- state (see docs/killer-clue.md, "State schema") ------------------
    table: list[Seat]
    killer: Seat
    case_file: dict[str, str]
    clues: dict[Seat, list[Card]]
    hands: dict[Seat, list[Card]]
    deck: Deck
    removed: list[Card]
    played: list[Card]
    pawns: dict[Seat, str | None]
    status: dict[Seat, str]
    vanished_from: dict[Seat, str | None]
    weapons: dict[str, str | None]
    carrying: dict[Seat, dict[str, str]]
    may_suggest: dict[Seat, bool]
    turn: int
    round: str
    second: bool
    first: Seat
    order: list[Seat]
    index: int
    active: dict[str, Any]
    stack: list[dict[str, Any]]
    effects: dict[str, Any]
    candles: list[str]
    moves_first: Seat | None
    blackout: bool
    danger_plays: dict[Seat, Card]
    revealed: list[Card]
    intrigue_played: list[dict[str, str]]
    notes: dict[Seat, list[dict[str, Any]]]
    last_roll: dict[str, Any] | None
    killer_hand: int

    # ----- plain questions ---------------------------------------------

    @staticmethod
    def _no_effects() -> dict[str, Any]:
        return {"locked": [], "distracted": [], "consults": [], "staff": {}, "firsts": []}

    def alive(self, seat: Seat) -> bool:
        """Still in the game: neither murdered nor out through a wrong accusation."""
        return self.status.get(seat) in (PLAYING, MISSING)

    def in_game(self) -> list[Seat]:
        return [s for s in self.table if self.alive(s)]

    def occupants(self, room: str) -> list[Seat]:
        return [s for s in self.table if self.pawns.get(s) == room]

    def rotation(self, start: Seat, step: int = 1) -> list[Seat]:
        """The table from `start` (included) going left (+1) or right (-1)."""
        n = len(self.table)
        i = self.table.index(start)
        return [self.table[(i + k * step) % n] for k in range(n)]

    def _next_alive(self, seat: Seat) -> Seat:
        for s in self.rotation(seat):
            if self.alive(s):
                return s
        return seat

    def _hand_target(self, seat: Seat) -> int:
        if seat != self.killer:
            return INNOCENT_HAND
        if self.options["killer_hand"] == "reference":
            return 4 + sum(1 for c in self.hands[seat] if cards.card_type(c) == "murdered")
        return self.killer_hand

    def _roll(self, rng: Rng, why: str) -> list[int]:
        if self.options["dice"] == "d12":
            return rng.roll(1, 12, label=why)
        return rng.roll(2, 6, label=why)

    def _note(self, seat: Seat, card: Card, giver: Seat, how: str) -> None:
        self.notes[seat].append({"card": card, "from": giver, "how": how, "turn": self.turn})

    # ----- rounds and the flow of the turn (Game Sequence) ---------------

    def _start_round(self, name: str) -> None:
        self.round = name
        self.order = [s for s in self.rotation(self.first) if self.alive(s)]
        self.index = 0
        self.active = {"moved": False, "suggested": False, "accused": False, "plays": 0}
        if name == "intrigue":
            self.effects = self._no_effects()
            self.intrigue_played = []
            for seat in reversed(self.order):
                if self.status[seat] == MISSING:
                    self.stack.append({"kind": "reappear", "seat": seat})
        if name == "danger":
            self.danger_plays = {}

    def _round_event(self) -> Event:
        names = {"investigation": "Investigation round",
                 "intrigue": ("Second " if self.second else "First ") + "Intrigue round",
                 "danger": ("Second " if self.second else "First ") + "Danger round"}
        name = names[self.round]
        if self.round == "danger":
            text = f"Turn {self.turn}: {name}. Everyone plays one card face down."
        else:
            text = f"Turn {self.turn}: {name}, starting with {self.first}."
        return public("round_started", text, turn=self.turn, round=self.round,
                      second=self.second, first=self.first)

    @property
    def current(self) -> Seat | None:
        """Whose turn it is in the Investigation or Intrigue round."""
        if self.finished or self.round == "danger" or self.index >= len(self.order):
            return None
        return self.order[self.index]

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if self.round == "danger":
            return f"turn {self.turn}: {'second ' if self.second else ''}danger round"
        name = ("second " if self.second and self.round == "intrigue" else "") + self.round
        return f"turn {self.turn}: {name} round ({self.current})"

    def _end_player_turn(self) -> None:
        seat = self.current
        if seat is not None and self.round == "investigation":
            self.may_suggest[seat] = False
        self.index += 1
        self.active = {"moved": False, "suggested": False, "accused": False, "plays": 0}

    def _advance(self, rng: Rng) -> list[Event]:
        """Run everything automatic until a player must decide."""
        events: list[Event] = []
        for _ in range(1000):
            if self.finished:
                return events
            if self.stack:
                settled = self.settle_top(rng)
                if settled is None:
                    return events
                events += settled
                continue
            if self.round in ("investigation", "intrigue"):
                seat = self.current
                if seat is None:
                    events += self._round_over(rng)
                    continue
                if not self.alive(seat):
                    self._end_player_turn()
                    continue
                if self.round == "intrigue" and self.active["plays"] >= 2:
                    self._end_player_turn()
                    continue
                return events
            # Danger round: resolve once every living player has played.
            waiting = [s for s in self.in_game()
                       if s not in self.danger_plays and self._danger_legal(s)]
            if waiting:
                return events
            events += self._resolve_danger(rng)
        raise RuntimeError("Killer Clue did not settle")  # pragma: no cover

    def _round_over(self, rng: Rng) -> list[Event]:
        if self.round == "investigation":
            someone_in_room = any(is_room(self.pawns.get(s)) for s in self.in_game())
            someone_missing = any(self.status[s] == MISSING for s in self.table)
            if not (someone_in_room or someone_missing):
                skipped = public("no_intrigue", "Every suspect is in the corridors: no Intrigue "
                                 "or Danger round this turn.")
                return [skipped] + self._end_turn(rng)
            self._start_round("intrigue")
            return [self._round_event()]
        self._start_round("danger")
        return [self._round_event()]

    # ----- Ending the Turn -------------------------------------------------

    def _end_turn(self, rng: Rng) -> list[Event]:
        events: list[Event] = []
        dead = {s for s in self.table if self.status[s] == DEAD}
        gone = [c for c in self.played if cards.names_suspect(c) in dead]
        back = [c for c in self.played if cards.names_suspect(c) not in dead]
        self.removed += gone
        self.played = []
        self.deck.pile += back
        if back:
            self.deck.shuffle(rng)
        for seat in self.rotation(self.first):
            if not self.alive(seat):
                continue
            need = max(0, self._hand_target(seat) - len(self.hands[seat]))
            need = min(need, len(self.deck))
            if need:
                new = self.deck.draw(rng, need)
                self.hands[seat] += new
                events.append(private(seat, "drew", f"You draw {titles(new)}.", cards=new))
        # The first player of the next turn: the last Moves First card, else the same player.
        nxt = self.moves_first if self.moves_first and self.alive(self.moves_first) else None
        self.first = nxt or self._next_alive(self.first)
        self.turn += 1
        self.second = False
        self.blackout = False
        self.moves_first = None
        self.candles = []
        self.effects = self._no_effects()
        self.intrigue_played = []
        events.append(public("turn_over", "The played cards go back into the draw pile and "
                             "everyone draws back up.", turn=self.turn - 1))
        self._start_round("investigation")
        events.append(self._round_event())
        return events

    # ----- what the Danger round adds to the flow (`danger`) --------------

    @abstractmethod
    def _danger_legal(self, seat: Seat) -> list[Card]:
        """The cards `seat` may play face down now."""

    @abstractmethod
    def _resolve_danger(self, rng: Rng) -> list[Event]:
        """Reveal and resolve the face-down cards once everyone has played."""
