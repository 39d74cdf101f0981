"""Killer Clue's decisions on the stack (`engine.decisions`): what each asks, what its
deadline does, and the answering of suggestions, accusations and mini-suggestions (KC-4).

The entries, as stored (docs/killer-clue.md, "State schema"): `go` (finish a move), `give`
(answer a suggestion, accusation or mini-suggestion), `bring` (a summoned suspect's weapon),
`trade` (Consult, KC-9) and `reappear` (a return from disappearance, D-12). A `give` entry
waits for nobody while the game looks for its next answerer; the one card that answers a
mini-suggestion is given by itself (D-9), every other answer is asked (D-22).
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Decision, Entry
from engine.events import Event, Seat, private, public
from engine.games.killer_clue import cards
from engine.games.killer_clue.base import OUT
from engine.games.killer_clue.board import ROOMS, is_room
from engine.games.killer_clue.cards import Card
from engine.games.killer_clue.suspect import Suspects
from engine.games.killer_clue.words import NONE, RANDOM, choices_of, distinct, the
from engine.rng import Rng
from engine.spec import ActionSpec, Choice, Param, Prompt

# What the deadline does for each decision (docs/killer-clue.md, "Deadline policy").
TIMEOUTS: dict[str, tuple[str, dict[str, Any]]] = {
    "go": ("pass", {}),
    "give": ("give", {"card": RANDOM}),
    "bring": ("bring", {"weapon": NONE}),
    "trade": ("trade", {"card": NONE}),
    "reappear": ("reappear", {"room": RANDOM}),
}


class Decisions(Suspects):
    """The stack's entries as decisions, and the answering of a suggestion."""

    def decisions(self, entry: Entry) -> list[Decision]:
        seat = entry.get("seat")
        if seat is None:
            return []
        prompt = self._decision_prompt(entry)
        if entry["kind"] == "give" and entry["mode"] == "mini":
            # D-9: the one card that can answer a mini-suggestion is given unasked, so no
            # deadline ever waits for it.
            return [Decision(prompt, forced=True)]
        return [Decision(prompt, TIMEOUTS[entry["kind"]])]

    def settle(self, entry: Entry, rng: Rng) -> list[Event]:
        """The one entry that waits for nobody: an answering looking for its next answerer
        (every other decision names its seat when it is pushed)."""
        if entry["kind"] != "give":  # pragma: no cover
            raise AssertionError(f"a {entry['kind']} decision without a seat")
        return self._run_answers(rng)

    def _decision_prompt(self, top: Entry) -> Prompt:
        seat: Seat = top["seat"]
        kind = top["kind"]
        if kind == "go":
            dests = self._destinations(seat, top["steps"])
            here = self.pawns.get(seat)
            params = [Param("to", choices_of(dests, {d: d if is_room(d) else f"Corridor {d}"
                                                     for d in dests}), question="Where to?")]
            if is_room(here):
                params.append(self._weapon_param(here))
            return Prompt(seat, f"You rolled {top['steps']}: where do you go?", (
                ActionSpec("go", "Move there", tuple(params)),
                ActionSpec("pass", "Stay and end your turn")))
        if kind == "give":
            legal = self._legal_gives(seat, top)
            values = list(legal)
            if self._may_decline(seat, top):
                values.append(NONE)
            labels = {NONE: "Give nothing"}
            choices = tuple(Choice(v, labels.get(v, cards.label(v))) for v in values)
            if legal and top["mode"] != "mini":  # D-22: asked, with a random card offered
                choices += (Choice(RANDOM, "A random legal card"),)
            verb = {"suggestion": "suggestion", "accusation": "accusation",
                    "mini": "suggestion"}[top["mode"]]
            return Prompt(seat, f"Disprove {top['to']}'s {verb} ({', '.join(top['cards'])}): "
                          "give one card.", (ActionSpec("give", "Give a card", (
                              Param("card", choices, question="Which card do you give?"),)),))
        if kind == "bring":
            options = self.weapons_in(top["room"]) + [NONE]
            return Prompt(seat, f"You are summoned to {the(top['to'])}: bring a weapon from "
                          f"{the(top['room'])}?", (ActionSpec("bring", "Bring a weapon", (
                              Param("weapon", choices_of(options, {NONE: "No weapon"}),
                                    question="Which weapon do you bring?"),)),))
        if kind == "trade":
            options = list(self.clues[seat]) + [NONE]
            other = top["with"] if top.get("offer") is None else top["from"]
            return Prompt(seat, f"Consult: trade one Clue card with {other}? Pick the card you "
                          "give, or none.", (ActionSpec("trade", "Trade a Clue card", (
                              Param("card", tuple(Choice(v, "No trade" if v == NONE
                                                         else cards.label(v))
                                                  for v in options),
                                    question="Which Clue card do you give?"),)),))
        if kind == "reappear":
            return Prompt(seat, "You return from your disappearance: choose your room.", (
                ActionSpec("reappear", "Return to a room", (
                    Param("room", choices_of([*ROOMS, RANDOM], {RANDOM: "A random room"}),
                          question="Which room do you return to?"),)),))
        raise AssertionError(kind)  # pragma: no cover

    # ----- answering a suggestion, an accusation, a mini-suggestion (KC-4) ------

    def _answer_queue(self, asker: Seat, first: str, direction: str) -> list[Seat]:
        step = 1 if direction == "left" else -1
        start = first if first in self.table else asker
        return [s for s in self.rotation(start, step) if s != asker and self.alive(s)]

    def _legal_gives(self, seat: Seat, entry: dict[str, Any]) -> list[Card]:
        """The cards `seat` may give: never a Case File card (KC-5), a Red Herring only
        against a suggestion, only the named card for a mini-suggestion."""
        wanted = entry["cards"]
        hand = self.clues[seat]
        legal = [c for c in hand if c in wanted]
        if entry["mode"] == "suggestion":
            legal += [c for c in hand if cards.is_red_herring(c)]
        return distinct(legal)

    def _asks_everyone(self, entry: dict[str, Any]) -> bool:
        """With Red Herrings in play, every answerer of a suggestion is asked in turn, as at
        the table: skipping those who cannot answer would point at the Red Herring holders
        (they alone would be awaited without a matching card)."""
        return bool(self.options["red_herrings"]) and entry["mode"] == "suggestion"

    def _may_decline(self, seat: Seat, entry: dict[str, Any]) -> bool:
        """Only a player who holds no matching card (but a Red Herring) may give nothing."""
        return not any(c in entry["cards"] for c in self.clues[seat])

    def _run_answers(self, rng: Rng) -> list[Event]:
        """Find who answers next, passing over those who cannot (KC-4); the answering is
        over when nobody is left to ask."""
        entry = self.stack[-1]
        events: list[Event] = []
        while entry["queue"]:
            answerer = entry["queue"][0]
            if self._legal_gives(answerer, entry) or self._asks_everyone(entry):
                entry["seat"] = answerer
                return events
            events.append(public("cannot_disprove", f"{answerer} cannot disprove.",
                                 seat=answerer))
            entry["queue"].pop(0)
        return events + self._answered(rng)

    def do_give(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Give one card that disproves the suggestion or accusation, privately."""
        entry = self.stack[-1]
        legal = self._legal_gives(seat, entry)
        if card == RANDOM:
            card = rng.choice(legal, label="card given at the deadline") if legal else NONE
        if card == NONE:
            events = [public("cannot_disprove", f"{seat} cannot disprove.", seat=seat)]
            entry["queue"].pop(0)
            entry["seat"] = None
            return events + self._advance(rng)
        events = self._give(seat, card, entry)
        return events + self._answered(rng) + self._advance(rng)

    def _give(self, giver: Seat, card: Card, entry: dict[str, Any]) -> list[Event]:
        to = entry["to"]
        self.clues[giver].remove(card)
        self.clues[to].append(card)
        entry["given_by"] = giver
        how = {"suggestion": "suggestion", "accusation": "accusation",
               "mini": "mini-suggestion"}[entry["mode"]]
        self._note(to, card, giver, how)
        return [public("card_given", f"{giver} gives {to} a card.", seat=giver, to=to),
                private(to, "card_received", f"{giver} gives you {card}.", card=card,
                        giver=giver),
                private(giver, "card_sent", f"You give {card} to {to}.", card=card, to=to)]

    def _answered(self, rng: Rng) -> list[Event]:
        """The answering is over (a card was given, or everyone was asked)."""
        entry = self.stack.pop()
        given = entry.get("given_by")
        asker = entry["to"]
        events: list[Event] = []
        if entry["mode"] != "accusation":
            if not given:
                events.append(public("not_disproved", f"No one disproves {asker}.", seat=asker))
            return events
        suspect, weapon, room = entry["cards"]
        cf = self.case_file
        if not given and (suspect, weapon, room) == (cf["suspect"], cf["weapon"], cf["room"]):
            events.append(public("confession", f"No one can disprove it. {self.killer} must "
                                 f"come forward and confess: {asker} has solved the murder!",
                                 seat=asker, killer=self.killer, case_file=dict(cf)))
            self.finish([asker])
            return events + [self._game_over()]
        events.append(public("eliminated", f"{asker}'s accusation is wrong: {asker} is out of "
                             "the game.", seat=asker))
        self._end_player_turn()
        events += self._leave(asker, OUT, rng)
        return events
