"""What an imported `killer-clue` state must be (docs/killer-clue.md, "State schema").

The game's own `_check_loaded` checks the table, the killer, the weapons and the pawns'
squares; this check comes first and names the field for the rest: cards the game doesn't
have (and no more copies of an Intrigue & Danger card than were printed), the Case File's
cards in nobody's hand, suspects and rooms the board doesn't have, a round, an order or a
turn no prompt could follow, and pending decisions naming nobody of the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.games.killer_clue import board
from engine.games.killer_clue.cards import CARDS, CLUE_CARDS
from engine.statecheck import Field

ROUNDS = ("investigation", "intrigue", "danger")
STATUSES = ("playing", "missing", "dead", "out")
DECISIONS = ("go", "give", "bring", "trade", "reappear")
MODES = ("suggestion", "accusation", "mini")
FIRSTS = ("crime_scene", "examine_weapon", "motive")
MOST_TURNS = 10_000
ROOM = "a room of the mansion"
CLUE = "a Clue card (a suspect, a weapon, a room or a Red Herring)"
INTRIGUE = "an Intrigue & Danger card"


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    seat = f"a suspect at this table ({', '.join(seats)})"
    game = Field(state["game"], "game")
    game["table"].names(seats, seat, unique=True)
    killer = game["killer"].one_of(seats, seat)
    case = game["case_file"]
    envelope = [case["suspect"].one_of(board.SUSPECTS, "a suspect"),
                case["weapon"].one_of(board.WEAPONS, "a weapon"),
                case["room"].one_of(board.ROOMS, ROOM)]
    held: dict[str, str] = {}
    for owner, clues in game["clues"].entries(seats, seat):
        for item in clues.items(len(CLUE_CARDS)):
            card = item.one_of(CLUE_CARDS, CLUE)
            if card in envelope:
                item.refuse(f"is {card}, which is in the Case File: the killer's envelope "
                            "is in nobody's hand.")
            if card in held:
                item.refuse(f"is {card}, which {held[card]} holds too.")
            held[card] = owner
    if killer not in game["clues"].obj():
        game["clues"].refuse(f"has no Clue cards for the killer, {killer}.")
    _check_intrigue_cards(game, seats, seat)
    for _seat, where in game["pawns"].entries(seats, seat):
        if not where.missing:
            where.text()
            if where.value not in board.ROOMS and board.parse_square(where.value) is None:
                where.refuse("is neither a room nor a square of the board (A1 … X25).")
    for _seat, status in game["status"].entries(seats, seat):
        status.one_of(STATUSES, "playing, missing, dead or out")
    for _seat, room in game["vanished_from"].entries(seats, seat):
        room.one_of_or_none(board.ROOMS, ROOM)
    for _seat, carried in game["carrying"].entries(seats, seat):
        carried["weapon"].one_of(board.WEAPONS, "a weapon")
        carried["from"].one_of(board.ROOMS, ROOM)
    for _seat, may in game["may_suggest"].entries(seats, seat):
        may.flag()
    game["turn"].count(1, MOST_TURNS, what="the game turn")
    game["round"].one_of(ROUNDS, "a round (investigation, intrigue, danger)")
    game["second"].flag()
    game["first"].one_of(seats, seat)
    order = game["order"].names(seats, seat, unique=True)
    if not order:
        game["order"].refuse("is empty: somebody takes the round's turns.")
    game["index"].count(0, len(order) - 1, what="whose turn it is in “order”")
    active = game["active"]
    for flag in ("moved", "suggested", "accused"):
        active[flag].flag()
    active["plays"].count(0, 2, what="cards played this turn")
    for decision in game["stack"].items():
        _check_decision(decision, seats, seat)
    effects = game["effects"]
    effects["locked"].names(board.ROOMS, ROOM, unique=True)
    effects["distracted"].names(seats, seat, unique=True)
    for pair in effects["consults"].items():
        pair.names(seats, seat)
    for _staff, room in effects["staff"].entries(("Butler", "Maid"), "the Butler or the Maid"):
        room.one_of(board.ROOMS, ROOM)
    effects["firsts"].names(FIRSTS, "crime_scene, examine_weapon or motive", unique=True)
    game["candles"].names(board.ROOMS, ROOM, unique=True)
    game["moves_first"].one_of_or_none(seats, seat)
    game["blackout"].flag()
    for _seat, face_down in game["danger_plays"].entries(seats, seat):
        face_down.one_of(CARDS, INTRIGUE)
    game["revealed"].names(CARDS, INTRIGUE)
    for play in game["intrigue_played"].items():
        play["seat"].one_of(seats, seat)
        play["card"].one_of(CARDS, INTRIGUE)
    for _seat, notes in game["notes"].entries(seats, seat):
        for note in notes.items():
            note["card"].one_of(CLUE_CARDS, CLUE)
            note["turn"].count(0, MOST_TURNS, what="the turn")
            note["from"].text()
            note["how"].text()
    roll = game["last_roll"]
    if not roll.missing:
        roll["seat"].one_of(seats, seat)
        for die in roll["dice"].items(2):
            die.count(1, 12, what="a die")
    game["killer_hand"].count(1, 20, what="the killer's hand size")


def _check_intrigue_cards(game: Field, seats: list[str], seat: str) -> None:
    """Hands, the draw pile, the played and removed cards: cards the game has, and never
    more copies of one than were printed."""
    seen: Counter[str] = Counter()

    def gather(field: Field, known: Any, what: str) -> None:
        for item in field.items(500):
            card = item.one_of(known, what)
            if card in CARDS:
                seen[card] += 1
                if seen[card] > CARDS[card].copies:
                    item.refuse(f"is {card} once too often: the game has "
                                f"{CARDS[card].copies} of it.")
    for _seat, hand in game["hands"].entries(seats, seat):
        gather(hand, CARDS, INTRIGUE)
    gather(game["draw_pile"], CARDS, INTRIGUE)
    gather(game["played"], CARDS, INTRIGUE)
    gather(game["removed"], set(CARDS) | set(CLUE_CARDS), "a card of the game")


def _check_decision(decision: Field, seats: list[str], seat: str) -> None:
    kind = decision["kind"].one_of(DECISIONS, "a decision (" + ", ".join(DECISIONS) + ")")
    if kind == "give":
        decision["seat"].one_of_or_none(seats, seat)
        decision["to"].one_of(seats, seat)
        decision["cards"].names(CLUE_CARDS, CLUE)
        decision["mode"].one_of(MODES, "suggestion, accusation or mini")
        decision["queue"].names(seats, seat)
        return
    decision["seat"].one_of(seats, seat)
    if kind == "go":
        decision["steps"].count(0, 24, what="squares to move")
    elif kind == "bring":
        decision["room"].one_of(board.ROOMS, ROOM)
        decision["to"].one_of(board.ROOMS, ROOM)
    elif kind == "trade":
        decision["with"].one_of(seats, seat)
        decision["from"].one_of(seats, seat)
        decision["offer"].one_of_or_none(CLUE_CARDS, CLUE)
