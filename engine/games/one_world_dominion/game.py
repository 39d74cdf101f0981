"""One World Dominion: RISK with 44 action cards (rules/one-world-dominion.md, rulings
OWD-1, OWD-2), and with `cards=classic` the standard RISK game.

The concept modules add the parts: `setup` (claiming and the starting armies),
`reinforce` (new armies, sets, the hand limit), `attack` (battles, conquests, the free
move), `reactions` (card timing, windows, negation), `effects` (the 44 cards),
`neutrals` (rebels and mutants). This module puts them together: options, prompts,
views, the state, the deadline policy and the actions' entry points.
"""

from __future__ import annotations

import functools
from typing import Any

from engine import wording
from engine.deck import Card
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Option, Param, Prompt, Window
from engine.games.one_world_dominion import statecheck
from engine.games.one_world_dominion.attack import Attack
from engine.games.one_world_dominion.base import (
    ATTACK,
    CLAIM,
    DEPLOY,
    PLAY,
    REINFORCE,
    plural,
)
from engine.games.one_world_dominion.cards import PARAMS, CardInfo, deck_from_text, default_deck
from engine.games.one_world_dominion.effects import Effects
from engine.games.one_world_dominion.neutrals import Neutrals
from engine.games.one_world_dominion.reactions import Reactions
from engine.games.one_world_dominion.reinforce import HAND_LIMIT, Reinforce
from engine.games.one_world_dominion.setup import Setup
from engine.games.one_world_dominion.words import QUESTIONS
from engine.registry import register
from engine.risk import cards as classic_cards
from engine.risk.map import classic_map
from engine.risk.odds import format_odds
from engine.rng import Rng

AREA_PARAMS = frozenset({"territory", "from_territory", "to_territory", "area", "to_area"})
PLAY_PARAMS = ("area", "to_area", "continent", "player", "other_player", "count", "take")
RULINGS = (
    "OWD-1: The 44 cards are 42 territory cards and 2 wild cards, each with an action. The "
    "pairing of actions and areas was damaged in the source text; the default pairing reads "
    "each card's area as the name printed after its text, Ebola and Bombers are the two wild "
    "cards, and the three cards left without an area take the three areas left without a "
    "card in order: Fresh Recruits -> Kamchatka, Electronic Warfare -> Scandinavia, "
    "Paratroops -> Yakutsk. Keep the deck as data so that a group can load its own printing.",
    "OWD-2: Unit symbols (Artillery, Infantry, Helicopters) are not in the source; default: "
    "14 of each, assigned as a documented data table.",
)



@functools.cache
def classic_deck() -> dict[Card, CardInfo]:
    """The classic RISK cards, in the same form (code empty: they are never played)."""
    m = classic_map()
    return {c: CardInfo(c, "", None if classic_cards.card_symbol(m, c) == "wild" else c,
                        classic_cards.card_symbol(m, c), "")
            for c in classic_cards.card_ids(m)}


