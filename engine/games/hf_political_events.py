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
(`history_lines`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.deck import Deck
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Game, Option, Param, Prompt
from engine.games import hf_statecheck
from engine.games.hf_cards import (
    ANARCHY_OR_WAR,
    CARD_TYPE,
    DECK,
    IDEOLOGIES,
    LAW,
    NO_ANARCHY_OR_WAR,
    OPPOSITE,
    PLAYER_IDEOLOGIES,
    CardId,
    CardType,
    Ideology,
    card_info,
    event_of,
)
from engine.registry import register
from engine.rng import Rng
from engine.values import read_bool

GAME_SCHEMA = 2  # 2: the draw records kept are the last few ("recent_draws"), not all
TRACK = "track"
DECLARED = "declared"
NONE = "none"
# Bookkeeping (HF-4): any seat, at any time, except where noted in the handler.
BOOKKEEPING = frozenset({"law", "anarchy", "war", "ideology", "secgen", "sunspot"})
INFORMATION = frozenset({"deck"})
STARTING_LAW = "Centrist"  # the base game's Politics setup puts the Active Law star there
# The draw records the state keeps: the board lists the last seven; the rules need none
# (the most recent event is the drawn pile's top, or the card set aside).
RECENT_DRAWS = 7
# Why a drawn card had no effect, as the history tells it.
IGNORED = {"condition": "no effect (its condition was not met)",
           "repetition": "no effect (a repeat of the most recent event)"}


def _cap(text: str) -> str:
    """Capitalise a sentence's first letter only (keeps "Active Law" and names as they are)."""
    return text[:1].upper() + text[1:]


@register
class HighFrontierEvents(Game):
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
    check_state = staticmethod(hf_statecheck.check_state)  # what an imported state must be

    ideologies: dict[Seat, Ideology | None]
    law: Ideology | None
    anarchy: bool
    war: bool
    secgen: Seat
    secgen_held: bool
    sunspot: int | None
    turn: int
    deck: Deck
    set_aside: CardId | None
    # The last RECENT_DRAWS draw records, oldest first ("recent_draws" in the state): the
    # state stays the same size however long the game runs; the log keeps every draw.
    recent_draws: list[dict[str, Any]]
    pending: dict[str, Any] | None

    # ----- setup, state -------------------------------------------------

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
        self.pending = None
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
            "pending": copy.deepcopy(self.pending),
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
        self.pending = data["pending"]
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

    # ----- small helpers -------------------------------------------------

    @property
    def _tracked(self) -> bool:
        return bool(self.options["seniority"] == TRACK)

    def _most_recent(self) -> CardId | None:
        """The most recent event: the last card drawn, or the one set aside (HF-1, HF-3)."""
        return self.deck.discards[-1] if self.deck.discards else self.set_aside

    def _event(self, card: CardId) -> str:
        return event_of(card, ends_as_one_event=bool(self.options["ends_as_one_event"]))

    def _from_secgen(self) -> list[Seat]:
        """The seats in normal turn order, beginning with the Sec-Gen."""
        at = self.seats.index(self.secgen)
        return self.seats[at:] + self.seats[:at]

    def _owner(self, law: Ideology | None) -> Seat | None:
        for seat, ideology in self.ideologies.items():
            if law is not None and ideology == law:
                return seat
        return None

    def _law_text(self) -> str:
        if self.anarchy or self.war:
            return f"there is no Active Law during {self._trouble_text()}"
        return f"the Active Law is {self.law}" if self.law else "there is no Active Law"

    def _trouble_text(self) -> str:
        return " and ".join(k for k in ("anarchy", "war") if getattr(self, k)) or "peace"

    def _trouble_is(self) -> str:
        return self._trouble_text() + (" are" if self.anarchy and self.war else " is")

    def _nobodys_law(self) -> str:
        """Why the Sec-Gen must choose a successor."""
        if self.law is None:
            return "There is no Active Law"
        return f"The Active Law, {self.law}, belongs to no player"

    def _who(self, seat: Seat) -> str:
        ideology = self.ideologies.get(seat)
        return f"{seat} ({ideology})" if ideology else seat

    def _player(self, value: Any) -> Seat:
        if value is None or not str(value).strip():
            raise Unreadable(f"Name a player: {', '.join(self.seats)}.")
        text = str(value).strip()
        if text in self.seats:
            return text
        found = [s for s in self.seats if s.lower() == text.lower()]
        if len(found) == 1:
            return found[0]
        raise Unreadable(f"There is no player {text!r}. Players: {', '.join(self.seats)}.")

    @staticmethod
    def _ideology(value: Any, pool: tuple[Ideology, ...], *, what: str,
                  allow_none: bool) -> Ideology | None:
        if value is None:
            raise Unreadable(f"Name the {what}: {', '.join(pool)}"
                             + (" or none." if allow_none else "."))
        text = str(value).strip()
        if allow_none and text.lower() == NONE:
            return None
        for ideology in pool:
            if ideology.lower() == text.lower():
                return ideology
        legal = ", ".join(pool) + (", none" if allow_none else "")
        raise Unreadable(f"{text!r} is not a possible {what}. Choose one of: {legal}.")

    @staticmethod
    def _flag(value: Any, name: str) -> bool | None:
        return None if value is None else read_bool(value, name)

    def _refuse_while_pending(self, what: str) -> None:
        """Bookkeeping of the law, anarchy/war, Sec-Gen and cube waits for the event to end."""
        if self.pending is not None:
            raise NotAllowed(f"You can't change {what} in the middle of an event: waiting for "
                             f"{self._waiting_text()}. Correct it afterwards.")

    # ----- prompts ------------------------------------------------------

    def _awaited(self) -> Seat:
        p = self.pending
        if p is None or p["kind"] == "tally":
            return self.secgen
        if p["kind"] == "secgen":
            return str(p["chooser"])
        return str(p["order"][len(p["answers"])])

    def _waiting_text(self) -> str:
        p = self.pending
        who = self._awaited()
        if p is None:
            return f"the Sec-Gen, {who}, to start turn {self.turn + 1} (/hf turn)"
        if p["kind"] == "walk":
            step = (f"the bonus operation ({CARD_TYPE[p['card']].bonus_op})"
                    if p["purpose"] == "bonus"
                    else f"the delegate step ({CARD_TYPE[p['card']].delegates})")
            return f"{who} to finish {step}: /hf done or /hf skip"
        if p["kind"] == "tally":
            return f"the Sec-Gen, {who}, to tally the vote (/hf tally)"
        return f"the Sec-Gen, {who}, to choose the new Sec-Gen (/hf secgen)"

    def _prompts(self) -> dict[Seat, Prompt]:
        p = self.pending
        who = self._awaited()
        if p is None:
            params: tuple[Param, ...] = ()
            if not self._tracked:
                params = (Param("seniority", None, required=False, kind="bool",
                                question="Did the Sunspot Cube pass Seniority this turn?"),)
            text = f"You are the Sec-Gen: start turn {self.turn + 1} and draw the event."
            if not self._tracked:
                text += " Say whether the Sunspot Cube passed Seniority this turn."
            return {who: Prompt(who, text, (ActionSpec("turn", "Draw the event", params),))}
        if p["kind"] == "walk":
            kind = CARD_TYPE[p["card"]]
            if p["purpose"] == "bonus":
                text = (f"{kind.title}: your bonus operation, only this: {kind.bonus_op}. "
                        "Say when you have performed it, or skip it.")
            else:
                text = (f"{kind.title}, the delegate step: each player {kind.delegates}. Say "
                        "when you have done yours, or skip it if you can't.")
            return {who: Prompt(who, text, (ActionSpec("done", "I have done it"),
                                             ActionSpec("skip", "Skip it")))}
        if p["kind"] == "tally":
            kind = CARD_TYPE[p["card"]]
            choices = tuple(Choice(i) for i in IDEOLOGIES)
            text = (f"{kind.title}: tally the vote and tell the bot which ideology now holds "
                    "the Active Law (you break any tie).")
            return {who: Prompt(who, text, (ActionSpec("tally", "Tally the vote", (
                Param("law", choices, question="Which ideology holds the Active Law now?"),)),))}
        options = tuple(Choice(s, self._who(s)) for s in p["options"])
        text = f"{self._nobodys_law()}: choose a different player as the new Sec-Gen."
        return {who: Prompt(who, text, (ActionSpec("secgen", "Choose the new Sec-Gen", (
            Param("player", options, question="Who is the new Sec-Gen?"),)),))}

    def not_now(self, seat: Seat, action: str) -> str:
        if action == "turn" and self.pending is None:
            return (f"Only the Sec-Gen, {self.secgen}, may start the turn and draw the event "
                    "(the game's creator may do it for them).")
        return f"Not now: waiting for {self._waiting_text()}."

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        p = self.pending
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
        p = self.pending
        if p is None or p["kind"] == "tally":
            return []
        if p["kind"] == "walk":
            return [(self._awaited(), "skip", {})]
        return [(str(p["chooser"]), "secgen", {"player": p["options"][0]})]

    # ----- the turn -----------------------------------------------------

    def do_turn(self, seat: Seat, rng: Rng, seniority: bool | None = None) -> list[Event]:
        """HF-2: advance the cube; at Seniority reshuffle and change the Sec-Gen; then draw."""
        declared = self._flag(seniority, "seniority")
        first = self.turn == 0
        if self._tracked:
            if declared is not None:
                raise Unreadable("The bot moves the Sunspot Cube on its track in this game, so "
                                 "Seniority is not declared. /hf sunspot corrects the cube.")
            passed = False
            if first:
                moved = (f"The Sunspot Cube stays on space {self.sunspot} for the first turn.")
            else:
                assert self.sunspot is not None
                self.sunspot = self.sunspot % self.options["track_length"] + 1
                passed = self.sunspot == self.options["seniority_space"]
                moved = (f"The Sunspot Cube advances to space {self.sunspot} of "
                         f"{self.options['track_length']}"
                         + (", passing Seniority." if passed else "."))
        else:
            if first and declared:
                raise NotAllowed("The Sunspot Cube does not advance on the first turn, so it "
                                 "can't pass Seniority.")
            passed = bool(declared)
            moved = ("First turn: the Sunspot Cube does not advance." if first else
                     "The Sunspot Cube advances" + (", passing Seniority." if passed else "."))
        self.turn += 1
        events = [public("turn", f"Turn {self.turn} begins. {moved}", turn=self.turn,
                         sunspot=self.sunspot, seniority=passed)]
        if passed:
            events += self._seniority(rng)
        if self.pending is None:
            events += self._draw(rng)
        return events

    def _seniority(self, rng: Rng) -> list[Event]:
        """Set the most recent event aside face up, shuffle the rest, change the Sec-Gen."""
        kept = self._most_recent()
        self._rebuild(rng, kept)
        kept_text = (f"{CARD_TYPE[kept].title} (the most recent event) is set aside face up; "
                     if kept else "")
        events = [public("seniority", f"Seniority: {kept_text}the other {len(self.deck)} cards "
                         "are shuffled into a fresh event deck.", set_aside=kept,
                         cards_left=len(self.deck))]
        if self.anarchy or self.war:
            self.secgen_held = True
            events.append(public("secgen-held", f"The Sec-Gen change is held back during "
                                 f"{self._trouble_text()}: it is made after the vote that ends "
                                 f"it. {self.secgen} stays Sec-Gen for now.", secgen=self.secgen))
            return events
        return events + self._change_secgen(then_draw=True)

    def _rebuild(self, rng: Rng, kept: CardId | None) -> None:
        """Every card but `kept` into a fresh, shuffled deck; `kept` lies aside face up."""
        pile = list(DECK)
        if kept is not None:
            pile.remove(kept)
        self.deck = Deck("events", pile)
        self.deck.shuffle(rng)
        self.set_aside = kept

    def _change_secgen(self, *, then_draw: bool) -> list[Event]:
        """The Sec-Gen passes to the owner of the Active Law, else the Sec-Gen chooses.

        A choice becomes the pending decision; `then_draw` says whether the turn's draw
        waits for it (at Seniority) or not (after a tally).
        """
        owner = self._owner(self.law)
        old = self.secgen
        if owner is not None:
            self.secgen = owner
            text = (f"{owner} stays Sec-Gen: {self.law}, the Active Law, is their ideology."
                    if owner == old else
                    f"The Sec-Gen passes from {old} to {owner}, whose ideology ({self.law}) is "
                    "the Active Law.")
            events = [public("secgen", text, secgen=owner, previous=old, reason="active-law")]
        else:
            others = self._from_secgen()[1:]
            why = self._nobodys_law()
            if not others:
                return [public("secgen", f"{why}, and there is no other player: {old} stays "
                               "Sec-Gen.", secgen=old, previous=old, reason="alone")]
            if len(others) == 1:
                self.secgen = others[0]
                events = [public("secgen", f"{why}: the Sec-Gen must pass to a different "
                                 f"player, and only {others[0]} is left: {others[0]} is the new "
                                 "Sec-Gen.", secgen=others[0], previous=old, reason="only-choice")]
            else:
                self.pending = {"kind": "secgen", "chooser": old, "options": others,
                                "then_draw": then_draw}
                return [public("secgen-choice", f"{why}: {old} must choose a different player "
                               f"as the new Sec-Gen ({', '.join(others)}) with /hf secgen.",
                               chooser=old, options=others)]
        return events

    def _draw(self, rng: Rng) -> list[Event]:
        """The Sec-Gen draws; the condition is checked, then repetition (HF-2)."""
        events: list[Event] = []
        if not self.deck.pile:
            kept = self._most_recent()
            self._rebuild(rng, kept)
            kept_text = f"except {CARD_TYPE[kept].title}, the most recent event, " if kept else ""
            events.append(public("reshuffle", f"The event deck ran out before Seniority: every "
                                 f"card {kept_text}is shuffled into a new deck.",
                                 set_aside=kept, cards_left=len(self.deck)))
        previous = self._most_recent()
        card = self.deck.draw_one(rng)
        kind = CARD_TYPE[card]
        event = self._event(card)
        applies, detail = self._condition(kind)
        reason: str | None = None
        if not applies:
            reason = "condition"
        elif previous is not None and self._event(previous) == event:
            reason = "repetition"
            detail = (f"it is the same event as the most recent one "
                      f"({CARD_TYPE[previous].title})")
        self.deck.discard(card)
        effect: dict[str, Any] = {"kind": NONE}
        effect_text = ""
        if reason is None:
            effect, effect_text = self._resolve(card, event)
        record = {"turn": self.turn, "card": card, "event": event, "applied": reason is None,
                  "reason": reason, "detail": detail, "effect": effect, "secgen": self.secgen,
                  "sunspot": self.sunspot, "law": self.law, "anarchy": self.anarchy,
                  "war": self.war}
        self.recent_draws = [*self.recent_draws[-(RECENT_DRAWS - 1):], record]
        head = f"Turn {self.turn}: {self.secgen} (Sec-Gen) draws **{kind.title}**."
        if reason is None:
            text = f"{head} " + _cap(f"{detail}: {effect_text}" if detail else effect_text)
        else:
            text = (f"{head} It has no effect: {detail}. There is no event this turn.")
        events.append(public("drawn", text, **self._expand(record),
                             cards_left=len(self.deck)))
        return events

    def _condition(self, kind: CardType) -> tuple[bool, str]:
        if kind.condition == LAW:
            if self.law == kind.law:
                return True, f"{kind.law} is the Active Law"
            return False, f"{kind.law} is not the Active Law ({self._law_text()})"
        if kind.condition == NO_ANARCHY_OR_WAR:
            if self.anarchy or self.war:
                return False, f"{self._trouble_is()} in effect"
            return True, "there is no anarchy or war"
        if kind.condition == ANARCHY_OR_WAR:
            if self.anarchy or self.war:
                return True, f"{self._trouble_is()} in effect"
            return False, "there is no anarchy or war to end"
        return True, ""

    def _resolve(self, card: CardId, event: str) -> tuple[dict[str, Any], str]:
        """Apply an event that happens: the effect summary, and the announcement."""
        kind = CARD_TYPE[card]
        order = self._from_secgen()
        effect: dict[str, Any] = {"kind": kind.key, "event": event}
        if kind.bonus_op:
            effect.update(bonus_op=kind.bonus_op, walk=order, tally=kind.tally)
            self.pending = {"kind": "walk", "purpose": "bonus", "card": card,
                            "order": order, "answers": [], "tally": kind.tally}
            text = (f"each player may perform only this bonus operation: {kind.bonus_op}. In "
                    f"turn order from the Sec-Gen: {', '.join(order)}; each answers /hf done "
                    "or /hf skip.")
            if kind.tally:
                text += " The vote is tallied only after everyone has finished."
            return effect, text
        if kind.family:
            ends = [k for k in ("anarchy", "war") if getattr(self, k)]
            walk = order if self.options["delegate_walk"] else []
            effect.update(delegates=kind.delegates, walk=walk, tally=True, ends=ends)
            text = f"each player {kind.delegates}, in turn order from the Sec-Gen: " \
                   f"{', '.join(order)}. Then the Sec-Gen tallies the vote, which ends the " \
                   f"{self._trouble_text()}."
            if walk:
                self.pending = {"kind": "walk", "purpose": "delegates", "card": card,
                                "order": order, "answers": [], "tally": True}
                text += " Each answers /hf done or /hf skip."
            else:
                self.pending = {"kind": "tally", "card": card}
                text += f" {self.secgen}: /hf tally."
            return effect, text
        if kind.key == "stability":
            law = self.law
            gain = [s for s in order if law is not None and self.ideologies[s] == law]
            lose = [s for s in order if law is not None and law in OPPOSITE
                    and self.ideologies[s] == OPPOSITE[law]]
            effect.update(law=law, gain_2_vp=gain, lose_1_vp=lose)
            if law is None:
                return effect, "there is no Active Law, so nobody gains or loses VP."
            text = (f"every player whose ideology is {law} gains 2 VP"
                    f" ({', '.join(gain) or 'nobody'})")
            if law in OPPOSITE:
                text += (f"; every player whose ideology is {OPPOSITE[law]}, the opposite, "
                         f"loses 1 VP ({', '.join(lose) or 'nobody'}).")
            else:
                text += f"; {law} has no opposite ideology, so nobody loses VP."
            return effect, text
        if kind.key == "centrist":
            effect.update(pays_aqua=1, who="each player with a delegate in Centrist")
        elif kind.key == "honor":
            effect.update(gains_aqua_per="positive glory chit")
        elif kind.event == "sunspot-cycle":
            effect.update(sunspot=self.sunspot)
            where = f" (the cube is on space {self.sunspot})" if self.sunspot else ""
            return effect, ("apply the sunspot event of the current season" + where +
                            ", just as if the event die had rolled a 5 or 6.")
        text = kind.text
        if kind.condition == LAW:
            text = text.split(", ", 1)[1]  # drop the card's own "If X is the Active Law"
        return effect, text

    def _expand(self, record: dict[str, Any]) -> dict[str, Any]:
        """A history record with its card spelled out (events and views)."""
        return {**record, "card": card_info(record["card"])}

    # ----- walks, tally, Sec-Gen ----------------------------------------

    def do_done(self, seat: Seat, rng: Rng) -> list[Event]:
        """The walking seat has performed its bonus operation or delegate step."""
        return self._answer(seat, "done")

    def do_skip(self, seat: Seat, rng: Rng) -> list[Event]:
        """The walking seat passes (also what the deadline does)."""
        return self._answer(seat, "skip")

    def _answer(self, seat: Seat, answer: str) -> list[Event]:
        p = self.pending
        assert p is not None and p["kind"] == "walk"
        p["answers"].append({"seat": seat, "answer": answer})
        kind = CARD_TYPE[p["card"]]
        word = "is done" if answer == "done" else "skips"
        if len(p["answers"]) < len(p["order"]):
            nxt = p["order"][len(p["answers"])]
            return [public("walk", f"{seat} {word}. Next: {nxt}.", seat=seat, answer=answer,
                           next=nxt, card=p["card"])]
        self.pending = None
        answers = {a["seat"]: a["answer"] for a in p["answers"]}
        step = "bonus operations" if p["purpose"] == "bonus" else "delegate step"
        text = f"{seat} {word}. Everyone has finished the {step} of {kind.title}."
        if p["tally"]:
            self.pending = {"kind": "tally", "card": p["card"]}
            text += f" Now the Sec-Gen, {self.secgen}, tallies the vote: /hf tally."
        else:
            text += " The turn goes on normally."
        return [public("walk-done", text, seat=seat, answer=answer, answers=answers,
                       card=p["card"], tally=p["tally"])]

    def do_tally(self, seat: Seat, rng: Rng, law: str | None = None) -> list[Event]:
        """The vote's result: the Active Law now. Ends anarchy/war after an Ends card."""
        p = self.pending
        assert p is not None and p["kind"] == "tally"
        value = self._ideology(law, IDEOLOGIES, what="Active Law", allow_none=False)
        kind = CARD_TYPE[p["card"]]
        ended = [k for k in ("anarchy", "war") if getattr(self, k)] if kind.family else []
        self.anarchy = self.anarchy and not kind.family
        self.war = self.war and not kind.family
        old = self.law
        self.law = value
        self.pending = None
        text = f"Vote tallied: {value} is the Active Law"
        text += " (unchanged)." if old == value else "."
        if ended:
            text = f"{' and '.join(ended).capitalize()} ends. " + text
        events = [public("tallied", text, law=value, previous=old, ended=ended, card=p["card"])]
        if self.secgen_held:
            self.secgen_held = False
            events += self._change_secgen(then_draw=False)
        return events

    def do_secgen(self, seat: Seat, rng: Rng, player: str | None = None) -> list[Event]:
        """The Sec-Gen's choice of a successor, or (no choice pending) bookkeeping."""
        target = self._player(player)
        p = self.pending
        if p is not None and p["kind"] == "secgen":
            if seat != p["chooser"]:
                raise NotAllowed(f"The Sec-Gen, {p['chooser']}, chooses the new Sec-Gen.")
            if target not in p["options"]:
                raise NotAllowed(f"The Sec-Gen must choose a different player: one of "
                                 f"{', '.join(p['options'])}.")
            self.pending = None
            self.secgen = target
            events = [public("secgen", f"{seat} chooses {target} as the new Sec-Gen.",
                             secgen=target, previous=seat, reason="chosen")]
            if p["then_draw"]:
                events += self._draw(rng)
            return events
        self._refuse_while_pending("the Sec-Gen")
        if target == self.secgen:
            raise NotAllowed(f"{target} is already the Sec-Gen.")
        old, self.secgen = self.secgen, target
        return [public("secgen", f"{seat} records that {target} is now the Sec-Gen (was {old}).",
                       secgen=target, previous=old, reason="bookkeeping")]

    # ----- bookkeeping (HF-4) --------------------------------------------

    def do_law(self, seat: Seat, rng: Rng, law: str | None = None) -> list[Event]:
        """Set the Active Law (an ideology) or clear it ("none")."""
        value = self._ideology(law, IDEOLOGIES, what="Active Law", allow_none=True)
        self._refuse_while_pending("the Active Law")
        if value is not None and (self.anarchy or self.war):
            raise NotAllowed(f"There is no Active Law during {self._trouble_text()}. It ends "
                             "with an Anarchy/War Ends card and its tally (or switch it off "
                             "with /hf anarchy or /hf war on:false).")
        if value == self.law:
            raise NotAllowed(f"{_cap(self._law_text())} already.")
        old, self.law = self.law, value
        text = (f"{seat} records the Active Law: {value}." if value else
                f"{seat} records that there is no Active Law.")
        events = [public("law", text, law=value, previous=old)]
        if self.secgen_held and not (self.anarchy or self.war):
            self.secgen_held = False
            events += self._change_secgen(then_draw=False)
        return events

    def do_anarchy(self, seat: Seat, rng: Rng, on: bool | None = None) -> list[Event]:
        """Anarchy begins (on: true) or is over (on: false)."""
        return self._trouble(seat, "anarchy", on)

    def do_war(self, seat: Seat, rng: Rng, on: bool | None = None) -> list[Event]:
        """War begins (on: true) or is over (on: false)."""
        return self._trouble(seat, "war", on)

    def _trouble(self, seat: Seat, which: str, on: Any) -> list[Event]:
        flag = self._flag(on, "on")
        if flag is None:
            raise Unreadable(f"Say on:true when {which} begins, on:false when it is over.")
        self._refuse_while_pending(which)
        if getattr(self, which) == flag:
            raise NotAllowed(f"{which.capitalize()} is {'already' if flag else 'not'} in "
                             "effect.")
        setattr(self, which, flag)
        if flag:
            cleared, self.law = self.law, None
            text = f"{seat} records that {which} begins: there is no Active Law during it"
            text += f" ({cleared} no longer is)." if cleared else "."
            text += " It ends with an Anarchy/War Ends card."
            return [public(which, text, on=True, law=None, previous=cleared)]
        text = f"{seat} records that {which} is over"
        if self.anarchy or self.war:
            text += f"; {self._trouble_text()} goes on."
        else:
            text += ". Record the Active Law with /hf law"
            text += (": the held-back Sec-Gen change is made then." if self.secgen_held
                     else ".")
        return [public(which, text, on=False)]

    def do_ideology(self, seat: Seat, rng: Rng, player: str | None = None,
                    ideology: str | None = None) -> list[Event]:
        """A player's ideology (the colour of their faction), or none."""
        target = self._player(player)
        value = self._ideology(ideology, PLAYER_IDEOLOGIES, what="player's ideology",
                               allow_none=True)
        if value == self.ideologies[target]:
            raise NotAllowed(f"{target}'s ideology is {value or 'not set'} already.")
        holder = self._owner(value)
        if holder is not None:
            raise NotAllowed(f"{value} is already {holder}'s ideology: each ideology belongs to "
                             f"one player. Change {holder}'s first.")
        old, self.ideologies[target] = self.ideologies[target], value
        text = (f"{seat} records {target}'s ideology: {value}." if value else
                f"{seat} clears {target}'s ideology.")
        return [public("ideology", text, player=target, ideology=value, previous=old)]

    def do_sunspot(self, seat: Seat, rng: Rng, space: int | None = None) -> list[Event]:
        """Correct the Sunspot Cube's space (track mode). Moving it by hand never reshuffles."""
        if not self._tracked:
            raise NotAllowed("The bot does not track the Sunspot Cube in this game: the "
                             "Sec-Gen says when it passes Seniority when drawing the event "
                             "(/hf turn).")
        length = self.options["track_length"]
        if space is None:
            raise Unreadable(f"Name a space of the track, 1 to {length}.")
        value = space
        if not 1 <= value <= length:
            raise Unreadable(f"The track has spaces 1 to {length}.")
        self._refuse_while_pending("the Sunspot Cube")
        if value == self.sunspot:
            raise NotAllowed(f"The Sunspot Cube is on space {value} already.")
        old, self.sunspot = self.sunspot, value
        return [public("sunspot", f"{seat} moves the Sunspot Cube from space {old} to space "
                       f"{value} (a correction: nothing is reshuffled).", sunspot=value,
                       previous=old)]

    # ----- information --------------------------------------------------

    def do_deck(self, seat: Seat, rng: Rng) -> list[Event]:
        """Cards left, the drawn pile and the card set aside: to the asker only."""
        drawn = [CARD_TYPE[c].title for c in self.deck.discards]
        left = Counter(CARD_TYPE[c].title for c in self.deck.pile)
        lines = [f"{len(self.deck)} of {len(DECK)} cards left in the event deck."]
        lines.append("Drawn since the last reshuffle: " + (", ".join(drawn) or "none") + ".")
        aside = CARD_TYPE[self.set_aside].title if self.set_aside else "none"
        lines.append(f"Set aside face up: {aside}.")
        if left:
            lines.append("Still in the deck (any order): " + ", ".join(
                f"{name} x{n}" if n > 1 else name for name, n in sorted(left.items())) + ".")
        return [private(seat, "deck", "\n".join(lines), cards_left=len(self.deck),
                        drawn=[card_info(c) for c in self.deck.discards],
                        set_aside=card_info(self.set_aside) if self.set_aside else None,
                        remaining=dict(sorted(left.items())))]

    # ----- in words -------------------------------------------------------

    def describe(self, seat: Seat) -> list[str]:
        """Nothing is secret in the event deck: the table as the bot knows it (HF-4)."""
        ideology = self.ideologies.get(seat)
        mine = (f"Your ideology is {ideology}." if ideology else
                "The bot doesn't know your ideology yet: tell it with /hf ideology.")
        if self.law is not None and self.law == ideology:
            mine += " The Active Law is yours."
        table = (f"{_cap(self._law_text())}. The Sec-Gen is "
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
        p = self.pending
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


def history_lines(draws: Iterable[Mapping[str, Any]]) -> list[str]:
    """`/hf history` in words: one line per draw, from the `drawn` events' data as the log
    keeps them (the card spelled out, or its id), oldest first."""
    lines = []
    for draw in draws:
        card = draw["card"]
        title = CARD_TYPE[card["id"] if isinstance(card, Mapping) else card].title
        outcome = "applied" if draw["applied"] else IGNORED.get(str(draw["reason"]), "no effect")
        lines.append(f"Turn {draw['turn']}: {title}: {outcome}")
    return lines or ["No event has been drawn yet."]
