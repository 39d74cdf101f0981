"""The Special cards: playing them, their window, and what each does.

Rulebook p. 8, "Special Cards": a Special gives its holder an advantage; it may be kept face
down, but the count is public; each is used once and then discarded; some may be used at
any time, others as the card says; playing one is not an action unless the card says so
(Bribery is a regular action). Any one Special may be discarded to make an attack
privileged; any two, discarded together by the same person, abolish someone else's
privilege; if Secrets Man Was Not Meant To Know cancels one of those two, the other is lost
unless the player can replace it. If two Specials contradict each other (Assassination and
Murphy's Law), the last played governs.

The fifteen Specials are data (`cardset.EFFECTS`; reference C gives them, in our words):
"at any time" makes them reactions. Every Special played opens a **cancel window** in which
the other players holding a Special (the count is public) may answer with Secrets Man Was
Not Meant To Know, or pass; its effect happens when the window closes uncancelled. The
window opens and lasts the same whatever anyone holds: nobody is skipped for holding no
Secrets, and a player holding no Special is never asked, which everyone can see.

When each may be played (ILL-7): Assassination and Murphy's Law in an attack's roll window;
Deep Agent, Interference and the two-card abolition in a privileged attack before the roll;
Secrets in a cancel window; Bribery, Market Manipulation and White Collar Crime on your own
turn between actions; Whispering Campaign as the kind of an attack you announce; the others
(Computer Espionage, Media Campaign, Senate Investigating Committee, Slush Fund, Swiss Bank
Account) at any time, by anyone still in the game.
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Decision
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.illuminati.attack import Attacks, branch_data
from engine.games.illuminati.base import mb, plural
from engine.games.illuminati.structure import Branch
from engine.rng import Rng
from engine.spec import ActionSpec, Choice, Param, Prompt

ANY_TIME = frozenset({"computer-espionage", "media-campaign", "senate-investigation",
                      "slush-fund", "swiss-bank-account"})
OWN_TURN = frozenset({"bribery", "market-manipulation", "white-collar-crime"})
ON_THE_ROLL = frozenset({"assassination", "murphys-law"})
PRIVILEGED = frozenset({"deep-agent", "interference"})
NEEDS_GROUP = frozenset({"bribery", "media-campaign"})
NEEDS_PLAYER = frozenset({"computer-espionage", "senate-investigation"})
FORCED_ROLL = {"assassination": (1, 1), "murphys-law": (6, 6)}


class Specials(Attacks):
    """Specials: timing, the cancel window, effects, the two-card abolition."""

    # ----- when a Special may be played ----------------------------------------

    def privileged_top(self) -> dict[str, Any] | None:
        """The attack on top of the stack, before its roll, while its privilege holds."""
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] == "attack" and top["stage"] == "money" \
                and self.privilege_holds(top):
            return top
        return None

    def check_timing(self, seat: Seat, card: str) -> str:
        """The card's effect if `seat` may play it now, else NotAllowed saying when."""
        if seat not in self.alive():
            raise NotAllowed("You are out of the game.")
        if card not in self.hands.get(seat, []):
            raise NotAllowed("You don't hold that Special card.")
        effect = self.special(card).effect
        name = self.special(card).name
        top = self.stack[-1] if self.stack else None
        if effect == "secrets":
            if top is None or top["kind"] != "cancel" or top["seat"] == seat:
                raise NotAllowed(f"{name} cancels a Special as another player plays it.")
        elif effect in ON_THE_ROLL:
            if top is None or top["kind"] != "attack" or top["stage"] != "roll":
                raise NotAllowed(f"{name} is played just after an attack's dice are rolled.")
        elif effect in PRIVILEGED:
            entry = self.privileged_top()
            if entry is None:
                raise NotAllowed(f"{name} is played in a privileged attack, before the roll.")
            if effect == "interference" and (seat in (entry["seat"], entry["defender"])
                                             or seat in entry["allowed"]):
                raise NotAllowed("You may already spend money on this attack.")
        elif effect in OWN_TURN:
            if not self.own_turn(seat) or self.stack:
                raise NotAllowed(f"{name} is played on your own turn, between actions.")
            assert self.turn is not None
            if effect == "bribery" and self.turn["actions"] < 1:
                raise NotAllowed("Bribery is an action, and you have used both this turn.")
        elif effect == "whispering-campaign":
            raise NotAllowed(f"{name} is played with an attack: announce an attack to destroy "
                             "with it.")
        elif not self.started:
            raise NotAllowed("Specials are played once the game has begun.")
        return effect

    def playable(self, seat: Seat) -> list[str]:
        """The Specials `seat` may play now (its prompt's choices; `play` checks the same)."""
        found = []
        for card in self.hands.get(seat, []):
            try:
                self.check_timing(seat, card)
            except NotAllowed:
                continue
            if card not in found:
                found.append(card)
        return found

    # ----- playing ----------------------------------------------------------------

    def play(self, seat: Seat, card_text: str, group: str | None, player: str | None
             ) -> list[Event]:
        card = self.read_special(seat, card_text)
        effect = self.check_timing(seat, card)
        name = self.special(card).name
        plan: dict[str, Any] = {"effect": effect}
        if group is not None and effect not in NEEDS_GROUP:
            raise Unreadable(f"{name} names no Group.")
        if player is not None and effect not in NEEDS_PLAYER:
            raise Unreadable(f"{name} names no player.")
        if effect in NEEDS_GROUP:
            if group is None:
                raise Unreadable(f"{name} names a Group: say which.")
            if effect == "bribery":
                if group not in self.uncontrolled:
                    raise NotAllowed(f"{group} is not an uncontrolled Group.")
                if not self.openings(seat):
                    raise NotAllowed("Your Power Structure has no vacant arrow for it.")
            elif group not in self.dead:
                raise NotAllowed(f"{group} has not been destroyed.")
            plan["group"] = group
        if effect in NEEDS_PLAYER:
            if player is None:
                raise Unreadable(f"{name} names a player: say who.")
            if player not in self.alive() or (player == seat
                                              and effect == "computer-espionage"):
                raise NotAllowed(f"{player} is not another player still in the game.")
            plan["player"] = player
        if effect == "bribery":
            self.use_action(seat, "play Bribery")
        elif self.own_turn(seat):
            assert self.turn is not None
            self.turn["did"] = True
        self.hands[seat].remove(card)
        self.discards.append(card)
        if effect == "secrets":
            top = self.stack[-1]
            top["cancelled"] = seat
            top["awaiting"] = []
            return [public("cancelled", f"{seat} plays {name}: {top['seat']}'s "
                           f"{self.cancel_name(top)} is cancelled.", seat=seat, card=card)]
        target = f" on {plan['group']}" if "group" in plan else \
            f" on {plan['player']}" if "player" in plan else ""
        events = [public("played", f"{seat} plays {name}{target}.", seat=seat, card=card,
                         effect=effect, **{k: v for k, v in plan.items() if k != "effect"})]
        return events + self.open_cancel(seat, card, plan)

    def cancel_name(self, entry: dict[str, Any]) -> str:
        cards = entry["card"] if isinstance(entry["card"], list) else [entry["card"]]
        return " and ".join(self.special(c).name for c in cards)

    def open_cancel(self, seat: Seat, card: str | list[str], plan: dict[str, Any]
                    ) -> list[Event]:
        """The window in which others may cancel the Special just played."""
        awaiting = [s for s in self.others(seat) if self.specials_held(s)]
        entry = {"kind": "cancel", "seat": seat, "card": card, "plan": plan,
                 "awaiting": awaiting, "cancelled": None}
        self.stack.append(entry)
        return self.window_event(awaiting, f"{', '.join(awaiting)} may cancel "
                                 f"{self.cancel_name(entry)} with a Special, or pass.",
                                 "cancel")

    def settle_cancel(self, entry: dict[str, Any], rng: Rng) -> list[Event]:
        """The window closed: the Special acts, unless it was cancelled."""
        self.stack.remove(entry)
        plan = entry["plan"]
        if entry["cancelled"] is None:
            return self.apply(entry["seat"], plan)
        if plan["effect"] == "whispering-campaign":
            attack = self.attack_entry()
            if attack is not None and attack["how"] == "whisper" and \
                    attack["seat"] == entry["seat"]:
                self.stack.remove(attack)
                turn = self.turn
                if turn is not None:
                    for card in [attack["group"], *attack["aid"]]:
                        turn["used"][card] -= 1
                return [public("called_off", f"Without Whispering Campaign, {entry['seat']}'s "
                               f"attack on {attack['target']} can't be made.",
                               seat=entry["seat"], target=attack["target"])]
        if plan["effect"] == "abolish" and self.privileged_top() is not None:
            self.stack.append({"kind": "replace", "seat": entry["seat"]})
            return [public("replace", f"{entry['seat']} may replace the cancelled card with "
                           "another Special, or lose the other one.", seat=entry["seat"])]
        return []

    # ----- what each does ---------------------------------------------------------

    def apply(self, seat: Seat, plan: dict[str, Any]) -> list[Event]:
        effect = plan["effect"]
        alive = seat in self.alive()
        if effect in ("slush-fund", "swiss-bank-account") and alive:
            amount = self.effect_amount(effect)
            self.gain(self.root(seat), amount)
            return [public("paid", f"{seat} takes {mb(amount)} into the Illuminati treasury.",
                           seat=seat, mb=amount)]
        if effect == "white-collar-crime" and alive:
            amount = self.effect_amount(effect)
            self.gain(self.root(seat), amount)
            if self.own_turn(seat):
                assert self.turn is not None
                self.turn["white_collar"] = True
            return [public("paid", f"{seat} takes {mb(amount)} into the Illuminati treasury, "
                           "and may move money freely for the rest of the turn.", seat=seat,
                           mb=amount)]
        if effect == "market-manipulation" and alive:
            total, parts = self.collect_income(seat, groups_only=True)
            return [public("income", f"{seat}'s Groups collect their income once more: "
                           f"{mb(total)}" + (f" ({', '.join(parts)})" if parts else "") + ".",
                           seat=seat, mb=total)]
        if effect == "computer-espionage" and alive:
            other = plan["player"]
            held = [self.special(c).name for c in self.hands.get(other, [])]
            return [private(seat, "espionage", f"{other}'s Special cards: "
                            f"{', '.join(held) if held else 'none'}.", player=other,
                            cards=held)]
        if effect == "senate-investigation":
            other = plan["player"]
            if other in self.alive():
                self.skips[other] = self.skips.get(other, 0) + 1
                return [public("investigated", f"{other} will lose their next turn.",
                               player=other)]
            return []
        if effect == "media-campaign" and plan["group"] in self.dead:
            self.dead.remove(plan["group"])
            self.uncontrolled.append(plan["group"])
            return [public("returned", f"{plan['group']} returns to the uncontrolled area.",
                           group=plan["group"])]
        if effect == "bribery" and alive and plan["group"] in self.uncontrolled:
            self.uncontrolled.remove(plan["group"])
            self.stack.append({"kind": "place", "seat": seat, "card": plan["group"],
                               "master": None, "why": "bribery",
                               "branch": branch_data(Branch(plan["group"], "ahead", []))})
            return [public("bribed", f"{seat} takes {plan['group']} with Bribery.", seat=seat,
                           group=plan["group"])]
        if effect in ("deep-agent", "abolish"):
            return self.abolished(seat)
        if effect == "interference":
            entry = self.privileged_top()
            if entry is None:
                return []
            entry["allowed"].append(seat)
            return [public("may_interfere", f"{seat} may interfere in the privileged attack.",
                           seat=seat)] + self.reawaken(entry, seat)
        if effect in FORCED_ROLL:
            top = self.stack[-1] if self.stack else None
            if top is None or top["kind"] != "attack" or top["stage"] != "roll":
                return []
            top["dice"] = list(FORCED_ROLL[effect])
            top["roll"] = sum(top["dice"])
            top["awaiting"] = [s for s in self.roll_awaiting() if s != seat]
            return [public("roll_changed", f"The roll is now {top['roll']}.", roll=top["roll"])
                    ] + self.window_event(top["awaiting"], f"{', '.join(top['awaiting'])} may "
                                          "answer with a Special, or pass.", "roll")
        return []

    def effect_amount(self, effect: str) -> int:
        amounts = [s.amount for s in self.cards.specials.values() if s.effect == effect]
        return amounts[0] if amounts else 0

    def abolished(self, seat: Seat) -> list[Event]:
        """Rulebook p. 7: once abolished, privilege can't be reinstated on that attack."""
        entry = self.privileged_top()
        if entry is None:
            return []
        entry["abolished"] = True
        events = [public("abolished", f"{seat} abolishes the privilege of {entry['seat']}'s "
                         "attack: anyone may now interfere.", seat=seat)]
        return events + self.reawaken(entry, seat)

    # ----- abolishing privilege with two Specials -----------------------------------

    def abolish(self, seat: Seat, first: str, second: str) -> list[Event]:
        """Any two Specials, discarded together by one player, abolish someone else's
        privilege."""
        entry = self.privileged_top()
        if entry is None or seat not in self.alive():
            raise NotAllowed("There is no privileged attack to abolish now.")
        if seat == entry["seat"]:
            raise NotAllowed("You can't abolish your own privilege.")
        one = self.read_special(seat, first)
        rest = list(self.hands[seat])
        rest.remove(one)
        two = next((c for c in rest if c.lower() == second.strip().lower()
                    or self.special(c).name.lower() == second.strip().lower()), None)
        if two is None:
            raise NotAllowed("Discard two different Special cards of your own.")
        for card in (one, two):
            self.hands[seat].remove(card)
            self.discards.append(card)
        events = [public("abolishing", f"{seat} discards {self.special(one).name} and "
                         f"{self.special(two).name} to abolish the privilege.", seat=seat,
                         cards=[one, two])]
        return events + self.open_cancel(seat, [one, two], {"effect": "abolish"})

    def replace_decisions(self, entry: dict[str, Any]) -> list[Decision]:
        seat = entry["seat"]
        hand = self.hands.get(seat, [])
        specs = []
        if hand:
            specs.append(ActionSpec("replace", params=(
                Param("card", tuple(Choice(c, self.special(c).name) for c in hand)),)))
        specs.append(ActionSpec("give-up"))
        prompt = Prompt(seat, "Secrets cancelled one of your two cards: replace it with "
                        "another Special to abolish the privilege, or give up (the other "
                        "card is lost).", tuple(specs))
        return [Decision(prompt, ("give-up", {}), forced=not hand)]

    def replace(self, seat: Seat, card_text: str) -> list[Event]:
        top = self.stack[-1] if self.stack else None
        if top is None or top["kind"] != "replace" or top["seat"] != seat:
            raise NotAllowed("You have no cancelled card to replace.")
        card = self.read_special(seat, card_text)
        self.stack.pop()
        self.hands[seat].remove(card)
        self.discards.append(card)
        events = [public("abolishing", f"{seat} replaces the cancelled card with "
                         f"{self.special(card).name}.", seat=seat, cards=[card])]
        return events + self.open_cancel(seat, [card], {"effect": "abolish"})

    def give_up(self, seat: Seat) -> list[Event]:
        top = self.stack[-1] if self.stack else None
        if top is None or top["kind"] != "replace" or top["seat"] != seat:
            raise NotAllowed("You have nothing to give up.")
        self.stack.pop()
        return [public("gave_up", f"{seat} does not replace the card: the privilege stands "
                       "and the other card is lost.", seat=seat)]

    def show(self, seat: Seat, card_text: str) -> list[Event]:
        """Rulebook p. 8: Specials "may be kept face-down or shown, as the player wishes"."""
        if seat not in self.alive():
            raise NotAllowed("You are out of the game.")
        card = self.read_special(seat, card_text)
        if card in self.shown:
            raise NotAllowed(f"Everyone has seen your {self.special(card).name} already.")
        self.shown.append(card)
        return [public("shown", f"{seat} shows a Special card: {self.special(card).name}.",
                       seat=seat, card=card)]

    def forget_shown(self) -> None:
        """A shown card stays known while it is in some hand; once played or out of play,
        it is no longer anyone's."""
        held = {c for hand in self.hands.values() for c in hand}
        self.shown = [c for c in self.shown if c in held]

    def hand_words(self, seat: Seat) -> str:
        hand = self.hands.get(seat, [])
        if not hand:
            return "You hold no Special card."
        return f"Your Special cards ({plural(len(hand), 'card')}): " + "; ".join(
            f"{self.special(c).name}: {self.special(c).text}" for c in hand)
