"""Killer Clue: one of the suspects is secretly the killer (rules/killer-clue.md).

Seats are the suspects. The engine keeps the killer's envelope (the Case File) and every
hand secret: the killer learns who they are by a private event, cards are *given* privately,
and the Danger round's face-down cards are shuffled before they are revealed, so nobody
learns who played what. House rulings KC-1..KC-11 (RULINGS.md) and the engine's own
decisions are listed in docs/killer-clue.md.

A game turn: Investigation (each player moves, suggests, perhaps accuses), First Intrigue,
First Danger, and after a Blackout a Second Intrigue and Second Danger round, then Ending
the Turn. Interruptions (a card to give, a move to finish, a trade, a weapon to bring, a
return from disappearance) are decisions on a stack; the top one is what `prompts()` asks.
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.deck import Deck
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Game, Option, Param, Prompt
from engine.games.killer_clue import board, cards, statecheck
from engine.games.killer_clue.board import PASSAGES, RING, ROOMS, SUSPECTS, WEAPONS, is_room
from engine.games.killer_clue.cards import CARDS, Card
from engine.registry import register
from engine.rng import Rng

INNOCENT_HAND = 9
DIRECTIONS = ("left", "right")
RANDOM = "random"
NONE = "none"

PLAYING, MISSING, DEAD, OUT = "playing", "missing", "dead", "out"


def _choices(values: list[str], labels: dict[str, str] | None = None) -> tuple[Choice, ...]:
    labels = labels or {}
    return tuple(Choice(v, labels.get(v, "")) for v in values)


# Who answers a suggestion or accusation first, in a player's words.
DIRECTION_LABELS = {"left": "The player on my left", "right": "The player on my right",
                    NONE: "No mini-suggestion"}


def _directions(values: list[str]) -> tuple[Choice, ...]:
    return _choices(values, DIRECTION_LABELS)


def _card_choices(values: list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, cards.label(v)) for v in values)


def _distinct(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def _titles(hand: list[Card]) -> str:
    """Intrigue & Danger cards by their printed titles, as the menus show them."""
    return ", ".join(CARDS[c].title if c in CARDS else c for c in hand)


def _the(room: str) -> str:
    return f"the {room}"


@register
class KillerClue(Game):
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

    # --- state (see docs/killer-clue.md, "State schema") ------------------
    table: list[Seat]
    killer: Seat
    case_file: dict[str, str]
    clues: dict[Seat, list[Card]]
    hands: dict[Seat, list[Card]]
    deck: Deck
    removed: list[Card]
    played: list[Card]
    pawns: dict[Seat, str | None]
    status: dict[Seat, str]
    vanished_from: dict[Seat, str | None]
    weapons: dict[str, str | None]
    carrying: dict[Seat, dict[str, str]]
    may_suggest: dict[Seat, bool]
    turn: int
    round: str
    second: bool
    first: Seat
    order: list[Seat]
    index: int
    active: dict[str, Any]
    stack: list[dict[str, Any]]
    effects: dict[str, Any]
    candles: list[str]
    moves_first: Seat | None
    blackout: bool
    danger_plays: dict[Seat, Card]
    revealed: list[Card]
    intrigue_played: list[dict[str, str]]
    notes: dict[Seat, list[dict[str, Any]]]
    last_roll: dict[str, Any] | None
    killer_hand: int

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
            + "Weapons: " + "; ".join(f"{w} in {_the(str(r))}" for w, r in self.weapons.items())
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
                    f"cards ({len(hand)}): {_titles(hand)}.")
            return private(seat, "envelope", text, killer=True, case_file=dict(cf),
                           clues=list(self.clues[seat]), hand=list(hand))
        text = (f"You are innocent. Your Clue cards: {clue_text}. Your Intrigue & Danger cards "
                f"({len(hand)}): {_titles(hand)}.")
        return private(seat, "envelope", text, killer=False, clues=list(self.clues[seat]),
                       hand=list(hand))

    # ===================================================================
    # Small helpers
    # ===================================================================

    @staticmethod
    def _no_effects() -> dict[str, Any]:
        return {"locked": [], "distracted": [], "consults": [], "staff": {}, "firsts": []}

    def alive(self, seat: Seat) -> bool:
        """Still in the game: neither murdered nor out through a wrong accusation."""
        return self.status.get(seat) in (PLAYING, MISSING)

    def in_game(self) -> list[Seat]:
        return [s for s in self.table if self.alive(s)]

    def occupants(self, room: str) -> list[Seat]:
        return [s for s in self.table if self.pawns.get(s) == room]

    def rotation(self, start: Seat, step: int = 1) -> list[Seat]:
        """The table from `start` (included) going left (+1) or right (-1)."""
        n = len(self.table)
        i = self.table.index(start)
        return [self.table[(i + k * step) % n] for k in range(n)]

    def _next_alive(self, seat: Seat) -> Seat:
        for s in self.rotation(seat):
            if self.alive(s):
                return s
        return seat

    def _hand_target(self, seat: Seat) -> int:
        if seat != self.killer:
            return INNOCENT_HAND
        if self.options["killer_hand"] == "reference":
            return 4 + sum(1 for c in self.hands[seat] if cards.card_type(c) == "murdered")
        return self.killer_hand

    def _roll(self, rng: Rng, why: str) -> list[int]:
        if self.options["dice"] == "d12":
            return rng.roll(1, 12, label=why)
        return rng.roll(2, 6, label=why)

    @staticmethod
    def _dice_text(dice: list[int]) -> str:
        return f"{'+'.join(map(str, dice))} = {sum(dice)}" if len(dice) > 1 else str(dice[0])

    def _where(self, seat: Seat) -> str:
        loc = self.pawns.get(seat)
        if self.status[seat] == MISSING:
            return "disappeared"
        if loc is None:
            return self.status[seat]
        return _the(loc) if is_room(loc) else f"corridor {loc}"

    def _note(self, seat: Seat, card: Card, giver: Seat, how: str) -> None:
        self.notes[seat].append({"card": card, "from": giver, "how": how, "turn": self.turn})

    # --- pawns and weapons --------------------------------------------

    def _place(self, seat: Seat, location: str, *, by_other: bool) -> None:
        """Put a pawn somewhere; a carried weapon is set down when it enters a room."""
        self.pawns[seat] = location
        if self.status[seat] == MISSING:
            self.status[seat] = PLAYING
            self.vanished_from[seat] = None
        if is_room(location):
            carried = self.carrying.pop(seat, None)
            if carried:
                self.weapons[carried["weapon"]] = location
            if by_other:
                self.may_suggest[seat] = True
        else:
            self.may_suggest[seat] = False

    def _take_weapon(self, seat: Seat, weapon: str, room: str) -> None:
        self.weapons[weapon] = None
        self.carrying[seat] = {"weapon": weapon, "from": room}

    def _drop_weapon(self, seat: Seat) -> None:
        """A carrier leaving the board puts the weapon back in the room it came from."""
        carried = self.carrying.pop(seat, None)
        if carried:
            self.weapons[carried["weapon"]] = carried["from"]

    def weapons_in(self, room: str) -> list[str]:
        return [w for w in WEAPONS if self.weapons.get(w) == room]

    # ===================================================================
    # Rounds and the flow of the turn
    # ===================================================================

    def _start_round(self, name: str) -> None:
        self.round = name
        self.order = [s for s in self.rotation(self.first) if self.alive(s)]
        self.index = 0
        self.active = {"moved": False, "suggested": False, "accused": False, "plays": 0}
        if name == "intrigue":
            self.effects = self._no_effects()
            self.intrigue_played = []
            for seat in reversed(self.order):
                if self.status[seat] == MISSING:
                    self.stack.append({"kind": "reappear", "seat": seat})
        if name == "danger":
            self.danger_plays = {}

    def _round_event(self) -> Event:
        names = {"investigation": "Investigation round",
                 "intrigue": ("Second " if self.second else "First ") + "Intrigue round",
                 "danger": ("Second " if self.second else "First ") + "Danger round"}
        name = names[self.round]
        if self.round == "danger":
            text = f"Turn {self.turn}: {name}. Everyone plays one card face down."
        else:
            text = f"Turn {self.turn}: {name}, starting with {self.first}."
        return public("round_started", text, turn=self.turn, round=self.round,
                      second=self.second, first=self.first)

    @property
    def current(self) -> Seat | None:
        """Whose turn it is in the Investigation or Intrigue round."""
        if self.finished or self.round == "danger" or self.index >= len(self.order):
            return None
        return self.order[self.index]

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if self.round == "danger":
            return f"turn {self.turn}: {'second ' if self.second else ''}danger round"
        name = ("second " if self.second and self.round == "intrigue" else "") + self.round
        return f"turn {self.turn}: {name} round ({self.current})"

    def _end_player_turn(self) -> None:
        seat = self.current
        if seat is not None and self.round == "investigation":
            self.may_suggest[seat] = False
        self.index += 1
        self.active = {"moved": False, "suggested": False, "accused": False, "plays": 0}

    def _advance(self, rng: Rng) -> list[Event]:
        """Run everything automatic until a player must decide."""
        events: list[Event] = []
        for _ in range(1000):
            if self.finished:
                return events
            if self.stack:
                top = self.stack[-1]
                if top["kind"] == "give" and top.get("seat") is None:
                    events += self._run_answers(rng)
                    continue
                return events
            if self.round in ("investigation", "intrigue"):
                seat = self.current
                if seat is None:
                    events += self._round_over(rng)
                    continue
                if not self.alive(seat):
                    self._end_player_turn()
                    continue
                if self.round == "intrigue" and self.active["plays"] >= 2:
                    self._end_player_turn()
                    continue
                return events
            # Danger round: resolve once every living player has played.
            waiting = [s for s in self.in_game()
                       if s not in self.danger_plays and self._danger_legal(s)]
            if waiting:
                return events
            events += self._resolve_danger(rng)
        raise RuntimeError("Killer Clue did not settle")  # pragma: no cover

    def _round_over(self, rng: Rng) -> list[Event]:
        if self.round == "investigation":
            someone_in_room = any(is_room(self.pawns.get(s)) for s in self.in_game())
            someone_missing = any(self.status[s] == MISSING for s in self.table)
            if not (someone_in_room or someone_missing):
                skipped = public("no_intrigue", "Every suspect is in the corridors: no Intrigue "
                                 "or Danger round this turn.")
                return [skipped] + self._end_turn(rng)
            self._start_round("intrigue")
            return [self._round_event()]
        self._start_round("danger")
        return [self._round_event()]

    # ===================================================================
    # Prompts
    # ===================================================================

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stack:
            top = self.stack[-1]
            seat = top.get("seat")
            if seat is None:
                return {}
            return {seat: self._decision_prompt(top)}
        if self.round == "danger":
            return {s: self._danger_prompt(s) for s in self.in_game()
                    if s not in self.danger_plays and self._danger_legal(s)}
        seat = self.current
        if seat is None:
            return {}
        if self.round == "investigation":
            return {seat: self._investigation_prompt(seat)}
        return {seat: self._intrigue_prompt(seat)}

    def _investigation_prompt(self, seat: Seat) -> Prompt:
        actions: list[ActionSpec] = []
        here = self.pawns.get(seat)
        a = self.active
        if here is not None and not a["moved"]:
            actions.append(ActionSpec("move", f"Roll {self.options['dice']} and move"))
            if here in PASSAGES:
                actions.append(ActionSpec("passage", f"Take the secret passage to the "
                                          f"{PASSAGES[here]}", (self._weapon_param(here),)))
        if self._may_suggest_now(seat):
            assert here is not None
            actions.append(ActionSpec("suggest", "Make a suggestion", (
                Param("suspect", _choices(list(self.table)), question="Which suspect?"),
                Param("weapon", _choices(self.weapons_in(here)),
                      question="With which weapon in this room?"),
                Param("room", _choices([here]), required=False, question="In which room? (the one you are in)"),
                Param("direction", _directions(list(DIRECTIONS)), required=False,
                      question="Who answers first?"))))
        if seat != self.killer:
            held = set(self.clues[seat])
            who = [s for s in self.table if s != seat and s not in held]
            what = [w for w in WEAPONS if w not in held]
            where = [r for r in ROOMS if r not in held]
            if who and what and where:
                actions.append(ActionSpec("accuse", "Make an accusation", (
                    Param("suspect", _choices(who), question="Who is the killer?"),
                    Param("weapon", _choices(what), question="With which weapon?"),
                    Param("room", _choices(where), question="In which room?"),
                    Param("direction", _directions(list(DIRECTIONS)), required=False,
                          question="Who answers first?"))))
        actions.append(ActionSpec("pass", "End your turn"))
        return Prompt(seat, f"Your Investigation turn ({self._where(seat)}).", tuple(actions))

    def _may_suggest_now(self, seat: Seat) -> bool:
        here = self.pawns.get(seat)
        return (is_room(here) and self.may_suggest.get(seat, False)
                and not self.active["suggested"] and not self.active["accused"]
                and bool(self.weapons_in(here or "")))

    def _weapon_param(self, room: str | None) -> Param:
        options = self.weapons_in(room) if room and is_room(room) else []
        return Param("weapon", _choices(options), required=False,
                     question="Take a weapon from this room with you?")

    def _intrigue_prompt(self, seat: Seat) -> Prompt:
        playable = [c for c in _distinct(self.hands[seat]) if self._playable(seat, c)]
        actions: list[ActionSpec] = []
        if playable:
            targets = self._target_choices(seat, playable)
            actions.append(ActionSpec("play", "Play an Intrigue card", (
                Param("card", _card_choices(playable), question="Which Intrigue card?"),
                Param("target", _choices(targets), required=False,
                      question="Motive: which suspect? Butler or Maid: which room?"),
                Param("direction", _directions([*DIRECTIONS, NONE]), required=False,
                      question="Who answers your mini-suggestion first?"))))
        actions.append(ActionSpec("pass", "Play no more Intrigue cards"))
        left = 2 - self.active["plays"]
        cards_left = "one more Intrigue card" if left == 1 else f"up to {left} Intrigue cards"
        return Prompt(seat, f"Your Intrigue turn: play {cards_left} face up, keeping at least "
                      "one card for the Danger round.", tuple(actions))

    def _danger_prompt(self, seat: Seat) -> Prompt:
        legal = self._danger_legal(seat)
        return Prompt(seat, "Danger round: play one card face down.", (
            ActionSpec("danger", "Play a card face down", (
                Param("card", _card_choices(legal) + (Choice(RANDOM, "A random card"),),
                      question="Which card do you play face down?"),)),))

    def _decision_prompt(self, top: dict[str, Any]) -> Prompt:
        seat: Seat = top["seat"]
        kind = top["kind"]
        if kind == "go":
            dests = self._destinations(seat, top["steps"])
            here = self.pawns.get(seat)
            params = [Param("to", _choices(dests, {d: d if is_room(d) else f"Corridor {d}"
                                                   for d in dests}), question="Where to?")]
            if is_room(here):
                params.append(self._weapon_param(here))
            return Prompt(seat, f"You rolled {top['steps']}: where do you go?", (
                ActionSpec("go", "Move there", tuple(params)),
                ActionSpec("pass", "Stay and end your turn")))
        if kind == "give":
            legal = self._legal_gives(seat, top)
            values = list(legal)
            if self._may_decline(seat, top):
                values.append(NONE)
            labels = {NONE: "Give nothing"}
            choices = tuple(Choice(v, labels.get(v, cards.label(v))) for v in values)
            if legal:
                choices += (Choice(RANDOM, "A random legal card"),)
            verb = {"suggestion": "suggestion", "accusation": "accusation",
                    "mini": "suggestion"}[top["mode"]]
            return Prompt(seat, f"Disprove {top['to']}'s {verb} ({', '.join(top['cards'])}): "
                          "give one card.", (ActionSpec("give", "Give a card", (
                              Param("card", choices, question="Which card do you give?"),)),))
        if kind == "bring":
            options = self.weapons_in(top["room"]) + [NONE]
            return Prompt(seat, f"You are summoned to {_the(top['to'])}: bring a weapon from "
                          f"{_the(top['room'])}?", (ActionSpec("bring", "Bring a weapon", (
                              Param("weapon", _choices(options, {NONE: "No weapon"}),
                                    question="Which weapon do you bring?"),)),))
        if kind == "trade":
            options = list(self.clues[seat]) + [NONE]
            other = top["with"] if top.get("offer") is None else top["from"]
            return Prompt(seat, f"Consult: trade one Clue card with {other}? Pick the card you "
                          "give, or none.", (ActionSpec("trade", "Trade a Clue card", (
                              Param("card", tuple(Choice(v, "No trade" if v == NONE
                                                         else cards.label(v))
                                                  for v in options),
                                    question="Which Clue card do you give?"),)),))
        if kind == "reappear":
            return Prompt(seat, "You return from your disappearance: choose your room.", (
                ActionSpec("reappear", "Return to a room", (
                    Param("room", _choices([*ROOMS, RANDOM], {RANDOM: "A random room"}),
                          question="Which room do you return to?"),)),))
        raise AssertionError(kind)  # pragma: no cover

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
                return f"You must suggest the room you are in, {_the(here)}."
            if weapon in WEAPONS and self.weapons.get(weapon) != here:
                return f"The {weapon} is not in {_the(here)}."
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
            top = self.stack[-1]
            seat = top.get("seat")
            if seat is None:
                return []
            policy: dict[str, tuple[str, dict[str, Any]]] = {
                "go": ("pass", {}),
                "give": ("give", {"card": RANDOM}),
                "bring": ("bring", {"weapon": NONE}),
                "trade": ("trade", {"card": NONE}),
                "reappear": ("reappear", {"room": RANDOM}),
            }
            action, params = policy[top["kind"]]
            return [(seat, action, params)]
        if self.round == "danger":
            return [(s, "danger", {"card": RANDOM}) for s in self._prompts()]
        seat = self.current
        return [(seat, "pass", {})] if seat is not None else []

    # ===================================================================
    # Investigation: movement
    # ===================================================================

    def _destinations(self, seat: Seat, steps: int) -> list[str]:
        here = self.pawns.get(seat)
        if here is None:
            return []
        others = [loc for s, loc in self.pawns.items() if s != seat and loc is not None]
        return board.destinations(here, steps, others)

    def _investigating(self, seat: Seat) -> None:
        if self.stack or self.round != "investigation" or self.current != seat:
            raise NotAllowed("It is not your Investigation turn.")  # pragma: no cover

    def do_move(self, seat: Seat, rng: Rng) -> list[Event]:
        """Roll the dice (2d6, KC-6); then `go` to one of the places the roll reaches."""
        self._investigating(seat)
        dice = self._roll(rng, f"{seat} moves")
        steps = sum(dice)
        self.active["moved"] = True
        self.last_roll = {"seat": seat, "dice": dice, "why": "move"}
        events = [public("rolled", f"{seat} rolls {self._dice_text(dice)}.", seat=seat,
                         dice=dice)]
        if not self._destinations(seat, steps):
            events.append(public("blocked", f"{seat} is hemmed in and cannot move.", seat=seat))
            return events
        self.stack.append({"kind": "go", "seat": seat, "steps": steps})
        return events

    def do_go(self, seat: Seat, rng: Rng, to: str, weapon: str | None = None) -> list[Event]:
        """Finish a move: `to` is a room or a corridor square label such as "H17"."""
        top = self.stack[-1]
        if to not in self._destinations(seat, top["steps"]):  # pragma: no cover
            raise NotAllowed(f"You cannot reach {to} with {top['steps']}.")
        self.stack.pop()
        return self._move_pawn(seat, to, weapon, how="moves") + self._advance(rng)

    def do_passage(self, seat: Seat, rng: Rng, weapon: str | None = None) -> list[Event]:
        """Take the secret passage from a corner room instead of rolling."""
        self._investigating(seat)
        here = self.pawns[seat]
        assert here is not None and here in PASSAGES
        self.active["moved"] = True
        return (self._move_pawn(seat, PASSAGES[here], weapon, how="takes the secret passage to")
                + self._advance(rng))

    def _move_pawn(self, seat: Seat, to: str, weapon: str | None, how: str) -> list[Event]:
        here = self.pawns[seat]
        if weapon is not None:
            if not (here and is_room(here) and self.weapons.get(weapon) == here):
                raise NotAllowed(f"The {weapon} is not in your room.")  # pragma: no cover
            self._take_weapon(seat, weapon, here)
        carried = self.carrying.get(seat)
        self._place(seat, to, by_other=False)
        if is_room(to):
            self.may_suggest[seat] = True
        dest = _the(to) if is_room(to) else f"corridor {to}"
        text = f"{seat} {how} {dest}" if how != "moves" else f"{seat} moves to {dest}"
        if carried:
            text += (f", setting down the {carried['weapon']} there" if is_room(to)
                     else f", carrying the {carried['weapon']}")
        return [public("moved", text + ".", seat=seat, to=to, weapon=carried["weapon"]
                       if carried else None)]

    # ===================================================================
    # Investigation: suggestions and accusations (KC-4)
    # ===================================================================

    def do_suggest(self, seat: Seat, rng: Rng, suspect: str, weapon: str,
                   room: str | None = None, direction: str = "left") -> list[Event]:
        """Suggest `suspect` in your room with a weapon that is in it; the suspect is summoned."""
        self._investigating(seat)
        here = self.pawns[seat]
        assert here is not None and is_room(here)
        if room is not None and room != here:  # pragma: no cover
            raise NotAllowed(f"You must suggest the room you are in, {_the(here)}.")
        self.active["suggested"] = True
        self.active["moved"] = True
        self.may_suggest[seat] = False
        events = [public("suggested", f"{seat} suggests {suspect}, in {_the(here)}, with the "
                         f"{weapon} (answering to the {direction}).", seat=seat,
                         suspect=suspect, weapon=weapon, room=here, direction=direction)]
        self.stack.append({"kind": "give", "seat": None, "to": seat,
                           "cards": [suspect, weapon, here], "mode": "suggestion",
                           "queue": self._answer_queue(seat, suspect, direction)})
        events += self._summon(seat, suspect, here)
        return events + self._advance(rng)

    def _summon(self, seat: Seat, suspect: str, room: str) -> list[Event]:
        if suspect == seat or suspect not in self.table or not self.alive(suspect):
            return []
        was = self.pawns.get(suspect)
        missing = self.status[suspect] == MISSING
        if was == room:
            return []
        self._place(suspect, room, by_other=True)
        text = (f"{suspect} reappears, summoned to {_the(room)}." if missing
                else f"{suspect} is summoned to {_the(room)}.")
        events = [public("summoned", text, seat=suspect, to=room)]
        if was is not None and is_room(was) and self.weapons_in(was):
            self.stack.append({"kind": "bring", "seat": suspect, "room": was, "to": room})
        return events

    def do_bring(self, seat: Seat, rng: Rng, weapon: str) -> list[Event]:
        """A summoned suspect may bring one weapon from the room they leave."""
        top = self.stack.pop()
        if weapon == NONE:
            return self._advance(rng)
        self.weapons[weapon] = top["to"]
        events = [public("weapon_moved", f"{seat} brings the {weapon} to {_the(top['to'])}.",
                         seat=seat, weapon=weapon, to=top["to"])]
        return events + self._advance(rng)

    def do_accuse(self, seat: Seat, rng: Rng, suspect: str, weapon: str, room: str,
                  direction: str = "left") -> list[Event]:
        """Accuse: answered like a suggestion; if no one can disprove it, it is correct."""
        self._investigating(seat)
        if seat == self.killer:  # pragma: no cover - never prompted
            raise NotAllowed("You may never make an accusation.")
        held = [c for c in (suspect, weapon, room) if c in self.clues[seat]]
        if held:  # pragma: no cover - never prompted
            raise NotAllowed(f"You hold the {held[0]} card, so you may not accuse with it.")
        self.active["accused"] = True
        events = [public("accused", f"{seat} ACCUSES {suspect} of the murder, in {_the(room)}, "
                         f"with the {weapon} (answering to the {direction}).", seat=seat,
                         suspect=suspect, weapon=weapon, room=room, direction=direction)]
        self.stack.append({"kind": "give", "seat": None, "to": seat,
                           "cards": [suspect, weapon, room], "mode": "accusation",
                           "queue": self._answer_queue(seat, suspect, direction)})
        return events + self._advance(rng)

    def _answer_queue(self, asker: Seat, first: str, direction: str) -> list[Seat]:
        step = 1 if direction == "left" else -1
        start = first if first in self.table else asker
        return [s for s in self.rotation(start, step) if s != asker and self.alive(s)]

    def _legal_gives(self, seat: Seat, entry: dict[str, Any]) -> list[Card]:
        """The cards `seat` may give: never a Case File card (KC-5), a Red Herring only
        against a suggestion, only the named card for a mini-suggestion."""
        wanted = entry["cards"]
        hand = self.clues[seat]
        legal = [c for c in hand if c in wanted]
        if entry["mode"] == "suggestion":
            legal += [c for c in hand if cards.is_red_herring(c)]
        return _distinct(legal)

    def _asks_everyone(self, entry: dict[str, Any]) -> bool:
        """With Red Herrings in play, every answerer of a suggestion is asked in turn, as at
        the table: skipping those who cannot answer would point at the Red Herring holders
        (they alone would be awaited without a matching card)."""
        return bool(self.options["red_herrings"]) and entry["mode"] == "suggestion"

    def _may_decline(self, seat: Seat, entry: dict[str, Any]) -> bool:
        """Only a player who holds no matching card (but a Red Herring) may give nothing."""
        return not any(c in entry["cards"] for c in self.clues[seat])

    def _run_answers(self, rng: Rng) -> list[Event]:
        entry = self.stack[-1]
        events: list[Event] = []
        while entry["queue"]:
            answerer = entry["queue"][0]
            legal = self._legal_gives(answerer, entry)
            if legal and entry["mode"] == "mini":
                events += self._give(answerer, legal[0], entry)
                return events + self._answered(rng)
            if legal or self._asks_everyone(entry):
                entry["seat"] = answerer
                return events
            events.append(public("cannot_disprove", f"{answerer} cannot disprove.",
                                 seat=answerer))
            entry["queue"].pop(0)
        return events + self._answered(rng)

    def do_give(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Give one card that disproves the suggestion or accusation, privately."""
        entry = self.stack[-1]
        legal = self._legal_gives(seat, entry)
        if card == RANDOM:
            card = rng.choice(legal, label="card given at the deadline") if legal else NONE
        if card == NONE:
            events = [public("cannot_disprove", f"{seat} cannot disprove.", seat=seat)]
            entry["queue"].pop(0)
            entry["seat"] = None
            return events + self._advance(rng)
        events = self._give(seat, card, entry)
        return events + self._answered(rng) + self._advance(rng)

    def _give(self, giver: Seat, card: Card, entry: dict[str, Any]) -> list[Event]:
        to = entry["to"]
        self.clues[giver].remove(card)
        self.clues[to].append(card)
        entry["given_by"] = giver
        how = {"suggestion": "suggestion", "accusation": "accusation",
               "mini": "mini-suggestion"}[entry["mode"]]
        self._note(to, card, giver, how)
        return [public("card_given", f"{giver} gives {to} a card.", seat=giver, to=to),
                private(to, "card_received", f"{giver} gives you {card}.", card=card,
                        giver=giver),
                private(giver, "card_sent", f"You give {card} to {to}.", card=card, to=to)]

    def _answered(self, rng: Rng) -> list[Event]:
        """The answering is over (a card was given, or everyone was asked)."""
        entry = self.stack.pop()
        given = entry.get("given_by")
        asker = entry["to"]
        events: list[Event] = []
        if entry["mode"] != "accusation":
            if not given:
                events.append(public("not_disproved", f"No one disproves {asker}.", seat=asker))
            return events
        suspect, weapon, room = entry["cards"]
        cf = self.case_file
        if not given and (suspect, weapon, room) == (cf["suspect"], cf["weapon"], cf["room"]):
            events.append(public("confession", f"No one can disprove it. {self.killer} must "
                                 f"come forward and confess: {asker} has solved the murder!",
                                 seat=asker, killer=self.killer, case_file=dict(cf)))
            self.finish([asker])
            return events + [self._game_over()]
        events.append(public("eliminated", f"{asker}'s accusation is wrong: {asker} is out of "
                             "the game.", seat=asker))
        self._end_player_turn()
        events += self._leave(asker, OUT, rng)
        return events

    # ===================================================================
    # Leaving the game: murder or a wrong accusation
    # ===================================================================

    def _leave(self, seat: Seat, status: str, rng: Rng) -> list[Event]:
        """Remove the pawn and the Intrigue & Danger cards; deal the Clue cards to the left."""
        self._drop_weapon(seat)
        self.pawns[seat] = None
        self.status[seat] = status
        self.vanished_from[seat] = None
        self.removed += self.hands[seat]
        self.hands[seat] = []
        clue_cards = self.clues[seat]
        self.clues[seat] = []
        events: list[Event] = [self._out_event(seat, status)]
        remaining = [s for s in self.rotation(seat)[1:] if self.alive(s)]
        for rh, least in cards.RED_HERRINGS.items():
            if len(remaining) < least:
                holders = [s for s in self.table if rh in self.clues[s]]
                if rh in clue_cards or holders:
                    for s in holders:
                        self.clues[s].remove(rh)
                    if rh in clue_cards:
                        clue_cards.remove(rh)
                    self.removed.append(rh)
                    events.append(public("red_herring_removed", f"{rh} leaves the game: fewer "
                                         f"than {least} suspects remain.", card=rh))
        if remaining and clue_cards:
            rng.shuffle(clue_cards, label=f"{seat}'s Clue cards")
            got: dict[Seat, list[Card]] = {s: [] for s in remaining}
            for i, card in enumerate(clue_cards):
                got[remaining[i % len(remaining)]].append(card)
            for s, new in got.items():
                self.clues[s] += new
                for card in new:
                    self._note(s, card, seat, "dealt")
                if new:
                    events.append(private(s, "cards_dealt", f"You receive {seat}'s Clue "
                                          f"card{'s' if len(new) > 1 else ''}: "
                                          f"{', '.join(new)}.", cards=new, giver=seat))
            events.append(public("clues_dealt", f"{seat}'s Clue cards are shuffled and dealt "
                                 f"face down, starting with {remaining[0]}.", seat=seat))
        if self.stack:
            # Nobody still to answer or decide may be out of the game.
            for entry in self.stack:
                if entry["kind"] == "give":
                    entry["queue"] = [s for s in entry["queue"] if self.alive(s)]
            self.stack = [e for e in self.stack if e["kind"] == "give" or self.alive(e["seat"])]
        self.danger_plays.pop(seat, None)
        return events + self._check_killer_win()

    @staticmethod
    def _out_event(seat: Seat, status: str) -> Event:
        """Tells a player leaving the game what is left for them to do."""
        why = ("You have been murdered" if status == DEAD else
               "Your accusation was wrong")
        return private(seat, "you_are_out", f"{why}: you are out of the game. Your Intrigue & "
                       "Danger cards leave the game and your Clue cards are dealt to the others, "
                       "so you will not be asked anything more. You can still follow the game "
                       "in the channel and read your notes (/clue notes); at the end everyone "
                       "learns who the killer was.", status=status)

    def _check_killer_win(self) -> list[Event]:
        """KC-11: the killer wins when no innocent is left in the game."""
        if self.finished or any(self.alive(s) for s in self.table if s != self.killer):
            return []
        self.finish([self.killer])
        return [public("killer_wins", f"No innocent suspect is left: {self.killer}, the "
                       "killer, wins!", killer=self.killer, case_file=dict(self.case_file)),
                self._game_over()]

    def _game_over(self) -> Event:
        cf = self.case_file
        return public("game_over", f"The killer was {self.killer}: {cf['suspect']}, in "
                      f"{_the(cf['room'])}, with the {cf['weapon']}. Winner: "
                      f"{', '.join(self.winners)}.", killer=self.killer, case_file=dict(cf),
                      winners=list(self.winners))

    # ===================================================================
    # Pass
    # ===================================================================

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """End your Investigation turn, or play no more Intrigue cards."""
        if self.stack and self.stack[-1]["kind"] == "go":
            self.stack.pop()
        what = "ends the turn" if self.round == "investigation" else "plays no more cards"
        events = [public("passed", f"{seat} {what}.", seat=seat)]
        self._end_player_turn()
        return events + self._advance(rng)

    # ===================================================================
    # Intrigue round
    # ===================================================================

    def do_reappear(self, seat: Seat, rng: Rng, room: str) -> list[Event]:
        """A disappeared suspect returns to a room of their choice at the next Intrigue round."""
        self.stack.pop()
        if room == RANDOM:
            room = rng.choice(list(ROOMS), label="room to return to")
        self._place(seat, room, by_other=True)
        events = [public("reappeared", f"{seat} reappears in {_the(room)}.", seat=seat,
                         room=room)]
        return events + self._advance(rng)

    def _keeps_danger_card(self, seat: Seat, card: Card) -> bool:
        """KC-7: after playing `card`, a card must remain that can be played in the Danger
        round (a Suspect Murdered card does not count: it may have no legal victim)."""
        rest = list(self.hands[seat])
        rest.remove(card)
        return any(cards.card_type(c) != "murdered" for c in rest)

    def _lock_refusal(self, seat: Seat, dest: str | None) -> str | None:
        """KC-8: a card that would move a pawn into or out of a locked room is refused."""
        if dest is None:
            return None
        here = self.pawns.get(seat)
        if here == dest:
            return None
        locked = self.effects["locked"]
        if here in locked:
            return f"The doors of {_the(here or '')} are locked: you cannot leave it."
        if dest in locked:
            return f"The doors of {_the(dest)} are locked."
        return None

    def _motive_targets(self, seat: Seat) -> list[Seat]:
        return [s for s in self.table if s != seat and self.status[s] == PLAYING
                and is_room(self.pawns.get(s))
                and self._lock_refusal(seat, self.pawns.get(s)) is None]

    def _staff_rooms(self) -> list[str]:
        return [r for r in ROOMS if self.occupants(r)]

    def _target_choices(self, seat: Seat, playable: list[Card]) -> list[str]:
        types = {cards.card_type(c) for c in playable}
        targets: list[str] = []
        if "motive" in types:
            targets += self._motive_targets(seat)
        if "staff" in types:
            targets += self._staff_rooms()
        return targets

    def _play_refusal(self, seat: Seat, card: Card, target: str | None) -> str | None:
        """Why `seat` may not play `card` now (None: it may). `target` None for Motive and the
        Butler/Maid means "is there any legal target"; other cards ignore a target."""
        info = CARDS.get(card)
        if info is None or card not in self.hands[seat]:
            return f"You do not hold {card}."
        if info.kind != "intrigue":
            return f"{info.title} is a Danger card: play it in the Danger round."
        if not self._keeps_danger_card(seat, card):
            return "You must keep at least one card to play in the Danger round."
        kind, subject = info.type, info.subject
        if kind == "consult":
            assert subject is not None
            if subject == seat:
                return "You cannot consult yourself."
            if self.status.get(subject) == MISSING:
                return f"{subject} has disappeared and cannot be consulted."
            where = self.pawns.get(subject) if self.status.get(subject) == PLAYING else None
            if is_room(where):  # else the card has no effect and moves no one (KC-8)
                return self._lock_refusal(seat, where)
            return None
        if kind == "crime_scene":
            return self._lock_refusal(seat, subject)
        if kind == "examine_weapon":
            assert subject is not None
            return self._lock_refusal(seat, self.weapons.get(subject))
        if kind == "motive":
            targets = self._motive_targets(seat)
            if target is None:
                return None if targets else "No other suspect is in a room you can reach."
            if target not in SUSPECTS:
                return f"Motive's target is a suspect, not {target}."
            if target not in targets:
                return f"{target} is not in a room you can reach."
            return None
        if kind == "staff":
            rooms = self._staff_rooms()
            if target is None:
                return None if rooms else "No room has a suspect in it."
            if target not in ROOMS:
                return f"{card}'s target is a room, not {target}."
            if target not in rooms:
                return f"No suspect is in {_the(target)}."
            return None
        return None

    def _playable(self, seat: Seat, card: Card) -> bool:
        return self._play_refusal(seat, card, None) is None

    def do_play(self, seat: Seat, rng: Rng, card: str, target: str | None = None,
                direction: str | None = None) -> list[Event]:
        """Play an Intrigue card face up (at most two per Intrigue turn, KC-7).

        `target`: the suspect for Motive, the room for Butler/Maid Enters Room.
        `direction`: left or right for the mini-suggestion of the first Crime Scene,
        Examine Weapon or Motive card of the round (default left); none to make none.
        """
        if self.stack or self.round != "intrigue" or self.current != seat:
            raise NotAllowed("It is not your Intrigue turn.")  # pragma: no cover
        info = CARDS[card]
        refusal = self._play_refusal(seat, card, target)
        if refusal is None and info.type in ("motive", "staff") and target is None:
            refusal = ("Motive needs a target suspect." if info.type == "motive"
                       else f"{info.title} needs a target room.")
        if refusal:
            raise NotAllowed(refusal)
        if info.type not in ("motive", "staff"):
            target = None
        self.hands[seat].remove(card)
        self.played.append(card)
        self.active["plays"] += 1
        self.intrigue_played.append({"seat": seat, "card": card})
        events = [public("intrigue_played", f"{seat} plays {info.title}.", seat=seat, card=card,
                         target=target)]
        events += self._intrigue_effect(seat, info, target, direction or "left", rng)
        return events + self._advance(rng)

    def _intrigue_move(self, seat: Seat, dest: str) -> list[Event]:
        here = self.pawns.get(seat)
        if here == dest:
            return []
        missing = self.status[seat] == MISSING
        carried = self.carrying.get(seat)
        self._place(seat, dest, by_other=True)
        text = f"{seat} {'reappears in' if missing else 'moves to'} {_the(dest)}"
        if carried:
            text += f", setting down the {carried['weapon']} there"
        return [public("moved", text + ".", seat=seat, to=dest)]

    def _intrigue_effect(self, seat: Seat, info: cards.CardInfo, target: str | None,
                         direction: str, rng: Rng) -> list[Event]:
        kind, subject = info.type, info.subject
        fx = self.effects
        if kind == "consult":
            assert subject is not None
            dest = self.pawns.get(subject) if self.status[subject] == PLAYING else None
            if not is_room(dest):
                return [public("no_effect", f"{subject} is not in a room: the card has no "
                               "effect.")]
            assert dest is not None
            events = self._intrigue_move(seat, dest)
            fx["consults"].append([seat, subject])
            staff = [name for name, room in fx["staff"].items() if room == dest]
            if staff:
                events.append(public("no_trade", f"{seat} and {subject} consult, but the "
                                     f"{staff[0]} is in the room: no Clue card may change "
                                     "hands.", seat=seat, other=subject))
            else:
                self.stack.append({"kind": "trade", "seat": seat, "with": subject,
                                   "from": seat, "offer": None})
            return events
        if kind in ("crime_scene", "examine_weapon", "motive"):
            if kind == "crime_scene":
                assert subject is not None
                dest, wanted = subject, subject
            elif kind == "examine_weapon":
                assert subject is not None
                dest, wanted = self.weapons.get(subject), subject
            else:
                assert target is not None
                dest, wanted = self.pawns.get(target), target
            events = self._intrigue_move(seat, dest) if dest else [
                public("no_effect", f"The {subject} is in no room: {seat} stays put.")]
            # The round's first card of its kind stays the first even without a
            # mini-suggestion ("Not First": a later card may not make one).
            if kind in fx["firsts"]:
                return events
            fx["firsts"].append(kind)
            if direction == NONE:
                return events
            events.append(public("mini_suggestion", f"{seat} suggests that {wanted} is part of "
                                 f"the crime (asking to the {direction}).", seat=seat,
                                 card=wanted, direction=direction))
            step = 1 if direction == "left" else -1
            queue = [s for s in self.rotation(seat, step)[1:] if self.alive(s)]
            self.stack.append({"kind": "give", "seat": None, "to": seat, "cards": [wanted],
                               "mode": "mini", "queue": queue})
            return events
        if kind == "doors_locked":
            assert subject is not None
            if subject not in fx["locked"]:
                fx["locked"].append(subject)
            return [public("locked", f"The doors of {_the(subject)} are locked for the rest of "
                           "this Intrigue round.", room=subject)]
        if kind == "disappears":
            assert subject is not None
            if not (self.status.get(subject) == PLAYING and self.pawns.get(subject)):
                return [public("no_effect", f"{subject} is not on the board: no effect.")]
            here = self.pawns[subject]
            self._drop_weapon(subject)
            self.pawns[subject] = None
            self.status[subject] = MISSING
            self.vanished_from[subject] = here if is_room(here) else None
            return [public("disappeared", f"{subject} mysteriously disappears.", seat=subject)]
        if kind == "distracted":
            assert subject is not None
            if not is_room(self.pawns.get(subject)):
                return [public("no_effect", f"{subject} is not in a room: no effect.")]
            if subject not in fx["distracted"]:
                fx["distracted"].append(subject)
            return [public("distracted", f"{subject} is distracted and protects no one.",
                           seat=subject)]
        if kind == "moves_first":
            self.moves_first = subject
            return []
        if kind == "staff":
            assert target is not None
            name = info.title.split()[0]
            fx["staff"][name] = target
            events = [public("staff", f"The {name} enters {_the(target)}: everyone there is "
                             "protected in the next Danger round.", staff=name, room=target)]
            if target in fx["locked"]:
                fx["locked"].remove(target)
                events.append(public("unlocked", f"The {name} unlocks {_the(target)}.",
                                     room=target))
            return events
        raise AssertionError(kind)  # pragma: no cover

    def do_trade(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Consult (KC-9): each side privately picks the Clue card it gives, or none."""
        top = self.stack[-1]
        if top.get("offer") is None:
            consulted = top["with"]
            if card == NONE:
                self.stack.pop()
                return [public("no_trade", f"{seat} and {consulted} do not trade.",
                               seat=seat, other=consulted)] + self._advance(rng)
            top["offer"] = card
            top["seat"] = consulted
            return [private(seat, "trade_offered", f"You offer {card} to {consulted}.",
                            card=card)]
        self.stack.pop()
        first = top["from"]
        if card == NONE:
            return [public("no_trade", f"{first} and {seat} do not trade.", seat=first,
                           other=seat)] + self._advance(rng)
        offer = top["offer"]
        self.clues[first].remove(offer)
        self.clues[seat].remove(card)
        self.clues[first].append(card)
        self.clues[seat].append(offer)
        self._note(first, card, seat, "trade")
        self._note(seat, offer, first, "trade")
        events = [public("traded", f"{first} and {seat} trade a Clue card.", seat=first,
                         other=seat),
                  private(first, "card_received", f"{seat} gives you {card} in the trade "
                          f"(you gave {offer}).", card=card, giver=seat),
                  private(seat, "card_received", f"{first} gives you {offer} in the trade "
                          f"(you gave {card}).", card=offer, giver=first)]
        return events + self._advance(rng)

    # ===================================================================
    # Danger round
    # ===================================================================

    def murder_refusal(self, victim: str) -> str | None:
        """Why the killer may not murder `victim` now (None: the murder is valid)."""
        if victim == self.killer:
            return "You cannot kill yourself."
        if victim not in self.table or not self.alive(victim):
            return f"{victim} is not in the game."
        if self.status[victim] == MISSING:
            return f"{victim} has disappeared and cannot be murdered."
        room = self.pawns.get(victim)
        if not is_room(room):
            return f"{victim} is in a corridor."
        assert room is not None
        protector = self.protector(victim)
        if protector:
            return f"{victim} is protected by {protector} in {_the(room)}."
        return None

    def protector(self, victim: Seat) -> str | None:
        """Who protects `victim` in their room, or None (How to Commit Murder, Protected)."""
        room = self.pawns.get(victim)
        if not is_room(room):
            return None
        fx = self.effects
        for name, staffed in fx["staff"].items():
            if staffed == room:
                return f"the {name}"
        for other in self.occupants(room or ""):
            if other == victim or other in fx["distracted"]:
                continue
            partners = {b if a == other else a for a, b in fx["consults"] if other in (a, b)}
            if partners and victim not in partners:
                continue
            return other
        return None

    def _danger_legal(self, seat: Seat) -> list[Card]:
        legal = []
        for c in _distinct(self.hands[seat]):
            if cards.card_type(c) == "murdered":
                victim = cards.subject(c)
                if seat != self.killer or victim is None or self.murder_refusal(victim):
                    continue
            legal.append(c)
        return legal

    def do_danger(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Play one card face down. "random": a random card other than Suspect Murdered."""
        if self.round != "danger" or seat in self.danger_plays or self.stack:
            raise NotAllowed("You have already played your Danger card.")  # pragma: no cover
        if card == RANDOM:
            pool = [c for c in self.hands[seat] if cards.card_type(c) != "murdered"]
            card = rng.choice(sorted(pool), label="random Danger card")
        elif card not in self._danger_legal(seat):  # pragma: no cover - prompts check this
            raise NotAllowed(f"You cannot play {card} now.")
        self.hands[seat].remove(card)
        self.danger_plays[seat] = card
        events = [public("danger_played", f"{seat} plays a card face down.", seat=seat),
                  private(seat, "danger_card", f"You play {CARDS[card].title} face down.",
                          card=card)]
        return events + self._advance(rng)

    def _resolve_danger(self, rng: Rng) -> list[Event]:
        faces = [self.danger_plays[s] for s in self.table if s in self.danger_plays]
        rng.shuffle(faces, label="face-down Danger cards")
        self.danger_plays = {}
        self.revealed = list(faces)
        self.played += faces
        events = [public("danger_revealed", "The face-down cards, shuffled and turned up: "
                         + ", ".join(CARDS[c].title for c in faces) + ".", cards=list(faces))]
        # 1. Intrigue cards: no effect.  2. Suspect Murdered!
        for card in faces:
            if cards.card_type(card) != "murdered":
                continue
            victim = cards.subject(card)
            assert victim is not None
            refusal = self.murder_refusal(victim)
            if refusal:  # pragma: no cover - refused when played (KC-5)
                continue
            room = self.pawns[victim]
            events.append(public("murdered", f"{victim} has been MURDERED in {_the(room or '')}!",
                                 seat=victim, room=room))
            events += self._leave(victim, DEAD, rng)
            if self.finished:
                return events
        # 3. Candles in Room.
        candles_now: list[str] = []
        for card in faces:
            if cards.card_type(card) != "candles":
                continue
            room = cards.subject(card)
            assert room is not None
            if self.occupants(room):
                candles_now.append(room)
                events.append(public("candles", f"Candles are lit in {_the(room)}.", room=room))
            else:
                events.append(public("no_effect", f"No one is in {_the(room)}: the candles "
                                     "have no effect.", room=room))
        self.candles = candles_now
        # 4. Blackout!
        blackouts = sum(1 for c in faces if cards.card_type(c) == "blackout")
        second_rounds = False
        if blackouts and (self.second or self.blackout):
            events.append(public("no_effect", "A Blackout in the Second Danger round has no "
                                 "effect."))
        elif blackouts:
            self.blackout = True
            second_rounds = True
            events += self._blackout(rng)
            if blackouts > 1:
                events.append(public("no_effect", "The second Blackout has no effect."))
        events.append(public("danger_resolved", "The Danger round is over.", turn=self.turn))
        self.effects = self._no_effects()
        if second_rounds:
            self.second = True
            self._start_round("intrigue")
            return events + [self._round_event()]
        return events + self._end_turn(rng)

    def _blackout(self, rng: Rng) -> list[Event]:
        events = [public("blackout", "BLACKOUT! Everyone in a room without candles panics.")]
        panicking = [s for s in self.rotation(self.first) if self.status.get(s) == PLAYING
                     and is_room(self.pawns.get(s)) and self.pawns[s] not in self.candles]
        for seat in panicking:
            here = self.pawns[seat]
            assert here is not None
            dice = self._roll(rng, f"{seat} panics")
            there = board.ring_step(here, sum(dice))
            self._place(seat, there, by_other=True)
            events.append(public("panic", f"{seat} rolls {self._dice_text(dice)} and runs from "
                                 f"{_the(here)} to {_the(there)}.", seat=seat, dice=dice,
                                 to=there, **{"from": here}))
        return events

    # ===================================================================
    # Ending the turn
    # ===================================================================

    def _end_turn(self, rng: Rng) -> list[Event]:
        events: list[Event] = []
        dead = {s for s in self.table if self.status[s] == DEAD}
        gone = [c for c in self.played if cards.names_suspect(c) in dead]
        back = [c for c in self.played if cards.names_suspect(c) not in dead]
        self.removed += gone
        self.played = []
        self.deck.pile += back
        if back:
            self.deck.shuffle(rng)
        for seat in self.rotation(self.first):
            if not self.alive(seat):
                continue
            need = max(0, self._hand_target(seat) - len(self.hands[seat]))
            need = min(need, len(self.deck))
            if need:
                new = self.deck.draw(rng, need)
                self.hands[seat] += new
                events.append(private(seat, "drew", f"You draw {_titles(new)}.", cards=new))
        # The first player of the next turn: the last Moves First card, else the same player.
        nxt = self.moves_first if self.moves_first and self.alive(self.moves_first) else None
        self.first = nxt or self._next_alive(self.first)
        self.turn += 1
        self.second = False
        self.blackout = False
        self.moves_first = None
        self.candles = []
        self.effects = self._no_effects()
        self.intrigue_played = []
        events.append(public("turn_over", "The played cards go back into the draw pile and "
                             "everyone draws back up.", turn=self.turn - 1))
        self._start_round("investigation")
        events.append(self._round_event())
        return events

    # ===================================================================
    # Informational free actions
    # ===================================================================

    def do_hand(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your cards, privately."""
        text = f"Clue cards: {', '.join(self.clues[seat]) or 'none'}. Intrigue & Danger " \
               f"cards: {_titles(self.hands[seat]) or 'none'}."
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
        arms = "; ".join(f"{w}: {_the(r) if r else 'carried'}" for w, r in self.weapons.items())
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

