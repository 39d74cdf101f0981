"""Playing cards singly, and the reaction windows in which others may answer.

A card is played by its letter code (rulebook "When to Play a Card"): (P), (A), (F) in
those phases of your own turn, one card per phase; (D) while defending; (N) to negate a
card played against you; (S) as the card says. During another player's turn a player
may play only 1 (S) and 1 (D) card.

Every card played singly opens a window: its effect waits until every player who may
answer has passed or one has negated it (a negation can't itself be negated, so it closes
the window). Every turn opens with a window in which the other players may play the (S)
cards of "the beginning of an opponent's turn". **A window never depends on what anyone
holds**: the seats it awaits are fixed by public facts only (`entitled`: still in the
game, holding a usable card - the count is public -, not yet out of the (S) or (D) card
the rules allow during another's turn, or the card's target), so opening it, and who is
prompted, reveal nothing; only the player who answers shows a card.
"""

from __future__ import annotations

from typing import Any

from engine.deck import Card
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, public
from engine.games.one_world_dominion.base import (
    ATTACK,
    FORTIFY,
    PLAY,
    REINFORCE,
    OWDBase,
    plural,
)
from engine.games.one_world_dominion.cards import ANY_TIME, NEGATES, REDIRECTS, TURN_START
from engine.rng import Rng

PHASE_LETTER = {REINFORCE: "P", ATTACK: "A", FORTIFY: "F"}
LETTER_WORDS = {"A": "while attacking", "D": "while defending", "F": "during the free move",
                "N": "to negate a card played against you", "P": "while placing new armies",
                "S": "as the card says"}
FIRST_ROUND_ONLY = frozenset({"Artillery", "Fresh Recruits"})
# (A) cards that act on an involuntary attack's battle (the others start attacks of their own).
INVOLUNTARY_A = frozenset({"Artillery", "Electronic Warfare", "Navy", "Black Helicopters"})


