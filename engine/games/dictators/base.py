"""The state of a Revenge of the Dictators game and the flow of a turn.

`DictatorsBase` holds the state (documented field by field in docs/dictators.md, "State
schema"), answers plain questions about it (what a dictator may do under the cards lying
with it, how many bases count for the President) and runs everything automatic between two
decisions (`advance`): the start of a turn (skipped turns, the start-of-turn draws, the
President), the end of a turn (end-of-turn effects, the hand limit, multi-turn cards
counting down) and the next player. The concept modules add the rest; `game` puts them
together.

Interruptions of a turn wait on `stack` (`engine.decisions`): reaction windows, a target to
choose, a Founding Father arriving, a hand to discard down, a token's choices. Two entries
wait for nobody and carry the flow on once what lies above them is answered: `start` (the
President, after the start-of-turn draws) and `ending` (the end of a turn, after the hand
limit's discards).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.decisions import DecisionStack, Entry
from engine.events import Event, Seat, private, public
from engine.game import Game
from engine.games.dictators.board import Board, RoadKey, board_of, road_key
from engine.games.dictators.datafiles import game_data
from engine.games.dictators.schema import DataSet, Dictator, Effect
from engine.rng import Rng

BEGIN, TURN = "begin", "turn"
ACTIONS = 3  # "tijdens zijn/haar beurt krijgt een dictator maximaal 3 acties"
HAND_LIMIT = 5  # "het maximum aantal kaarten ... aan het einde van je beurt is 5"
DISARM_MIN = 3  # "rol een 3-6 met een 6-zijdige dobbelsteen"
NEW_FOUNDERS = 3  # "voeg je 3 nieuwe willekeurige Founding Father kaarten toe"
ROADBLOCKS, NO_FLY_ZONES = 30, 5  # the tokens in the box
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
            "XIV", "XV")
# Quick Reference: the least d20 roll that convinces the President, by the bases disarmed
# in zones 1, 2 and 3.
PRESIDENT_TABLE = {0: 20, 1: 18, 2: 14, 3: 8}
FOUNDER, CURSE, ASSET_IN_PLAY = "founder", "curse", "asset"
FIRST_PERSON = {"draws": "draw", "takes": "take", "receives": "receive"}


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def fresh_turn(seat: Seat, actions: int) -> dict[str, Any]:
    """What one turn has done so far (docs: `turn`)."""
    return {"seat": seat, "actions": actions, "walked": False, "free": [], "used": [],
            "president": None, "disarm": None, "got": [], "draws": 0}


class DictatorsBase(DecisionStack, Game):
    """State, plain questions, the piles of cards and the automatic flow."""

    # --- state (see docs/dictators.md, "State schema") ------------------------------
    order: list[Seat]
    index: int
    turn_number: int
    stage: str
    turn: dict[str, Any]
    dictators: dict[Seat, str]
    unused: list[str]
    copied: dict[Seat, str]
    location: dict[Seat, str]
    hands: dict[Seat, list[str]]
    nz: dict[Seat, list[dict[str, Any]]]
    zone_decks: dict[str, list[str]]
    tokens: dict[Seat, list[str]]
    revealed: dict[Seat, list[str]]
    base_tokens: dict[str, str]
    token_supply: list[str]
    trident: dict[str, Any]
    command: list[str]
    command_discards: list[str]
    founders: list[str]
    founder_discards: list[str]
    president: list[str]
    president_discards: list[str]
    reserved: dict[Seat, str]
    defcon: int
    roadblocks: list[list[str]]
    no_fly: list[str]
    in_play: list[dict[str, Any]]
    skips: dict[Seat, int]
    extra_turns: int
    once: dict[Seat, list[str]]
    standing_pass: list[Seat]
    stack: list[Entry]
    last_roll: dict[str, Any] | None
    removed_tokens: list[str]

    # ----- the data and the board -------------------------------------------------

    @property
    def data(self) -> DataSet:
        return game_data(str(self.options["data"]))

    @property
    def board(self) -> Board:
        return board_of(self.data.map)

    # ----- plain questions ---------------------------------------------------------

    @property
    def current(self) -> Seat:
        return self.order[self.index]

    def others(self, seat: Seat) -> list[Seat]:
        """The other seats, in turn order from `seat`."""
        i = self.order.index(seat)
        return [self.order[(i + k) % len(self.order)] for k in range(1, len(self.order))]

    def own_turn(self, seat: Seat) -> bool:
        return self.stage == TURN and seat == self.current

    def dictator_of(self, seat: Seat) -> Dictator:
        return self.data.dictators[self.dictators[seat]]

    def title_of(self, seat: Seat) -> str:
        return f"{seat} ({self.dictators[seat]})"

    def blocked(self) -> set[RoadKey]:
        return {road_key(a, b) for a, b in self.roadblocks}

    def trident_spot(self) -> str | None:
        """The Trident's location while its token is on the board."""
        return self.board.place("trident") if self.trident["state"] == "on board" else None

    def abilities(self, seat: Seat) -> list[tuple[str, Effect]]:
        """(dictator, ability) of `seat`: its own, and the one Kim copied."""
        own = self.dictator_of(seat)
        found = [(own.name, own.ability)]
        copied = self.copied.get(seat)
        if copied and copied in self.data.dictators and copied != own.name:
            ability = self.data.dictators[copied].ability
            if ability.kind not in ("copy", "zone_free"):
                found.append((copied, ability))
        return found

    def modifiers(self, seat: Seat) -> list[Effect]:
        """The rules that change the general rules for `seat`: the cards lying with it
        (Founding Fathers, curses) first, then its dictator's ability."""
        found: list[Effect] = []
        for entry in self.in_play:
            if entry["holder"] != seat:
                continue
            if entry["kind"] == FOUNDER and entry["card"] in self.data.founders:
                found += self.data.founders[entry["card"]].effects
            elif entry["kind"] == CURSE and entry["card"] in self.data.command:
                effect = self.data.command[entry["card"]].effect
                if effect is not None:
                    found += effect.get("rules", ())
        found += [ability for _, ability in self.abilities(seat)]
        return found

    def has_rule(self, seat: Seat, kind: str) -> bool:
        return any(m.kind == kind for m in self.modifiers(seat))

    def rule_sum(self, seat: Seat, kind: str) -> int:
        return sum(int(m.get("n", 0)) for m in self.modifiers(seat) if m.kind == kind)

    def hand_limit(self, seat: Seat) -> int:
        """5, unless a card lying with the dictator or its ability says otherwise (a card
        in play before the ability: the more specific text)."""
        limits = [int(m.get("n")) for m in self.modifiers(seat) if m.kind == "hand_limit"]
        return limits[0] if limits else HAND_LIMIT

    def actions_per_turn(self, seat: Seat) -> int:
        return max(0, ACTIONS + self.rule_sum(seat, "actions"))

    def disarm_needs(self, seat: Seat) -> int:
        """The least d6 roll that disarms: 3, or a card's or ability's better number."""
        found = [int(m.get("n")) for m in self.modifiers(seat) if m.kind == "disarm_min"]
        return min(found) if found else DISARM_MIN

    def free_zones(self, seat: Seat) -> set[int]:
        """Zones that count as disarmed for the dictator (Joseph "The Man of Steal")."""
        own = self.dictator_of(seat).ability
        return {int(own.get("zone"))} if own.kind == "zone_free" else set()

    def bases_counted(self, seat: Seat) -> int:
        """Disarmed bases in zones 1, 2 and 3 ("Nucleaire zone 4 telt niet mee"), at most 3."""
        zones = {card["zone"] for card in self.nz[seat]
                 if card["disarmed"] and card["zone"] in (1, 2, 3)}
        return min(3, len(zones | self.free_zones(seat)))

    def president_needs(self, seat: Seat) -> int:
        return PRESIDENT_TABLE[self.bases_counted(seat)]

    def founder_of(self, seat: Seat) -> dict[str, Any] | None:
        return next((e for e in self.in_play
                     if e["holder"] == seat and e["kind"] == FOUNDER), None)

    def assets_of(self, seat: Seat) -> list[str]:
        return [e["card"] for e in self.in_play
                if e["holder"] == seat and e["kind"] == ASSET_IN_PLAY]

    def at(self, lid: str) -> list[Seat]:
        return [s for s in self.order if self.location[s] == lid]

    def in_state(self, state: str) -> list[Seat]:
        return [s for s in self.order if self.board.state_of(self.location[s]) == state]

    # ----- piles of cards --------------------------------------------------------------

    def draw_command(self, rng: Rng) -> str | None:
        """The top card of the Command deck. When it is empty its discard pile is shuffled
        with 3 new random Founding Father cards into a new deck (rulebook "Raap een kaart")."""
        if not self.command:
            fresh = self.take_founders(rng, self.new_founders_count())
            if not self.command_discards and not fresh:
                return None
            self.command = self.command_discards + fresh
            self.command_discards = []
            rng.shuffle(self.command, label="command deck")
        card = self.command.pop()
        rng.note("draw", "command deck", [card])
        return card

    def can_draw(self) -> bool:
        return bool(self.command or self.command_discards or self.founders
                    or self.founder_discards)

    def new_founders_count(self) -> int:
        return min(NEW_FOUNDERS, int(self.options["founding_fathers"])) \
            if int(self.options["founding_fathers"]) else 0

    def take_founders(self, rng: Rng, count: int) -> list[str]:
        """`count` random Founding Father cards from the supply; when it runs out, the
        Founding Father discard pile becomes the supply again (DEFAULT)."""
        taken: list[str] = []
        for _ in range(count):
            if not self.founders and self.founder_discards:
                self.founders = self.founder_discards
                self.founder_discards = []
                rng.shuffle(self.founders, label="Founding Fathers")
            if not self.founders:
                break
            taken.append(self.founders.pop())
        if taken:
            rng.note("draw", "Founding Fathers", list(taken))
        return taken

    def draw_president(self, rng: Rng) -> str:
        """A Presidential card; the discards are reshuffled when the deck is empty
        (DEFAULT)."""
        if not self.president:
            self.president = self.president_discards
            self.president_discards = []
            rng.shuffle(self.president, label="Presidential deck")
        card = self.president.pop()
        rng.note("draw", "Presidential deck", [card])
        return card

    def is_event(self, card: str) -> bool:
        return card in self.data.event_names()

    def discard(self, card: str) -> None:
        """A card leaves play: Founding Fathers to their own discard pile, every other
        card to the Command deck's."""
        if card in self.data.founders:
            self.founder_discards.append(card)
        else:
            self.command_discards.append(card)

    def discard_hand(self, seat: Seat) -> list[str]:
        cards = list(self.hands[seat])
        self.hands[seat] = []
        self.command_discards += cards
        return cards

    def receive(self, seat: Seat, card: str, rng: Rng, how: str) -> list[Event]:
        """A Command deck card comes into `seat`'s hand ("drawn or placed in your hand by
        any means"): an event card is revealed and resolved at once, with no replacement;
        any other card joins the hand (a secret)."""
        if card == self.data.defcon[0]:
            events = [public("defcon_card", f"{seat} {how} a DEFCON card and reveals it.",
                             seat=seat, card=card)]
            events += self.defcon_up(rng, seat)
            self.command_discards.append(card)
            return events
        if card == self.data.trident[0]:
            events = [public("trident_card", f"{seat} {how} the {card} card and reveals it.",
                             seat=seat, card=card)]
            events += self.trident_drawn(rng)
            self.command_discards.append(card)
            return events
        if card in self.data.founders:
            return self.founder_arrives(seat, card, rng, how)
        self.hands[seat].append(card)
        return [private(seat, "card", f"You {FIRST_PERSON.get(how, how)} {card}.", card=card)]

    def draw_for(self, seat: Seat, count: int, rng: Rng, how: str = "draw") -> list[Event]:
        """`count` cards from the Command deck into `seat`'s hand, events resolving."""
        events: list[Event] = []
        drawn = 0
        for _ in range(count):
            card = self.draw_command(rng)
            if card is None:
                events.append(public("deck_empty", "The Command deck and its discard pile "
                                     "are empty: nothing to draw.", seat=seat))
                break
            drawn += 1
            events += self.receive(seat, card, rng, how + "s" if how == "draw" else how)
        if drawn:
            events.insert(0, public("drew", f"{seat} draws {plural(drawn, 'card')}.",
                                    seat=seat, count=drawn))
        return events

    # ----- the flow ------------------------------------------------------------------

    def advance(self, rng: Rng) -> list[Event]:
        """Everything automatic up to the next decision."""
        events: list[Event] = []
        for _ in range(2000):
            if self.finished:
                return events
            if self.stack:
                settled = self.settle_top(rng)
                if settled is None:
                    return events
                events += settled
                continue
            if self.stage == BEGIN:
                events += self.begin_turn(rng)
                continue
            return events
        raise AssertionError("the game's flow did not settle")  # pragma: no cover

    def begin_turn(self, rng: Rng) -> list[Event]:
        """Rulebook "Geavanceerde regels": a turn owed as skipped is skipped whole (no
        President, no actions, no end of turn; it doesn't count for multi-turn cards)."""
        seat = self.current
        self.turn_number += 1
        limit = int(self.options["round_limit"])
        if limit and self.turn_number > limit * len(self.order):
            return self.game_over_by_limit()
        if self.skips.get(seat, 0) > 0:
            self.skips[seat] -= 1
            left = self.skips[seat]
            if self.extra_turns > 0:  # the skipped "next turn" is the extra one
                self.extra_turns -= 1
            else:
                self.next_player()
            return [public("skipped", f"Turn {self.turn_number}: {self.title_of(seat)} skips "
                           "this turn" + (f" ({plural(left, 'more turn')} to skip)." if left
                                          else "."), seat=seat, left=left,
                           turn=self.turn_number)]
        self.turn = fresh_turn(seat, self.actions_per_turn(seat))
        self.stage = TURN
        events = [public("turn_started", f"Turn {self.turn_number}: {self.title_of(seat)}'s "
                         f"turn ({plural(self.turn['actions'], 'action')}).", seat=seat,
                         turn=self.turn_number, actions=self.turn["actions"])]
        self.stack.append({"kind": "start", "seat": seat})
        draws = self.rule_sum(seat, "start_draw")
        if draws:
            events += self.draw_for(seat, draws, rng, "draw")
        return events

    def game_over_by_limit(self) -> list[Event]:
        """The round limit (DEFAULT safety valve): the most disarmed bases in zones 1-3
        wins, then the fewest cards in hand; still tied, they share the win."""
        best = max(self.bases_counted(s) for s in self.order)
        tied = [s for s in self.order if self.bases_counted(s) == best]
        fewest = min(len(self.hands[s]) for s in tied)
        winners = [s for s in tied if len(self.hands[s]) == fewest]
        self.finish(winners)
        return [public("game_over", f"The round limit is reached. {' and '.join(winners)} "
                       f"{'wins' if len(winners) == 1 else 'share the win'} with "
                       f"{plural(best, 'base')} disarmed.", winners=winners, reason="limit")]

    def end_turn(self) -> list[Event]:
        """The player ends the turn: end-of-turn effects, hand limit, countdown (`ending`)."""
        seat = self.current
        self.stack.append({"kind": "ending", "seat": seat, "step": "effects"})
        return [public("turn_ending", f"{seat} ends the turn.", seat=seat)]

    def settle_ending(self, entry: Entry, rng: Rng) -> list[Event]:
        """The end of a turn, step by step (rulebook "Beurtverloop", "Raap een kaart",
        Gouverneur Morris): the cards' end-of-turn effects, then the hand limit, then the
        multi-turn cards count this turn; then the next player (or an extra turn)."""
        seat = entry["seat"]
        events: list[Event] = []
        if entry["step"] == "effects":
            entry["step"] = "limit"
            if self.has_rule(seat, "end_discard_hand"):
                cards = self.discard_hand(seat)
                if cards:
                    events.append(public("discarded_hand", f"{seat} discards their hand "
                                         f"({plural(len(cards), 'card')}) at the end of the "
                                         "turn.", seat=seat, count=len(cards)))
                else:
                    self.skips[seat] = self.skips.get(seat, 0) + 1
                    events.append(public("skip_owed", f"{seat} has no card to discard and "
                                         f"skips their next turn ({plural(self.skips[seat], 'turn')} "
                                         "to skip).", seat=seat, skips=self.skips[seat]))
            return events
        if entry["step"] == "limit":
            entry["step"] = "countdown"
            over = len(self.hands[seat]) - self.hand_limit(seat)
            if over > 0:
                self.stack.append({"kind": "discard", "seat": seat, "count": over})
                events.append(public("hand_limit", f"{seat} holds {len(self.hands[seat])} "
                                     f"cards, over the limit of {self.hand_limit(seat)}: "
                                     f"{plural(over, 'card')} to discard.", seat=seat,
                                     count=over))
            return events
        self.stack.pop()
        events += self.count_down(seat)
        events.append(public("turn_ended", f"{seat}'s turn is over.", seat=seat))
        self.stage = BEGIN
        if self.extra_turns > 0:
            self.extra_turns -= 1
            return events + [public("extra_turn", f"{seat} takes an extra turn.", seat=seat)]
        self.next_player()
        return events

    def next_player(self) -> None:
        self.index = (self.index + 1) % len(self.order)
        self.extra_turns = 0

    def count_down(self, seat: Seat) -> list[Event]:
        """Multi-turn cards lying with `seat` count the turn just played; a card whose turns
        are over leaves play (a Founding Father to its own discard pile)."""
        events: list[Event] = []
        kept: list[dict[str, Any]] = []
        for entry in self.in_play:
            if entry["holder"] == seat and entry.get("turns") is not None:
                entry["turns"] -= 1
                if entry["turns"] <= 0:
                    self.discard(entry["card"])
                    events.append(public("expired", f"{entry['card']} leaves {seat} after "
                                         "its turns.", seat=seat, card=entry["card"]))
                    continue
            kept.append(entry)
        self.in_play = kept
        return events

    # ----- hooks of the concept modules -------------------------------------------------

    @abstractmethod
    def founder_arrives(self, seat: Seat, card: str, rng: Rng, how: str) -> list[Event]: ...

    @abstractmethod
    def defcon_up(self, rng: Rng, seat: Seat | None) -> list[Event]: ...

    @abstractmethod
    def trident_drawn(self, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def open_window(self, moment: str, seat: Seat, **data: Any) -> list[Event]: ...

    @abstractmethod
    def move_seat(self, seat: Seat, to: str, how: str) -> list[Event]: ...
