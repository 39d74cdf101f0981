"""High Frontier political events (`hf-political-events`): the fan-made event deck.

The deck replaces High Frontier's event die. The bot shuffles and draws, checks each
card's condition and the repetition rule, reshuffles when the Sunspot Cube passes
Seniority, passes the Sec-Gen on, and walks the table through bonus operations and
delegate steps in turn order from the Sec-Gen. Everything else (patents, rockets,
delegates in the assembly) stays on the table: the players tell the bot the few facts
the events depend on (ruling HF-4). Rules: `rules/high-frontier-political-events.md`;
house rulings HF-1..HF-4; commands, decisions and the state schema:
`docs/hf-political-events.md`.

>>> import engine
>>> g = engine.new_game("hf-political-events", ["Ann", "Bo", "Cy"], seed="doc")
>>> sorted(g.prompts()), g.prompts()["Ann"].actions[0].name
(['Ann'], 'turn')
>>> [e.kind for e in g.act("Ann", "turn")]
['turn', 'drawn']

The game keeps the position, not its past: of the draws only the last few (the board lists
them; the rules need only the most recent event, which the drawn pile already gives). Every
draw is a public `drawn` event in the log, from which `/hf history` is told
(`words.history_lines`).

The concept modules add the parts: `table` (the state and the table's facts), `decisions`
(the walk, the tally, the Sec-Gen's choice), `effects` (a card's condition and event),
`deck` (the turn and the draw), `bookkeeping` (what players tell the bot, HF-4). This module
puts them together: options, setup, prompts, refusals in words, the deadline policy, views
and the state.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from engine.deck import Deck
from engine.errors import Unreadable
from engine.events import Event, Seat, public
from engine.games.hf_political_events import statecheck
from engine.games.hf_political_events.bookkeeping import HFBookkeeping
from engine.games.hf_political_events.cards import (
    CARD_TYPE,
    DECK,
    IDEOLOGIES,
    PLAYER_IDEOLOGIES,
    card_info,
)
from engine.games.hf_political_events.deck import RECENT_DRAWS
from engine.games.hf_political_events.table import DECLARED, TRACK
from engine.games.hf_political_events.words import cap
from engine.registry import register
from engine.rng import Rng
from engine.spec import ActionSpec, Option, Param, Prompt

GAME_SCHEMA = 2  # 2: the draw records kept are the last few ("recent_draws"), not all
# Bookkeeping (HF-4): any seat, at any time, except where noted in the handler.
BOOKKEEPING = frozenset({"law", "anarchy", "war", "ideology", "secgen", "sunspot"})
INFORMATION = frozenset({"deck"})
STARTING_LAW = "Centrist"  # the base game's Politics setup puts the Active Law star there


@register
class HighFrontierEvents(HFBookkeeping):
    """The political event deck: one `turn` per game turn, drawn by the Sec-Gen."""

    variant = "hf-political-events"
    title = "High Frontier political events"
    summary = ("The political event deck for High Frontier 4 All (Politics module): the bot "
               "draws, checks conditions and repetition, reshuffles at Seniority and passes "
               "the Sec-Gen on.")
    rulings = (
        "HF-1: The deck has 24 cards. Repetition compares events, not cards: twins are the "
        "same event, Pad Explosion equals Space Debris, every Sunspot Cycle card is the same "
        "event, and the four Anarchy/War Ends cards are compared by their subtitle. A "
        "suppressed repeat still counts as the most recent event.",
        "HF-2: Order at the start of a turn: the Sunspot Cube advances; if it passed "
        "Seniority, the most recent event is set aside face up, the rest are shuffled into a "
        "new deck, and the Sec-Gen changes (held back during anarchy or war); then the "
        "Sec-Gen draws, the condition is checked, then repetition, then the event is resolved.",
        "HF-3: If the deck runs out before Seniority, every card but the most recent is "
        "shuffled into a new deck.",
        "HF-4: The bot tracks what the events need: each player's ideology, the Active Law, "
        "anarchy/war, the Sec-Gen and the Sunspot Cube. Players tell it when the table "
        "changes one of them.",
    )
    min_seats = 1
    max_seats = 8
    options_spec = (
        Option("seniority", TRACK,
               "How the bot learns that the Sunspot Cube passed Seniority: 'track' = the bot "
               "moves the cube on a track (see the track's length, the Seniority space and "
               "the starting space); 'declared' = the Sec-Gen says so when drawing the event.",
               choices=(TRACK, DECLARED), label="Sunspot Cube"),
        Option("track_length", 12,
               "Spaces on the Sunspot Cycle track; the cube advances one space per turn "
               "(base game: a cycle of 12 years, one year per turn).", minimum=2, maximum=60,
               label="Spaces on the Sunspot track"),
        Option("seniority_space", 1,
               "The cube passes Seniority when it advances onto this space (default 1: "
               "once per lap, when a new cycle begins).", minimum=1, maximum=60,
               label="Seniority space"),
        Option("start_space", 1, "The cube's space on the first turn.", minimum=1, maximum=60,
               label="The cube's first space"),
        Option("ends_as_one_event", False,
               "Repetition: treat the four Anarchy/War Ends cards as one event (off: they "
               "are compared by their subtitle).", label="Anarchy/War Ends cards as one event"),
        Option("delegate_walk", True,
               "After an Anarchy/War Ends card, walk the table in turn order from the "
               "Sec-Gen for the delegate step (done or skip) before the tally (off: straight "
               "to the tally).", label="Delegate step after an Ends card"),
    )
    free_actions = BOOKKEEPING
    queries = INFORMATION
    render_on = frozenset({"drawn"})
    creator_actions = frozenset({"turn"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be

    def setup(self, rng: Rng) -> list[Event]:
        length = self.options["track_length"]
        for name in ("seniority_space", "start_space"):
            if self.options[name] > length:
                label = "Seniority space" if name == "seniority_space" else "The cube's first space"
                raise Unreadable(f"{label} is a space of the Sunspot track, which has "
                                 f"{length} spaces.")
        self.ideologies = {s: None for s in self.seats}
        self.law = STARTING_LAW
        self.anarchy = False
        self.war = False
        self.secgen = self.seats[0]
        self.secgen_held = False
        self.sunspot = self.options["start_space"] if self._tracked else None
        self.turn = 0
        self.deck = Deck("events", list(DECK))
        self.deck.shuffle(rng)
        self.set_aside = None
        self.recent_draws = []
        self.stack = []
        return [public("setup", f"The 24 political event cards are shuffled. {self.secgen} is "
                       f"the Sec-Gen; the Active Law is {self.law}. Tell the bot each "
                       "player's ideology with /hf ideology.", secgen=self.secgen,
                       law=self.law, cards_left=len(self.deck))]

    def _dump(self) -> dict[str, Any]:
        return {
            "version": GAME_SCHEMA,
            "turn": self.turn,
            "ideologies": dict(self.ideologies),
            "law": self.law,
            "anarchy": self.anarchy,
            "war": self.war,
            "secgen": self.secgen,
            "secgen_held": self.secgen_held,
            "sunspot": self.sunspot,
            "pile": list(self.deck.pile),
            "drawn": list(self.deck.discards),
            "set_aside": self.set_aside,
            "recent_draws": self.recent_draws,
            "pending": copy.deepcopy(self._top),
        }

    def _restore(self, data: dict[str, Any]) -> None:
        if data.get("version") not in (1, GAME_SCHEMA):
            raise Unreadable(f"Unsupported {self.variant} state version {data.get('version')!r}.")
        self.turn = int(data["turn"])
        self.ideologies = {s: data["ideologies"].get(s) for s in self.seats}
        self.law = data["law"]
        self.anarchy = bool(data["anarchy"])
        self.war = bool(data["war"])
        self.secgen = data["secgen"]
        self.secgen_held = bool(data["secgen_held"])
        self.sunspot = data["sunspot"]
        self.deck = Deck("events", list(data["pile"]), list(data["drawn"]))
        self.set_aside = data["set_aside"]
        # Version 1 kept every draw as "history": only its last few are kept now.
        records = data["recent_draws"] if "recent_draws" in data else data.get("history", [])
        if not isinstance(records, list):
            raise Unreadable("The recent draws are a list of draw records.")
        self.recent_draws = list(records[-RECENT_DRAWS:])
        self.stack = [] if data["pending"] is None else [data["pending"]]
        self._check_state()

    def _check_state(self) -> None:
        """Refuse an imported state that is not a position of this game."""
        cards = self.deck.pile + self.deck.discards + ([self.set_aside] if self.set_aside else [])
        if Counter(cards) != Counter(DECK):
            raise Unreadable("The pile, the drawn cards and the card set aside must together be "
                             "the 24 cards of the deck, each once.")
        if self.secgen not in self.seats:
            raise Unreadable(f"The Sec-Gen {self.secgen!r} is not a seat.")
        if self.law is not None and self.law not in IDEOLOGIES:
            raise Unreadable(f"{self.law!r} is not an ideology.")
        if self.law is not None and (self.anarchy or self.war):
            raise Unreadable("There is no Active Law during anarchy or war.")
        held = [i for i in self.ideologies.values() if i is not None]
        if any(i not in PLAYER_IDEOLOGIES for i in held) or len(set(held)) != len(held):
            raise Unreadable("Each player's ideology is one of "
                             f"{', '.join(PLAYER_IDEOLOGIES)}, and no two players share one.")
        if self._tracked and not (isinstance(self.sunspot, int)
                                  and 1 <= self.sunspot <= self.options["track_length"]):
            raise Unreadable("The Sunspot Cube must stand on a space of the track.")
        if any(not isinstance(r, dict) or r.get("card") not in CARD_TYPE
               or not isinstance(r.get("turn"), int) for r in self.recent_draws):
            raise Unreadable("Each recent draw names the turn and the card id it drew.")

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stack:
            return self.decision_prompts()
        who = self._awaited()
        params: tuple[Param, ...] = ()
        if not self._tracked:
            params = (Param("seniority", None, required=False, kind="bool",
                            question="Did the Sunspot Cube pass Seniority this turn?"),)
        text = f"You are the Sec-Gen: start turn {self.turn + 1} and draw the event."
        if not self._tracked:
            text += " Say whether the Sunspot Cube passed Seniority this turn."
        return {who: Prompt(who, text, (ActionSpec("turn", "Draw the event", params),))}

    def not_now(self, seat: Seat, action: str) -> str:
        if action == "turn" and self._top is None:
            return (f"Only the Sec-Gen, {self.secgen}, may start the turn and draw the event "
                    "(the game's creator may do it for them).")
        return f"Not now: waiting for {self._waiting_text()}."

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        p = self._top
        who = self._awaited()
        if p is None:
            return f"turn {self.turn + 1}: {who} (Sec-Gen) to draw"
        if p["kind"] == "walk":
            step = "bonus operations" if p["purpose"] == "bonus" else "delegate step"
            return f"turn {self.turn}: {step}, {who} to act"
        if p["kind"] == "tally":
            return f"turn {self.turn}: {who} to tally the vote"
        return f"turn {self.turn}: {who} to choose the new Sec-Gen"

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """Deadline policy (docs): a walking seat skips; a Sec-Gen choice goes to the next
        player in turn order; the tally and the turn itself are left to the table."""
        return self.decision_timeouts()

    # ----- in words -------------------------------------------------------

    def describe(self, seat: Seat) -> list[str]:
        """Nothing is secret in the event deck: the table as the bot knows it (HF-4)."""
        ideology = self.ideologies.get(seat)
        mine = (f"Your ideology is {ideology}." if ideology else
                "The bot doesn't know your ideology yet: tell it with /hf ideology.")
        if self.law is not None and self.law == ideology:
            mine += " The Active Law is yours."
        table = (f"{cap(self._law_text())}. The Sec-Gen is "
                 f"{'you' if self.secgen == seat else self.secgen}"
                 + (" (the change is held back until the vote)." if self.secgen_held else ".")
                 + f" Turn order from the Sec-Gen: {', '.join(self._from_secgen())}.")
        if self._tracked:
            cube = (f"The Sunspot Cube is on space {self.sunspot} of "
                    f"{self.options['track_length']}; it passes Seniority on space "
                    f"{self.options['seniority_space']}.")
        else:
            cube = "The Sec-Gen says when the Sunspot Cube passes Seniority."
        recent = self._most_recent()
        deck = f"{len(self.deck)} of {len(DECK)} event cards are left in the deck."
        if recent:
            deck += f" The most recent event: {CARD_TYPE[recent].title}."
        return [mine, table, cube, deck, f"Waiting for {self._waiting_text()}."]

    # ----- views ----------------------------------------------------------

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        recent = self._most_recent()
        records = self.recent_draws
        length = self.options["track_length"]
        sunspot: dict[str, Any] = {"mode": self.options["seniority"], "space": self.sunspot}
        if self._tracked:
            assert self.sunspot is not None
            target = self.options["seniority_space"]
            steps = (target - self.sunspot - 1) % length + 1
            sunspot.update(length=length, seniority_space=target,
                           seniority_in=steps + (1 if self.turn == 0 else 0))
        p = self._top
        pending: dict[str, Any] | None = None
        if p is not None:
            pending = {"kind": p["kind"], "seat": self._awaited(), "text": self._waiting_text()}
            if p["kind"] == "walk":
                pending.update(purpose=p["purpose"], card=card_info(p["card"]),
                               order=list(p["order"]), answers=list(p["answers"]))
            elif p["kind"] == "tally":
                pending.update(card=card_info(p["card"]))
            else:
                pending.update(options=list(p["options"]))
        view: dict[str, Any] = {
            "turn": self.turn,
            "ideologies": dict(self.ideologies),
            "law": self.law,
            "anarchy": self.anarchy,
            "war": self.war,
            "secgen": self.secgen,
            "secgen_held": self.secgen_held,
            "order_from_secgen": self._from_secgen(),
            "sunspot": sunspot,
            "cards_left": len(self.deck),
            "deck_size": len(DECK),
            "drawn": [card_info(c) for c in self.deck.discards],
            "set_aside": card_info(self.set_aside) if self.set_aside else None,
            "most_recent_event": self._event(recent) if recent else None,
            "last_draw": self._expand(records[-1]) if records else None,
            "recent_draws": [{"turn": r["turn"], "card": r["card"],
                              "title": CARD_TYPE[r["card"]].title, "applied": r["applied"],
                              "reason": r["reason"]} for r in records],
            "pending": pending,
            "waiting": self._waiting_text(),
        }
        if seat is not None:
            view["me"] = seat
        return view


