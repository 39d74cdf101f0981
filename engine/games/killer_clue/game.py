"""Killer Clue: one of the suspects is secretly the killer (rules/killer-clue.md).

Seats are the suspects. The engine keeps the killer's envelope (the Case File) and every
hand secret: the killer learns who they are by a private event, cards are *given* privately,
and the Danger round's face-down cards are shuffled before they are revealed, so nobody
learns who played what. House rulings KC-1..KC-11 (RULINGS.md) and the engine's own
decisions are listed in docs/killer-clue.md.

The concept modules add the parts: `base` (the state and the flow of a game turn),
`suspect` (pawns, weapons, leaving the game), `decisions` (the stack's decisions and the
answering of suggestions), `investigation`, `intrigue` and `danger` (the rounds). This
module puts them together: options, setup, prompts, refusals in words, the deadline policy,
the questions a player may ask, views and the state.
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.deck import Deck
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.killer_clue import board, cards, statecheck
from engine.games.killer_clue.base import DEAD, INNOCENT_HAND, OUT, PLAYING
from engine.games.killer_clue.board import RING, ROOMS, SUSPECTS, WEAPONS, is_room
from engine.games.killer_clue.cards import CARDS
from engine.games.killer_clue.danger import Danger
from engine.games.killer_clue.intrigue import Intrigue
from engine.games.killer_clue.investigation import Investigation
from engine.games.killer_clue.words import RANDOM, the, titles
from engine.registry import register
from engine.rng import Rng
from engine.spec import Option, Prompt


@register
class KillerClue(Investigation, Intrigue, Danger):
    """Killer Clue for 3 to 6 players (KC-1), one suspect each."""

    variant = "killer-clue"
    title = "Killer Clue"
    summary = ("Clue with a secret killer among the players: find who, where and with what "
               "before you are the next victim.")
    min_seats = 3
    max_seats = 6
    seat_names = SUSPECTS
    options_spec = (
        Option("butler_maid", False, "Add Butler Enters Room (5 or fewer players) and Maid "
               "Enters Room (4 or fewer) to the Intrigue cards.", label="Butler & Maid cards"),
        Option("red_herrings", False, "Add Red Herring 5 (5 or more players) and Red Herring 6 "
               "(6 players) to the Clue cards.", label="Red Herring cards"),
        Option("dice", "2d6", "Movement and Blackout dice: two six-sided dice, or one twelve-"
               "sided die as the optional rules allow.", choices=("2d6", "d12"), label="Dice"),
        Option("killer_hand", "full", "The killer's Intrigue & Danger hand: 'full' = 4 + the "
               "number of players, Suspect Murdered cards included; 'reference' = 4 plus the "
               "Suspect Murdered cards still held (the reference sheet's reading).",
               choices=("full", "reference"), label="The killer's hand"),
        Option("table_order", "board", "Who sits on whose left: 'board' = the suspects' order "
               "round the board (Scarlet, Mustard, White, Green, Peacock, Plum); 'seats' = the "
               "order the seats were given.", choices=("board", "seats"), label="Seating"),
    )
    queries = frozenset({"hand", "notes", "board"})
    render_on = frozenset({"round_started", "danger_resolved", "game_over"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be

    # ===================================================================
    # Setup (Getting Started, steps 1 to 9)
    # ===================================================================

    def setup(self, rng: Rng) -> list[Event]:
        if self.options["table_order"] == "board":
            self.table = [s for s in SUSPECTS if s in self.seats]
        else:
            self.table = list(self.seats)
        players = len(self.table)
        # 1. Choose Suspects: the unplayed suspects' cards and envelopes are removed (KC-1).
        unplayed = [s for s in SUSPECTS if s not in self.table]
        # 2. Sort Cards: three Clue stacks, Suspect Murdered + 1 Blackout, Intrigue & Danger.
        murder_stack, intrigue_stack = cards.intrigue_and_danger(
            self.table, butler_maid=bool(self.options["butler_maid"]))
        self.removed = list(unplayed)
        self.removed += [c for c, i in CARDS.items()
                         if i.subject in unplayed for _ in range(i.copies)]
        # 3. Place Weapons into Rooms: a shuffled room card for each weapon in turn.
        room_cards = list(ROOMS)
        rng.shuffle(room_cards, label="room cards for the weapons")
        self.weapons = {w: room_cards[i] for i, w in enumerate(WEAPONS)}
        # 4. Assign Killer: the envelopes are shuffled and one is set aside.
        envelopes = list(self.table)
        rng.shuffle(envelopes, label="envelopes")
        self.killer = envelopes[0]
        # 5. Fill Killer's Envelope: a random weapon and room complete the Case File.
        weapon_cards = list(WEAPONS)
        rng.shuffle(weapon_cards, label="weapon cards")
        room_cards = list(ROOMS)
        rng.shuffle(room_cards, label="room cards")
        self.case_file = {"suspect": self.killer, "weapon": weapon_cards.pop(),
                          "room": room_cards.pop()}
        # 6. Deal Clue Cards to Players: the innocents' suspect cards, the other weapons and
        #    rooms (and the Red Herrings, KC-10) shuffled and dealt round the table.
        clue_pile = [s for s in self.table if s != self.killer] + weapon_cards + room_cards
        if self.options["red_herrings"]:
            clue_pile += cards.red_herrings_for(players)
        rng.shuffle(clue_pile, label="clue cards")
        self.clues = {s: [] for s in self.table}
        for i, card in enumerate(clue_pile):
            self.clues[self.table[i % players]].append(card)
        # 7. Intrigue & Danger: 9 to each innocent, the next 3 to the killer, the rest is the
        #    draw pile. The killer also gets the Suspect Murdered cards and a Blackout.
        self.deck = Deck("intrigue & danger", list(intrigue_stack))
        self.deck.shuffle(rng)
        innocents = [s for s in self.table if s != self.killer]
        dealt = self.deck.deal(rng, innocents, INNOCENT_HAND)
        self.hands = {s: list(dealt.get(s, [])) for s in self.table}  # luck keeps the deal
        self.hands[self.killer] = murder_stack + self.deck.draw(rng, 3)
        self.killer_hand = 4 + players  # KC-3
        # 8./9. Pass Out Envelopes and Inspect: the board and the private envelopes.
        self.pawns = {s: board.START[s] for s in self.table}
        self.status = {s: PLAYING for s in self.table}
        self.vanished_from = {s: None for s in self.table}
        self.carrying = {}
        self.may_suggest = {s: False for s in self.table}
        self.played = []
        self.notes = {s: [] for s in self.table}
        self.turn = 1
        self.first = "Miss Scarlet" if "Miss Scarlet" in self.table else self.table[0]
        self.moves_first = None
        self.blackout = False
        self.second = False
        self.candles = []
        self.danger_plays = {}
        self.revealed = []
        self.intrigue_played = []
        self.last_roll = None
        self.stack = []
        self.effects = self._no_effects()
        self._start_round("investigation")
        events = [public(
            "setup",
            f"Killer Clue for {players}: {', '.join(self.table)}. "
            + (f"Unplayed suspects' cards are out of the game: {', '.join(unplayed)}. "
               if unplayed else "")
            + "Weapons: " + "; ".join(f"{w} in {the(str(r))}" for w, r in self.weapons.items())
            + f". One of you did it. {self.first} moves first.",
            table=list(self.table), weapons=dict(self.weapons), unplayed=unplayed,
            first=self.first)]
        for seat in self.table:
            events.append(self._envelope(seat))
        events.append(self._round_event())
        return events

    def _envelope(self, seat: Seat) -> Event:
        hand = self.hands[seat]
        clue_text = ", ".join(self.clues[seat]) or "none"
        if seat == self.killer:
            cf = self.case_file
            text = (f"Your envelope holds the Suspect Murdered cards: YOU ARE THE KILLER. "
                    f"Your Case File (never give these away): {cf['suspect']}, {cf['weapon']}, "
                    f"{cf['room']}. Your other Clue cards: {clue_text}. Your Intrigue & Danger "
                    f"cards ({len(hand)}): {titles(hand)}.")
            return private(seat, "envelope", text, killer=True, case_file=dict(cf),
                           clues=list(self.clues[seat]), hand=list(hand))
        text = (f"You are innocent. Your Clue cards: {clue_text}. Your Intrigue & Danger cards "
                f"({len(hand)}): {titles(hand)}.")
        return private(seat, "envelope", text, killer=False, clues=list(self.clues[seat]),
                       hand=list(hand))

    # ===================================================================
    # Prompts, refusals in words, deadlines
    # ===================================================================

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stack:
            return self.decision_prompts()
        if self.round == "danger":
            return {s: self._danger_prompt(s) for s in self.in_game()
                    if s not in self.danger_plays and self._danger_legal(s)}
        seat = self.current
        if seat is None:
            return {}
        if self.round == "investigation":
            return {seat: self._investigation_prompt(seat)}
        return {seat: self._intrigue_prompt(seat)}

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        """The base checks, with the refusal of an unoffered choice explained in words the
        player understands ("Mr. Green is protected by Mrs. Peacock in the Library"). The
        explanation is built from what the acting seat may know (KC-5: a private refusal)."""
        try:
            return super()._check(seat, action, params)
        except NotAllowed:
            reason = self._why_not(seat, action, params)
            if reason:
                raise NotAllowed(reason) from None
            raise

    def not_now(self, seat: Seat, action: str) -> str:
        return wording.not_now(self.prompts(), seat)

    def _why_not(self, seat: Seat, action: str, params: dict[str, Any]) -> str | None:
        prompt = None if self.finished else self.prompts().get(seat)
        if prompt is None:
            return None  # not this seat's turn: the base refusal says who is awaited
        if action == "accuse" and seat == self.killer and prompt.action("pass") \
                and self.round == "investigation" and not self.stack:
            return "The killer may never make an accusation."
        if prompt.action(action) is None:
            return None
        if action == "accuse":
            held = [params.get(k) for k in ("suspect", "weapon", "room")
                    if params.get(k) in self.clues[seat]]
            if held:
                return f"You hold the {held[0]} card, so you may not accuse with it."
        if action == "suggest" and is_room(self.pawns.get(seat)):
            here = self.pawns[seat] or ""
            weapon, room = params.get("weapon"), params.get("room")
            if room is not None and room != here:
                return f"You must suggest the room you are in, {the(here)}."
            if weapon in WEAPONS and self.weapons.get(weapon) != here:
                return f"The {weapon} is not in {the(here)}."
        card = params.get("card")
        if action == "play" and isinstance(card, str) and card in CARDS \
                and card in self.hands[seat]:
            refusal = self._play_refusal(seat, card, params.get("target"))
            if refusal:
                return refusal
        if action == "danger" and isinstance(card, str) and card in self.hands[seat] \
                and cards.card_type(card) == "murdered" and seat == self.killer:
            return self.murder_refusal(cards.subject(card) or "")
        if action == "give" and seat == self.killer and card in self.case_file.values():
            return "Never give away a Case File card: you are the killer."
        top = self.stack[-1] if self.stack else None
        to = params.get("to")
        if action == "go" and top is not None and top["kind"] == "go" and to is not None:
            return f"{to} is not a square you can reach with {top['steps']}."
        return wording.unoffered(prompt, action, params)

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """Deadline policy: see docs/killer-clue.md."""
        if self.finished:
            return []
        if self.stack:
            return self.decision_timeouts()
        if self.round == "danger":
            return [(s, "danger", {"card": RANDOM}) for s in self._prompts()]
        seat = self.current
        return [(seat, "pass", {})] if seat is not None else []

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """End your Investigation turn, or play no more Intrigue cards."""
        if self.stack and self.stack[-1]["kind"] == "go":
            self.stack.pop()
        what = "ends the turn" if self.round == "investigation" else "plays no more cards"
        events = [public("passed", f"{seat} {what}.", seat=seat)]
        self._end_player_turn()
        return events + self._advance(rng)

    # ===================================================================
    # Informational free actions
    # ===================================================================

    def do_hand(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your cards, privately."""
        text = f"Clue cards: {', '.join(self.clues[seat]) or 'none'}. Intrigue & Danger " \
               f"cards: {titles(self.hands[seat]) or 'none'}."
        if seat == self.killer:
            cf = self.case_file
            text = (f"You are the killer. Case File: {cf['suspect']}, {cf['weapon']}, "
                    f"{cf['room']}. " + text)
        return [private(seat, "hand", text, clues=list(self.clues[seat]),
                        hand=list(self.hands[seat]))]

    def _note_lines(self, seat: Seat) -> list[str]:
        return [f"turn {n['turn']}: {n['card']} from {n['from']} ({n['how']})"
                for n in self.notes[seat]]

    def do_notes(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your detective notes: every card given or shown to you, and by whom."""
        lines = self._note_lines(seat)
        return [private(seat, "notes", "Your notes: " + ("; ".join(lines) or "nothing yet."),
                        notes=[dict(n) for n in self.notes[seat]])]

    def do_board(self, seat: Seat, rng: Rng) -> list[Event]:
        """Where everyone and every weapon is, privately."""
        pawns = "; ".join(f"{s}: {self._where(s)}" for s in self.table)
        arms = "; ".join(f"{w}: {the(r) if r else 'carried'}" for w, r in self.weapons.items())
        return [private(seat, "board", f"Suspects: {pawns}. Weapons: {arms}.",
                        view=self.view(None))]

    # ===================================================================
    # In words: what a seat holds and knows
    # ===================================================================

    def describe(self, seat: Seat) -> list[str]:
        """Who you are, where you stand, your cards, your notes and your detective sheet."""
        out: list[str] = []
        if seat == self.killer:
            cf = self.case_file
            out.append(f"You are {seat}, THE KILLER. Your Case File (never give these away): "
                       f"{cf['suspect']}, {cf['weapon']}, {cf['room']}.")
        else:
            out.append(f"You are {seat}, and innocent.")
        if self.status[seat] == DEAD:
            out.append("You have been murdered: you are out of the game.")
        elif self.status[seat] == OUT:
            out.append("Your accusation was wrong: you are out of the game.")
        else:
            where = self._where(seat)
            where = ("You have disappeared; you return at the next Intrigue round."
                     if where == "disappeared" else f"You are in {where}.")
            if self.may_suggest.get(seat):
                where += " You may make a suggestion here on your Investigation turn."
            carried = self.carrying.get(seat)
            if carried:
                where += f" You carry the {carried['weapon']}."
            out.append(where)
        clues = self.clues[seat]
        out.append(f"Your Clue cards ({len(clues)}): {', '.join(clues) or 'none'}.")
        hand = self.hands[seat]
        out.append(f"Your Intrigue & Danger cards ({len(hand)}): "
                   f"{', '.join(CARDS[c].title for c in hand) or 'none'}.")
        lines = self._note_lines(seat)
        out.append("Cards you were given or dealt: " + ("; ".join(lines) or "none yet") + ".")
        if seat != self.killer:
            out.append(self._sheet(seat))
        return out

    def _sheet(self, seat: Seat) -> str:
        """The detective sheet: what may still be in the Case File, from this seat's cards."""
        known = set(self.clues[seat]) | {n["card"] for n in self.notes[seat]}
        known |= {n["card"] for s in self.table for n in self.notes[s] if n["from"] == seat}
        # The killer never accuses or dies, and you know you are innocent.
        who = [s for s in self.table if s != seat and s not in known
               and self.status[s] not in (DEAD, OUT)]
        what = [w for w in WEAPONS if w not in known]
        where = [r for r in ROOMS if r not in known]
        return (f"Still possible, as far as your cards tell: {', '.join(who) or 'nobody'}; "
                f"{', '.join(what)}; {', '.join(where)}.")

    # ===================================================================
    # Views and state
    # ===================================================================

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        fx = self.effects
        suspects = {}
        for s in self.table:
            carried = self.carrying.get(s)
            suspects[s] = {"location": self.pawns.get(s), "status": self.status[s],
                           "colour": board.COLOURS[s], "clue_cards": len(self.clues[s]),
                           "carrying": carried["weapon"] if carried else None}
        view: dict[str, Any] = {
            "turn": self.turn,
            "round": self.round,
            "second_round": self.second,
            "first_player": self.first,
            "current": self.current,
            "table": list(self.table),
            "unplayed": [s for s in SUSPECTS if s not in self.table],
            "suspects": suspects,
            "weapons": dict(self.weapons),
            "candles": list(self.candles),
            "locked": list(fx["locked"]),
            "staff": dict(fx["staff"]),
            "distracted": list(fx["distracted"]),
            "consults": [list(p) for p in fx["consults"]],
            "moves_first": self.moves_first,
            "intrigue_played": [dict(p) for p in self.intrigue_played],
            "danger_played": [s for s in self.table if s in self.danger_plays],
            "revealed": list(self.revealed),
            "last_roll": dict(self.last_roll) if self.last_roll else None,
            "draw_pile": len(self.deck),
            "ring": list(RING),
            "killer": self.killer if self.finished else None,
            "case_file": dict(self.case_file) if self.finished else None,
        }
        if seat is not None:
            view["you"] = seat
            view["you_are_killer"] = seat == self.killer
            view["hand"] = list(self.hands[seat])
            view["clues"] = list(self.clues[seat])
            view["notes"] = [dict(n) for n in self.notes[seat]]
            view["may_suggest"] = self.may_suggest.get(seat, False)
            if seat == self.killer:
                view["case_file"] = dict(self.case_file)
                view["killer"] = seat
        return view

    def _dump(self) -> dict[str, Any]:
        return {
            "table": list(self.table),
            "killer": self.killer,
            "case_file": dict(self.case_file),
            "clues": {s: list(c) for s, c in self.clues.items()},
            "hands": {s: list(h) for s, h in self.hands.items()},
            "draw_pile": list(self.deck.pile),
            "removed": list(self.removed),
            "played": list(self.played),
            "pawns": dict(self.pawns),
            "status": dict(self.status),
            "vanished_from": dict(self.vanished_from),
            "weapons": dict(self.weapons),
            "carrying": {s: dict(c) for s, c in self.carrying.items()},
            "may_suggest": dict(self.may_suggest),
            "turn": self.turn,
            "round": self.round,
            "second": self.second,
            "first": self.first,
            "order": list(self.order),
            "index": self.index,
            "active": dict(self.active),
            "stack": [dict(e) for e in self.stack],
            "effects": {"locked": list(self.effects["locked"]),
                        "distracted": list(self.effects["distracted"]),
                        "consults": [list(p) for p in self.effects["consults"]],
                        "staff": dict(self.effects["staff"]),
                        "firsts": list(self.effects["firsts"])},
            "candles": list(self.candles),
            "moves_first": self.moves_first,
            "blackout": self.blackout,
            "danger_plays": dict(self.danger_plays),
            "revealed": list(self.revealed),
            "intrigue_played": [dict(p) for p in self.intrigue_played],
            "notes": {s: [dict(n) for n in ns] for s, ns in self.notes.items()},
            "last_roll": dict(self.last_roll) if self.last_roll else None,
            "killer_hand": self.killer_hand,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        try:
            self.table = list(data["table"])
            self.killer = data["killer"]
            self.case_file = dict(data["case_file"])
            self.clues = {s: list(c) for s, c in data["clues"].items()}
            self.hands = {s: list(h) for s, h in data["hands"].items()}
            self.deck = Deck("intrigue & danger", list(data["draw_pile"]))
            self.removed = list(data["removed"])
            self.played = list(data["played"])
            self.pawns = dict(data["pawns"])
            self.status = dict(data["status"])
            self.vanished_from = dict(data["vanished_from"])
            self.weapons = dict(data["weapons"])
            self.carrying = {s: dict(c) for s, c in data["carrying"].items()}
            self.may_suggest = dict(data["may_suggest"])
            self.turn = int(data["turn"])
            self.round = data["round"]
            self.second = bool(data["second"])
            self.first = data["first"]
            self.order = list(data["order"])
            self.index = int(data["index"])
            self.active = dict(data["active"])
            self.stack = [dict(e) for e in data["stack"]]
            self.effects = dict(data["effects"])
            self.candles = list(data["candles"])
            self.moves_first = data["moves_first"]
            self.blackout = bool(data["blackout"])
            self.danger_plays = dict(data["danger_plays"])
            self.revealed = list(data["revealed"])
            self.intrigue_played = [dict(p) for p in data["intrigue_played"]]
            self.notes = {s: [dict(n) for n in ns] for s, ns in data["notes"].items()}
            self.last_roll = data["last_roll"]
            self.killer_hand = int(data["killer_hand"])
        except (KeyError, TypeError, ValueError) as exc:
            raise Unreadable(f"This Killer Clue state is incomplete: {exc}") from None
        self._check_loaded()

    def _check_loaded(self) -> None:
        """Refuse an imported state that breaks the game's invariants."""
        if set(self.table) != set(self.seats):
            raise Unreadable("The table must seat exactly the game's suspects.")
        if self.killer not in self.table:
            raise Unreadable("The killer must be one of the seated suspects.")
        for w, r in self.weapons.items():
            if w not in WEAPONS or (r is not None and r not in ROOMS):
                raise Unreadable(f"Unknown weapon or room: {w} in {r}.")
        for s, loc in self.pawns.items():
            if loc is not None and not is_room(loc) and board.parse_square(loc) is None:
                raise Unreadable(f"{s} stands on an unknown square {loc!r}.")
        if self.round not in ("investigation", "intrigue", "danger"):
            raise Unreadable(f"Unknown round {self.round!r}.")