class Reactions(OWDBase):
    """Card timing, windows, passing and negation."""

    # ----- windows -------------------------------------------------------------

    def open_window(self, reason: str, seat: Seat, awaiting: list[Seat],
                    **data: Any) -> list[Event]:
        window = {"kind": "window", "reason": reason, "seat": seat, **data}
        window["awaiting"] = [s for s in awaiting if self.entitled(s, window)]
        self.stack.append(window)
        names = ", ".join(window["awaiting"])
        if not names:
            return []
        if reason == "turn-start":
            text = f"{seat}'s turn begins: {names} may play a card now, or pass."
        elif reason == "involuntary":
            text = (f"Before the involuntary attack on {data['target']}: {names} may play a "
                    "card now, or pass.")
        else:
            text = f"{names} may answer {data['card']}, or pass."
        return [public("window", text, reason=reason, awaiting=list(window["awaiting"]),
                       seconds=self.options["window_seconds"])]

    def entitled(self, seat: Seat, window: dict[str, Any]) -> bool:
        """Whether the rules' public facts let `seat` answer in `window`: it holds a card
        it may use now (the number of cards in hand is public, and so is a card taken
        with Reverse Engineer), and it has not used the card the rules allow it in this
        turn (public too: cards are played face up). Never what the cards are."""
        usable = [c for c in self.hands.get(seat, []) if c not in self.fresh.get(seat, [])]
        if not usable:
            return False
        if window["reason"] in ("turn-start", "involuntary") or seat == self.current:
            return True
        if "S" not in self.offturn.get(seat, []):
            return True  # Mole may answer any card
        plan = window["plan"]
        if seat in plan.get("against", []):
            return True  # a negating (N) card
        return window["card"] in REDIRECTS and self.owner.get(plan.get("area")) == seat

    def pass_window(self, seat: Seat) -> list[Event]:
        top = self.stack[-1]
        top["awaiting"].remove(seat)
        return [public("passed", f"{seat} passes.", seat=seat)]

    def in_window(self, seat: Seat) -> dict[str, Any] | None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] == "window" and seat in top["awaiting"]:
            return top
        return None

    # ----- when a card may be played --------------------------------------------

    def card_use(self, seat: Seat, card: Card) -> str:
        """The letter `card` is played as now by `seat`, or NotAllowed saying why."""
        info = self.deck_info[card]
        codes = set(info.code)
        if card in self.fresh.get(seat, []):
            raise NotAllowed(f"You took {card} with Reverse Engineer: you may use it from "
                             "your next turn.")
        top = self.stack[-1] if self.stack else None
        own_turn = self.stage == PLAY and seat == self.current
        if top is not None and top["kind"] == "window":
            if seat not in top["awaiting"]:
                raise NotAllowed("You are not asked to answer now.")
            if top["reason"] == "card":
                return self.answer_use(seat, card, codes, top, own_turn)
            if top["reason"] == "involuntary":
                return self.involuntary_use(seat, card, codes)
            if card in TURN_START or card in ANY_TIME:
                self.off_turn_limit(seat, "S", own_turn)
                return "S"
            raise NotAllowed(f"At the beginning of {top['seat']}'s turn you may play "
                             "Economic Sanctions, Propaganda, Saboteur or a card playable at "
                             "any time.")
        if top is not None and top["kind"] == "defend" and top["seat"] == seat:
            if "D" not in codes:
                raise NotAllowed(f"{card} is not a (D) card.")
            self.off_turn_limit(seat, "D", own_turn)
            battle = self.battle or {}
            if card in FIRST_ROUND_ONLY and battle.get("rounds", 0) > 0:
                raise NotAllowed(f"{card} is played at the beginning of a battle.")
            if card == "Radar" and battle.get("radar_blocked"):
                raise NotAllowed("Stealth Technology: you may not play Radar in this battle.")
            if card == "Navy" and self.weather():
                raise NotAllowed("Weather Control: no one may play Navy this game turn.")
            return "D"
        if top is not None:
            raise NotAllowed("Finish the decision in front of you first.")
        if not own_turn:
            raise NotAllowed(f"You may play {card} only when a window asks you.")
        letter = PHASE_LETTER.get(self.step)
        if letter is None:
            raise NotAllowed("No card may be played now.")
        if letter in self.turn["played"]:
            raise NotAllowed("You may play only 1 card per phase.")
        if letter not in codes and card not in ANY_TIME:
            words = " or ".join(LETTER_WORDS[c] for c in info.code)
            raise NotAllowed(f"{card} ({info.code}) is played {words}; you are in your "
                             f"{self.step} phase.")
        if card == "Navy" and self.weather():
            raise NotAllowed("Weather Control: no one may play Navy this game turn.")
        return letter

    def involuntary_use(self, seat: Seat, card: Card, codes: set[str]) -> str:
        """The one (A) card of the insane armies' owner, or the defender's (D) card."""
        battle = self.battle or {}
        if seat == battle.get("attacker") and "A" in codes and card in INVOLUNTARY_A:
            return "A"
        if seat == battle.get("defender") and "D" in codes and card != "Radar":
            if card == "Navy" and self.weather():
                raise NotAllowed("Weather Control: no one may play Navy this game turn.")
            return "D"
        raise NotAllowed(f"{card} can't be played in this involuntary attack.")

    def off_turn_limit(self, seat: Seat, letter: str, own_turn: bool) -> None:
        if not own_turn and letter in self.offturn.get(seat, []):
            raise NotAllowed(f"During another player's turn you may play only 1 ({letter}) "
                             "card.")

    def answer_use(self, seat: Seat, card: Card, codes: set[str], top: dict[str, Any],
                   own_turn: bool) -> str:
        played = top["card"]
        if card == "Mole":
            self.off_turn_limit(seat, "S", own_turn)
            return "S"
        if card == "Killer Satellite" and played in NEGATES[card][0]:
            self.off_turn_limit(seat, "S", own_turn)
            return "S"
        if card == "Counter Espionage" and played in REDIRECTS:
            if self.owner.get(top["plan"].get("area")) != seat:
                raise NotAllowed(f"Counter Espionage answers a card aimed at an area you "
                                 f"control; {played} is not.")
            return "N"
        if "N" in codes and card in NEGATES and played in NEGATES[card][0]:
            if seat not in top["plan"].get("against", []):
                raise NotAllowed(f"{card} negates {played} only when it is played against you.")
            return "N"
        if card in ANY_TIME:  # "You may play this card at any time": its own play
            self.off_turn_limit(seat, "S", own_turn)
            return "S"
        raise NotAllowed(f"{card} can't answer {played}.")

    def playable(self, seat: Seat) -> list[Card]:
        """The cards `seat` may play now (the prompt's choices; `act` checks the same)."""
        if not self.owd:
            return []
        found = []
        for card in self.hands.get(seat, []):
            try:
                self.card_use(seat, card)
            except NotAllowed:
                continue
            found.append(card)
        return found

    # ----- playing ------------------------------------------------------------

    def read_card(self, seat: Seat, text: str) -> Card:
        hand = self.hands.get(seat, [])
        wanted = str(text).strip().lower()
        match = [c for c in hand if c.lower() == wanted] or \
            [c for c in hand if c.lower().startswith(wanted)] if wanted else []
        if len(match) != 1:
            raise Unreadable(f"You hold no card {text!r}.")
        return match[0]

    def play(self, seat: Seat, rng: Rng, card_text: str, params: dict[str, Any]) -> list[Event]:
        card = self.read_card(seat, card_text)
        use = self.card_use(seat, card)
        top = self.stack[-1] if self.stack else None
        answering = use == "N" or card in ("Mole", "Killer Satellite")
        if top is not None and top["kind"] == "window" and top["reason"] == "card" and answering:
            return self.answer(seat, rng, card, use, top, params)
        plan = self.check_card(seat, card, use, params)
        self.hands[seat].remove(card)
        self.record_use(seat, use)
        if top is not None and top["kind"] == "window":
            top["awaiting"].remove(seat)
        text = f"{seat} plays {card}" + (f": {plan['says']}" if plan.get("says") else "") + "."
        events = [public("played", text, seat=seat, card=card, use=use,
                         **{k: v for k, v in plan.items() if k in ("area", "to_area",
                                                                   "continent", "player")})]
        events.append(self.hand_event(seat, f"You play {card}."))
        events += self.open_window("card", seat, self.others(seat), card=card, player=seat,
                                   use=use, plan=plan, params=dict(params), negated=False)
        return events

    def record_use(self, seat: Seat, use: str) -> None:
        if self.stage == PLAY and seat == self.current and use in ("P", "A", "F"):
            self.turn["played"].append(use)
        elif not (self.stage == PLAY and seat == self.current):
            self.offturn.setdefault(seat, []).append(use)

    def answer(self, seat: Seat, rng: Rng, card: Card, use: str, top: dict[str, Any],
               params: dict[str, Any]) -> list[Event]:
        played = top["card"]
        if card == "Counter Espionage":
            # Not a negation: a card played singly, in a window of its own (Mole may
            # negate "any other card"); the redirect is made when that window closes.
            if params.get("area") is None:
                raise Unreadable("Counter Espionage needs the new target area (area).")
            area = params["area"]
            self.check_card(top["player"], played, top["use"], {**top["params"], "area": area},
                            redirect=True)
            top["awaiting"].remove(seat)
            self.hands[seat].remove(card)
            self.record_use(seat, use)
            says = f"{played} to target {area}"
            events = [public("played", f"{seat} plays {card}: {says}.", seat=seat, card=card,
                             use=use, area=area),
                      self.hand_event(seat, f"You play {card}.")]
            return events + self.open_window("card", seat, self.others(seat), card=card,
                                             player=seat, use=use,
                                             plan={"against": [], "area": area, "says": says},
                                             params={"area": area}, negated=False)
        self.hands[seat].remove(card)
        self.discards.append(card)
        self.record_use(seat, use)
        top["negated"] = True
        top["awaiting"] = []
        events = [public("negated", f"{seat} plays {card} and negates {top['player']}'s "
                         f"{played}.", seat=seat, card=card, negated=played)]
        if card == "Fighters" and played == "Paratroops" and top["use"] == "A":
            plan = top["plan"]
            lost = self.remove_armies(plan["area"], plan["count"])
            events.append(public("shot_down", f"Fighters: the {plural(lost, 'army', 'armies')} "
                                 f"committed to the Paratroop attack are eliminated.",
                                 area=plan["area"], count=lost))
            events += self.check_out(top["player"], None, rng)
        if card == "Haz-Gear":
            self.add_effect("Haz-Gear", seat, "one game turn")
        events += self.card_bonus(seat, card)
        events.append(self.hand_event(seat, f"You play {card}."))
        return events

    def redirect(self, seat: Seat, area: str, rng: Rng) -> list[Event]:
        """Counter Espionage's window closed without a negation: the card below it now
        targets `area`, if that is still a target the card allows."""
        below = self.stack[-1] if self.stack else None
        if below is None or below["kind"] != "window" or below["reason"] != "card":
            return []  # pragma: no cover - Counter Espionage is played only in a card's window
        played = below["card"]
        moved = {**below["params"], "area": area}
        try:
            plan = self.check_card(below["player"], played, below["use"], moved, redirect=True)
        except RuleError as why:
            return [public("no_effect", f"Counter Espionage can't move {played} to {area} any "
                           f"more: {why} {played} keeps its target.", card=played)]
        below["plan"] = plan
        below["params"] = moved
        events = [public("redirected", f"Counter Espionage: {played} now targets {area}.",
                         seat=seat, card="Counter Espionage", area=area)]
        return events + self.ask_new_target(below, seat)

    def ask_new_target(self, top: dict[str, Any], redirector: Seat) -> list[Event]:
        """After Counter Espionage the new target's player may answer the card as its
        target, even if it passed before, when it was not yet aimed at it: asked again,
        with the window's time running afresh for everyone still awaited."""
        target = self.owner.get(top["plan"].get("area"))
        if target is None or target in top["awaiting"] or target in (redirector, top["player"]):
            return []
        if target not in self.alive() or not self.entitled(target, top):
            return []
        top["awaiting"].append(target)
        names = ", ".join(top["awaiting"])
        return [public("window", f"{top['card']} now targets {top['plan']['area']}: {names} "
                       f"may answer it, or pass.", reason="card",
                       awaiting=list(top["awaiting"]), seconds=self.options["window_seconds"])]

    def card_bonus(self, seat: Seat, card: Card) -> list[Event]:
        """"Additional Armies": a card played singly that names an area you control
        gives 2 armies there."""
        area = self.card_area(card)
        if area is None or self.owner.get(area) != seat or self.poisoned(area, seat):
            return []
        if self.sabotaged(seat) and self.options["saboteur_card_armies"] == "delayed":
            self.delayed[seat] = self.delayed.get(seat, 0) + 2
            return [public("card_bonus", f"{card} names {area}: Saboteur sets {seat}'s 2 "
                           "armies aside until the next turn.", seat=seat, area=area,
                           delayed=2)]
        self.add_armies(area, seat, 2)
        return [public("card_bonus", f"{card} names {area}: {seat} places 2 armies there.",
                       seat=seat, area=area)]

    def close_card_window(self, top: dict[str, Any], rng: Rng) -> list[Event]:
        self.discards.append(top["card"])
        if top["negated"]:
            return []
        seat = top["player"]
        events = self.apply_card(seat, top["card"], top["use"], top["plan"], rng)
        if seat not in self.out:
            events += self.card_bonus(seat, top["card"])
        return events