@register
class OneWorldDominion(Effects, Reactions, Neutrals, Attack, Reinforce, Setup):
    """RISK for 3 to 6 players, with One World Dominion's cards or the classic ones."""

    variant = "one-world-dominion"
    title = "One World Dominion"
    summary = ("RISK with 44 action cards: nuclear strikes, orbital lasers, rebels and "
               "mutant hordes, cards played out of turn and negated. Or plain RISK.")
    rulings = RULINGS
    min_seats = 3
    max_seats = 6
    options_spec = (
        Option("cards", "owd", "'owd' = One World Dominion's 44 action cards; 'classic' = "
               "the standard RISK game with its territory cards and growing set values.",
               choices=("owd", "classic"), label="Card deck"),
        Option("start", "claim", "'claim' = players claim the areas one army at a time in "
               "turn; 'deal' = the areas are dealt out at random, one army in each.",
               choices=("claim", "deal"), label="Starting areas"),
        Option("setup_batch", 1, "Starting armies placed per setup turn (the classic rules: "
               "1).", minimum=1, maximum=40, label="Starting armies per setup turn"),
        Option("defence", "choose", "'choose' = a defending player chooses 1 or 2 dice each "
               "round (the deadline default: as many as allowed); 'most' = defenders always "
               "roll as many dice as allowed.", choices=("choose", "most"), label="Defender's dice"),
        Option("window_seconds", 30, "How long the bot keeps a reaction window open (live "
               "play); the same for every window, whoever holds what.", minimum=0,
               maximum=7 * 24 * 3600, label="Reaction window (seconds)"),
        Option("starting_cards", 0, "Cards dealt to each player at the start (a house "
               "option for a faster game; the rules deal none).", minimum=0, maximum=4, label="Cards dealt at the start"),
        Option("deck", "", "A group's own printing of the 44 cards, as JSON text (the list of cards "
               "the game's documentation describes); empty = the deck as the rulebook prints "
               "it.", label="Own card list"),
        Option("saboteur_card_armies", "delayed", "Saboteur keeps its victim from receiving "
               "'any new armies' in that turn: 'delayed' = the 2 armies of a card the victim "
               "plays singly are set aside with the rest; 'placed' = they are placed at once "
               "('no matter whose turn it is or what part of the turn you are on').",
               choices=("delayed", "placed"), label="Saboteur and a set's area armies"),
    )
    queries = frozenset({"hand", "odds"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be
    render_on = frozenset({"turn_ended", "conquered", "game_over", "setup_done", "neutral",
                           "wiped_out"})

    # ===================================================================
    # Setup
    # ===================================================================

    def setup(self, rng: Rng) -> list[Event]:
        self.deck_info = self.load_deck()
        self.neutrals = {}
        self.neutral_count = 0
        self.hands = {s: [] for s in self.seats}
        self.out = []
        self.step = ""
        self.turn = {}
        self.turns = 0
        self.delayed = {}
        self.effects = []
        self.offturn = {}
        self.stack = []
        self.battle = None
        self.fresh = {}
        self.traded = 0
        self.last_battle = None
        self.pile = list(self.deck_info)
        self.discards = []
        rng.shuffle(self.pile, label="cards")
        events = self.begin_setup(rng)
        dealt = int(self.options["starting_cards"])
        if dealt:
            for _ in range(dealt):
                for seat in self.order:
                    self.hands[seat].append(self.pile.pop())
            rng.note("deal", "cards", [list(self.hands[s]) for s in self.order])
            events.append(public("dealt_cards", f"Each player is dealt "
                                 f"{plural(dealt, 'card')}.", cards=dealt))
            events += [self.hand_event(s, "Your starting cards.") for s in self.order]
        return events

    def load_deck(self) -> dict[Card, CardInfo]:
        if self.options["cards"] == "classic":
            return classic_deck()
        if self.options["deck"]:
            return deck_from_text(str(self.options["deck"]))
        return default_deck()

    # ===================================================================
    # Checking input and running the flow after each action
    # ===================================================================

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        for name, value in list(params.items()):
            if value is None:
                continue
            if name in AREA_PARAMS:
                text = str(value)
                params[name] = text if text in self.owner else self.map.find(text)
            elif name == "card":
                params[name] = self.card_named(seat, action, str(value))
            elif name == "cards" and seat in self.hands:
                params[name] = self.set_named(seat, str(value))
        handler = super()._check(seat, action, params)
        if action in self.queries:
            return handler

        def run(seat: Seat, rng: Rng, **kwargs: Any) -> list[Event]:
            events: list[Event] = handler(seat, rng, **kwargs)
            return events + self.advance(rng)

        return run

    def card_named(self, seat: Seat, action: str, text: str) -> str:
        """The card a player meant ("orbital", "mole"), from the cards the action can
        name: the seat's own hand, or for `steal` the hand it was shown."""
        pool = self.hands.get(seat, [])
        if action == "steal" and self.stack and self.stack[-1]["kind"] == "steal":
            pool = self.hands.get(self.stack[-1]["from"], [])
        wanted = text.strip().lower()
        match = [c for c in pool if c.lower() == wanted] or \
            [c for c in pool if c.lower().startswith(wanted)]
        return match[0] if len(match) == 1 else text

    def set_named(self, seat: Seat, text: str) -> str:
        """The listed set a player meant, whatever the order or case of the names."""
        try:
            wanted = sorted(self.read_set(seat, text))
        except Unreadable:
            return text
        for combo in self.sets_in_hand(seat):
            if sorted(combo) == wanted:
                return ", ".join(combo)
        return text

    # ===================================================================
    # Actions
    # ===================================================================

    def do_claim(self, seat: Seat, rng: Rng, territory: str) -> list[Event]:
        """Claim an empty area with one army (setup)."""
        return self.claim(seat, territory)

    def do_place(self, seat: Seat, rng: Rng, territory: str,
                 count: int | None = None) -> list[Event]:
        """Place armies: starting armies, reinforcements, or armies from a forced set
        (`count` left empty: 1)."""
        if count is None:
            count = 1
        if self.stage == DEPLOY:
            return self.deploy(seat, territory, count)
        return self.place(seat, territory, count)

    def do_trade(self, seat: Seat, rng: Rng, cards: str) -> list[Event]:
        """Turn in a set of three cards for armies."""
        return self.trade(seat, cards)

    def do_discard(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Discard a card to come down to the hand limit (only when you hold no set)."""
        return self.discard(seat, self.read_card(seat, card))

    def do_play(self, seat: Seat, rng: Rng, card: str, area: str | None = None,
                to_area: str | None = None, continent: str | None = None,
                player: str | None = None, other_player: str | None = None,
                count: int | None = None, take: str | None = None) -> list[Event]:
        """Play a card singly (announce it; others may answer in its window)."""
        params = {"area": area, "to_area": to_area, "continent": continent, "player": player,
                  "other_player": other_player, "count": count, "take": take}
        return self.play(seat, rng, card, {k: v for k, v in params.items() if v is not None})

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """Let the window go by without answering (or keep a hand with no set left)."""
        top = self.stack[-1]
        if top["kind"] == "trade-down":
            top["kept"] = True
            return [public("kept", f"{seat} keeps the remaining cards.", seat=seat)]
        return self.pass_window(seat)

    def do_begin_attacks(self, seat: Seat, rng: Rng) -> list[Event]:
        """End the placing; attack next."""
        return self.leave_reinforce(seat, rng)

    def do_attack(self, seat: Seat, rng: Rng, from_territory: str, to_territory: str,
                  dice: int | None = None, count: int | None = None) -> list[Event]:
        """Attack (one round) with 1 to 3 dice; `count` commits armies (Jihad)."""
        events: list[Event] = []
        if self.step == REINFORCE:
            events += self.leave_reinforce(seat, rng)
        if dice is None:
            dice = self.max_attack(self.armies.get(from_territory, 0))
        return events + self.announce(seat, rng, from_territory, to_territory, dice, count)

    def do_defend(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        """Roll 1 or 2 dice against the attack."""
        return self.defend(seat, rng, dice)

    def do_move(self, seat: Seat, rng: Rng, count: int) -> list[Event]:
        """Move armies into the area you just conquered."""
        return self.move_in(seat, count)

    def do_steal(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Informant: take 1 card from the hand you looked at."""
        return self.steal(seat, card)

    def do_end_attacks(self, seat: Seat, rng: Rng) -> list[Event]:
        """Stop attacking; the free move is next."""
        return self.end_attacks(seat)

    def do_fortify(self, seat: Seat, rng: Rng, from_territory: str, to_territory: str,
                   count: int) -> list[Event]:
        """The free move: armies to an adjacent area of yours."""
        events: list[Event] = []
        if self.step == REINFORCE:
            events += self.leave_reinforce(seat, rng)  # only the APCs move is offered here
        if self.step == ATTACK and not self.turn.get("apcs_early"):
            events += self.end_attacks(seat)
        return events + self.fortify(seat, from_territory, to_territory, count)

    def do_end_turn(self, seat: Seat, rng: Rng) -> list[Event]:
        """End your turn."""
        events: list[Event] = []
        if self.step == REINFORCE:
            events += self.leave_reinforce(seat, rng)
        if self.step == ATTACK:
            events += self.end_attacks(seat)
        return events + self.end_turn(rng)

    def do_hand(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your cards (asked privately; not logged)."""
        return [self.hand_event(seat, "")]

    def do_odds(self, seat: Seat, rng: Rng, from_territory: str | None = None,
                to_territory: str | None = None, attackers: int | None = None,
                defenders: int | None = None) -> list[Event]:
        """The exact odds of a battle, privately: from one area to another, or for numbers."""
        if from_territory is not None and to_territory is not None:
            attackers = self.armies[from_territory] - 1
            defenders = self.armies[to_territory]
        if attackers is None or defenders is None:
            raise Unreadable("Give two areas (where the attack comes from and the area "
                             "attacked) or the numbers of attackers and defenders.")
        if attackers < 1 or defenders < 1:
            raise NotAllowed("Each side needs at least 1 army.")
        return [private(seat, "odds", format_odds(attackers, defenders) +
                        " (without card effects)")]

    # ===================================================================
    # Decisions on the stack
    # ===================================================================

    def auto_decision(self, top: dict[str, Any], rng: Rng) -> list[Event] | None:
        kind = top["kind"]
        if kind == "window":
            if top["awaiting"]:
                return None
            self.stack.pop()
            if top["reason"] == "card":
                return self.close_card_window(top, rng)
            if top["reason"] == "involuntary":
                return self.fight_involuntary(rng)
            return []
        if kind == "defend":
            battle = self.battle
            if battle is None or self.owner.get(battle["to"]) != top["seat"] or \
                    self.owner.get(battle["from"]) != battle["attacker"] or \
                    self.armies[battle["from"]] < 2:
                self.stack.pop()
                if battle is not None:
                    battle["over"] = True
                return []
            if top["seat"] in self.out:  # pragma: no cover - an out seat holds no area
                self.stack.pop()
                return []
            return None
        if kind == "occupy":
            return None
        if kind == "steal":
            if not self.hands.get(top["from"]):
                self.stack.pop()
                return []
            return None
        if kind == "trade-down":
            if top["armies"] > 0 and self.areas_of(top["seat"]):
                return None
            if len(self.hands[top["seat"]]) > HAND_LIMIT and not top.get("kept"):
                return None
            self.stack.pop()
            return []
        return None  # pragma: no cover

    # ===================================================================
    # Prompts
    # ===================================================================

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every question in players' words (`words.py`)."""
        return wording.worded(super().prompts(), QUESTIONS)

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stage in (CLAIM, DEPLOY):
            seat = self.current
            if self.stage == CLAIM:
                empty = [Choice(t) for t in self.map.territories if self.owner[t] is None]
                spec = ActionSpec("claim", "Claim an area", (Param("territory", tuple(empty)),))
            else:
                own = tuple(Choice(t) for t in self.areas_of(seat))
                spec = ActionSpec("place", "Place armies", (
                    Param("territory", own), Param("count", None, False, "int")))
            return {seat: Prompt(seat, self.setup_prompt_text(seat), (spec,))}
        if self.stack:
            return self.decision_prompts(self.stack[-1])
        seat = self.current
        return {seat: self.turn_prompt(seat)}

    def play_spec(self, seat: Seat) -> ActionSpec | None:
        cards = self.playable(seat)
        if not cards:
            return None
        params = [Param("card", tuple(Choice(c, f"{c} ({self.deck_info[c].code})")
                                      for c in cards))]
        params += [Param(p, None, False, "int" if p == "count" else "str") for p in PLAY_PARAMS]
        return ActionSpec("play", "Play a card", tuple(params))

    def decision_prompts(self, top: dict[str, Any]) -> dict[Seat, Prompt]:
        kind = top["kind"]
        if kind == "window":
            prompts = {}
            for seat in top["awaiting"]:
                specs = [ActionSpec("pass", "Pass")]
                play = self.play_spec(seat)
                if play is not None:
                    specs.insert(0, play)
                if top["reason"] == "card":
                    text = (f"{top['player']} plays {top['card']}"
                            f"{': ' + top['plan']['says'] if top['plan'].get('says') else ''}. "
                            "Answer with a card, or pass.")
                elif top["reason"] == "involuntary":
                    text = (f"The armies in {top['source']} are forced to attack "
                            f"{top['target']}: play an (A) card as their owner or a (D) card "
                            "as the defender, or pass.")
                else:
                    text = f"{top['seat']}'s turn begins. Play a card now, or pass."
                prompts[seat] = Prompt(seat, text, tuple(specs))
            return prompts
        seat = top["seat"]
        if kind == "defend":
            battle = self.battle
            assert battle is not None
            fewest, most = self.defend_limit()
            specs = [ActionSpec("defend", "Defend", (
                Param("dice", tuple(Choice(str(n)) for n in range(most, fewest - 1, -1)),
                      kind="int"),))]
            play = self.play_spec(seat)
            if play is not None:
                specs.append(play)
            return {seat: Prompt(seat, f"{battle['attacker']} attacks {battle['to']} "
                                 f"({self.armies[battle['to']]}) from {battle['from']} "
                                 f"({self.armies[battle['from']]}) with "
                                 f"{plural(battle['dice'], 'die', 'dice')}. How many dice do "
                                 "you roll?", tuple(specs))}
        if kind == "occupy":
            counts = tuple(Choice(str(n)) for n in range(top["min"], top["max"] + 1))
            return {seat: Prompt(seat, f"You conquered {top['to']}: move {top['min']} to "
                                 f"{top['max']} armies in from {top['from']}.",
                                 (ActionSpec("move", "Move in", (Param("count", counts,
                                                                       kind="int"),)),))}
        if kind == "steal":
            hand = tuple(Choice(c) for c in self.hands[top["from"]])
            return {seat: Prompt(seat, f"Informant: steal 1 of {top['from']}'s cards.",
                                 (ActionSpec("steal", "Steal", (Param("card", hand),)),))}
        # trade-down
        specs = []
        if len(self.hands[seat]) > HAND_LIMIT and self.sets_in_hand(seat):
            specs.append(self.trade_spec(seat))
        if top["armies"] > 0:
            specs.append(ActionSpec("place", "Place armies", (
                Param("territory", tuple(Choice(t) for t in self.areas_of(seat))),
                Param("count", None, False, "int"))))
        elif not self.sets_in_hand(seat):
            specs.append(ActionSpec("pass", "Keep the rest (no set left)"))
        return {seat: Prompt(seat, "You took a hand above the limit: turn in sets at once and "
                             "place their armies.", tuple(specs))}

    def trade_spec(self, seat: Seat) -> ActionSpec:
        sets = tuple(Choice(", ".join(s)) for s in self.sets_in_hand(seat))
        return ActionSpec("trade", "Turn in a set", (Param("cards", sets),))

    def turn_prompt(self, seat: Seat) -> Prompt:
        specs: list[ActionSpec | None] = []
        play = self.play_spec(seat)
        if self.step == REINFORCE:
            left = self.pending()
            if left:
                specs.append(ActionSpec("place", "Place armies", (
                    Param("territory", tuple(Choice(t) for t in self.areas_of(seat))),
                    Param("count", None, False, "int"))))
            if self.sets_in_hand(seat):
                specs.append(self.trade_spec(seat))
            if play is not None:
                specs.append(play)
            if self.may_discard(seat):
                specs.append(ActionSpec("discard", "Discard a card", (
                    Param("card", tuple(Choice(c) for c in self.hands[seat])),)))
            if not left:
                specs += [ActionSpec("begin-attacks", "Start attacking"),
                          self.attack_spec(seat)]
                if self.turn.get("apcs_early"):
                    specs.append(self.fortify_spec(seat, "APCs move, then attack"))
                specs.append(ActionSpec("end-turn", "End the turn"))
            text = (f"Place your {plural(left, 'new army', 'new armies')} "
                    f"({self.income_text()})." if left else
                    "Your armies are placed: play a (P) card, or go on to attack.")
        elif self.step == ATTACK:
            specs.append(self.attack_spec(seat))
            if play is not None:
                specs.append(play)
            specs.append(ActionSpec("end-attacks", "Stop attacking"))
            if self.turn["moves"] > 0:
                specs.append(self.fortify_spec(seat, "APCs move, then attack"
                                               if self.turn.get("apcs_early") else "Free move"))
            specs.append(ActionSpec("end-turn", "End the turn"))
            battle = self.battle or {}
            text = (f"The defender's Artillery has fired: attack {battle.get('to')} from "
                    f"{battle.get('from')} again to go on, or attack elsewhere, or stop."
                    if battle.get("recalled") and not battle.get("over") else
                    "Attack, or stop attacking and make your free move.")
        else:
            if self.turn["moves"] > 0:
                specs.append(self.fortify_spec(seat))
            if play is not None:
                specs.append(play)
            specs.append(ActionSpec("end-turn", "End the turn"))
            text = "Make your free move, or end the turn."
        return Prompt(seat, text, tuple(s for s in specs if s is not None))

    def attack_spec(self, seat: Seat) -> ActionSpec | None:
        battle = self.battle or {}
        recalled = battle.get("from") if battle.get("recalled") and not battle.get("over") \
            else None
        sources = tuple(Choice(a) for a in self.areas_of(seat)
                        if self.can_attack_from(seat, a) or a == recalled)
        if not sources:
            return None
        return ActionSpec("attack", "Attack", (
            Param("from_territory", sources), Param("to_territory"),
            Param("dice", None, False, "int"), Param("count", None, False, "int")))

    def fortify_spec(self, seat: Seat, label: str = "Free move") -> ActionSpec | None:
        sources = tuple(Choice(a) for a in self.fortify_sources(seat))
        if not sources:
            return None
        return ActionSpec("fortify", label, (
            Param("from_territory", sources), Param("to_territory"),
            Param("count", None, True, "int")))

    # ===================================================================
    # Deadlines
    # ===================================================================

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """At the deadline: everyone awaited in a window passes; a defender rolls as many
        dice as allowed; a conquest moves the fewest armies in; an Informant steals the
        first card; a forced trade turns in the first set and places in the first area.
        The turn itself and the setup are left to the players (the creator is told)."""
        if self.finished or not self.stack or self.stage != PLAY:
            return []
        top = self.stack[-1]
        kind = top["kind"]
        if kind == "window":
            return [(s, "pass", {}) for s in top["awaiting"]]
        seat = top["seat"]
        if kind == "defend":
            return [(seat, "defend", {"dice": self.defend_limit()[1]})]
        if kind == "occupy":
            return [(seat, "move", {"count": top["min"]})]
        if kind == "steal":
            return [(seat, "steal", {"card": self.hands[top["from"]][0]})]
        if top["armies"] == 0 and self.sets_in_hand(seat):
            return [(seat, "trade", {"cards": ", ".join(self.sets_in_hand(seat)[0])})]
        if top["armies"] == 0:
            return [(seat, "pass", {})]
        return [(seat, "place", {"territory": self.areas_of(seat)[0], "count": top["armies"]})]

    # ===================================================================
    # Views and state
    # ===================================================================

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if self.stage != PLAY:
            return "setup"
        return self.step or "playing"

    def public_decision(self) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        shown: dict[str, Any] = {"kind": top["kind"], "seat": top.get("seat")}
        if top["kind"] == "window":
            shown.update(reason=top["reason"], awaiting=list(top["awaiting"]),
                         card=top.get("card"), player=top.get("player"))
        if top["kind"] == "occupy":
            shown.update(to=top["to"], min=top["min"], max=top["max"])
        return shown

    def call_words(self, seat: Seat) -> str:
        """A card window is nobody's turn: its seats may play a card now; a defender is
        attacked. Public: the stack's top kind is in the public view."""
        kind = self.stack[-1]["kind"] if self.stack and not self.finished else None
        if kind == "window":
            return "you may play a card now"
        if kind == "defend":
            return "you are attacked"
        return super().call_words(seat)

    def window(self) -> Window | None:
        """A card window open to everyone still awaited, or a defender who may answer the
        attack with a card: timed by the `window_seconds` option (0: no timer)."""
        seconds = float(self.options["window_seconds"] or 0)
        if self.finished or not self.stack or seconds <= 0:
            return None
        kind = str(self.stack[-1]["kind"])
        return Window(kind, seconds) if kind in ("window", "defend") else None

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        sealed = sorted({e["area"] for e in self.effects
                         if e["card"] in ("ICBM", "Nuclear Terrorists", "Toxic Waste")})
        view: dict[str, Any] = {
            "cards": self.options["cards"],
            "stage": self.stage,
            "step": self.step,
            "order": list(self.order),
            "current": self.current if self.stage != "" else None,
            "turn_number": self.turns,
            "board": {t: {"owner": self.owner[t], "armies": self.armies[t]}
                      for t in self.map.territories},
            "neutrals": {k: dict(v) for k, v in self.neutrals.items()},
            "out": list(self.out),
            "hand_sizes": {s: len(self.hands[s]) for s in self.seats},
            "draw_pile": len(self.pile),
            "discards": list(self.discards),
            "reserve": dict(self.reserve),
            "effects": [dict(e) for e in self.effects],
            "sealed_areas": sealed,
            "delayed": dict(self.delayed),
            "decision": self.public_decision(),
            "battle": dict(self.battle) if self.battle else None,
            "last_battle": dict(self.last_battle) if self.last_battle else None,
            "window_seconds": self.options["window_seconds"],
        }
        if self.stage == PLAY and self.turn:
            view["to_place"] = self.pending() if self.step == REINFORCE else 0
            view["free_moves"] = self.turn["moves"]
            view["sets_traded"] = self.traded
        if seat is not None:
            view["you"] = seat
            view["hand"] = list(self.hands.get(seat, []))
            view["card_texts"] = {c: {**self.deck_info[c].to_json(),
                                      "needs": list(PARAMS.get(c, ()))} for c in view["hand"]}
            view["not_yet_usable"] = list(self.fresh.get(seat, []))
        return view

    def _dump(self) -> dict[str, Any]:
        return {
            "order": list(self.order), "stage": self.stage, "index": self.index,
            "reserve": dict(self.reserve), "owner": dict(self.owner),
            "armies": dict(self.armies), "neutrals": {k: dict(v) for k, v in
                                                      self.neutrals.items()},
            "neutral_count": self.neutral_count,
            "hands": {s: list(h) for s, h in self.hands.items()}, "pile": list(self.pile),
            "discards": list(self.discards), "out": list(self.out), "step": self.step,
            "turn": self.turn, "turns": self.turns, "delayed": dict(self.delayed),
            "effects": self.effects, "offturn": self.offturn, "stack": self.stack,
            "battle": self.battle, "fresh": self.fresh, "traded": self.traded,
            "last_battle": self.last_battle,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.deck_info = self.load_deck()
        self.order = list(data["order"])
        self.stage = data["stage"]
        self.index = int(data["index"])
        self.reserve = dict(data["reserve"])
        self.owner = dict(data["owner"])
        self.armies = dict(data["armies"])
        self.neutrals = dict(data["neutrals"])
        self.neutral_count = int(data["neutral_count"])
        self.hands = {s: list(h) for s, h in data["hands"].items()}
        self.pile = list(data["pile"])
        self.discards = list(data["discards"])
        self.out = list(data["out"])
        self.step = data["step"]
        self.turn = data["turn"]
        self.turns = int(data["turns"])
        self.delayed = dict(data["delayed"])
        self.effects = list(data["effects"])
        self.offturn = dict(data["offturn"])
        self.stack = list(data["stack"])
        self.battle = data["battle"]
        self.fresh = dict(data["fresh"])
        self.traded = int(data["traded"])
        self.last_battle = data["last_battle"]


__all__ = ["OneWorldDominion"]
