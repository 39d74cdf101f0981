"""High Frontier's decisions on the stack (`engine.decisions`): what each asks, what its
deadline does, and the answers that settle it.

The entries, as stored (docs/hf-political-events.md, "State schema", `pending`):
- `walk`: the table walked in turn order from the Sec-Gen, each seat saying it has done its
  bonus operation or delegate step, or skips it (the deadline skips);
- `tally`: the Sec-Gen tells the vote's result (no deadline: left to the table);
- `secgen`: the Sec-Gen chooses a successor when the Active Law is nobody's (the deadline
  chooses the next player in turn order).
Each names the seat it waits for, so none is settled without a player; a Sec-Gen change
with one possible successor is made without asking (`_change_secgen`).
"""

from __future__ import annotations

from abc import abstractmethod

from engine.decisions import Decision, Entry
from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.hf_political_events.cards import CARD_TYPE, IDEOLOGIES
from engine.games.hf_political_events.table import HFTable
from engine.rng import Rng
from engine.spec import ActionSpec, Choice, Param, Prompt


class HFDecisions(HFTable):
    """The walk, the tally and the Sec-Gen's choice."""

    # ----- what the game waits for ---------------------------------------

    def decisions(self, entry: Entry) -> list[Decision]:
        """One seat answers each entry; the deadline policy is in the docs."""
        kind = entry["kind"]
        if kind == "walk":
            return [Decision(self._walk_prompt(entry), ("skip", {}))]
        if kind == "tally":
            return [Decision(self._tally_prompt(entry))]
        return [Decision(self._secgen_prompt(entry), ("secgen", {"player": entry["options"][0]}))]

    def settle(self, entry: Entry, rng: Rng) -> list[Event]:
        """Never needed: every entry waits for the seat it names."""
        raise AssertionError(f"a {entry['kind']} decision that waits for nobody")  # pragma: no cover

    def _asked(self, entry: Entry) -> Seat:
        """The seat an entry waits for: the next in the walk, or the Sec-Gen."""
        if entry["kind"] == "tally":
            return self.secgen
        if entry["kind"] == "secgen":
            return str(entry["chooser"])
        return str(entry["order"][len(entry["answers"])])

    def _awaited(self) -> Seat:
        """Who the game waits for: the entry's seat, else the Sec-Gen to draw."""
        p = self._top
        return self.secgen if p is None else self._asked(p)

    def _waiting_text(self) -> str:
        p = self._top
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

    def _walk_prompt(self, p: Entry) -> Prompt:
        who = self._asked(p)
        kind = CARD_TYPE[p["card"]]
        if p["purpose"] == "bonus":
            text = (f"{kind.title}: your bonus operation, only this: {kind.bonus_op}. "
                    "Say when you have performed it, or skip it.")
        else:
            text = (f"{kind.title}, the delegate step: each player {kind.delegates}. Say "
                    "when you have done yours, or skip it if you can't.")
        return Prompt(who, text, (ActionSpec("done", "I have done it"),
                                  ActionSpec("skip", "Skip it")))

    def _tally_prompt(self, p: Entry) -> Prompt:
        who = self._asked(p)
        kind = CARD_TYPE[p["card"]]
        choices = tuple(Choice(i) for i in IDEOLOGIES)
        text = (f"{kind.title}: tally the vote and tell the bot which ideology now holds "
                "the Active Law (you break any tie).")
        return Prompt(who, text, (ActionSpec("tally", "Tally the vote", (
            Param("law", choices, question="Which ideology holds the Active Law now?"),)),))

    def _secgen_prompt(self, p: Entry) -> Prompt:
        who = self._asked(p)
        options = tuple(Choice(s, self._who(s)) for s in p["options"])
        text = f"{self._nobodys_law()}: choose a different player as the new Sec-Gen."
        return Prompt(who, text, (ActionSpec("secgen", "Choose the new Sec-Gen", (
            Param("player", options, question="Who is the new Sec-Gen?"),)),))

    # ----- the walk ----------------------------------------------------------

    def do_done(self, seat: Seat, rng: Rng) -> list[Event]:
        """The walking seat has performed its bonus operation or delegate step."""
        return self._answer(seat, "done")

    def do_skip(self, seat: Seat, rng: Rng) -> list[Event]:
        """The walking seat passes (also what the deadline does)."""
        return self._answer(seat, "skip")

    def _answer(self, seat: Seat, answer: str) -> list[Event]:
        p = self._top
        assert p is not None and p["kind"] == "walk"
        p["answers"].append({"seat": seat, "answer": answer})
        kind = CARD_TYPE[p["card"]]
        word = "is done" if answer == "done" else "skips"
        if len(p["answers"]) < len(p["order"]):
            nxt = p["order"][len(p["answers"])]
            return [public("walk", f"{seat} {word}. Next: {nxt}.", seat=seat, answer=answer,
                           next=nxt, card=p["card"])]
        self.stack.pop()
        answers = {a["seat"]: a["answer"] for a in p["answers"]}
        step = "bonus operations" if p["purpose"] == "bonus" else "delegate step"
        text = f"{seat} {word}. Everyone has finished the {step} of {kind.title}."
        if p["tally"]:
            self.stack.append({"kind": "tally", "card": p["card"]})
            text += f" Now the Sec-Gen, {self.secgen}, tallies the vote: /hf tally."
        else:
            text += " The turn goes on normally."
        return [public("walk-done", text, seat=seat, answer=answer, answers=answers,
                       card=p["card"], tally=p["tally"])]

    # ----- the tally -----------------------------------------------------------

    def do_tally(self, seat: Seat, rng: Rng, law: str | None = None) -> list[Event]:
        """The vote's result: the Active Law now. Ends anarchy/war after an Ends card."""
        p = self._top
        assert p is not None and p["kind"] == "tally"
        value = self._ideology(law, IDEOLOGIES, what="Active Law", allow_none=False)
        kind = CARD_TYPE[p["card"]]
        ended = [k for k in ("anarchy", "war") if getattr(self, k)] if kind.family else []
        self.anarchy = self.anarchy and not kind.family
        self.war = self.war and not kind.family
        old = self.law
        self.law = value
        self.stack.pop()
        text = f"Vote tallied: {value} is the Active Law"
        text += " (unchanged)." if old == value else "."
        if ended:
            text = f"{' and '.join(ended).capitalize()} ends. " + text
        events = [public("tallied", text, law=value, previous=old, ended=ended, card=p["card"])]
        if self.secgen_held:
            self.secgen_held = False
            events += self._change_secgen(then_draw=False)
        return events

    # ----- the Sec-Gen's succession ----------------------------------------------

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
                self.stack.append({"kind": "secgen", "chooser": old, "options": others,
                                   "then_draw": then_draw})
                return [public("secgen-choice", f"{why}: {old} must choose a different player "
                               f"as the new Sec-Gen ({', '.join(others)}) with /hf secgen.",
                               chooser=old, options=others)]
        return events

    def _choose_secgen(self, seat: Seat, target: Seat, rng: Rng) -> list[Event]:
        """The Sec-Gen's pending choice of a successor; the turn's draw may wait for it."""
        p = self._top
        assert p is not None and p["kind"] == "secgen"
        if seat != p["chooser"]:
            raise NotAllowed(f"The Sec-Gen, {p['chooser']}, chooses the new Sec-Gen.")
        if target not in p["options"]:
            raise NotAllowed(f"The Sec-Gen must choose a different player: one of "
                             f"{', '.join(p['options'])}.")
        self.stack.pop()
        self.secgen = target
        events = [public("secgen", f"{seat} chooses {target} as the new Sec-Gen.",
                         secgen=target, previous=seat, reason="chosen")]
        if p["then_draw"]:
            events += self._draw(rng)
        return events

    @abstractmethod
    def _draw(self, rng: Rng) -> list[Event]:
        """The Sec-Gen draws the turn's event (`deck`)."""
