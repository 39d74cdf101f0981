"""Illuminati (the basic game of the current box), played on a card set.

The rules: rulebook pages 7 and 8 (`shared/rules/illuminati-fragment.md`) exactly, the rest
from the outline in `shared/reference/illuminati.md` (parts B and C), with the house rulings
ILL-1 to ILL-15 and the options for what no source settles (docs/illuminati.md). The concept
modules add the parts (see `base`; `prompts` and `views` ask and show); this module puts
them together: options, setup, the state, the deadline policy, settling the decisions and
the actions' entry points.
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import Option
from engine.games.illuminati import statecheck
from engine.games.illuminati.attack import ALWAYS_FAILS, HOW_WORDS
from engine.games.illuminati.base import NOTICE, plural
from engine.games.illuminati.goals import basic_goal
from engine.games.illuminati.views import Views
from engine.games.illuminati.words import OPTION_LABELS
from engine.registry import register
from engine.rng import Rng
from engine.spec import Window

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
class Illuminati(Views):
    """Illuminati for 2 to 8 players, on a card set."""

    variant = "illuminati"
    title = "Illuminati"
    summary = ("The game of conspiracy: build a Power Structure of Groups, attack to control, "
               "neutralize or destroy, interfere, buy privilege, play Specials out of turn. "
               "An unofficial aid, not affiliated with Steve Jackson Games; it plays on a card "
               "set your group supplies (a small invented sample set is built in).")
    notice = NOTICE
    rulings = RULINGS
    min_seats = 2
    max_seats = 8
    options_spec = wording.labelled((
        Option("cards", "", "Your group's card set (the Illuminati and Group cards of your own "
               "copy), as the JSON text of a card set file (its schema is in the game's "
               "documentation): attach the file to /ill new. Empty: the invented sample set.",
               zero="the invented sample set", given="your group's own"),
        Option("cards_file", "", "The name of your card set file, said when something in it "
               "is refused (/ill new gives the attached file's name).", zero="none"),
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
    # The pictures come once a turn (the structures that changed in it: the `turn_ended`
    # event names them), and at the end; a capture or a deal is told in words meanwhile.
    render_on = frozenset({"turn_ended", "game_over"})

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
            events.append(public("choosing", f"{', '.join(choosing)} now "
                                 f"choose{'s' if len(choosing) == 1 else ''} a special "
                                 "goal in secret.", awaiting=choosing))
        return events + self.advance(rng)

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
    # Deadlines
    # ===================================================================

    def window(self) -> Window | None:
        """An attack's money or roll window, or a Special's cancel window, open to everyone
        still awaited: timed by the `window_seconds` option (0: no timer), from public facts
        only."""
        seconds = float(self.options["window_seconds"] or 0)
        if self.finished or not self.stack or seconds <= 0:
            return None
        return Window("window", seconds) if self.stack[-1]["kind"] in ("attack", "cancel") \
            else None

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """At the deadline: everyone awaited in a window passes; a captured or bribed Group
        takes the first arrow offered; a cancelled abolition is given up; a goal to choose
        is the first offered. The turn itself is left to its player (the creator is told);
        open offers simply lapse with the turn."""
        if self.finished or not self.stack:
            return []
        return self.decision_timeouts()

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
