"""Attacks: to control, neutralize or destroy, with interference and privilege.

Reference B6 and C (outside the source; options where unverified): the attacking Group's
Power, plus the Transferable Power of the Groups that aid it, against the target's
Resistance (to control or neutralize, +6 to neutralize) or its Power (to destroy, alignment
reversed); +4 for each alignment shared, -4 for each opposed pair; the defence by distance
from the target's Illuminati (`distance` option); each MB the attacker spends +1, each MB the
defender spends from the target -2 and from their Illuminati -1 (`defence_rates` option).
Two dice: the attack succeeds on the target number or less; 11 and 12 always fail.

Rulebook p. 7, exactly:

- **Interference**: any other player announces whom they help and pays from their
  Illuminati treasury only, to the bank; each MB moves the target number by 1.
- **Privilege**: declared when the attack is announced, by discarding any one Special or
  (the Bavarians' ability, `privilege` in the card set) paying 5 MB from the Illuminati
  treasury once per turn; no one may interfere, for or against. It is abolished by Deep
  Agent or by one player discarding two Specials, and once abolished it can't be
  reinstated on that attack.
- **Calling off**: the attacker may call the attack off until money is put down; it is
  committed when the attacker spends, another player spends, or the dice are rolled, and
  then counts as an action.

An attack is a window (`engine.decisions`): after it is announced, the players who may
spend or play a Special are awaited together; any spending (or aid) asks the others again,
and when everyone has passed the dice are rolled. After the roll, a second window lets the
players holding Specials play Assassination or Murphy's Law. Who is awaited follows from
public facts only: the attacker and the defender always; another player while they have
money in their Illuminati treasury or a Special in hand (with privilege, only a Special).
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Decision
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, public
from engine.games.illuminati import structure
from engine.games.illuminati.base import mb, plural, whose
from engine.games.illuminati.cardset import ATTACKS, OPPOSITE, Card
from engine.games.illuminati.goals import Goals
from engine.games.illuminati.reorganize import opening_value
from engine.games.illuminati.structure import Branch
from engine.rng import Rng
from engine.spec import ActionSpec, Choice, Param, Prompt

NEUTRALIZE_BONUS = 6
ALIGNMENT_MODIFIER = 4
DISTANCE = {"10-5-2": {1: 10, 2: 5, 3: 2}, "none": {}}
RATES = {"2-1": (2, 1), "1-1": (1, 1)}
ALWAYS_FAILS = 11
WHISPER = "whisper"  # the `how` of an attack made with Whispering Campaign
HOW_WORDS = {"control": "to control", "neutralize": "to neutralize", "destroy": "to destroy",
             WHISPER: "to destroy, with Whispering Campaign"}


def branch_data(branch: Branch) -> dict[str, Any]:
    return {"card": branch.card, "arrow": branch.arrow,
            "puppets": [branch_data(p) for p in branch.puppets]}


def branch_of(data: dict[str, Any]) -> Branch:
    return Branch(data["card"], data["arrow"], [branch_of(p) for p in data["puppets"]])


class Attacks(Goals):
    """Announcing, spending, rolling and resolving attacks."""

    # ----- who may attack what ----------------------------------------------------

    def attack_limit(self, card: str) -> int:
        seat = self.owner(card)
        if seat is not None and card == self.root(seat):
            ability = self.card(card).ability("attacks")
            if ability is not None:
                return ability.count
        return 1

    def has_attacked(self, card: str) -> bool:
        return bool(self.turn) and self.turn is not None and \
            self.turn["used"].get(card, 0) >= self.attack_limit(card)

    def attackers(self, seat: Seat) -> list[str]:
        """The cards of `seat` that may still attack this turn (Power above 0)."""
        turn = self.turn
        retry = turn.get("retry") if turn else None
        return [c for c in self.controlled(seat) if self.card(c).power > 0 and (
            not self.has_attacked(c) or (retry is not None and retry["group"] == c))]

    def targets(self) -> list[str]:
        """Every Group that can be attacked: uncontrolled or in a power structure."""
        placed = [c for c in self.placed if self.is_group(c)]
        return list(self.uncontrolled) + sorted(placed)

    def immune_by(self, group: str, target: str) -> str | None:
        """Which card's immunity keeps `group` from attacking `target`, if any."""
        alignments = set(self.card(group).alignments)
        holders = [target]
        owner = self.owner(target)
        if owner is not None:
            holders.append(self.root(owner))
        for holder in holders:
            ability = self.card(holder).ability("immune")
            if ability is not None and alignments & set(ability.alignments):
                return holder
        return None

    # ----- the target number ---------------------------------------------------------

    def alignment_modifier(self, attacker: Card, target: Card, how: str) -> tuple[int, int]:
        """(shared, opposed) alignments between the two cards: two Fanatics are opposed."""
        mine, theirs = set(attacker.alignments), set(target.alignments)
        shared = len((mine & theirs) - {"fanatic"})
        opposed = sum(1 for a in mine if OPPOSITE.get(a) in theirs)
        if "fanatic" in mine and "fanatic" in theirs:
            opposed += 1
        return shared, opposed

    def bonuses(self, entry: dict[str, Any]) -> list[tuple[str, int, str | None]]:
        """(what, bonus, the Illuminati seat it reveals) of the abilities in play."""
        how = "destroy" if entry["how"] == WHISPER else entry["how"]
        target = self.card(entry["target"])
        out: list[tuple[str, int, str | None]] = []
        seat = entry["seat"]
        for holder in dict.fromkeys([self.root(seat), entry["group"]]):
            for ability in self.card(holder).abilities:
                if ability.kind != "attack-bonus" or ability.attack not in (how, "any"):
                    continue
                if ability.alignment and ability.alignment not in target.alignments:
                    continue
                shown = "the Illuminati's ability" if holder == self.root(seat) and \
                    self.hidden(seat) else f"{whose(holder)} ability"
                out.append((shown, ability.bonus,
                            seat if holder == self.root(seat) else None))
        for ability in target.abilities:
            if ability.kind == "defence-bonus" and ability.attack in (how, "any"):
                out.append((f"{whose(entry['target'])} defence", -ability.bonus, None))
        return out

    def target_number(self, entry: dict[str, Any]) -> tuple[int, list[tuple[str, int]]]:
        """The number to roll or less, with its parts in words."""
        how = entry["how"]
        attacker = self.card(entry["group"])
        target = self.card(entry["target"])
        parts: list[tuple[str, int]] = [(f"{whose(self.shown_card(entry['group']))} Power",
                                         attacker.power)]
        for aid in entry["aid"]:
            parts.append((f"{whose(self.shown_card(aid))} aid", self.card(aid).transferable))
        if how == "destroy":
            parts.append((f"{whose(entry['target'])} Power", -target.power))
        else:
            parts.append((f"{whose(entry['target'])} Resistance", -target.resistance))
        if how == "neutralize":
            parts.append(("neutralizing", NEUTRALIZE_BONUS))
        shared, opposed = self.alignment_modifier(attacker, target, how)
        sign = -1 if how in ("destroy", WHISPER) else 1
        if shared:
            parts.append((f"{plural(shared, 'alignment')} shared",
                          sign * ALIGNMENT_MODIFIER * shared))
        if opposed:
            parts.append((f"{plural(opposed, 'alignment')} opposed",
                          -sign * ALIGNMENT_MODIFIER * opposed))
        # A Group's Illuminati defends it against the other players, not its own (ILL-15).
        depth = self.depth(entry["target"]) if entry["target"] in self.placed and \
            self.owner(entry["target"]) != entry["seat"] else 0
        defence = DISTANCE[str(self.options["distance"])].get(depth, 0)
        if defence:
            parts.append((f"{plural(depth, 'arrow')} from its Illuminati", -defence))
        for what, bonus, _seat in self.bonuses(entry):
            parts.append((what, bonus))
        spent = entry["spent"]
        target_rate, illuminati_rate = RATES[str(self.options["defence_rates"])]
        if spent["attacker"]:
            parts.append((f"{mb(spent['attacker'])} spent by the attacker", spent["attacker"]))
        if spent["target"]:
            parts.append((f"{mb(spent['target'])} from {entry['target']}",
                          -target_rate * spent["target"]))
        if spent["defence"]:
            parts.append((f"{mb(spent['defence'])} from the defender's Illuminati",
                          -illuminati_rate * spent["defence"]))
        for seat, amount in entry["interference"].items():
            helps = entry["sides"][seat] == "attacker"
            parts.append((f"{mb(amount)} from {seat}", amount if helps else -amount))
        return sum(v for _, v in parts), parts

    def number_text(self, entry: dict[str, Any]) -> str:
        number, parts = self.target_number(entry)
        detail = ", ".join(f"{what} {value:+d}" for what, value in parts[1:])
        first = f"{parts[0][0]} {parts[0][1]}"
        return f"{number} or less ({first}{', ' + detail if detail else ''}; 11 and 12 fail)"

    # ----- announcing -----------------------------------------------------------

    def declare(self, seat: Seat, group: str, target: str, how: str,
                privilege: str | None) -> list[Event]:
        """Announce an attack (an action once committed)."""
        if not self.own_turn(seat):
            raise NotAllowed("You may attack only on your own turn.")
        self.need_quiet("attack")
        turn = self.turn
        assert turn is not None
        if turn["actions"] < 1:
            raise NotAllowed("You have used both your actions this turn: you can't attack.")
        if how not in (*ATTACKS, WHISPER):
            raise Unreadable(f"An attack is to control, neutralize or destroy, not {how!r}.")
        if self.owner(group) != seat:
            raise NotAllowed(f"{group} is not in your Power Structure.")
        if self.card(group).power < 1:
            raise NotAllowed(f"{group} has no Power: it can't attack.")
        retry = turn.get("retry")
        is_retry = False
        if self.has_attacked(group):
            if not (retry and retry["group"] == group and retry["target"] == target
                    and turn["actions"] == 1):
                raise NotAllowed(f"{group} has already taken part in an attack this turn.")
            is_retry = True
        if target not in self.targets():
            raise NotAllowed(f"{target} is not a Group that can be attacked (an Illuminati "
                             "card never can).")
        owner = self.owner(target)
        whisper_card = None
        if how == "control" and owner == seat:
            raise NotAllowed(f"{target} is already yours.")
        if how == "neutralize" and (owner is None or owner == seat):
            raise NotAllowed("Only a Group another player controls can be neutralized.")
        if how == "destroy" and self.card(target).power == 0:
            raise NotAllowed(f"{target} has no Power: only Whispering Campaign can attack it "
                             "to destroy.")
        if how == WHISPER:
            whisper_card = self.card_with_effect(seat, "whispering-campaign")
            if whisper_card is None:
                raise NotAllowed("You hold no Whispering Campaign.")
            if self.card(target).power != 0:
                raise NotAllowed("Whispering Campaign attacks only a Group of Power 0.")
        if how == "control" and not self.capture_arrows(seat, group):
            raise NotAllowed(f"{group} has no vacant outgoing arrow for {target}.")
        immune = self.immune_by(group, target)
        if immune is not None and not (owner is not None and immune == self.root(owner)
                                       and self.hidden(owner)):
            raise NotAllowed(f"{target} can't be attacked by {group} ({immune}'s immunity).")
        events: list[Event] = []
        privileged = False
        if privilege not in (None, "", "none"):
            privileged = True
            events += self.pay_privilege(seat, str(privilege))
        if immune is not None:  # a hidden Illuminati's immunity shows itself
            assert owner is not None
            return events + self.reveal(owner, "its immunity") + [public(
                "immune", f"{seat}'s attack on {target} can't be made: {owner}'s Illuminati "
                "is immune to it.", seat=seat, target=target)]
        if whisper_card is not None:
            self.hands[seat].remove(whisper_card)
            self.discards.append(whisper_card)
        entry: dict[str, Any] = {
            "kind": "attack", "seat": seat, "group": group, "target": target, "how": how,
            "aid": [], "privileged": privileged, "abolished": False, "committed": False,
            "defender": owner if owner not in (None, seat) else None,
            "spent": {"attacker": 0, "target": 0, "defence": 0}, "interference": {},
            "sides": {}, "allowed": [], "stage": "money", "awaiting": [], "roll": None,
            "dice": [], "first": turn["actions"] == 2, "retry": is_retry}
        turn["used"][group] = turn["used"].get(group, 0) + 1
        turn["did"] = True
        for what, _bonus, revealed in self.bonuses(entry):
            if revealed is not None:
                events += self.reveal(revealed, what)
        self.stack.append(entry)
        entry["awaiting"] = self.money_awaiting(entry)
        defender = f" ({entry['defender']} defends)" if entry["defender"] else ""
        text = (f"{seat} attacks {target}{defender} with {self.shown_card(group)} "
                f"{HOW_WORDS[how]}{', privileged' if privileged else ''}"
                f"{' (a second try)' if is_retry else ''}: needs {self.number_text(entry)}.")
        events.append(public("attack", text, seat=seat, group=self.shown_card(group),
                             target=target, how=how,
                             privileged=privileged, defender=entry["defender"]))
        if whisper_card is not None:
            events += self.open_cancel(seat, whisper_card, {"effect": "whispering-campaign"})
        return events + self.money_window_event(entry)

    def pay_privilege(self, seat: Seat, how: str) -> list[Event]:
        """Rulebook p. 7: discard any one Special, or the Bavarians' 5 MB once per turn,
        when the attack is first declared."""
        turn = self.turn
        assert turn is not None
        if how == "ability":
            ability = self.card(self.root(seat)).ability("privilege")
            if ability is None:
                raise NotAllowed("Your Illuminati has no ability to buy privilege.")
            if turn["privilege_used"]:
                raise NotAllowed("Your Illuminati has already bought privilege this turn "
                                 "(once per turn).")
            if self.purse(seat) < ability.cost:
                raise NotAllowed(f"Privilege costs {mb(ability.cost)} from your Illuminati "
                                 f"treasury, which holds {mb(self.purse(seat))}.")
            self.pay(self.root(seat), ability.cost)
            turn["privilege_used"] = True
            events = self.reveal(seat, "its privilege for MB")
            return events + [public("privilege", f"{seat} calls “Privilege!” and pays "
                                    f"{mb(ability.cost)} from the Illuminati treasury.",
                                    seat=seat, paid=ability.cost)]
        card = self.read_special(seat, how)
        self.hands[seat].remove(card)
        self.discards.append(card)
        return [public("privilege", f"{seat} calls “Privilege!” and discards "
                       f"{self.special(card).name}.", seat=seat, card=card)]

    def read_special(self, seat: Seat, text: str) -> str:
        hand = self.hands.get(seat, [])
        wanted = text.strip().lower()
        match = [c for c in hand if c.lower() == wanted] or \
            [c for c in hand if self.special(c).name.lower() == wanted]
        if not match:
            raise NotAllowed(f"You hold no Special card {text!r}.")
        return match[0]

    def card_with_effect(self, seat: Seat, effect: str) -> str | None:
        return next((c for c in self.hands.get(seat, [])
                     if self.special(c).effect == effect), None)

    def capture_arrows(self, seat: Seat, group: str) -> list[str]:
        lay = self.layout(seat)
        return structure.free_arrows(lay, group, self.arrows_of)

    # ----- the money window ------------------------------------------------------------

    def money_window(self) -> dict[str, Any] | None:
        """The attack on top of the stack, before its roll: anyone still in may put money
        on it (having passed only means they had nothing more to say)."""
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] == "attack" and top["stage"] == "money":
            return top
        return None

    def privilege_holds(self, entry: dict[str, Any]) -> bool:
        return bool(entry["privileged"]) and not entry["abolished"]

    def may_interfere(self, entry: dict[str, Any], seat: Seat) -> bool:
        return not self.privilege_holds(entry) or seat in entry["allowed"]

    def money_awaiting(self, entry: dict[str, Any], but: Seat | None = None) -> list[Seat]:
        """Who the money window awaits: public facts only (see the module's docstring)."""
        out = []
        for seat in self.alive():
            if seat == but:
                continue
            if seat in (entry["seat"], entry["defender"]):
                out.append(seat)
            elif self.specials_held(seat) or (self.purse(seat) > 0
                                              and self.may_interfere(entry, seat)):
                out.append(seat)
        return out

    def reawaken(self, entry: dict[str, Any], but: Seat) -> list[Event]:
        """Something changed the odds: everyone else may answer again. The attacker, who
        rolls the dice, stays asked until they pass."""
        entry["awaiting"] = self.money_awaiting(entry, but=None if but == entry["seat"]
                                                else but)
        return self.money_window_event(entry)

    def money_window_event(self, entry: dict[str, Any]) -> list[Event]:
        names = entry["awaiting"]
        return self.window_event(names, f"{', '.join(names)} may spend money, play a Special "
                                 "or pass before the dice are rolled.", "attack")

    def money_sources(self, entry: dict[str, Any], seat: Seat) -> list[Choice]:
        """Where `seat`'s money for this attack may come from."""
        if seat == entry["seat"]:
            sources = [Choice("group", f"From {entry['group']}")] \
                if entry["group"] != self.root(seat) else []
            sources.append(Choice("illuminati", "From your Illuminati treasury"))
            return [c for c in sources
                    if self.treasury(entry["group"] if c.value == "group" else self.root(seat))]
        if seat == entry["defender"]:
            sources = [Choice("target", f"From {entry['target']} (counts double)"
                              if RATES[str(self.options['defence_rates'])][0] == 2
                              else f"From {entry['target']}"),
                       Choice("illuminati", "From your Illuminati treasury")]
            return [c for c in sources
                    if self.treasury(entry["target"] if c.value == "target" else
                                     self.root(seat))]
        if self.may_interfere(entry, seat) and self.purse(seat):
            return [Choice("illuminati", "From your Illuminati treasury")]
        return []

    def sides(self, entry: dict[str, Any], seat: Seat) -> list[Choice]:
        if seat in (entry["seat"], entry["defender"]):
            return []
        chosen = entry["sides"].get(seat)
        both = [Choice("attacker", f"Help {entry['seat']} (the attacker)"),
                Choice("defender", "Oppose the attack")]
        return [c for c in both if chosen in (None, c.value)]

    def spend(self, seat: Seat, amount: int, source: str | None, side: str | None
              ) -> list[Event]:
        """Put money down for or against the attack (rulebook p. 7: interference only from
        the Illuminati treasury; each MB 1, to the bank)."""
        entry = self.money_window()
        if entry is None or seat not in self.alive():
            raise NotAllowed("There is no attack to spend money on now.")
        if amount < 1:
            raise Unreadable("Spend at least 1 MB.")
        attacker = entry["seat"]
        if seat not in (attacker, entry["defender"]) and not self.may_interfere(entry, seat):
            raise NotAllowed("The attack is privileged: no one may interfere, for or "
                             "against.")
        sources = [c.value for c in self.money_sources(entry, seat)]
        if source is None:
            if not sources:
                raise NotAllowed("You have no money you could spend on this attack.")
            source = sources[0] if len(sources) == 1 else "illuminati"
        if source not in {"group", "target", "illuminati"}:
            raise Unreadable("Say where the money comes from: the attacking Group, the "
                             "target or your Illuminati treasury.")
        if seat == attacker:
            card = entry["group"] if source == "group" else self.root(seat)
            if source == "target":
                raise NotAllowed("The attacker pays from the attacking Group or the "
                                 "Illuminati treasury.")
        elif seat == entry["defender"]:
            card = entry["target"] if source == "target" else self.root(seat)
            if source == "group":
                raise NotAllowed("The defender pays from the target or the Illuminati "
                                 "treasury.")
        else:
            if source != "illuminati":
                raise NotAllowed("Interference is paid from your Illuminati treasury only.")
            card = self.root(seat)
            chosen = entry["sides"].get(seat)
            if side not in ("attacker", "defender"):
                side = chosen
            if side not in ("attacker", "defender"):
                raise Unreadable("Say whom you help: the attacker or the defender.")
            if chosen is not None and side != chosen:
                raise NotAllowed(f"You already help the {chosen} in this attack.")
        if amount > self.treasury(card):
            raise NotAllowed(f"{self.shown_card(card)} holds only {mb(self.treasury(card))}.")
        self.pay(card, amount)
        events = self.commit(entry)
        if seat == attacker:
            entry["spent"]["attacker"] += amount
            what = f"{seat} spends {mb(amount)} on the attack"
        elif seat == entry["defender"]:
            entry["spent"]["target" if source == "target" else "defence"] += amount
            what = (f"{seat} spends {mb(amount)} from {entry['target']} to defend" if
                    source == "target" else f"{seat} spends {mb(amount)} from the "
                    "Illuminati treasury to defend")
        else:
            assert side is not None
            entry["sides"][seat] = side
            entry["interference"][seat] = entry["interference"].get(seat, 0) + amount
            what = (f"{seat} interferes with {mb(amount)} "
                    f"{'for' if side == 'attacker' else 'against'} {attacker}")
        events.append(public("spent", f"{what}: now {self.number_text(entry)}.", seat=seat,
                             mb=amount, source=source, side=side))
        return events + self.reawaken(entry, seat)

    def commit(self, entry: dict[str, Any]) -> list[Event]:
        """The attack is committed: it must be played out, and counts as an action."""
        if entry["committed"]:
            return []
        entry["committed"] = True
        turn = self.turn
        assert turn is not None and turn["actions"] >= 1
        turn["actions"] -= 1
        return []

    def aid(self, seat: Seat, group: str) -> list[Event]:
        """A free action: a Group of the attacker's structure adds its Transferable Power
        (part of the attack it aids)."""
        entry = self.money_window()
        if entry is None or entry["seat"] != seat:
            raise NotAllowed("Only the attacker may add aid, before the dice are rolled.")
        if group not in self.aiders(entry):
            raise NotAllowed(f"{group} can't aid this attack: it must be another card of your "
                             "Power Structure with Transferable Power, not yet in an attack "
                             "this turn.")
        turn = self.turn
        assert turn is not None
        turn["used"][group] = turn["used"].get(group, 0) + 1
        entry["aid"].append(group)
        events = [public("aid", f"{self.shown_card(group)} aids the attack with "
                         f"{self.card(group).transferable}: now {self.number_text(entry)}.",
                         seat=seat, group=self.shown_card(group))]
        return events + self.reawaken(entry, seat)

    def aiders(self, entry: dict[str, Any]) -> list[str]:
        seat = entry["seat"]
        return [c for c in self.controlled(seat)
                if c != entry["group"] and c not in entry["aid"]
                and self.card(c).transferable > 0 and not self.has_attacked(c)]

    def call_off(self, seat: Seat) -> list[Event]:
        """Rulebook p. 7: called off before any money is down, the attack costs no
        action (what privilege cost stays paid)."""
        entry = self.money_window()
        if entry is None or entry["seat"] != seat:
            raise NotAllowed("You have no attack to call off.")
        if entry["committed"]:
            raise NotAllowed("Money is down: the attack is committed and must be played out.")
        self.stack.remove(entry)
        turn = self.turn
        assert turn is not None
        for card in [entry["group"], *entry["aid"]]:
            turn["used"][card] -= 1
        return [public("called_off", f"{seat} calls off the attack on {entry['target']}.",
                       seat=seat, target=entry["target"])]

    def pass_window(self, seat: Seat) -> list[Event]:
        top = self.in_window(seat)
        if top is None:
            raise NotAllowed("You are not asked to answer now.")
        top["awaiting"].remove(seat)
        return [public("passed", f"{seat} passes.", seat=seat)]

    # ----- rolling and resolving --------------------------------------------------

    def roll(self, entry: dict[str, Any], rng: Rng) -> list[Event]:
        """Everyone has stopped spending: the dice are rolled (this commits the attack)."""
        events = self.commit(entry)
        dice = rng.roll(2, 6, label="attack")
        entry["dice"] = dice
        entry["roll"] = sum(dice)
        entry["stage"] = "roll"
        number, _parts = self.target_number(entry)
        events.append(public("rolled", f"{entry['seat']} rolls {dice[0]} + {dice[1]} = "
                             f"{entry['roll']} against {number}.", seat=entry["seat"],
                             dice=dice, roll=entry["roll"], needed=number))
        entry["awaiting"] = self.roll_awaiting()
        return events + self.window_event(
            entry["awaiting"], f"{', '.join(entry['awaiting'])} may play a Special on the roll, "
            "or pass.", "roll")

    def roll_awaiting(self) -> list[Seat]:
        return [s for s in self.alive() if self.specials_held(s)]

    def resolve(self, entry: dict[str, Any], rng: Rng) -> list[Event]:
        """The roll stands: the attack succeeds on the target number or less, never on 11
        or 12."""
        self.stack.remove(entry)
        seat, target, how = entry["seat"], entry["target"], entry["how"]
        number, _parts = self.target_number(entry)
        roll = int(entry["roll"])
        success = roll < ALWAYS_FAILS and roll <= number
        turn = self.turn
        if turn is not None and turn["seat"] == seat:
            turn["retry"] = {"group": entry["group"], "target": target, "how": how} \
                if not success and entry["first"] and not entry["retry"] else None
        self.last_attack = {"seat": seat, "group": self.shown_card(entry["group"]),
                            "target": target,
                            "how": how, "roll": roll, "needed": number, "success": success}
        if not success:
            why = " (11 and 12 always fail)" if roll >= ALWAYS_FAILS and roll <= number else ""
            return [public("attack_failed", f"The attack on {target} fails: {roll} against "
                           f"{number}{why}.", seat=seat, target=target, roll=roll)]
        owner = self.owner(target)
        if how == "control":
            return self.captured(entry, owner)
        if how == "neutralize":
            gone = self.release([self.lift(target)])
            return [public("neutralized", f"{seat} neutralizes {target}: "
                           f"{', '.join(gone)} {'go' if len(gone) > 1 else 'goes'} to the "
                           "uncontrolled area.", seat=seat, target=target, cards=gone)]
        return self.destroy(seat, target)

    def destroy(self, seat: Seat, target: str) -> list[Event]:
        """The target goes to the dead pile, its treasury to the bank; its puppets become
        uncontrolled."""
        gone: list[str] = []
        if target in self.placed:
            branch = self.lift(target)
            gone = self.release(branch.puppets)
        else:
            self.uncontrolled.remove(target)
        self.bank(target)
        self.dead.append(target)
        self.destroyed[seat] = self.destroyed.get(seat, 0) + 1
        freed = f"; {', '.join(gone)} become{'s' if len(gone) == 1 else ''} uncontrolled" \
            if gone else ""
        return [public("destroyed", f"{seat} destroys {target}{freed}.", seat=seat,
                       target=target, freed=gone)]

    def captured(self, entry: dict[str, Any], owner: Seat | None) -> list[Event]:
        """Half of each captured Group's treasury (rounded down) goes with it, the rest to
        the bank; its puppets come along; the attacker places it on the attacking Group."""
        seat, target = entry["seat"], entry["target"]
        if owner is not None:
            branch = self.lift(target)
        else:
            self.uncontrolled.remove(target)
            branch = Branch(target, "ahead", [])
        kept = []
        for card in branch.cards():
            half = self.treasury(card) // 2
            self.bank(card)
            self.gain(card, half)
            kept.append(card)
        self.stack.append({"kind": "place", "seat": seat, "card": target,
                           "master": entry["group"], "why": "capture",
                           "branch": branch_data(branch)})
        came = f" with {', '.join(kept[1:])}" if len(kept) > 1 else ""
        return [public("captured", f"{seat} takes control of {target}{came} (half of each "
                       "treasury goes with it, the rest to the bank).", seat=seat,
                       target=target, cards=kept)]

    # ----- placing a captured or bribed Group -------------------------------------

    def place_choices(self, entry: dict[str, Any]) -> list[Choice]:
        seat = entry["seat"]
        if entry["why"] == "capture":
            spots = [(entry["master"], d) for d in self.capture_arrows(seat, entry["master"])]
        else:
            spots = self.openings(seat)
        return [Choice(opening_value(m, d), f"On {self.shown_card(m)}, arrow {d}")
                for m, d in spots]

    def place_decisions(self, entry: dict[str, Any]) -> list[Decision]:
        seat = entry["seat"]
        choices = tuple(self.place_choices(entry))
        if not choices:
            return []
        params = [Param("at", choices)]
        money = entry["why"] == "capture" and self.treasury(entry["master"]) > 0 \
            and entry["master"] != entry["card"]
        if money:
            params.append(Param("mb", None, False, "int"))
        prompt = Prompt(seat, f"Place {entry['card']} in your Power Structure.",
                        (ActionSpec("place", params=tuple(params)),))
        return [Decision(prompt, ("place", {"at": choices[0].value}),
                         forced=len(choices) == 1 and not money)]

    def place(self, seat: Seat, at: str, amount: int | None) -> list[Event]:
        top = self.stack[-1] if self.stack else None
        if top is None or top["kind"] != "place" or top["seat"] != seat:
            raise NotAllowed("You have no Group to place now.")
        offered = {c.value.lower(): c.value for c in self.place_choices(top)}
        if at.strip().lower() not in offered:
            raise NotAllowed(f"“{at}” is not a vacant arrow where {top['card']} fits.")
        master, direction = offered[at.strip().lower()].rsplit(": ", 1)
        moved = amount or 0
        if moved < 0 or moved > self.treasury(top["master"]) or (
                moved and top["why"] != "capture"):
            raise NotAllowed(f"{top['master']} can move at most "
                             f"{mb(self.treasury(top['master']))} to its new puppet.")
        self.stack.pop()
        events = [public("placed", f"{seat} places {top['card']} on {self.shown_card(master)} "
                         f"(arrow {direction}).", seat=seat, card=top["card"],
                         master=self.shown_card(master),
                         arrow=direction)]
        events += self.seat_branch(seat, branch_of(top["branch"]), master, direction)
        if moved and top["card"] in self.placed:
            self.pay(top["master"], moved)
            self.gain(top["card"], moved)
            source = self.shown_card(top["master"])
            events.append(public("transfer", f"{source} moves {mb(moved)} to "
                                 f"{top['card']} (part of the attack).", seat=seat,
                                 source=source, target=top["card"], mb=moved))
        return events

    def settle_place(self, entry: dict[str, Any]) -> list[Event]:
        """No vacant arrow is left for the Group (it can't fit): it goes uncontrolled."""
        self.stack.remove(entry)
        return self.lost_event(entry["seat"], self.release([branch_of(entry["branch"])]))
