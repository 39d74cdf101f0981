"""The state of a One World Dominion game and the flow of a turn.

`OWDBase` holds the state (documented field by field in docs/one-world-dominion.md) and
runs everything automatic between two decisions (`advance`): the beginning of a turn
(lasting effects ending, rebels growing, the window for (S) cards), the reinforcements,
the end of a turn (the card for a conquest, the mutants' attack), eliminations and
victory. The concept modules add the actions; `game` puts them together.

Interruptions are decisions on `stack`; the top one is what `prompts()` asks for. A
reaction window is a decision that awaits several seats at once.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.deck import Card
from engine.events import Event, Seat, public
from engine.game import Game
from engine.games.one_world_dominion.cards import CardInfo
from engine.risk.map import Continent, RiskMap, Territory, classic_map
from engine.rng import Rng

CLAIM, DEPLOY, PLAY = "claim", "deploy", "play"
# Steps of a player's turn.
BEGIN, START, REINFORCE, ATTACK, FORTIFY = "begin", "start", "reinforce", "attack", "fortify"
REBELS, MUTANTS = "rebels", "mutants"
# When a lasting effect ends (rulebook "One Game Turn"; the cards' own words otherwise).
TURN_END = "end of the attacker's turn"
NEXT_TURN = "one game turn"
AFTER_NEXT = "after the player's next turn"
TERRITORIES = classic_map().territories  # in the map's order


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def fresh_turn(seat: Seat) -> dict[str, Any]:
    """What one turn has done so far (docs: `turn`)."""
    return {"seat": seat, "mods": {"sanctions": False, "propaganda": [], "sabotaged": False,
                                   "industrial": False, "cloning": None},
            "areas": 0, "continents": [], "sets": 0, "extra": 0, "placed": 0,
            "limit": False, "played": [], "conquered": False, "moves": 1, "moved": False,
            "must_attack": [], "guerrillas": [], "jihad": False, "bonus_used": False,
            "stealth": None, "no_sanctions": False, "no_propaganda": False,
            "apcs_early": False}


class OWDBase(Game):
    """State, plain questions and the automatic flow."""

    order: list[Seat]
    stage: str
    index: int
    reserve: dict[Seat, int]
    owner: dict[Territory, str | None]
    armies: dict[Territory, int]
    neutrals: dict[str, dict[str, Any]]
    hands: dict[Seat, list[Card]]
    pile: list[Card]
    discards: list[Card]
    out: list[Seat]
    step: str
    turn: dict[str, Any]
    turns: int
    delayed: dict[Seat, int]
    effects: list[dict[str, Any]]
    offturn: dict[Seat, list[str]]
    stack: list[dict[str, Any]]
    battle: dict[str, Any] | None
    fresh: dict[Seat, list[Card]]
    traded: int
    neutral_count: int
    deck_info: dict[Card, CardInfo]
    last_battle: dict[str, Any] | None

    # ----- plain questions ---------------------------------------------

    @property
    def map(self) -> RiskMap:
        return classic_map()

    @property
    def owd(self) -> bool:
        """True with One World Dominion's cards; False for the classic game."""
        return self.options["cards"] == "owd"

    @property
    def current(self) -> Seat:
        return self.order[self.index]

    def alive(self) -> list[Seat]:
        """The seats still in the game, in turn order."""
        return [s for s in self.order if s not in self.out]

    def others(self, seat: Seat) -> list[Seat]:
        return [s for s in self.alive() if s != seat]

    def areas_of(self, owner: str) -> list[Territory]:
        return [t for t in TERRITORIES if self.owner.get(t) == owner]

    def name_of(self, owner: str | None) -> str:
        if owner is None:
            return "nobody"
        if owner in self.neutrals:
            return str(self.neutrals[owner]["name"])
        return owner

    def is_neutral(self, owner: str | None) -> bool:
        return owner is not None and owner in self.neutrals

    def is_mutant(self, owner: str | None) -> bool:
        return owner is not None and self.neutrals.get(owner, {}).get("kind") == MUTANTS

    def continent_list(self) -> list[Continent]:
        return list(self.map.continents)

    def controls_continent(self, seat: str, continent: Continent) -> bool:
        """Every area of it is `seat`'s (an empty area breaks a continent: "Empty Area")."""
        return all(self.owner.get(t) == seat for t in self.map.continents[continent])

    def card_area(self, card: Card) -> Territory | None:
        info = self.deck_info.get(card)
        return info.area if info else None

    # ----- lasting effects ---------------------------------------------

    def effects_of(self, card: Card) -> list[dict[str, Any]]:
        return [e for e in self.effects if e["card"] == card]

    def add_effect(self, card: Card, by: Seat, ends: str, **data: Any) -> None:
        """A card in front of the player whose turn it is ("One Game Turn")."""
        holder = self.current if self.stage == PLAY else by
        self.effects.append({"card": card, "by": by, "holder": holder, "ends": ends,
                             "since": self.turns, **data})

    def has_hazgear(self, owner: str | None) -> bool:
        return any(e["by"] == owner for e in self.effects_of("Haz-Gear"))

    def sealed(self, area: Territory, owner: str | None) -> str | None:
        """Why no army of `owner` may enter `area` now (ICBM, Nuclear Terrorists, Toxic
        Waste), or None."""
        for e in self.effects:
            if e.get("area") != area:
                continue
            if e["card"] == "Toxic Waste" and not self.has_hazgear(owner):
                return f"{area} is poisoned by Toxic Waste"
            if e["card"] in ("ICBM", "Nuclear Terrorists") and not self.has_hazgear(owner):
                return f"no army may enter {area} after the {e['card']} strike"
        return None

    def poisoned(self, area: Territory, owner: str | None) -> bool:
        """Toxic Waste: nothing enters, leaves, attacks from or is placed in the area."""
        return any(e["card"] == "Toxic Waste" and e.get("area") == area
                   for e in self.effects) and not self.has_hazgear(owner)

    def weather(self) -> bool:
        return bool(self.effects_of("Weather Control"))

    def crossing_blocked(self, a: Territory, b: Territory) -> bool:
        """Weather Control: no attack or free move across a sea lane."""
        return self.weather() and self.map.is_sea_lane(a, b)

    def blocked_attack(self, source: Territory, target: Territory,
                       attacker: str | None) -> str | None:
        """Why an attack no one chose (involuntary, the mutants') can't go from `source`
        to `target`, in words, or None: Toxic Waste, an area no army may enter, or Weather
        Control's closed sea lanes ("prevent attacks ... across *all* sea lanes")."""
        if self.poisoned(source, attacker):
            return f"no army may leave {source} (Toxic Waste)"
        why = self.sealed(target, attacker)
        if why:
            return why
        if self.crossing_blocked(source, target):
            return "Weather Control closes the sea lanes"
        return None

    def at_peace(self, a: str | None, b: str | None) -> bool:
        """Shuttle Diplomacy: neither may voluntarily attack the other."""
        return any({a, b} == set(e["players"]) for e in self.effects_of("Shuttle Diplomacy"))

    # ----- changing the board --------------------------------------------

    def set_area(self, area: Territory, owner: str | None, armies: int) -> None:
        if armies <= 0:
            owner, armies = None, 0
        self.owner[area] = owner
        self.armies[area] = armies

    def remove_armies(self, area: Territory, count: int) -> int:
        """Take up to `count` armies out of `area`; an area left with none is empty."""
        count = max(0, min(count, self.armies[area]))
        self.set_area(area, self.owner[area], self.armies[area] - count)
        return count

    def add_armies(self, area: Territory, owner: str, count: int) -> None:
        self.set_area(area, owner, self.armies.get(area, 0) + count)

    def sabotaged(self, seat: str | None) -> bool:
        """Whether Saboteur keeps `seat` from receiving new armies now: "during his or her
        turn" the armies of any source are set aside (`delayed`) for the next turn."""
        return (self.stage == PLAY and bool(self.turn) and seat == self.current
                and seat == self.turn.get("seat") and self.turn["mods"]["sabotaged"])

    # ----- cards in hand and the draw pile -------------------------------

    def draw_card(self, rng: Rng) -> Card | None:
        """The top card; the discards are shuffled into a new pile when it runs out."""
        if not self.pile:
            if not self.discards:
                return None
            self.pile = list(self.discards)
            self.discards = []
            rng.shuffle(self.pile, label="cards")
        card = self.pile.pop()
        rng.note("draw", "cards", [card])
        return card

    # ----- eliminations and victory --------------------------------------

    def check_out(self, owner: str | None, by: str | None, rng: Rng) -> list[Event]:
        """`owner` has lost its last area: out of the game ("Trading and Capturing
        Cards": the capturer of the last area takes the cards; otherwise discarded)."""
        if owner is None or self.areas_of(owner):
            return []
        if owner in self.neutrals:
            name = self.neutrals.pop(owner)["name"]
            return [public("neutral_gone", f"The {name} are wiped out.", neutral=owner)]
        if owner in self.out:
            return []
        self.out.append(owner)
        cards = self.hands[owner]
        self.hands[owner] = []
        self.offturn.pop(owner, None)
        for top in self.stack:
            if "awaiting" in top and owner in top["awaiting"]:
                top["awaiting"].remove(owner)
        events: list[Event] = []
        if by is not None and by in self.hands and by not in self.out and cards:
            self.hands[by] += cards
            events.append(public("eliminated", f"{owner} has lost the last area and is out of "
                                 f"the game; {by} takes {plural(len(cards), 'card')}.",
                                 seat=owner, by=by, cards=len(cards)))
            events.append(self.hand_event(by, f"You take {owner}'s cards: "
                                          f"{', '.join(cards)}."))
            events += self.after_capture_cards(by)
        else:
            self.discards += cards
            events.append(public("eliminated", f"{owner} has no area left and is out of the "
                                 f"game; {plural(len(cards), 'card')} go to the discard pile.",
                                 seat=owner, cards=len(cards)))
        alive = self.alive()
        if len(alive) == 1:
            self.finish(alive)
            events.append(public("game_over", f"{alive[0]} is the last player standing and "
                                 "wins One World Dominion!", winners=alive))
        return events

    # ----- the flow -------------------------------------------------------

    def advance(self, rng: Rng) -> list[Event]:
        """Everything automatic up to the next decision."""
        events: list[Event] = []
        for _ in range(500):
            if self.finished:
                return events
            if self.stack:
                auto = self.auto_decision(self.stack[-1], rng)
                if auto is None:
                    return events
                events += auto
                continue
            if self.stage != PLAY:
                return events
            if self.current in self.out:
                events += self.end_turn(rng, early=True)
                continue
            if self.step == BEGIN:
                events += self.begin_turn(rng)
                continue
            if self.step == START:
                events += self.start_reinforce(rng)
                continue
            return events
        raise AssertionError("the game's flow did not settle")  # pragma: no cover

    def begin_turn(self, rng: Rng) -> list[Event]:
        seat = self.current
        self.turns += 1
        # A card in front of a player who is out of the game has no next turn to end at.
        self.effects = [e for e in self.effects
                        if not (e["ends"] == NEXT_TURN and e["holder"] == seat
                                and e["since"] < self.turns) and e["holder"] not in self.out]
        self.offturn = {s: [] for s in self.alive()}
        self.fresh[seat] = []
        self.turn = fresh_turn(seat)
        self.turn["limit"] = len(self.hands[seat]) >= 5
        events = [public("turn_started", f"Turn {self.turns}: {seat}'s turn.", seat=seat,
                         turn=self.turns)]
        events += self.rebels_grow(seat, rng)
        if self.finished:
            return events
        self.step = START
        if self.owd:
            events += self.open_window("turn-start", seat, self.others(seat))
        return events

    def start_reinforce(self, rng: Rng) -> list[Event]:
        seat = self.current
        self.step = REINFORCE
        areas = self.areas_of(seat)
        self.turn["areas"] = len(areas)
        self.turn["continents"] = self.map.continents_held(areas)
        self.turn["extra"] += self.delayed.pop(seat, 0)
        text = f"{seat} receives {plural(self.pending(), 'army', 'armies')} to place"
        return [public("reinforcements", text + f" ({self.income_text()}).", seat=seat,
                       armies=self.pending())]

    def end_turn(self, rng: Rng, *, early: bool = False) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        self.effects = [e for e in self.effects
                        if not (e["holder"] == seat and (
                            e["ends"] == TURN_END
                            or (e["ends"] == AFTER_NEXT and self.turns > e["since"])))]
        self.battle = None
        if not early and self.turn.get("conquered"):
            card = self.draw_card(rng)
            if card is not None:
                self.hands[seat].append(card)
                events.append(public("card_drawn", f"{seat} conquered an area this turn and "
                                     "draws a card.", seat=seat))
                events.append(self.hand_event(seat, f"You draw {card}."))
        if not early:
            events.append(public("turn_ended", f"{seat} ends the turn.", seat=seat))
            events += self.mutants_attack(seat, rng)
        if self.finished:
            return events
        for _ in range(len(self.order)):
            self.index = (self.index + 1) % len(self.order)
            if self.current not in self.out:
                break
        self.step = BEGIN
        return events

    # ----- hooks of the concept modules ---------------------------------

    @abstractmethod
    def auto_decision(self, top: dict[str, Any], rng: Rng) -> list[Event] | None:
        """Resolve the top decision if it needs nobody; None while someone must act."""

    @abstractmethod
    def open_window(self, reason: str, seat: Seat, awaiting: list[Seat],
                    **data: Any) -> list[Event]: ...

    @abstractmethod
    def pending(self) -> int: ...

    @abstractmethod
    def income_text(self) -> str: ...

    @abstractmethod
    def hand_event(self, seat: Seat, why: str) -> Event: ...

    @abstractmethod
    def after_capture_cards(self, seat: Seat) -> list[Event]: ...

    @abstractmethod
    def rebels_grow(self, creator: Seat, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def mutants_attack(self, creator: Seat, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def new_neutral(self, seat: Seat, area: Territory, kind: str, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def count_off(self, area: Territory, rng: Rng) -> Territory: ...

    @abstractmethod
    def guerrilla_fights(self, seat: Seat, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def check_card(self, seat: Seat, card: Card, use: str, params: dict[str, Any], *,
                   redirect: bool = False) -> dict[str, Any]: ...

    @abstractmethod
    def apply_card(self, seat: Seat, card: Card, use: str, plan: dict[str, Any],
                   rng: Rng) -> list[Event]: ...

    @abstractmethod
    def announce(self, seat: Seat, rng: Rng, source: Territory, target: Territory, dice: int,
                 committed: int | None, *, adjacent: bool = True, card: str | None = None
                 ) -> list[Event]: ...

    @abstractmethod
    def attack_refusal(self, seat: Seat, source: Territory, target: Territory,
                       *, adjacent: bool = True) -> str | None: ...

    @abstractmethod
    def check_move(self, seat: Seat, source: Territory, target: Territory, count: int, *,
                   adjacent: bool = True, path: bool = False) -> None: ...

    @abstractmethod
    def fortify(self, seat: Seat, source: Territory, target: Territory, count: int, *,
                through: bool = False) -> list[Event]: ...

    @abstractmethod
    def fight_involuntary(self, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def recall_attack(self) -> list[Event]: ...

    @abstractmethod
    def redirect(self, seat: Seat, area: Territory, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def auto_battle(self, rng: Rng, source: Territory, target: Territory, *,
                    kind: str) -> list[Event]: ...
