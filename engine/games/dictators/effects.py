"""Playing Command cards and activating Assets: costs, targets, and what each kind does.

Rulebook "Speel een Actie/Bezitting kaart": "use the number of actions shown on the card to
play it"; "Activeer een Bezitting kaart": "use the number of actions shown next to an ability
on the Asset to activate it" (only on your own turn: FAQ; each ability once a turn: DEFAULT,
option `asset_once_per_turn`). An Asset stays in front of its owner once played. An
Interruption costs no action. A card with the USA symbol works only inside the US; one with
a 2- or 3-turn symbol stays with the player it was played on for that many of their turns
(rulebook "Geavanceerde regels": the turn it arrives in counts when it is that player's own;
a skipped turn doesn't).

A card is played with its target (where to, on whom, which road...). Typed, the target comes
with the command; clicked, the game asks for it (`choose`) before the card is played, so a
player may still take it back. Then the card is announced, its window opens, and when the
window closes the card takes effect unless an Interruption stopped it. What each effect kind
does is the engine's (`kinds.KINDS`); what each card is, the data's.
"""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.dictators.base import ASSET_IN_PLAY, CURSE, NO_FLY_ZONES, ROADBLOCKS, plural
from engine.games.dictators.board import road_key
from engine.games.dictators.schema import ACTION, ASSET, INTERRUPTION, CommandCard, Effect
from engine.games.dictators.windows import Windows
from engine.rng import Rng

# The one target each card kind needs, by the parameter name players type it with.
NEED: dict[str, str] = {
    "move": "to", "adjacent_state": "to", "train": "to", "helicopter": "to", "stealth": "to",
    "flight": "to", "pass_roadblock": "to", "divert": "to",
    "skip_state": "state", "roadblock": "road", "clear_roadblock": "road", "jam": "road",
    "no_fly": "zone", "clear_no_fly": "zone",
    "steal": "player", "curse": "player", "send": "player", "remove_ff": "player",
    "search": "take",
}
MOVES = frozenset({"move", "adjacent_state", "train", "helicopter", "stealth", "flight",
                   "pass_roadblock"})
TARGETS = ("to", "player", "state", "road", "zone", "take", "dictator", "base")


