"""What each seat is asked, built once for both the buttons and the checks.

`prompts()` says who must (or may) act now and the legal choices; `Game.act` refuses
whatever a prompt does not offer (the free actions check themselves). The decisions on the
stack (`engine.decisions`) are asked here too: a reaction window asks each seat it awaits,
a captured Group asks where it goes. Every question and label is in players' words
(`words.py`), and a prompt's text, which is also the channel's ping, names nothing secret:
not a card in a hand, not a face-down Illuminati.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import wording
from engine.decisions import Decision
from engine.events import Seat
from engine.games.illuminati.attack import HOW_WORDS, WHISPER
from engine.games.illuminati.base import mb, plural
from engine.games.illuminati.deals import ANY_CARD
from engine.games.illuminati.reorganize import opening_value
from engine.games.illuminati.structure import DIRECTIONS
from engine.games.illuminati.turn import Turns
from engine.games.illuminati.words import LABELS, QUESTIONS
from engine.spec import ActionSpec, Choice, Param, Prompt


class Prompts(Turns):
    """The prompts of the turn, the windows, the decisions and the offers."""

    def decisions(self, entry: dict[str, Any]) -> list[Decision]:
        kind = entry["kind"]
        if kind == "attack":
            return [Decision(self.attack_prompt(entry, s), ("pass", {}))
                    for s in entry["awaiting"]]
        if kind == "cancel":
            # Two cards discarded to abolish a privilege are cancelled one at a time.
            text = (f"{entry['seat']} discards {self.cancel_name(entry)} to abolish the "
                    f"privilege: cancel {'one' if len(entry['card']) > 1 else 'it'} with a "
                    "Special, or pass.") \
                if isinstance(entry["card"], list) else \
                (f"{entry['seat']} plays {self.cancel_name(entry)}: cancel it with a Special, "
                 "or pass.")
            return [Decision(self.window_prompt(s, text), ("pass", {}))
                    for s in entry["awaiting"]]
        if kind == "place":
            return self.place_decisions(entry)
        if kind == "replace":
            return self.replace_decisions(entry)
        if kind == "choose-goal":
            return self.goal_decisions(entry)
        raise AssertionError(kind)  # pragma: no cover

    # ----- the prompts -------------------------------------------------------------

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every question in players' words (`words.py`)."""
        return wording.worded(super().prompts(), QUESTIONS, LABELS)

    def _prompts(self) -> dict[Seat, Prompt]:
        out: dict[Seat, Prompt] = {}
        if self.stack:
            out = self.decision_prompts()
        elif self.started and self.turn is not None:
            out = {self.current: self.turn_prompt(self.current)}
        for seat in dict.fromkeys(d["to"] for d in self.offers):
            out[seat] = self.with_offers(seat, out.get(seat))
        return out

    def with_offers(self, seat: Seat, prompt: Prompt | None) -> Prompt:
        """The offers made to `seat`, to accept or decline: each with its terms as everyone
        reads them (which Special, told to the two players by DM, is not named here: this
        text is also the channel's ping)."""
        offers = self.offers_to(seat)
        ids = tuple(Choice(d["id"], f"Offer {d['id']} from {d['from']}: "
                                    f"{self.deal_words(d)[0]}") for d in offers)
        specs = [ActionSpec("accept", params=(Param("offer", ids),
                                              Param("card", self.hand_choices(seat),
                                                    required=False))),
                 ActionSpec("decline", params=(Param("offer", ids),))]
        if prompt is None:
            terms = " ".join(f"{d['from']} offers you {self.deal_words(d)[0]} (offer "
                             f"{d['id']})." for d in offers)
            return Prompt(seat, f"{terms} Accept or decline.", tuple(specs))
        return dataclasses.replace(prompt, actions=prompt.actions + tuple(specs))

    def hand_choices(self, seat: Seat, cards: list[str] | None = None) -> tuple[Choice, ...]:
        return tuple(Choice(c, self.special(c).name)
                     for c in (self.hands.get(seat, []) if cards is None else cards))

    def play_spec(self, seat: Seat) -> ActionSpec | None:
        cards = self.playable(seat)
        if not cards:
            return None
        groups = tuple(Choice(g) for g in [*self.uncontrolled, *self.dead])
        players = tuple(Choice(s) for s in self.alive())
        return ActionSpec("play", params=(
            Param("card", self.hand_choices(seat, cards)),
            Param("group", groups, required=False), Param("player", players, required=False)))

    def window_prompt(self, seat: Seat, text: str,
                      more: tuple[ActionSpec, ...] = ()) -> Prompt:
        specs = list(more)
        play = self.play_spec(seat)
        if play is not None:
            specs.append(play)
        specs.append(ActionSpec("pass"))
        return Prompt(seat, text, tuple(specs))

    def attack_prompt(self, entry: dict[str, Any], seat: Seat) -> Prompt:
        number, _parts = self.target_number(entry)
        own = seat == entry["seat"]
        if entry["stage"] == "roll":
            who = "You" if own else entry["seat"]
            return self.window_prompt(seat, f"{who} rolled {entry['roll']} against {number} on "
                                      f"{entry['target']}: play a Special on the roll, or "
                                      "pass.")
        specs: list[ActionSpec] = []
        sources = self.money_sources(entry, seat)
        if sources:
            params = [Param("mb", None, True, "int"),
                      Param("source", tuple(sources), required=len(sources) > 1)]
            sides = self.sides(entry, seat)
            if sides:
                params.append(Param("side", tuple(sides)))
            specs.append(ActionSpec("spend", params=tuple(params)))
        if seat == entry["seat"]:
            aiders = self.aiders(entry)
            if aiders:
                specs.append(ActionSpec("aid", params=(
                    Param("group", tuple(Choice(g, self.shown_card(g)) for g in aiders)),)))
            if not entry["committed"]:
                specs.append(ActionSpec("call-off"))
        elif self.privilege_holds(entry) and self.specials_held(seat) >= 2:
            hand = self.hand_choices(seat)
            specs.append(ActionSpec("abolish", params=(Param("card", hand),
                                                       Param("second_card", hand))))
        privileged = " (privileged)" if self.privilege_holds(entry) else ""
        if own:
            text = (f"Your attack on {entry['target']} {HOW_WORDS[entry['how']]}{privileged} "
                    f"needs {number} or less. Spend money, add aid, or pass: the dice are "
                    "rolled once everyone has passed.")
        else:
            text = (f"{entry['seat']} attacks {entry['target']} {HOW_WORDS[entry['how']]}"
                    f"{privileged}: needs {number} or less. Spend money, play a Special, or "
                    "pass.")
        return self.window_prompt(seat, text, tuple(specs))

    def turn_prompt(self, seat: Seat) -> Prompt:
        turn = self.turn
        assert turn is not None
        specs: list[ActionSpec] = []
        own = self.controlled(seat)
        groups = [g for g in own if g != self.root(seat)]
        with_money = [c for c in own if self.treasury(c)]
        transfer = ActionSpec("transfer", params=(
            Param("from_group", tuple(Choice(c, self.shown_card(c)) for c in with_money)),
            Param("to_group", tuple(Choice(c, self.shown_card(c)) for c in own)),
            Param("mb", None, True, "int"))) if with_money and len(own) > 1 else None
        spots = sorted({opening_value(m, d) for g in groups for m, d in self.openings(seat, g)},
                       key=self.spot_order)
        movable = [g for g in groups if self.openings(seat, g)]
        move = ActionSpec("move", params=(
            Param("group", tuple(Choice(g) for g in movable)),
            Param("to", tuple(Choice(s) for s in spots)))) if movable else None
        if turn["ending"]:
            if move is not None and self.ability(seat, "free-moves"):
                specs.append(move)
            if transfer is not None and self.ability(seat, "free-transfers"):
                specs.append(transfer)
            specs.append(ActionSpec("end-turn", "Finish the turn"))
            # The prompt's text is also the channel's ping: it says nothing of a face-down
            # Illuminati's ability.
            text = "Finish your turn." if self.hidden(seat) else \
                "Your actions are done: reorganize at no cost, then finish the turn."
            return Prompt(seat, text, tuple(specs))
        attackers = self.attackers(seat) if turn["actions"] else []
        if attackers:
            hows = [Choice(h, HOW_WORDS[h].capitalize()) for h in ("control", "neutralize",
                                                                  "destroy")]
            if self.card_with_effect(seat, "whispering-campaign"):
                hows.append(Choice(WHISPER, "To destroy, with Whispering Campaign"))
            privilege = [Choice("none", "No privilege")]
            ability = self.card(self.root(seat)).ability("privilege")
            if ability is not None and not turn["privilege_used"]:
                privilege.append(Choice("ability", f"Pay {mb(ability.cost)} (your ability)"))
            privilege += [Choice(c, f"Discard {self.special(c).name}")
                          for c in self.hands[seat]]
            specs.append(ActionSpec("attack", params=(
                Param("group", tuple(Choice(g, self.shown_card(g)) for g in attackers)),
                Param("target", tuple(Choice(t) for t in self.targets())),
                Param("how", tuple(hows)),
                Param("privilege", tuple(privilege), required=False))))
        if transfer is not None:
            specs.append(transfer)
        if move is not None and turn["actions"]:
            specs.append(move)
        if groups:
            specs.append(ActionSpec("drop", params=(Param("group", tuple(Choice(g)
                                                                        for g in groups)),)))
        play = self.play_spec(seat)
        if play is not None:
            specs.append(play)
        others = self.others(seat)
        if self.options["hidden_illuminati"] and turn["actions"] and self.accusable(seat):
            specs.append(ActionSpec("accuse", params=(
                Param("player", tuple(Choice(s) for s in self.accusable(seat))),
                Param("illuminati", tuple(Choice(n) for n in self.cards.illuminati
                                          if n != self.root(seat))))))
        unshown = [c for c in self.hands[seat] if c not in self.shown]
        if unshown:
            specs.append(ActionSpec("show", params=(
                Param("card", self.hand_choices(seat, unshown)),)))
        if others:
            specs.append(self.offer_spec(seat, others))
        made = [d for d in self.offers if d["from"] == seat]
        if made:  # an offer not yet answered may be taken back with a click too
            specs.append(ActionSpec("withdraw", params=(Param("offer", tuple(
                Choice(d["id"], f"Offer {d['id']} to {d['to']}: {self.deal_words(d)[0]}")
                for d in made)),)))
            if self.purse(seat) or self.hands[seat]:
                specs.append(ActionSpec("give", params=(
                    Param("player", tuple(Choice(s) for s in others)),
                    Param("mb", None, False, "int"),
                    Param("card", self.hand_choices(seat), required=False))))
        if not turn["did"]:
            specs.append(ActionSpec("pass-turn"))
        specs.append(ActionSpec("end-turn"))
        left = plural(turn["actions"], "action")
        free = plural(turn["transfers"], "free transfer")
        # Not "Your turn: ...": the channel's ping already says "your turn".
        return Prompt(seat, f"Turn {self.turns}: {left} left, {free}. Attack, reorganize, "
                      "deal, or end the turn.", tuple(specs))

    @staticmethod
    def spot_order(value: str) -> tuple[str, int]:
        master, direction = value.rsplit(": ", 1)
        return master, DIRECTIONS.index(direction)

    def offer_spec(self, seat: Seat, others: list[Seat]) -> ActionSpec:
        theirs = [g for s in others for g in self.groups_of(s)]
        mine = [g for g in self.groups_of(seat)]
        asked = [Choice(ANY_CARD, "A Special of their choice")] + [
            Choice(n) for n in dict.fromkeys(s.name for s in self.cards.specials.values())]
        return ActionSpec("offer", params=(
            Param("player", tuple(Choice(s) for s in others)),
            Param("give_mb", None, False, "int"), Param("take_mb", None, False, "int"),
            Param("give_group", tuple(Choice(g) for g in mine), required=False),
            Param("take_group", tuple(Choice(g) for g in theirs), required=False),
            Param("give_card", self.hand_choices(seat), required=False),
            Param("take_card", tuple(asked), required=False)))
