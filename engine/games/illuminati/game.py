"""Illuminati (the basic game of the current box), played on a card set.

The rules: rulebook pages 7 and 8 (`shared/rules/illuminati-fragment.md`) exactly, the rest
from the outline in `shared/reference/illuminati.md` (parts B and C), with the house rulings
ILL-1 to ILL-14 and the options for what no source settles (docs/illuminati.md). The concept
modules add the parts (see `base`); this module puts them together: options, setup,
prompts, views, the state, the deadline policy and the actions' entry points.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import wording
from engine.decisions import Decision
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Option, Param, Prompt
from engine.games.illuminati import statecheck
from engine.games.illuminati.attack import ALWAYS_FAILS, HOW_WORDS, WHISPER
from engine.games.illuminati.base import NOTICE, mb, plural
from engine.games.illuminati.deals import ANY_CARD
from engine.games.illuminati.goals import basic_goal
from engine.games.illuminati.reorganize import opening_value
from engine.games.illuminati.structure import DIRECTIONS
from engine.games.illuminati.turn import Turns
from engine.games.illuminati.words import (
    LABELS,
    OPTION_LABELS,
    QUESTIONS,
    ability_text,
    goal_text,
)
from engine.registry import register
from engine.rng import Rng

RULINGS = (
    "ILL-1: A Power Structure is laid out on a grid of squares, one card a square; an "
    "Illuminati card has an outgoing arrow on each side, a Group's arrows turn with it, and "
    "two cards of one structure never share a square.",
    "ILL-2: A moved, captured or received Group's puppets keep their arrows where they can; "
    "one that would overlap takes another vacant arrow of the same master (ahead, right, "
    "left, back); one that fits nowhere goes, with its puppets, to the uncontrolled area.",
    "ILL-3: A Group that becomes uncontrolled (dropped, neutralized, orphaned, lost) keeps "
    "its treasury; a destroyed Group's goes to the bank, and so do a leaving player's.",
    "ILL-4: Each card takes part in one attack a turn, attacking or aiding (two for an "
    "Illuminati card with the ability); after a failed attack as the first action, the same "
    "Group may attack the same target again with the second.",
    "ILL-5: The first player is drawn at random; turns then go round the seats in order.",
    "ILL-6: A Special turned up to add a target goes to the bottom of the draw pile.",
    "ILL-7: Specials are played in windows: Assassination and Murphy's Law after a roll, Deep "
    "Agent and Interference in a privileged attack, Secrets as a Special is played; Bribery, "
    "Market Manipulation and White Collar Crime on your own turn; the others at any time.",
    "ILL-8: A Group of Power 0 can be attacked to destroy only with Whispering Campaign.",
    "ILL-9: From the moment an attack is declared privileged until it ends, abolished or not, "
    "no one may give or trade money or Specials.",
    "ILL-10: Offers lapse at the end of the turn; a Group received in a deal takes the first "
    "vacant arrow nearest the Illuminati (up, right, down, left), or goes uncontrolled if "
    "none is left; Groups don't change hands while an attack is under way.",
    "ILL-11: Throwing the game is left to the players' judgement: the bot refuses no deal "
    "for it.",
    "ILL-12: Hidden Goals: each player chooses, in secret at the start, one special goal of "
    "the card set's Illuminati, instead of their own Illuminati's.",
    "ILL-13: Hidden Illuminati: the cards are dealt face down; a card is turned up when its "
    "ability shows in play, when its player wins or leaves, or when another player accuses it "
    "rightly (an action).",
    "ILL-14: The defender's spending, interference, Specials and aid may come in any order; "
    "each time money is spent or aid added, everyone else may answer again, and the dice are "
    "rolled once all have passed.",
    "ILL-15: A Group's distance from its Illuminati defends it against the other players, "
    "not against its own player.",
)

GROUP_PARAMS = frozenset({"group", "target", "from_group", "to_group", "give_group",
                          "take_group"})
CARD_PARAMS = frozenset({"card", "second_card", "give_card"})


@register
class Illuminati(Turns):
    """Illuminati for 2 to 8 players, on a card set."""

    variant = "illuminati"
    title = "Illuminati"
    summary = ("The game of conspiracy: build a Power Structure of Groups, attack to control, "
               "neutralize or destroy, interfere, buy privilege, play Specials out of turn. "
               "An unofficial aid, not affiliated with Steve Jackson Games; it plays on a card "
               "set your group supplies (a small invented sample set is built in).")
    rulings = RULINGS
    min_seats = 2
    max_seats = 8
    options_spec = wording.labelled((
        Option("cards", "", "Your group's card set (the Illuminati and Group cards of your own "
               "copy), as the JSON text of a card set file (its schema is in the game's "
               "documentation); empty = the invented sample set."),
        Option("distance", "10-5-2", "Defence of a controlled Group by its distance from its "
               "Illuminati: '10-5-2' = the target number goes down 10, 5 or 2 for a Group one, "
               "two or three arrows away; 'none' = no such defence.",
               choices=("10-5-2", "none")),
        Option("defence_rates", "2-1", "What each MB the defender spends is worth: '2-1' = 2 "
               "from the target's own treasury, 1 from the Illuminati treasury; '1-1' = 1 "
               "from either.", choices=("2-1", "1-1")),
        Option("targets", 2, "At the end of each turn, cards are turned up until this many "
               "Groups are uncontrolled (0: never).", minimum=0, maximum=8),
        Option("illuminati_counts", False, "Whether the Illuminati card itself counts toward "
               "the Basic Goal's number of Groups."),
        Option("hidden_goals", False, "Hidden Goals: each player chooses a special goal in "
               "secret at the start."),
        Option("hidden_illuminati", False, "Hidden Illuminati: the Illuminati cards are dealt "
               "face down, with accusations."),
        Option("window_seconds", 30, "How long the bot keeps a reaction window open (live "
               "play); the same for every window, whoever holds what.", minimum=0,
               maximum=7 * 24 * 3600),
    ), OPTION_LABELS)
    # Answers any player may give at any time (the handlers check when they apply): money on
    # an attack before its roll, aid, the two-card abolition, Specials, gifts and deals.
    free_actions = frozenset({"play", "give", "offer", "accept", "decline", "withdraw",
                              "leave", "spend", "aid", "abolish", "call-off", "show"})
    queries = frozenset({"hand", "odds"})
    check_state = staticmethod(statecheck.check_state)
    render_on = frozenset({"turn_ended", "captured", "neutralized", "destroyed", "deal",
                           "placed", "game_over"})

    # ===================================================================
    # Setup
    # ===================================================================

    def setup(self, rng: Rng) -> list[Event]:
        self.cards = self.load_cards()
        if len(self.cards.illuminati) < len(self.seats):
            count = plural(len(self.cards.illuminati), "Illuminati card")
            raise NotAllowed(f"The card set has {count}: not enough for {len(self.seats)} "
                             "players.")
        names = list(self.cards.illuminati)
        rng.shuffle(names, label="illuminati")
        self.illuminati = {s: names[i] for i, s in enumerate(self.seats)}
        first = rng.choice(self.seats, label="first player")
        start = self.seats.index(first)
        self.order = self.seats[start:] + self.seats[:start]
        self.index = 0
        self.placed = {card: {"owner": s, "master": None, "arrow": None}
                       for s, card in self.illuminati.items()}
        self.money = {card: self.card(card).income for card in self.illuminati.values()
                      if self.card(card).income}
        self.uncontrolled, self.dead, self.discards, self.unseen = [], [], [], []
        self.shown = []
        self.pile = list(self.cards.groups) + list(self.cards.specials)
        rng.shuffle(self.pile, label="cards")
        self.hands = {s: [] for s in self.seats}
        self.out, self.turns_taken, self.destroyed, self.skips = {}, {}, {}, {}
        self.turns = 0
        self.turn = None
        self.stack = []
        self.goals = {s: None for s in self.seats}
        self.revealed = []
        self.offers, self.offer_count = [], 0
        self.players_at_start = len(self.seats)
        self.goal_groups = basic_goal(len(self.seats))
        self.last_attack = None
        buried = 0
        while len(self.uncontrolled) < 4 and self.pile and buried <= len(self.pile):
            card = self.pile.pop()
            if card in self.cards.specials:
                self.pile.insert(0, card)
                buried += 1
            else:
                self.uncontrolled.append(card)
        choosing = [s for s in self.order if self.needs_choice(s)]
        self.started = not choosing
        if choosing:
            self.stack.append({"kind": "choose-goal", "awaiting": choosing})
        sample = " (an invented sample set, not the real cards)" if self.cards.sample else ""
        events = [public("setup", f"Illuminati, on the card set “{self.cards.title}”{sample}. "
                         f"{NOTICE}", card_set=self.cards.public())]
        if self.options["hidden_illuminati"]:
            events.append(public("dealt", "Each player is dealt an Illuminati card face down.",
                                 hidden=True))
            events += [private(s, "your_illuminati", self.illuminati_words(s))
                       for s in self.order]
        else:
            events.append(public("dealt", "Illuminati: " + "; ".join(
                f"{s}: {self.illuminati[s]}" for s in self.order) + ".",
                illuminati=dict(self.illuminati)))
        events.append(public("order", f"{self.order[0]} plays first; then "
                             f"{', '.join(self.order[1:])}. Uncontrolled Groups: "
                             f"{', '.join(self.uncontrolled)}. To win: control "
                             f"{self.goal_groups} Groups, or meet your special goal.",
                             order=list(self.order)))
        if choosing:
            events.append(public("choosing", f"{', '.join(choosing)} now choose a special "
                                 "goal in secret.", awaiting=choosing))
        return events + self.advance(rng)

    def illuminati_words(self, seat: Seat) -> str:
        card = self.card(self.illuminati[seat])
        ability = "; ".join(ability_text(a) for a in card.abilities) or "no special ability"
        return (f"Your Illuminati: {card.name} (Power {card.power}/{card.transferable}, income "
                f"{card.income}): {ability}. Special goal: {goal_text(card.goal)}.")

    # ===================================================================
    # Checking input and running the flow after each action
    # ===================================================================

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        known = {n.lower(): n for n in (*self.cards.illuminati, *self.cards.groups)}
        hand = self.hands.get(seat, []) if isinstance(seat, str) else []
        for name, value in list(params.items()):
            if not isinstance(value, str):
                continue
            if name in GROUP_PARAMS:
                params[name] = known.get(value.strip().lower(), value)
            elif name in CARD_PARAMS:
                wanted = value.strip().lower()
                match = [c for c in hand if c.lower() == wanted] or \
                    [c for c in hand if self.special(c).name.lower() == wanted]
                params[name] = match[0] if match else value
            elif name == "player":
                seats = {s.lower(): s for s in self.seats}
                params[name] = seats.get(value.strip().lower(), value)
        handler = super()._check(seat, action, params)
        if action in self.queries:
            return handler

        def run(seat: Seat, rng: Rng, **kwargs: Any) -> list[Event]:
            events: list[Event] = handler(seat, rng, **kwargs)
            events += self.advance(rng)
            self.forget_shown()
            return events

        return run

    # ===================================================================
    # Actions
    # ===================================================================

    def do_attack(self, seat: Seat, rng: Rng, group: str, target: str, how: str,
                  privilege: str | None = None) -> list[Event]:
        """Announce an attack to control, neutralize or destroy (privileged if you say how:
        `ability`, or a Special card to discard)."""
        return self.declare(seat, group, target, how, privilege)

    def do_spend(self, seat: Seat, rng: Rng, mb: int, source: str | None = None,
                 side: str | None = None) -> list[Event]:
        """Put money on the attack under way: attacker, defender, or interfering."""
        return self.spend(seat, mb, source, side)

    def do_aid(self, seat: Seat, rng: Rng, group: str) -> list[Event]:
        """Add a Group's Transferable Power to your attack (a free action)."""
        return self.aid(seat, group)

    def do_call_off(self, seat: Seat, rng: Rng) -> list[Event]:
        """Call off your attack before any money is down."""
        return self.call_off(seat)

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """Let the window go by without answering."""
        return self.pass_window(seat)

    def do_place(self, seat: Seat, rng: Rng, at: str, mb: int | None = None) -> list[Event]:
        """Place a captured or bribed Group on a vacant arrow (after a capture, with money
        from the attacking Group if you wish)."""
        return self.place(seat, at, mb)

    def do_play(self, seat: Seat, rng: Rng, card: str, group: str | None = None,
                player: str | None = None) -> list[Event]:
        """Play a Special card (free, unless it is Bribery)."""
        return self.play(seat, card, group, player)

    def do_abolish(self, seat: Seat, rng: Rng, card: str, second_card: str) -> list[Event]:
        """Discard two Specials to abolish a privilege."""
        return self.abolish(seat, card, second_card)

    def do_replace(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Replace the card Secrets cancelled, to abolish the privilege after all."""
        return self.replace(seat, card)

    def do_give_up(self, seat: Seat, rng: Rng) -> list[Event]:
        """Let the privilege stand (the card left is lost)."""
        return self.give_up(seat)

    def do_transfer(self, seat: Seat, rng: Rng, from_group: str, to_group: str,
                    mb: int) -> list[Event]:
        """Move money between a Group and its master or puppet."""
        return self.transfer(seat, from_group, to_group, mb)

    def do_move(self, seat: Seat, rng: Rng, group: str, to: str) -> list[Event]:
        """Move a Group (and its puppets) to a vacant arrow of your Power Structure."""
        turn = self.turn
        free = bool(turn and turn["seat"] == seat and turn["ending"]
                    and self.ability(seat, "free-moves"))
        if turn is not None and turn["ending"] and not free:
            raise NotAllowed("Your actions are over: end the turn.")
        events = self.move(seat, group, to, free)
        if free:
            events = self.reveal(seat, "it reorganizes at the end of its turn") + events
        return events

    def do_drop(self, seat: Seat, rng: Rng, group: str) -> list[Event]:
        """Drop a Group (and its puppets) to the uncontrolled area: a free action."""
        return self.drop(seat, group)

    def do_pass_turn(self, seat: Seat, rng: Rng) -> list[Event]:
        """Take no action at all this turn and collect 5 MB."""
        return self.pass_turn(seat, rng)

    def do_end_turn(self, seat: Seat, rng: Rng) -> list[Event]:
        """End your turn (after your Illuminati's end-of-turn step, if it has one)."""
        return self.finish_actions(seat, rng)

    def do_offer(self, seat: Seat, rng: Rng, player: str, give_mb: int | None = None,
                 take_mb: int | None = None, give_group: str | None = None,
                 take_group: str | None = None, give_card: str | None = None,
                 take_card: str | None = None) -> list[Event]:
        """Offer a deal that changes hands at once if accepted."""
        return self.offer(seat, player, {
            "give_mb": give_mb or 0, "take_mb": take_mb or 0, "give_group": give_group,
            "take_group": take_group, "give_card": give_card, "take_card": take_card})

    def do_accept(self, seat: Seat, rng: Rng, offer: str, card: str | None = None
                  ) -> list[Event]:
        """Accept an offer: everything changes hands at once."""
        return self.accept(seat, offer, card)

    def do_decline(self, seat: Seat, rng: Rng, offer: str) -> list[Event]:
        """Decline an offer."""
        return self.decline(seat, offer)

    def do_withdraw(self, seat: Seat, rng: Rng, offer: str) -> list[Event]:
        """Withdraw an offer you made."""
        return self.withdraw(seat, offer)

    def do_give(self, seat: Seat, rng: Rng, player: str, mb: int | None = None,
                card: str | None = None) -> list[Event]:
        """Give money (Illuminati to Illuminati) or a Special, at any time."""
        return self.give(seat, player, mb, card)

    def do_show(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Show one of your Specials to everyone (it stays in your hand)."""
        return self.show(seat, card)

    def do_leave(self, seat: Seat, rng: Rng) -> list[Event]:
        """Leave the game."""
        return self.leave(seat)

    def do_choose_goal(self, seat: Seat, rng: Rng, goal: str) -> list[Event]:
        """Choose your special goal, in secret."""
        return self.choose_goal(seat, goal)

    def do_accuse(self, seat: Seat, rng: Rng, player: str, illuminati: str) -> list[Event]:
        """Name another player's hidden Illuminati (an action)."""
        return self.accuse(seat, player, illuminati)

    def do_hand(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your Specials, Illuminati and goal (asked privately; not logged)."""
        return [private(seat, "hand", "\n".join(self.describe(seat)))]

    def do_odds(self, seat: Seat, rng: Rng, group: str, target: str,
                how: str = "control") -> list[Event]:
        """The target number of an attack you might make, and its chance, privately."""
        if group not in self.placed or target not in self.targets() or how not in HOW_WORDS:
            raise Unreadable("Name one of your cards, a Group that can be attacked, and "
                             "control, neutralize or destroy.")
        if self.owner(group) != seat:
            raise NotAllowed(f"{group} is not in your Power Structure.")
        entry = {"seat": seat, "group": group, "target": target, "how": how, "aid": [],
                 "spent": {"attacker": 0, "target": 0, "defence": 0}, "interference": {},
                 "sides": {}}
        number, _ = self.target_number(entry)
        chance = sum(1 for a in range(1, 7) for b in range(1, 7)
                     if a + b < ALWAYS_FAILS and a + b <= number) / 36
        return [private(seat, "odds", f"{group} {HOW_WORDS[how]} {target}: needs "
                        f"{self.number_text(entry)}; before any money, a "
                        f"{round(chance * 100)}% chance.")]

    # ===================================================================
    # Decisions on the stack
    # ===================================================================

    def decisions(self, entry: dict[str, Any]) -> list[Decision]:
        kind = entry["kind"]
        if kind == "attack":
            return [Decision(self.attack_prompt(entry, s), ("pass", {}))
                    for s in entry["awaiting"]]
        if kind == "cancel":
            return [Decision(self.window_prompt(s, f"{entry['seat']} plays "
                                                f"{self.cancel_name(entry)}: cancel it with a "
                                                "Special, or pass."), ("pass", {}))
                    for s in entry["awaiting"]]
        if kind == "place":
            return self.place_decisions(entry)
        if kind == "replace":
            return self.replace_decisions(entry)
        if kind == "choose-goal":
            return self.goal_decisions(entry)
        raise AssertionError(kind)  # pragma: no cover

    def settle(self, entry: dict[str, Any], rng: Rng) -> list[Event]:
        kind = entry["kind"]
        if kind == "attack":
            return self.roll(entry, rng) if entry["stage"] == "money" else \
                self.resolve(entry, rng)
        if kind == "cancel":
            return self.settle_cancel(entry, rng)
        if kind == "place":
            return self.settle_place(entry)
        if kind == "choose-goal":
            self.stack.remove(entry)
            return [public("goals_chosen", "Every goal is chosen: the game begins.")]
        raise AssertionError(kind)  # pragma: no cover

    # ===================================================================
    # Prompts
    # ===================================================================

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
        ids = tuple(Choice(d["id"], f"Offer {d['id']} from {d['from']}")
                    for d in self.offers_to(seat))
        specs = [ActionSpec("accept", params=(Param("offer", ids),
                                              Param("card", self.hand_choices(seat),
                                                    required=False))),
                 ActionSpec("decline", params=(Param("offer", ids),))]
        if prompt is None:
            return Prompt(seat, "You have an offer to accept or decline.", tuple(specs))
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
        return Prompt(seat, f"Your turn: {left} left, {free}. Attack, reorganize, deal, or "
                      "end the turn.", tuple(specs))

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

    # ===================================================================
    # Deadlines
    # ===================================================================

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """At the deadline: everyone awaited in a window passes; a captured or bribed Group
        takes the first arrow offered; a cancelled abolition is given up; a goal to choose
        is the first offered. The turn itself is left to its player (the creator is told);
        open offers simply lapse with the turn."""
        if self.finished or not self.stack:
            return []
        return self.decision_timeouts()

    # ===================================================================
    # Views and state
    # ===================================================================

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if not self.started:
            return "choosing goals"
        if self.stack:
            return {"attack": "attack", "cancel": "special", "place": "placing",
                    "replace": "abolishing"}.get(self.stack[-1]["kind"], "playing")
        return "turn"

    def public_decision(self) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        kind = top["kind"]
        if kind in ("attack", "cancel"):
            reason = "cancel" if kind == "cancel" else \
                ("roll" if top["stage"] == "roll" else "attack")
            return {"kind": "window", "reason": reason, "seat": top["seat"],
                    "awaiting": list(top["awaiting"])}
        if kind == "choose-goal":
            return {"kind": kind, "awaiting": list(top["awaiting"])}
        return {"kind": kind, "seat": top["seat"]}

    def card_view(self, name: str) -> dict[str, Any]:
        """A card as everyone sees it (a hidden Illuminati shows only its treasury)."""
        card = self.card(name)
        seat = self.owner(name)
        view: dict[str, Any] = {"name": name, "illuminati": card.illuminati,
                                "treasury": self.treasury(name)}
        if card.illuminati and seat is not None and self.hidden(seat):
            view.update(name=None, hidden=True)
            return view
        view.update(power=card.power, transferable=card.transferable,
                    resistance=None if card.illuminati else card.resistance,
                    income=card.income, alignments=list(card.alignments),
                    abilities=[ability_text(a) for a in card.abilities], text=card.text)
        return view

    def structure_view(self, seat: Seat) -> list[dict[str, Any]]:
        if seat in self.out:
            return []
        lay = self.layout(seat)
        cards = []
        for name, (x, y) in lay.cells.items():
            entry = self.card_view(name)
            entry.update(x=x, y=y, facing=lay.facing[name], depth=lay.depth[name],
                         master=self.shown_master(self.master(name)),
                         arrows=lay.outgoing(name, self.arrows_of),
                         puppets=[lay.facing[p] for p in lay.puppets.get(name, [])])
            cards.append(entry)
        return cards

    def shown_master(self, master: str | None) -> str | None:
        if master is None:
            return None
        seat = self.owner(master)
        return None if seat is not None and master == self.root(seat) and self.hidden(seat) \
            else master

    def special_goal_public(self, seat: Seat) -> str | None:
        if self.options["hidden_goals"] or self.goals.get(seat) is not None or \
                self.hidden(seat):
            return None
        return goal_text(self.goal_of(seat))

    def player_view(self, seat: Seat) -> dict[str, Any]:
        card = self.card(self.illuminati[seat])
        shown = not self.hidden(seat)
        return {"illuminati": card.name if shown else None, "hidden": not shown,
                "ability": "; ".join(ability_text(a) for a in card.abilities) or None
                if shown else None,
                "special_goal": self.special_goal_public(seat), "treasury": self.purse(seat),
                "specials": len(self.hands.get(seat, [])), "shown": [
                    self.special(c).name for c in self.hands.get(seat, []) if c in self.shown],
                "groups": len(self.groups_of(seat)),
                "out": self.out.get(seat), "destroyed": self.destroyed.get(seat, 0),
                "turns_taken": self.turns_taken.get(seat, 0), "loses_turns":
                self.skips.get(seat, 0)}

    def attack_view(self) -> dict[str, Any] | None:
        entry = self.attack_entry()
        if entry is None:
            return None
        number, parts = self.target_number(entry)
        return {"seat": entry["seat"], "group": self.shown_card(entry["group"]),
                "target": entry["target"], "how": entry["how"], "aid":
                [self.shown_card(a) for a in entry["aid"]], "defender": entry["defender"],
                "privileged": entry["privileged"], "abolished": entry["abolished"],
                "committed": entry["committed"], "needed": number,
                "parts": [[w, v] for w, v in parts], "stage": entry["stage"],
                "roll": entry["roll"], "interference": dict(entry["interference"]),
                "sides": dict(entry["sides"]), "may_interfere": list(entry["allowed"])}

    def offer_view(self, deal: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
        text, names = self.deal_words(deal)
        view = {"id": deal["id"], "from": deal["from"], "to": deal["to"], "terms": text}
        if seat in (deal["from"], deal["to"]) and names:
            view["cards"] = names
        return view

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        turn = self.turn
        ending = bool(turn and turn["ending"]) and not (turn and self.hidden(turn["seat"]))
        view: dict[str, Any] = {
            "notice": NOTICE,
            "card_set": self.cards.public(),
            "order": list(self.order),
            "current": turn["seat"] if turn else None,
            "turn_number": self.turns,
            "step": "ending" if ending else ("actions" if turn else
                                             ("setup" if not self.started else "between")),
            "actions_left": turn["actions"] if turn else 0,
            "free_transfers": turn["transfers"] if turn else 0,
            "goal_groups": self.goal_groups,
            "players": {s: self.player_view(s) for s in self.order},
            "structures": {s: self.structure_view(s) for s in self.order},
            "uncontrolled": [self.card_view(c) for c in self.uncontrolled],
            "dead": list(self.dead),
            "discards": [self.special(c).name for c in self.discards],
            "out_of_play": len(self.unseen),
            "draw_pile": len(self.pile),
            "decision": self.public_decision(),
            "attack": self.attack_view(),
            "last_attack": dict(self.last_attack) if self.last_attack else None,
            "offers": [self.offer_view(d, seat) for d in self.offers],
            "window_seconds": self.options["window_seconds"],
        }
        if seat is not None:
            view["you"] = seat
            view["hand"] = [{"id": c, "name": self.special(c).name,
                             "text": self.special(c).text} for c in self.hands.get(seat, [])]
            card = self.card(self.illuminati[seat])
            view["your_illuminati"] = {"name": card.name, "power": card.power,
                                       "transferable": card.transferable,
                                       "income": card.income, "abilities":
                                       [ability_text(a) for a in card.abilities]}
            view["your_goal"] = goal_text(self.goal_of(seat)) \
                if self.goals.get(seat) or card.goal.kind != "another" else None
        return view

    def describe(self, seat: Seat) -> list[str]:
        lines = [self.illuminati_words(seat)]
        if self.goals.get(seat) is not None:
            lines.append(f"Your chosen special goal: {goal_text(self.goal_of(seat))}.")
        lines.append(f"Basic Goal: control {self.goal_groups} Groups (you have "
                     f"{self.group_count(seat)}).")
        lines.append(self.hand_words(seat))
        for deal in self.offers:
            if seat in (deal["from"], deal["to"]):
                view = self.offer_view(deal, seat)
                lines.append(f"Offer {deal['id']} from {deal['from']} to {deal['to']}: "
                             f"{view['terms']}" + (f" ({view['cards']})" if "cards" in view
                                                   else "") + ".")
        if seat in self.out:
            lines.append("You are out of the game.")
        return lines

    def _dump(self) -> dict[str, Any]:
        return {
            "order": self.order, "index": self.index, "illuminati": self.illuminati,
            "placed": self.placed, "money": self.money, "uncontrolled": self.uncontrolled,
            "dead": self.dead, "pile": self.pile, "discards": self.discards,
            "unseen": self.unseen, "shown": self.shown,
            "hands": self.hands, "out": self.out, "turns_taken": self.turns_taken,
            "turns": self.turns, "turn": self.turn, "stack": self.stack,
            "destroyed": self.destroyed, "skips": self.skips, "goals": self.goals,
            "revealed": self.revealed, "offers": self.offers, "offer_count": self.offer_count,
            "goal_groups": self.goal_groups, "players_at_start": self.players_at_start,
            "started": self.started, "last_attack": self.last_attack,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.cards = self.load_cards()
        self.order = list(data["order"])
        self.index = int(data["index"])
        self.illuminati = dict(data["illuminati"])
        self.placed = {c: dict(p) for c, p in data["placed"].items()}
        self.money = dict(data["money"])
        self.uncontrolled = list(data["uncontrolled"])
        self.dead = list(data["dead"])
        self.pile = list(data["pile"])
        self.discards = list(data["discards"])
        self.unseen = list(data.get("unseen", []))
        self.shown = list(data.get("shown", []))
        self.hands = {s: list(h) for s, h in data["hands"].items()}
        self.out = dict(data["out"])
        self.turns_taken = dict(data["turns_taken"])
        self.turns = int(data["turns"])
        self.turn = data["turn"]
        self.stack = list(data["stack"])
        self.destroyed = dict(data["destroyed"])
        self.skips = dict(data["skips"])
        self.goals = dict(data["goals"])
        self.revealed = list(data["revealed"])
        self.offers = list(data["offers"])
        self.offer_count = int(data["offer_count"])
        self.goal_groups = int(data["goal_groups"])
        self.players_at_start = int(data["players_at_start"])
        self.started = bool(data["started"])
        self.last_attack = data["last_attack"]


__all__ = ["Illuminati"]