class Effects(Windows):
    """Cards in a hand, their targets and their effects."""

    # ----- reading -----------------------------------------------------------------------

    def card_info(self, card: str) -> CommandCard:
        return self.data.command[card]

    def needs(self, effect: Effect) -> list[str]:
        need = NEED.get(effect.kind)
        return [need] if need else []

    # ----- targets -------------------------------------------------------------------------

    def target_choices(self, seat: Seat, effect: Effect, need: str, *, usa: bool = False,
                       window: dict[str, Any] | None = None) -> list[str]:
        """Every legal value of `need` for `seat` using `effect` now (one computation for
        the prompt's menus and the check of a typed value)."""
        kind = effect.kind
        board = self.board
        if need == "to":
            if kind == "divert":
                if window is None:
                    return []
                mover = self.mover(window)
                return [t for t in board.adjacent_state_locations(self.location[mover])
                        if self.reachable(t)]
            return self.destinations(seat, effect, usa)
        if need == "state":
            states = sorted({board.state_of(self.location[s]) for s in self.others(seat)})
            return [s for s in states if not usa or any(board.in_us(t) for t in board.states[s])]
        if need == "road":
            blocked = self.blocked()
            if kind == "clear_roadblock":
                return sorted(board.road_name(road_key(*pair)) for pair in self.roadblocks)
            if len(self.roadblocks) >= ROADBLOCKS:
                return []
            roads = board.roads.values() if kind == "roadblock" else (
                board.roads_at(self.location[self.mover(window)]) if window else [])
            return sorted(r.name for r in roads if r.spot and r.ends not in blocked
                          and (not usa or (board.in_us(r.a) and board.in_us(r.b))))
        if need == "zone":
            if kind == "clear_no_fly":
                return list(self.no_fly)
            if len(self.no_fly) >= NO_FLY_ZONES:
                return []
            return [z.id for z in self.data.map.time_zones.values()
                    if z.no_fly and z.id not in self.no_fly]
        if need == "player":
            if kind == "steal":
                here = self.location[seat]
                return [s for s in self.others(seat) if self.hands[s]
                        and (not effect.get("here") or self.location[s] == here)]
            if kind == "curse":
                return self.others(seat)
            if kind == "remove_ff":
                return [s for s in self.order if self.founder_of(s) is not None]
            if kind == "send":
                to = board.place(str(effect.get("to")))
                who = effect.get("who", "opponent")
                pool = self.order if who == "anyone" else self.others(seat)
                if who == "opponent_here":
                    state = board.state_of(self.location[seat])
                    pool = [s for s in pool if board.state_of(self.location[s]) == state]
                return [s for s in pool if self.location[s] != to and self.reachable(to)]
            return []
        if need == "take":
            return sorted(set(self.command_discards))
        return []  # pragma: no cover

    def read_target(self, need: str, value: str) -> str:
        """A typed target in the game's own spelling ("oh" -> "Ohio")."""
        board = self.board
        if need == "to" or need == "base":
            return board.find(value)
        if need == "state":
            return board.find_state(value)
        if need == "road":
            return board.road_name(board.find_road(value))
        if need == "zone":
            return board.find_zone(value)
        if need == "player":
            return self.find_seat(value)
        return value

    def find_seat(self, value: str) -> str:
        """A seat, by its name or its dictator's ("Joseph")."""
        from engine.games.dictators.schema import fold
        wanted = fold(value)
        for seat in self.seats:
            if fold(seat) == wanted:
                return seat
        for seat in self.seats:
            if fold(self.dictators.get(seat, "")) == wanted:
                return seat
        raise Unreadable(f"There is no dictator “{value[:40]}” in this game.")

    def check_target(self, seat: Seat, effect: Effect, need: str, value: str, *,
                     usa: bool = False, window: dict[str, Any] | None = None) -> str:
        legal = self.target_choices(seat, effect, need, usa=usa, window=window)
        if value not in legal:
            raise NotAllowed(self.bad_target(need, value, legal))
        return value

    @staticmethod
    def bad_target(need: str, value: str, legal: list[str]) -> str:
        what = {"to": "a place you can reach with it", "player": "a dictator you can play it on",
                "state": "a state you can choose", "road": "a road you can choose",
                "zone": "a time zone you can choose", "take": "a card in the discard pile",
                "dictator": "a dictator you can choose", "base": "a base you can choose"}
        listed = ", ".join(legal[:10]) + (f" and {len(legal) - 10} more" if len(legal) > 10
                                          else "")
        return (f"{value} is not {what.get(need, 'a choice')} now."
                + (f" You may choose: {listed}." if legal else ""))

    # ----- can it be used now? ------------------------------------------------------------

    def effect_usable(self, seat: Seat, effect: Effect, *, usa: bool = False,
                      window: dict[str, Any] | None = None) -> bool:
        """Whether `effect` could take effect for `seat` now (a target exists)."""
        if not self.usa_ok(seat, usa):
            return False
        kind = effect.kind
        if kind == "draw":
            return self.can_draw() and not self.has_rule(seat, "no_draw")
        if kind in ("disarm_free", "disarm_attempt"):
            return self.disarm_target(seat) is not None
        need = NEED.get(kind)
        if need is None:
            return True
        return bool(self.target_choices(seat, effect, need, usa=usa, window=window))

    def playable(self, seat: Seat) -> list[str]:
        """The cards `seat` may play now (the prompt's choices; `play` checks the same)."""
        found: list[str] = []
        for card in dict.fromkeys(self.hands.get(seat, [])):
            try:
                self.play_check(seat, card)
            except NotAllowed:
                continue
            found.append(card)
        return found

    def play_check(self, seat: Seat, card: str) -> dict[str, Any] | None:
        """Refuse a card `seat` may not play now; return the window it answers, if any."""
        if card not in self.hands.get(seat, []):
            raise NotAllowed(f"You hold no {card}.")
        info = self.card_info(card)
        window = self.in_window(seat)
        if info.type == INTERRUPTION:
            if self.has_rule(seat, "no_interrupts"):
                raise NotAllowed("A card lying with you forbids you to play Interruptions.")
            if window is not None:
                if not self.answers_window(card, window):
                    raise NotAllowed(f"{card} can't answer this now ({info.text})")
            elif not (self.own_turn(seat) and not self.stack and info.when == "any"):
                raise NotAllowed(f"{card} is played {self.when_words(info)}.")
        else:
            if window is not None or not self.own_turn(seat) or self.stack:
                raise NotAllowed(f"{card} is an {info.type_name}: you play it on your own turn.")
            if card not in self.turn["free"] and info.cost > self.turn["actions"]:
                raise NotAllowed(f"{card} costs {plural(info.cost, 'action')}; you have "
                                 f"{plural(self.turn['actions'], 'action')} left.")
        if info.type != ASSET and info.effect is not None and not self.effect_usable(
                seat, info.effect, usa=info.usa, window=window):
            raise NotAllowed(f"{card} can't take effect now.")
        return window

    @staticmethod
    def when_words(info: CommandCard) -> str:
        return {"move": "after an opponent moves", "card": "when an opponent plays a card",
                "disarm": "when an opponent tries to disarm",
                "any": "at any time: on your turn, or in a window"}.get(info.when or "any", "")

    # ----- playing a card ------------------------------------------------------------------

    def play(self, seat: Seat, card: str, targets: dict[str, str], rng: Rng) -> list[Event]:
        window = self.play_check(seat, card)
        info = self.card_info(card)
        effect = info.effect
        needs = self.needs(effect) if effect is not None else []
        chosen: dict[str, str] = {}
        for need in needs:
            if targets.get(need) is not None:
                chosen[need] = self.check_target(seat, effect, need,  # type: ignore[arg-type]
                                                 self.read_target(need, targets[need]),
                                                 usa=info.usa, window=window)
        missing = [n for n in needs if n not in chosen]
        if missing:
            if window is not None:
                raise Unreadable(f"{card} needs {self.need_words(missing[0])}.")
            self.stack.append({"kind": "choose", "seat": seat, "use": "play", "name": card,
                               "chosen": chosen})
            return []
        return self.announce(seat, card, chosen, window)

    @staticmethod
    def need_words(need: str) -> str:
        return {"to": "where to (to)", "player": "which dictator (player)",
                "state": "which state (state)", "road": "which road (road)",
                "zone": "which time zone (zone)", "take": "which card to take (take)",
                "dictator": "which dictator (dictator)", "base": "which base (base)"}[need]

    def announce(self, seat: Seat, card: str, chosen: dict[str, str],
                 window: dict[str, Any] | None) -> list[Event]:
        """Pay, show the card, and open its window: it takes effect when that closes."""
        info = self.card_info(card)
        self.hands[seat].remove(card)
        free = card in self.turn.get("free", []) and self.own_turn(seat)
        if free:
            self.turn["free"].remove(card)
        elif info.type != INTERRUPTION:
            self.turn["actions"] -= info.cost
        if window is not None:
            window["awaiting"].remove(seat)
        target = next(iter(chosen.values()), None)
        says = f" on {target}" if target else ""
        cost = "free (token VIII)" if free else plural(info.cost, "action") \
            if info.type != INTERRUPTION else "an Interruption"
        events = [public("played", f"{seat} plays {card} ({cost}){says}: “{info.text}”",
                         seat=seat, card=card, type=info.type, target=target),
                  private(seat, "played_own", f"You play {card}.", card=card)]
        return events + self.open_window("card", seat, card=card, chosen=dict(chosen),
                                         answers=window is not None, stopped=False,
                                         unstoppable=free)

    def settle_card(self, window: dict[str, Any], rng: Rng) -> list[Event]:
        """A card's window closed: its effect, unless an Interruption stopped it."""
        seat, card = window["seat"], window["card"]
        info = self.card_info(card)
        if window.get("stopped"):
            self.command_discards.append(card)
            return [public("stopped", f"{seat}'s {card} is stopped and has no effect.",
                           seat=seat, card=card)]
        if info.type == ASSET:
            self.in_play.append({"card": card, "holder": seat, "by": seat,
                                 "kind": ASSET_IN_PLAY, "turns": None})
            return [public("asset", f"{card} lies in front of {seat}: an Asset.", seat=seat,
                           card=card)]
        effect = info.effect
        assert effect is not None
        if effect.kind != "curse":
            self.command_discards.append(card)
        below = self.stack[-1] if window.get("answers") and self.stack else None
        return self.resolve(seat, effect, window.get("chosen", {}), rng, card=card,
                            usa=info.usa, below=below, unstoppable=bool(window.get("unstoppable")))

    # ----- activating an Asset ---------------------------------------------------------------

    def asset_uses(self, seat: Seat) -> list[tuple[str, int]]:
        """(asset, ability number) `seat` may activate now: its own turn, nothing pending,
        the cost in actions left, a target to use it on, and (DEFAULT) not yet this turn."""
        found: list[tuple[str, int]] = []
        if not self.own_turn(seat) or self.stack:
            return found
        for card in dict.fromkeys(self.assets_of(seat)):
            for number, ability in enumerate(self.card_info(card).abilities, start=1):
                if ability.cost > self.turn["actions"]:
                    continue
                if self.options["asset_once_per_turn"] and \
                        f"asset:{card}:{number}" in self.turn["used"]:
                    continue
                if self.effect_usable(seat, ability.effect):
                    found.append((card, number))
        return found

    def activate(self, seat: Seat, asset: str, number: int, targets: dict[str, str],
                 rng: Rng) -> list[Event]:
        if (asset, number) not in self.asset_uses(seat):
            raise NotAllowed(f"You can't activate {asset} ({number}) now.")
        ability = self.card_info(asset).abilities[number - 1]
        chosen: dict[str, str] = {}
        for need in self.needs(ability.effect):
            if targets.get(need) is not None:
                chosen[need] = self.check_target(seat, ability.effect, need,
                                                 self.read_target(need, targets[need]))
        if any(n not in chosen for n in self.needs(ability.effect)):
            self.stack.append({"kind": "choose", "seat": seat, "use": "activate",
                               "name": f"{asset}#{number}", "chosen": chosen})
            return []
        self.turn["actions"] -= ability.cost
        self.turn["used"].append(f"asset:{asset}:{number}")
        target = next(iter(chosen.values()), None)
        events = [public("activated", f"{seat} activates {asset} ({plural(ability.cost, 'action')})"
                         + (f" on {target}" if target else "") + f": “{ability.text}”",
                         seat=seat, card=asset, ability=number, target=target)]
        return events + self.resolve(seat, ability.effect, chosen, rng, card=asset)

    # ----- what each kind does ----------------------------------------------------------------

    def resolve(self, seat: Seat, effect: Effect, chosen: dict[str, str], rng: Rng, *,
                card: str, usa: bool = False, below: dict[str, Any] | None = None,
                unstoppable: bool = False) -> list[Event]:
        """`effect` takes effect for `seat`. A target that is no longer legal (the board
        changed while the window was open) leaves the card without effect, said so."""
        kind = effect.kind
        need = NEED.get(kind)
        target = chosen.get(need) if need else None
        if need is not None:
            legal = self.target_choices(seat, effect, need, usa=usa, window=below)
            if target not in legal:
                return [public("no_effect", f"{card} has no effect: {target} is no longer a "
                               "legal target.", seat=seat, card=card)]
        elif not self.effect_usable(seat, effect, usa=usa, window=below):
            return [public("no_effect", f"{card} has no effect now.", seat=seat, card=card)]
        if kind in MOVES:
            assert target is not None
            if kind == "flight":
                events = self.fly(seat, target, walk=False)
            else:
                verb = {"train": "takes the train", "helicopter": "flies by helicopter",
                        "stealth": "flies a Stealth Fighter"}.get(kind, "moves")
                events = self.move_seat(seat, target, verb)
            if kind == "train" and int(effect.get("skip", 0)):
                skip = int(effect.get("skip", 0))
                self.skips[seat] = self.skips.get(seat, 0) + skip
                events.append(public("skip_owed", f"{seat} skips their next "
                                     f"{'turn' if skip == 1 else plural(skip, 'turn')} "
                                     f"({card}).", seat=seat, skips=self.skips[seat]))
            if not unstoppable:
                events += self.open_window("move", seat, to=target)
            return events
        if kind == "skip_state":
            hit = [s for s in self.others(seat) if self.board.state_of(self.location[s]) == target]
            for victim in hit:
                self.skips[victim] = self.skips.get(victim, 0) + 1
            if not hit:
                return [public("no_effect", f"No opponent is in {target}.", card=card)]
            return [public("skip_owed", f"{' and '.join(hit)} in {target} "
                           f"skip{'s' if len(hit) == 1 else ''} their next turn ({card}).",
                           seats=hit, card=card)]
        if kind in ("roadblock", "jam"):
            a, b = sorted(self.board.find_road(str(target)))
            return self.place_roadblock(a, b)
        if kind == "clear_roadblock":
            a, b = sorted(self.board.find_road(str(target)))
            return self.remove_roadblock(a, b)
        if kind == "no_fly":
            return self.place_no_fly(str(target))
        if kind == "clear_no_fly":
            return self.remove_no_fly(str(target))
        if kind == "steal":
            victim = str(target)
            taken = rng.choice(self.hands[victim], label="steal")
            self.hands[victim].remove(taken)
            self.hands[seat].append(taken)
            return [public("stolen", f"{seat} takes a random card from {victim}'s hand.",
                           seat=seat, victim=victim),
                    private(seat, "card", f"You take {taken} from {victim}.", card=taken),
                    private(victim, "card_lost", f"{seat} takes your {taken}.", card=taken)]
        if kind == "curse":
            victim = str(target)
            info = self.card_info(card)
            self.in_play.append({"card": card, "holder": victim, "by": seat, "kind": CURSE,
                                 "turns": info.turns})
            return [public("cursed", f"{card} lies with {victim} for "
                           f"{plural(info.turns or 0, 'turn')}.", seat=victim, card=card,
                           by=seat)]
        if kind == "send":
            victim = str(target)
            return self.move_seat(victim, self.board.place(str(effect.get("to"))),
                                  "is taken")
        if kind == "remove_ff":
            return self.remove_founder(str(target))
        if kind == "draw":
            return self.draw_for(seat, int(effect.get("n", 1)), rng)
        if kind == "search":
            taken = str(target)
            self.command_discards.remove(taken)
            return [public("searched", f"{seat} takes {taken} from the discard pile.",
                           seat=seat, card=taken)] + self.receive(seat, taken, rng, "takes")
        if kind == "actions":
            gained = int(effect.get("n", 1))
            self.turn["actions"] += gained
            return [public("actions", f"{seat} gets {plural(gained, 'more action')}.",
                           seat=seat, gained=gained)]
        if kind == "extra_turn":
            self.extra_turns += 1
            return [public("extra_turn_owed", f"{seat} will take an extra turn after this "
                           "one.", seat=seat)]
        if kind == "disarm_free":
            target_kind, where = self.disarm_target(seat) or ("", "")
            return self.disarmed(seat, target_kind, where, rng)
        if kind == "disarm_attempt":
            return self.start_disarm(seat, walk=False)
        if kind == "cancel":
            if below is not None:
                below["stopped"] = True
            return []
        if kind == "foil":
            if below is not None:
                below["foiled"] = True
            return []
        if kind == "divert":
            assert below is not None and target is not None
            return self.move_seat(self.mover(below), target, "is diverted")
        raise AssertionError(kind)  # pragma: no cover

    def card_types(self) -> dict[str, str]:
        return {ACTION: "Action", INTERRUPTION: "Interruption", ASSET: "Asset"}
