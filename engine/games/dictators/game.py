"""Revenge of the Dictators: the race from Hawaii to Washington D.C. (rules/dictators-dutch-ocr.md,
reference/dictator-game.md, docs/dictators.md).

The concept modules add the parts: `board` (the map as a graph), `movement` (the Walk,
flights, moves), `founders`, `defcon` and `trident` (the event cards), `president` (the
d20), `disarm`, `windows` (Interruptions), `effects` (Command cards and Assets), `abilities`
(dictators), `tokens` (Nuclear Zone 4 tokens I-XV); `datafiles`, `schema` and `kinds` read
the data the game plays on. This module puts them together: options, setup, prompts, the
decisions on the stack, views, the state, the deadline policy and the actions' entry points.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from engine import wording
from engine.decisions import Decision, Entry
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Option, Param, Prompt, Window
from engine.games.dictators import statecheck
from engine.games.dictators.base import (
    ASSET_IN_PLAY,
    BEGIN,
    CURSE,
    FOUNDER,
    NUMERALS,
    TURN,
    plural,
)
from engine.games.dictators.board import road_key
from engine.games.dictators.datafiles import game_data
from engine.games.dictators.effects import NEED, TARGETS
from engine.games.dictators.movement import WALK_COST
from engine.games.dictators.schema import INTERRUPTION, fold, read_type
from engine.games.dictators.tokens import TOKEN_NEEDS, TOKEN_TEXT, Tokens, read_numeral
from engine.games.dictators.trident import WAITING
from engine.games.dictators.words import LABELS, QUESTIONS, RULINGS, said_once, tidy
from engine.registry import register
from engine.rng import Rng

DECK, KEPT = "deck", "kept"


def names(values: Any) -> list[str]:
    """Card, base and token names as one shared string each: a thousand games loaded from
    JSON would otherwise each hold their own copies of the same hundred names."""
    return [sys.intern(str(v)) for v in values]


@register
class Dictators(Tokens):
    """Revenge of the Dictators for 2 to 5 players, on the DEFAULT data set or a group's own."""

    variant = "dictators"
    title = "Revenge of the Dictators"
    summary = ("Dictators on holiday in Hawaii race across North America to convince the US "
               "President, disarming their secret nuclear bases on the way, while DEFCON rises.")
    rulings = RULINGS
    min_seats = 2
    max_seats = 5
    options_spec = wording.labelled((
        Option("data", "", "A group's own printing of the map and the cards, as JSON text "
               "(an object of data files, schemas in the game's reference; attach them with "
               "/dict data); empty = the DEFAULT data set of the project's own making.",
               zero="the DEFAULT set, of this project's own making",
               given="the group's own printing"),
        Option("window_seconds", 30, "How long the bot keeps a window for Interruptions open "
               "(live play); the same for every window, whoever holds what.", minimum=0,
               maximum=7 * 24 * 3600, zero="until the deadline"),
        Option("oops", True, "The OOPS card is in the Presidential deck (the rulebook advises "
               "beginners to leave it out)."),
        Option("defcon_start", 5, "The DEFCON level at the start: 5, or 4 for a harder game.",
               minimum=4, maximum=5),
        Option("founding_fathers", 3, "Founding Father cards shuffled into the Command deck "
               "at the start and at each reshuffle (3; more for a harder game, fewer or none "
               "for an easier one).", minimum=0, maximum=6),
        Option("easier_defcon", False, "One DEFCON card fewer in the Command deck (the "
               "rulebook's easier game)."),
        Option("presidential_defcon", True, "The Presidential deck keeps its DEFCON card (off "
               "for an easier game)."),
        Option("after_failed_roll", "play", "After a failed roll to convince the President: "
               "'play' = the turn goes on as usual; 'end' = the turn ends.",
               choices=("play", "end")),
        Option("asset_once_per_turn", True, "Each ability of an Asset may be activated once a "
               "turn (off: as often as the actions allow)."),
        Option("one_warhead", True, "Each dictator may disarm at most one of the Trident's "
               "warheads."),
        Option("first_player", "roll", "'roll' = the highest d20 starts (ties roll again); "
               "'seats' = the first seat starts (the best-dressed dictator, as the table "
               "decides).", choices=("roll", "seats")),
        Option("round_limit", 0, "End the game after this many rounds if nobody convinced the "
               "President: the most bases disarmed in zones 1-3 wins (0 = no limit).",
               minimum=0, maximum=500, zero="none"),
    ), LABELS)
    queries = frozenset({"hand", "cards"})
    # A dictator's standing pass, set and taken back at any time (windows.py).
    free_actions = frozenset({"pass-all", "ask-windows"})
    check_state = staticmethod(statecheck.check_state)
    render_on = frozenset({"turn_ended", "skipped", "game_over", "convinced", "trident",
                           "defcon", "setup_done"})

    # ===================================================================
    # Setup (rulebook "Het spel opzetten")
    # ===================================================================

    def setup(self, rng: Rng) -> list[Event]:
        data = game_data(str(self.options["data"]))
        seats = list(self.seats)
        self.stack = []
        self.stage = BEGIN
        self.turn = {}
        self.turn_number = 0
        self.extra_turns = 0
        self.copied = {}
        self.reserved = {}
        self.in_play = []
        self.roadblocks = []
        self.no_fly = []
        self.skips = {s: 0 for s in seats}
        self.once = {s: [] for s in seats}
        self.standing_pass = []
        self.revealed = {s: [] for s in seats}
        self.tokens = {s: [] for s in seats}
        self.removed_tokens = []
        self.last_roll = None
        self.defcon = int(self.options["defcon_start"])
        events: list[Event] = []
        # Dictator cards, one each, face up.
        names = list(data.dictators)
        rng.shuffle(names, label="dictators")
        self.dictators = {s: names.pop() for s in seats}
        self.unused = sorted(names)
        for seat in seats:
            dictator = self.data.dictators[self.dictators[seat]]
            events.append(public("dictator", f"{seat} is {dictator.full}: {dictator.text}",
                                 seat=seat, dictator=dictator.name))
        # Every meeple in Hawaii.
        start = self.board.place("start")
        self.location = {s: start for s in seats}
        events.append(public("start", f"Every dictator starts on holiday in {start}.",
                             location=start))
        # One random card of each Nuclear Zone deck each (Joseph: none of his free zone).
        self.zone_decks = {}
        self.nz = {s: [] for s in seats}
        for zone in (1, 2, 3, 4):
            deck = list(data.zones[zone])
            rng.shuffle(deck, label=f"Nuclear Zone {zone}")
            for seat in seats:
                if zone in self.free_zones(seat):
                    continue
                self.nz[seat].append({"base": deck.pop(), "zone": zone, "disarmed": False})
            self.zone_decks[str(zone)] = deck
        # A Nuclear Zone 4 token face down on every base in Mexico and Canada.
        numerals = list(NUMERALS)
        rng.shuffle(numerals, label="Nuclear Zone 4 tokens")
        self.base_tokens = {base: numerals.pop() for base in data.zones[4]}
        self.token_supply = numerals
        self.trident = {"state": WAITING, "warheads": [], "disarmed_by": []}
        events.append(public("tokens_placed", f"A Nuclear Zone 4 token lies face down on each "
                             f"of the {len(self.base_tokens)} bases in Mexico and Canada.",
                             count=len(self.base_tokens)))
        # The Command cards, 4 to each dictator; then the events go in.
        command = [c.name for c in data.command.values() for _ in range(c.copies)]
        rng.shuffle(command, label="command cards")
        self.hands = {s: [command.pop() for _ in range(4)] for s in seats}
        founders = list(data.founders)
        rng.shuffle(founders, label="Founding Fathers")
        count = min(int(self.options["founding_fathers"]), len(founders))
        command += [founders.pop() for _ in range(count)]
        self.founders = founders
        self.founder_discards = []
        defcons = max(0, data.defcon[1] - (1 if self.options["easier_defcon"] else 0))
        command += [data.defcon[0]] * defcons
        command.append(data.trident[0])
        rng.shuffle(command, label="command deck")
        self.command = command
        self.command_discards = []
        # The Presidential deck.
        president = [c.name for c in data.presidential.values() for _ in range(c.copies)
                     if (self.options["oops"] or not c.oops)
                     and (self.options["presidential_defcon"]
                          or not any(e.kind == "defcon" for e in c.effects))]
        rng.shuffle(president, label="Presidential deck")
        self.president = president
        self.president_discards = []
        # Who starts: the d20 (ties roll again), or the first seat.
        self.order = self.starting_order(seats, rng, events)
        self.index = 0
        for seat in seats:
            bases = ", ".join(f"{c['base']} (zone {c['zone']})" for c in self.nz[seat])
            events.append(private(seat, "setup_hand", f"You are {self.dictator_of(seat).full}. "
                                  f"Your Nuclear Zone cards: {bases}. Your hand: "
                                  f"{', '.join(self.hands[seat])}.", bases=bases,
                                  hand=list(self.hands[seat])))
        events.append(public("setup_done", f"DEFCON stands at {self.defcon}. Turn order: "
                             f"{', '.join(self.order)}.", order=list(self.order)))
        return tidy(events + self.advance(rng))

    def starting_order(self, seats: list[Seat], rng: Rng, events: list[Event]) -> list[Seat]:
        if self.options["first_player"] == "seats":
            return list(seats)
        rolling = list(seats)
        while True:
            rolls = dict(zip(rolling, rng.roll(len(rolling), 20, label="start"), strict=True))
            events.append(public("start_roll", "Who starts: " + ", ".join(
                f"{s} rolls {r}" for s, r in rolls.items()) + ".", rolls=rolls))
            best = max(rolls.values())
            rolling = [s for s in rolling if rolls[s] == best]
            if len(rolling) == 1:
                break
        first = seats.index(rolling[0])
        return seats[first:] + seats[:first]

    # ===================================================================
    # Reading typed values, and the flow after each action
    # ===================================================================

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        for name, value in list(params.items()):
            if value is None or not isinstance(value, str):
                continue
            params[name] = self.read_value(seat, action, name, value)
        with said_once():
            self.why_not_there(seat, action, params.get("to"))
        handler = super()._check(seat, action, params)
        if action in self.queries:
            return handler

        def run(seat: Seat, rng: Rng, **kwargs: Any) -> list[Event]:
            with said_once():
                events: list[Event] = handler(seat, rng, **kwargs)
            return tidy(events + self.advance(rng))

        return run

    def why_not_there(self, seat: Seat, action: str, to: Any) -> None:
        """A Walk or flight to a place the menu doesn't offer is refused with the rule's own
        reason (a roadblock, a no-fly zone, no road), not only "not one of the choices"."""
        if action not in ("walk", "fly") or not isinstance(to, str) or to not in \
                self.board.locations or not self.walk_left(seat) or self.stack:
            return
        if action == "walk" and to not in self.walk_targets(seat):
            raise NotAllowed(self.why_not_walk(seat, to))
        if action == "fly" and to not in self.flight_targets(seat):
            here = self.location[seat]
            if to in self.board.flight_targets(here, trident=self.trident_spot()):
                raise NotAllowed(f"A no-fly zone closes the way from {here} to {to}.")
            raise NotAllowed(f"No international flight (dotted line) leads from {here} to "
                             f"{to}.")

    def read_value(self, seat: Seat, action: str, name: str, value: str) -> str:
        """A typed value in the game's spelling ("oh" -> "Ohio", "possession: jet" -> the
        Asset "Private Jet", "6" -> token "VI"); left as typed when it reads as nothing, so
        the refusal quotes it."""
        try:
            if name in ("to", "base", "state", "road", "zone", "player", "other"):
                return self.read_target("player" if name == "other" else name, value)
            if name == "card":
                return self.read_card(seat, action, value)
            if name == "take":
                return self.named_in(value, list(dict.fromkeys(self.command_discards)))
            if name == "token":
                return read_numeral(value)
            if name == "what":
                try:
                    return self.board.find_zone(value)
                except Unreadable:
                    return self.board.road_name(self.board.find_road(value))
            if name in ("dictator", "whose"):
                return self.named_in(value, list(self.data.dictators))
            if name == "ability" and action == "activate":
                return self.read_asset_ability(seat, value)
        except Unreadable:
            return value
        return value

    @staticmethod
    def named_in(value: str, pool: list[str]) -> str:
        wanted = fold(value)
        exact = [p for p in pool if fold(p) == wanted]
        if exact:
            return exact[0]
        starts = [p for p in pool if fold(p).startswith(wanted)] if wanted else []
        return starts[0] if len(starts) == 1 else value

    def read_card(self, seat: Seat, action: str, value: str) -> str:
        """A card named as players type it: the type word may lead ("Asset: Private Jet",
        "Possession Black Market", "Bezitting ...")."""
        text = value.strip()
        head, sep, rest = text.partition(":")
        if not sep:
            head, _, rest = text.partition(" ")
        if read_type(head) is not None and rest.strip():
            text = rest.strip()
        if action == "reserve" and self.stack and self.stack[-1]["kind"] == "reserve":
            pool = list(dict.fromkeys(self.stack[-1]["cards"]))
        elif action == "confront":
            pool = [DECK, KEPT]
        else:
            pool = list(dict.fromkeys(self.hands.get(seat, [])))
        return self.named_in(text, pool)

    def read_asset_ability(self, seat: Seat, value: str) -> str:
        """"Black Market 2", "asset black market #1", "black market" (its only usable one)."""
        text = value.strip().replace("#", " ")
        head, _, rest = text.partition(" ")
        if read_type(head.rstrip(":")) is not None and rest.strip():
            text = rest.strip()
        number = None
        words = text.rsplit(" ", 1)
        if len(words) == 2 and words[1].isdigit():
            text, number = words[0], int(words[1])
        name = self.named_in(text, list(dict.fromkeys(self.assets_of(seat))))
        uses = [u for u in self.asset_uses(seat) if u[0] == name]
        if number is None and len(uses) == 1:
            number = uses[0][1]
        return f"{name} #{number}" if number is not None else value

    # ===================================================================
    # Actions (the slash command's subcommands)
    # ===================================================================

    def do_walk(self, seat: Seat, rng: Rng, to: str) -> list[Event]:
        """Walk along one road (once a turn, 1 action)."""
        self.turn_only(seat)
        if not self.walk_left(seat):
            raise NotAllowed("You have used your Walk this turn (or a card forbids it).")
        if self.turn["actions"] < WALK_COST:
            raise NotAllowed("You have no action left.")
        return self.walk(seat, to)

    def do_fly(self, seat: Seat, rng: Rng, to: str) -> list[Event]:
        """Take an international flight (your Walk plus 1 action)."""
        self.turn_only(seat)
        if not self.can_fly(seat):
            raise NotAllowed("You can't take an international flight now: it needs your Walk "
                             f"and {plural(self.flight_cost(seat), 'action')}.")
        events = self.fly(seat, to)
        return events + self.open_window("move", seat, to=to)

    def do_draw(self, seat: Seat, rng: Rng) -> list[Event]:
        """Draw a card from the Command deck (1 action)."""
        self.turn_only(seat)
        cost = self.draw_cost(seat)
        if not self.can_draw_now(seat):
            raise NotAllowed("You can't draw now.")
        self.turn["actions"] -= cost
        self.turn["draws"] += 1
        count = 2 if self.has_rule(seat, "draw_double") else 1
        return self.draw_for(seat, count, rng)

    def do_play(self, seat: Seat, rng: Rng, card: str, to: str | None = None,
                player: str | None = None, state: str | None = None, road: str | None = None,
                zone: str | None = None, take: str | None = None) -> list[Event]:
        """Play a card from your hand (its cost in actions; an Interruption costs none)."""
        targets = {k: v for k, v in {"to": to, "player": player, "state": state, "road": road,
                                     "zone": zone, "take": take}.items() if v is not None}
        return self.play(seat, card, targets, rng)

    def do_activate(self, seat: Seat, rng: Rng, ability: str, to: str | None = None,
                    player: str | None = None, state: str | None = None,
                    road: str | None = None, zone: str | None = None,
                    take: str | None = None) -> list[Event]:
        """Activate an ability of an Asset in front of you (its cost in actions)."""
        asset, _, number = ability.rpartition(" #")
        if not asset or not number.isdigit():
            raise Unreadable(f"Name the Asset's ability as “{ability[:30]} #1”.")
        targets = {k: v for k, v in {"to": to, "player": player, "state": state, "road": road,
                                     "zone": zone, "take": take}.items() if v is not None}
        return self.activate(seat, asset, int(number), targets, rng)

    def do_disarm(self, seat: Seat, rng: Rng) -> list[Event]:
        """Try to disarm the nuclear base (or warhead) where you stand (Walk + 1 action)."""
        self.turn_only(seat)
        if not self.can_disarm(seat):
            raise NotAllowed("You can't try to disarm here now: it needs a base of one of your "
                             "Nuclear Zone cards (or a Trident warhead), your Walk and 2 actions.")
        return self.start_disarm(seat, walk=True)

    def do_ability(self, seat: Seat, rng: Rng, whose: str | None = None,
                   player: str | None = None, to: str | None = None, road: str | None = None,
                   dictator: str | None = None) -> list[Event]:
        """Use your dictator's ability (or the one Kim copied)."""
        usable = self.usable_abilities(seat)
        if whose is None:
            if len(usable) != 1:
                raise NotAllowed("You have no ability to use now." if not usable else
                                 "Say whose ability you use (whose).")
            whose = usable[0]
        targets = {k: v for k, v in {"player": player, "to": to, "road": road,
                                     "dictator": dictator}.items() if v is not None}
        return self.use_ability(seat, whose, targets, rng)

    def do_token(self, seat: Seat, rng: Rng, token: str, to: str | None = None,
                 player: str | None = None, dictator: str | None = None,
                 base: str | None = None) -> list[Event]:
        """Use a Nuclear Zone 4 token (no action; your own turn)."""
        targets = {k: v for k, v in {"to": to, "player": player, "dictator": dictator,
                                     "base": base}.items() if v is not None}
        return self.use_token(seat, token, targets, rng)

    def do_end_turn(self, seat: Seat, rng: Rng) -> list[Event]:
        """End your turn (the hand limit is checked then)."""
        self.turn_only(seat)
        return self.end_turn()

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """Play no Interruption in this window."""
        return self.pass_window(seat)

    def do_pass_all(self, seat: Seat, rng: Rng) -> list[Event]:
        """Pass this window and every one after it, until you take it back."""
        return self.pass_every_window(seat)

    def do_ask_windows(self, seat: Seat, rng: Rng) -> list[Event]:
        """Be asked in windows again (take back your standing pass)."""
        return self.ask_in_windows(seat)

    def do_choose(self, seat: Seat, rng: Rng, to: str | None = None, player: str | None = None,
                  state: str | None = None, road: str | None = None, zone: str | None = None,
                  take: str | None = None, dictator: str | None = None,
                  base: str | None = None) -> list[Event]:
        """Give the target the card, ability or token asks for."""
        entry = self.stack[-1]
        given = {"to": to, "player": player, "state": state, "road": road, "zone": zone,
                 "take": take, "dictator": dictator, "base": base}
        need = self.next_need(entry)
        if need is None or given.get(need) is None:
            raise Unreadable(f"Answer: {self.need_words(need or 'to')}.")
        value = str(given[need])
        legal = self.choose_choices(entry, need)
        if value not in legal:
            raise NotAllowed(self.bad_target(need, value, legal))
        entry["chosen"][need] = value
        if self.next_need(entry) is not None:
            return []
        self.stack.pop()
        chosen = dict(entry["chosen"])
        use, name = entry["use"], entry["name"]
        if use == "play":
            return self.play(seat, name, chosen, rng)
        if use == "activate":
            asset, _, number = name.rpartition("#")
            return self.activate(seat, asset, int(number), chosen, rng)
        if use == "ability":
            return self.use_ability(seat, name, chosen, rng)
        return self.use_token(seat, name, chosen, rng)

    def do_back(self, seat: Seat, rng: Rng) -> list[Event]:
        """Take it back: nothing is played or spent."""
        self.stack.pop()
        return []

    def do_discard(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Discard a card down to your hand limit."""
        entry = self.stack[-1]
        if card not in self.hands[seat]:
            raise NotAllowed(f"You hold no {card}.")
        self.hands[seat].remove(card)
        self.command_discards.append(card)
        entry["count"] -= 1
        if entry["count"] <= 0:
            self.stack.pop()
        return [public("discarded", f"{seat} discards {card}.", seat=seat, card=card)]

    def do_keep(self, seat: Seat, rng: Rng) -> list[Event]:
        """Keep the Founding Father card: it comes into play with you."""
        entry = self.stack.pop()
        return self.keep_founder(seat, entry["card"], rng)

    def do_give(self, seat: Seat, rng: Rng, player: str) -> list[Event]:
        """Token XIII: give the Founding Father card to an opponent."""
        entry = self.stack.pop()
        return self.give_founder(seat, entry["card"], player, rng)

    def do_swap(self, seat: Seat, rng: Rng, player: str, other: str) -> list[Event]:
        """Token VI: swap two meeples on the board."""
        if player == other or self.location[player] == self.location[other]:
            raise NotAllowed("Choose two meeples standing on different locations.")
        a, b = self.location[player], self.location[other]
        self.location[player], self.location[other] = b, a
        return [public("meeples_swapped", f"{player} and {other} swap places on the board: "
                       f"{player} to {b}, {other} to {a}.", seats=[player, other])]

    def do_remove(self, seat: Seat, rng: Rng, what: str) -> list[Event]:
        """Token XV: remove a roadblock or a no-fly zone."""
        if what in self.no_fly:
            return self.remove_no_fly(what)
        try:
            a, b = sorted(self.board.find_road(what))
        except Unreadable:
            raise NotAllowed(f"{what} is neither a roadblock nor a no-fly zone on the board.") \
                from None
        if road_key(a, b) not in self.blocked():
            raise NotAllowed(f"No roadblock lies on {what}.")
        return self.remove_roadblock(a, b)

    def do_done(self, seat: Seat, rng: Rng) -> list[Event]:
        """Finish with the token."""
        self.stack.pop()
        return []

    def do_reserve(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Token VII: keep one of the five Presidential cards face down."""
        entry = self.stack.pop()
        rest = list(entry["cards"])
        rest.remove(card)
        self.reserved[seat] = card
        self.president += rest
        rng.shuffle(self.president, label="Presidential deck")
        return [public("reserved", f"{seat} keeps a Presidential card face down and shuffles "
                       "the other four back.", seat=seat),
                private(seat, "reserved_card", f"You keep {card}.", card=card)]

    def do_confront(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """In Washington D.C. at the start of your turn: draw a Presidential card, or take
        the one kept with token VII."""
        self.stack.pop()
        kept = self.reserved.pop(seat, None) if card == KEPT else None
        if kept is not None:
            return self.confront(seat, kept, rng, reserved=True)
        return self.confront_from_deck(seat, rng)

    def do_hand(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your dictator, hand, Nuclear Zone cards and tokens (privately; not logged)."""
        return [private(seat, "hand", "\n\n".join(self.describe(seat)))]

    def do_cards(self, seat: Seat, rng: Rng, kind: str | None = None) -> list[Event]:
        """The texts of the Command cards of a type (Action, Interruption, Asset; Possession
        and Bezitting read as Asset), privately."""
        wanted = read_type(kind) if kind else None
        if kind and wanted is None:
            raise Unreadable(f"“{kind[:30]}” is not a card type: Action, Interruption or Asset "
                             "(Possession and Bezitting read as Asset).")
        lines = []
        for info in self.data.command.values():
            if wanted and info.type != wanted:
                continue
            cost = "no action" if info.type == INTERRUPTION else plural(info.cost, "action")
            line = f"{info.name} ({info.type_name}, {cost}, {info.copies}x): {info.text}"
            for number, ab in enumerate(info.abilities, start=1):
                line += f" Ability {number} ({plural(ab.cost, 'action')}): {ab.text}"
            lines.append(line)
        return [private(seat, "cards", "\n".join(lines))]

    def turn_only(self, seat: Seat) -> None:
        if not self.own_turn(seat) or self.stack:
            raise NotAllowed("It is not your turn to act now.")

    def draw_cost(self, seat: Seat) -> int:
        free = self.has_rule(seat, "free_draw") and self.turn.get("draws", 0) == 0
        return 0 if free else 1

    def can_draw_now(self, seat: Seat) -> bool:
        return (self.own_turn(seat) and not self.stack and self.can_draw()
                and not self.has_rule(seat, "no_draw")
                and self.turn["actions"] >= self.draw_cost(seat))

    # ===================================================================
    # Decisions on the stack
    # ===================================================================

    def next_need(self, entry: Entry) -> str | None:
        for need in self.use_needs(entry):
            if need not in entry["chosen"]:
                return need
        return None

    def use_needs(self, entry: Entry) -> list[str]:
        use, name = entry["use"], entry["name"]
        if use == "play":
            effect = self.data.command[name].effect
            return self.needs(effect) if effect else []
        if use == "activate":
            asset, _, number = name.rpartition("#")
            return self.needs(self.data.command[asset].abilities[int(number) - 1].effect)
        if use == "ability":
            from engine.games.dictators.abilities import ABILITY_NEEDS
            return ABILITY_NEEDS.get(self.data.dictators[name].ability.kind, []) \
                if name in self.data.dictators else []
        return TOKEN_NEEDS.get(name, [])

    def choose_choices(self, entry: Entry, need: str) -> list[str]:
        seat, use, name = entry["seat"], entry["use"], entry["name"]
        if use == "play":
            info = self.data.command[name]
            assert info.effect is not None
            return self.target_choices(seat, info.effect, need, usa=info.usa)
        if use == "activate":
            asset, _, number = name.rpartition("#")
            effect = self.data.command[asset].abilities[int(number) - 1].effect
            return self.target_choices(seat, effect, need)
        if use == "ability":
            return self.ability_choices(seat, self.data.dictators[name].ability, need,
                                        entry["chosen"])
        return self.token_choices(seat, name, need)

    def decisions(self, entry: Entry) -> list[Decision]:
        kind = entry["kind"]
        if kind in ("start", "ending"):
            return []
        if kind == "window":
            return [Decision(self.window_prompt(s, entry), ("pass", {}))
                    for s in entry["awaiting"]]
        seat = entry["seat"]
        if kind == "choose":
            need = self.next_need(entry) or "to"
            choices = tuple(self.choice_of(need, v) for v in self.choose_choices(entry, need))
            what = {"play": entry["name"], "activate": entry["name"].replace("#", "ability "),
                    "ability": f"{entry['name']}'s ability",
                    "token": f"token {entry['name']}"}[entry["use"]]
            # The prompt's text may be seen by others (a channel ping): it names no card or
            # token, which is still the player's secret until it is played; the buttons do.
            question = self.need_words(need).split(" (")[0]
            return [Decision(Prompt(seat, f"Choose {question}, or take it back.", (
                ActionSpec("choose", f"{what}: choose {question}", (Param(need, choices),)),
                ActionSpec("back", f"Take {what} back"))), ("back", {}))]
        if kind == "discard":
            hand = tuple(Choice(c) for c in dict.fromkeys(self.hands[seat]))
            return [Decision(Prompt(seat, f"Your hand is over the limit: discard "
                                    f"{plural(entry['count'], 'card')}.", (
                                        ActionSpec("discard", "Discard a card", (
                                            Param("card", hand),)),)),
                             ("discard", {"card": self.hands[seat][-1]}))]
        if kind == "founder":
            specs = [ActionSpec("keep", "Keep it")]
            if "XIII" in self.tokens.get(seat, []):
                specs.append(ActionSpec("give", "Give it away (token XIII)", (
                    Param("player", tuple(Choice(s) for s in self.others(seat))),)))
            return [Decision(Prompt(seat, f"The Founding Father {entry['card']} comes to you.",
                                    tuple(specs)), ("keep", {}))]
        if kind == "swap":
            seats = tuple(Choice(s, f"{s} ({self.location[s]})") for s in self.order)
            return [Decision(Prompt(seat, "Token VI: swap two meeples, or finish.", (
                ActionSpec("swap", "Swap two meeples", (Param("player", seats),
                                                        Param("other", seats))),
                ActionSpec("done", "Finish"))), ("done", {}))]
        if kind == "clear":
            options = [Choice(" - ".join(pair), f"Roadblock {' - '.join(pair)}")
                       for pair in self.roadblocks]
            options += [Choice(z, f"No-fly zone over {z}") for z in self.no_fly]
            specs = [ActionSpec("done", "Finish")]
            if options:
                specs.insert(0, ActionSpec("remove", "Remove a token", (
                    Param("what", tuple(options)),)))
            return [Decision(Prompt(seat, "Token XV: remove roadblocks and no-fly zones of "
                                    "your choice, or finish.", tuple(specs)), ("done", {}))]
        if kind == "reserve":
            cards = tuple(Choice(c) for c in dict.fromkeys(entry["cards"]))
            return [Decision(Prompt(seat, "Token VII: keep one Presidential card face down.", (
                ActionSpec("reserve", "Keep this card", (Param("card", cards),)),)),
                ("reserve", {"card": entry["cards"][0]}))]
        if kind == "president":
            return [Decision(Prompt(seat, "You stand in Washington D.C.: draw a Presidential "
                                    "card, or take the one you kept.", (
                                        ActionSpec("confront", "Confront the President", (
                                            Param("card", (Choice(DECK, "Draw from the deck"),
                                                           Choice(KEPT, "Take the kept card"))),
                                        )),)), ("confront", {"card": DECK}))]
        raise AssertionError(kind)  # pragma: no cover

    def choice_of(self, need: str, value: str) -> Choice:
        if need in ("to", "base"):
            loc = self.board.loc(value)
            return Choice(value, f"{value} ({loc.code})" if loc.code != value else value)
        if need == "player":
            return Choice(value, f"{value} ({self.dictators[value]}, {self.location[value]})")
        return Choice(value)

    def settle(self, entry: Entry, rng: Rng) -> list[Event]:
        kind = entry["kind"]
        if kind == "start":
            self.stack.pop()
            events = self.settle_start(entry["seat"], rng)
            return events + self.after_president(entry["seat"])
        if kind == "ending":
            return self.settle_ending(entry, rng)
        if kind == "window":
            self.stack.pop()
            if entry["moment"] == "card":
                return self.settle_card(entry, rng)
            if entry["moment"] == "disarm":
                return self.roll_disarm(entry["seat"], entry, rng)
            return []
        raise AssertionError(f"a {kind} decision without a seat")  # pragma: no cover

    def after_president(self, seat: Seat) -> list[Event]:
        """Option `after_failed_roll=end`: a failed roll ends the turn."""
        if self.finished or self.options["after_failed_roll"] != "end":
            return []
        if self.stack or not self.failed_roll(seat):
            return []
        return self.end_turn()

    # ===================================================================
    # Prompts
    # ===================================================================

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every question in players' words (`words.py`)."""
        return wording.worded(super().prompts(), QUESTIONS)

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stack:
            return self.decision_prompts()
        if self.stage != TURN:  # pragma: no cover - advance always starts the turn
            return {}
        seat = self.current
        return {seat: self.turn_prompt(seat)}

    def window_prompt(self, seat: Seat, window: Entry) -> Prompt:
        specs = [ActionSpec("pass", "Pass"),
                 ActionSpec("pass-all", "Pass every window from now on")]
        cards = [c for c in self.playable(seat)]
        if cards:
            params = [Param("card", tuple(Choice(c, f"{c} (Interruption)") for c in cards))]
            for need in ("to", "road", "player", "state", "zone", "take"):
                values: list[str] = []
                for card in cards:
                    effect = self.data.command[card].effect
                    if effect is not None and NEED.get(effect.kind) == need:
                        values += self.target_choices(seat, effect, need, window=window,
                                                      usa=self.data.command[card].usa)
                if values:
                    params.append(Param(need, tuple(self.choice_of(need, v)
                                                    for v in dict.fromkeys(values)),
                                        required=False))
            specs.insert(0, ActionSpec("play", "Play an Interruption", tuple(params)))
        actor = window["seat"]
        if window["moment"] == "card":
            text = f"{actor} plays {window.get('card')}: answer with an Interruption, or pass."
        elif window["moment"] == "move":
            text = f"{actor} moved to {window.get('to')}: answer with an Interruption, or pass."
        else:
            text = f"{actor} tries to disarm: answer with an Interruption, or pass."
        return Prompt(seat, text, tuple(specs))

    def turn_prompt(self, seat: Seat) -> Prompt:
        specs: list[ActionSpec] = []
        if self.can_walk(seat):
            specs.append(ActionSpec("walk", "Walk", (Param("to", tuple(
                self.choice_of("to", t) for t in self.walk_targets(seat))),)))
        if self.can_fly(seat):
            specs.append(ActionSpec("fly", "International flight", (Param("to", tuple(
                self.choice_of("to", t) for t in self.flight_targets(seat))),)))
        if self.can_disarm(seat):
            specs.append(ActionSpec("disarm", "Try to disarm here"))
        if self.can_draw_now(seat):
            specs.append(ActionSpec("draw", "Draw a card"))
        cards = self.playable(seat)
        if cards:
            specs.append(ActionSpec("play", "Play a card", (Param("card", tuple(
                Choice(c, self.card_label(seat, c)) for c in cards)),)))
        uses = self.asset_uses(seat)
        if uses:
            specs.append(ActionSpec("activate", "Activate an Asset", (Param("ability", tuple(
                Choice(f"{a} #{n}", f"{a}: {self.data.command[a].abilities[n - 1].text} "
                       f"({plural(self.data.command[a].abilities[n - 1].cost, 'action')})")
                for a, n in uses)),)))
        abilities = self.usable_abilities(seat)
        if abilities:
            specs.append(ActionSpec("ability", "Use your dictator's ability", (Param("whose", tuple(
                Choice(n, f"{self.data.dictators[n].full}: {self.data.dictators[n].text}")
                for n in abilities)),)))
        tokens = self.usable_tokens(seat)
        if tokens:
            specs.append(ActionSpec("token", "Use a Nuclear Zone 4 token", (Param("token", tuple(
                Choice(t, f"{t}: {TOKEN_TEXT[t]}") for t in tokens)),)))
        specs.append(ActionSpec("end-turn", "End your turn"))
        if seat in self.standing_pass:
            specs.append(ActionSpec("ask-windows", "Ask me in windows again"))
        walk = "your Walk is used" if self.turn["walked"] else "your Walk is left"
        return Prompt(seat, f"Your turn: {plural(self.turn['actions'], 'action')} left, "
                      f"{walk}.", tuple(specs))

    def card_words(self, card: str) -> str:
        """"Helicopter (Action, 1 action)", "Veto (Interruption)"."""
        info = self.data.command[card]
        if info.type == INTERRUPTION:
            return f"{card} (Interruption)"
        return f"{card} ({info.type_name}, {plural(info.cost, 'action')})"

    def card_label(self, seat: Seat, card: str) -> str:
        info = self.data.command[card]
        if info.type == INTERRUPTION:
            return f"{card} (Interruption)"
        if card in self.turn.get("free", []):
            return f"{card} ({info.type_name}, free)"
        return f"{card} ({info.type_name}, {plural(info.cost, 'action')})"

    # ===================================================================
    # Deadlines
    # ===================================================================

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """At the deadline: everyone awaited in a window passes; a target not chosen takes
        the card back; a hand over the limit loses its last cards; a Founding Father is
        kept; a token's choices are finished (VII keeps the first card); in Washington D.C.
        the Presidential card is drawn; a turn left unplayed ends."""
        if self.finished:
            return []
        if self.stack:
            return self.decision_timeouts()
        if self.stage == TURN:
            return [(self.current, "end-turn", {})]
        return []

    def prompt_detail(self, seat: Seat) -> str:
        """Beside the buttons of a dictator's own turn, in their DM: what they hold and know
        (hand, Nuclear Zone cards, tokens), which they may look at any time; kept up to date
        as they draw and play. Never public."""
        if self.finished or self.stage != TURN or self.current != seat:
            return ""
        return "\n\n".join(self.describe(seat))

    def suggest(self, seat: Seat, action: str, param: str,
                typed: Mapping[str, Any]) -> list[str]:
        """Every value a place or player parameter could name, for typing when no menu
        lists it now: the map's locations, its states, the dictators at the table (all
        public)."""
        if param in ("to", "base"):
            return sorted(self.board.locations)
        if param == "state":
            return sorted(self.board.states)
        if param in ("player", "other"):
            return list(self.seats)
        return []

    def window(self) -> Window | None:
        """A window for Interruptions that awaits someone, timed by the bot for
        `window_seconds` (0: no timer, the game's deadline passes it). Public facts only:
        the same whatever anyone holds (windows.py)."""
        seconds = float(self.options["window_seconds"] or 0)
        if self.finished or seconds <= 0 or not self.stack:
            return None
        top = self.stack[-1]
        return Window("window", seconds) if top["kind"] == "window" and top["awaiting"] \
            else None

    # ===================================================================
    # Views and state
    # ===================================================================

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        return f"turn {self.turn_number}: {self.current}"

    def public_decision(self) -> dict[str, Any] | None:
        """The open decision as everyone may see it. A target being chosen for a card is
        the player's own business (on its own turn): not shown."""
        for entry in reversed(self.stack):
            kind = entry["kind"]
            if kind in ("choose", "start", "ending"):
                continue
            shown: dict[str, Any] = {"kind": kind, "seat": entry.get("seat")}
            if kind == "window":
                shown.update(moment=entry["moment"], awaiting=list(entry["awaiting"]),
                             card=entry.get("card"))
            elif kind == "founder":
                shown.update(card=entry["card"])
            elif kind == "discard":
                shown.update(count=entry["count"])
            return shown
        return None

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        board = self.board
        view: dict[str, Any] = {
            "data": "group" if self.options["data"] else "default",
            "defcon": self.defcon,
            "order": list(self.order),
            "current": self.current,
            "turn_number": self.turn_number,
            "stage": self.stage,
            "turn": self.public_turn(),
            "dictators": {s: {"name": self.dictators[s],
                              "title": self.data.dictators[self.dictators[s]].title,
                              "text": self.data.dictators[self.dictators[s]].text}
                          for s in self.seats},
            "unused_dictators": list(self.unused),
            "copied": dict(self.copied),
            "locations": dict(self.location),
            "hand_sizes": {s: len(self.hands[s]) for s in self.seats},
            "nuclear": {s: {"cards": len(self.nz[s]),
                            "disarmed": [{"base": c["base"], "zone": c["zone"]}
                                         for c in self.nz[s] if c["disarmed"]],
                            "counted": self.bases_counted(s),
                            "needs": self.president_needs(s)} for s in self.seats},
            "tokens_held": {s: len(self.tokens[s]) for s in self.seats},
            "tokens_revealed": {s: list(self.revealed[s]) for s in self.seats},
            "base_tokens": sorted(self.base_tokens),
            "trident": {"state": self.trident["state"], "location": board.place("trident"),
                        "warheads": len(self.trident["warheads"]),
                        "disarmed_by": list(self.trident["disarmed_by"])},
            "command_deck": len(self.command),
            "command_discards": list(self.command_discards),
            "founder_supply": len(self.founders),
            "founder_discards": list(self.founder_discards),
            "president_deck": len(self.president),
            "president_discards": list(self.president_discards),
            "reserved": sorted(self.reserved),
            "roadblocks": [list(p) for p in self.roadblocks],
            "no_fly": list(self.no_fly),
            "in_play": [dict(e) for e in self.in_play],
            "skips": dict(self.skips),
            "extra_turns": self.extra_turns,
            "decision": self.public_decision(),
            "window_seconds": self.options["window_seconds"],
            "standing_pass": list(self.standing_pass),
            "last_roll": dict(self.last_roll) if self.last_roll else None,
        }
        if seat is not None:
            view["you"] = seat
            view["hand"] = list(self.hands[seat])
            view["card_texts"] = {c: self.data.card_text(c) for c in dict.fromkeys(self.hands[seat])}
            view["nuclear_cards"] = [dict(c) for c in self.nz[seat]]
            view["tokens"] = {t: TOKEN_TEXT[t] for t in self.tokens[seat]}
            view["reserved_card"] = self.reserved.get(seat)
        return view

    def public_turn(self) -> dict[str, Any]:
        if not self.turn:
            return {}
        shown = {k: self.turn.get(k) for k in ("seat", "actions", "walked", "free", "president")}
        return shown

    def describe(self, seat: Seat) -> list[str]:
        dictator = self.dictator_of(seat)
        out = [f"You are {dictator.full}: {dictator.text}" + (
            f" You copy {self.data.dictators[self.copied[seat]].full}: "
            f"{self.data.dictators[self.copied[seat]].text}" if seat in self.copied else "")]
        hand = [f"• {self.card_words(c)}: {self.data.command[c].text}" for c in self.hands[seat]]
        out.append("\n".join(["Your hand:", *hand]) if hand else "Your hand: no cards.")
        bases = "; ".join(f"zone {c['zone']}: {c['base']}" + (" (disarmed)" if c["disarmed"]
                                                             else "")
                          for c in sorted(self.nz[seat], key=lambda c: c["zone"]))
        free = self.free_zones(seat)
        out.append("Your Nuclear Zone cards: " + (bases or "none") + "." + (
            f" Zone {', '.join(map(str, sorted(free)))} counts as disarmed for you."
            if free else "") + f" The President needs {self.president_needs(seat)} on the d20 "
            f"from you.")
        tokens = "; ".join(f"{t}: {TOKEN_TEXT[t]}" for t in self.tokens[seat])
        out.append("Your Nuclear Zone 4 tokens: " + (tokens or "none") + ".")
        if seat in self.reserved:
            out.append(f"Kept face down with token VII: {self.reserved[seat]}.")
        if seat in self.standing_pass:
            out.append("You pass every window: no window waits for you until you take it "
                       "back (“Ask me in windows again”, on your turn or at any time).")
        lying = [f"{e['card']} ({self.kind_word(e['kind'])}"
                 + (f", {plural(e['turns'], 'turn')} left" if e.get("turns") else "") + ")"
                 for e in self.in_play if e["holder"] == seat]
        if lying:
            out.append("Lying with you: " + ", ".join(lying) + ".")
        return out

    @staticmethod
    def kind_word(kind: str) -> str:
        return {FOUNDER: "Founding Father", CURSE: "played on you",
                ASSET_IN_PLAY: "Asset"}.get(kind, kind)

    def _dump(self) -> dict[str, Any]:
        return {
            "order": self.order, "index": self.index, "turn_number": self.turn_number,
            "stage": self.stage, "turn": self.turn, "extra_turns": self.extra_turns,
            "dictators": self.dictators, "unused": self.unused, "copied": self.copied,
            "location": self.location, "hands": self.hands, "nz": self.nz,
            "zone_decks": self.zone_decks, "tokens": self.tokens, "revealed": self.revealed,
            "base_tokens": self.base_tokens, "token_supply": self.token_supply,
            "removed_tokens": self.removed_tokens, "trident": self.trident,
            "command": self.command, "command_discards": self.command_discards,
            "founders": self.founders, "founder_discards": self.founder_discards,
            "president": self.president, "president_discards": self.president_discards,
            "reserved": self.reserved, "defcon": self.defcon, "roadblocks": self.roadblocks,
            "no_fly": self.no_fly, "in_play": self.in_play, "skips": self.skips,
            "once": self.once, "stack": self.stack, "last_roll": self.last_roll,
            "standing_pass": self.standing_pass,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.order = list(data["order"])
        self.index = int(data["index"])
        self.turn_number = int(data["turn_number"])
        self.stage = str(data["stage"])
        self.turn = dict(data["turn"])
        self.extra_turns = int(data["extra_turns"])
        self.dictators = dict(data["dictators"])
        self.unused = names(data["unused"])
        self.copied = dict(data["copied"])
        self.location = dict(data["location"])
        self.hands = {s: names(h) for s, h in data["hands"].items()}
        self.nz = {s: [dict(c) for c in cards] for s, cards in data["nz"].items()}
        self.zone_decks = {z: names(d) for z, d in data["zone_decks"].items()}
        self.tokens = {s: names(t) for s, t in data["tokens"].items()}
        self.revealed = {s: names(t) for s, t in data["revealed"].items()}
        self.base_tokens = dict(data["base_tokens"])
        self.token_supply = names(data["token_supply"])
        self.removed_tokens = names(data["removed_tokens"])
        self.trident = dict(data["trident"])
        self.command = names(data["command"])
        self.command_discards = names(data["command_discards"])
        self.founders = names(data["founders"])
        self.founder_discards = names(data["founder_discards"])
        self.president = names(data["president"])
        self.president_discards = names(data["president_discards"])
        self.reserved = dict(data["reserved"])
        self.defcon = int(data["defcon"])
        self.roadblocks = [list(p) for p in data["roadblocks"]]
        self.no_fly = list(data["no_fly"])
        self.in_play = [dict(e) for e in data["in_play"]]
        self.skips = dict(data["skips"])
        self.once = {s: list(k) for s, k in data["once"].items()}
        self.standing_pass = list(data.get("standing_pass", []))
        self.stack = [dict(e) for e in data["stack"]]
        self.last_roll = data["last_roll"]


__all__ = ["TARGETS", "Dictators"]
