"""What an imported `one-world-dominion` state must be (docs: "State schema").

The rules a table keeps without thinking: armies and reserves are never negative (no -50
armies), every area is one of the map's 42 and is held by a seat, a neutral of the game or
nobody (and nobody only while it is empty: "Empty Area"); each card of the deck in use (OWD-1,
or the classic cards, or the group's own `deck`) is in one place at most, a hand, the pile
or the discards; the stage and step are ones the game knows and the turn order names the
seats; pending decisions and the battle name seats, neutrals and areas of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import jsontext
from engine.games.one_world_dominion.base import (
    ATTACK,
    BEGIN,
    CLAIM,
    DEPLOY,
    FORTIFY,
    MUTANTS,
    PLAY,
    REBELS,
    REINFORCE,
    START,
    TERRITORIES,
)
from engine.games.one_world_dominion.cards import default_deck, read_deck
from engine.params import LARGEST_NUMBER
from engine.risk.cards import card_ids
from engine.risk.map import classic_map
from engine.statecheck import Field

STAGES = (CLAIM, DEPLOY, PLAY)
STEPS = ("", BEGIN, START, REINFORCE, ATTACK, FORTIFY)
DECISIONS = ("window", "defend", "occupy", "steal", "trade-down")
# More armies than any table has pieces for, by far (the engine's largest number).
MOST_ARMIES = LARGEST_NUMBER
AREA = "an area of the map"
CARD = "a card of the deck in use"


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    seat = f"a seat of this game ({', '.join(seats)})"
    game = Field(state["game"], "game")
    deck = _deck(state.get("options", {}))
    areas = set(TERRITORIES)
    neutrals: set[str] = set()
    for key, neutral in game["neutrals"].entries():
        neutral["kind"].one_of((REBELS, MUTANTS), "rebels or mutants")
        neutral.get("creator").one_of_or_none(seats, seat)
        neutral["name"].text()
        neutrals.add(key)
    holders = set(seats) | neutrals
    holder = "a seat or a neutral of this game"
    order = game["order"].names(seats, seat, unique=True)
    if sorted(order) != sorted(seats):
        game["order"].refuse("must name every seat once: it is the turn order.")
    game["stage"].one_of(STAGES, "a stage (claim, deploy, play)")
    game["index"].count(0, len(order) - 1, what="whose turn it is in “order”")
    for _seat, left in game["reserve"].entries(seats, seat):
        left.count(0, MOST_ARMIES, what="starting armies left")
    armies = {area: count.count(0, MOST_ARMIES, what="armies")
              for area, count in game["armies"].entries(areas, AREA)}
    for area, held in game["owner"].entries(areas, AREA):
        if held.one_of_or_none(holders, holder) is None and armies.get(area, 0):
            held.refuse(f"is nobody, but {area} has {armies[area]} armies: armies belong to "
                        "someone.")
    game["neutral_count"].count(len(neutrals), MOST_ARMIES, what="the neutrals made so far")
    _check_cards(game, seats, seat, deck)
    game["out"].names(seats, seat, unique=True)
    game["step"].one_of(STEPS, "a step of a turn (begin, start, reinforce, attack, fortify)")
    turn = game["turn"]
    if turn.obj():
        turn["seat"].one_of(seats, seat)
        for key in ("areas", "sets", "extra", "placed", "moves"):
            turn.get(key, 0).count(0, MOST_ARMIES)
    game["turns"].count(0, MOST_ARMIES, what="the turns begun")
    for _seat, delayed in game["delayed"].entries(seats, seat):
        delayed.count(0, MOST_ARMIES, what="delayed armies")
    for effect in game["effects"].items():
        effect["card"].one_of(deck, CARD)
        effect["by"].one_of(holders, holder)
        effect["holder"].one_of(seats, seat)
        effect["since"].count(0, MOST_ARMIES, what="the turn it began")
    for _seat, letters in game["offturn"].entries(seats, seat):
        for letter in letters.items():
            letter.one_of(("A", "D", "F", "N", "P", "S"), "a card's letter (A, D, F, N, P, S)")
    for decision in game["stack"].items():
        _check_decision(decision, seats, seat, holders, holder, areas, deck)
    battle = game["battle"]
    if not battle.missing:
        battle["from"].one_of(areas, AREA)
        battle["to"].one_of(areas, AREA)
        battle["attacker"].one_of(holders, holder)
        if not battle["defender"].missing:
            battle["defender"].text()  # a neutral wiped out since is no longer among them
        battle.get("dice", 1).count(1, 10, what="attacking dice")
        battle.get("rounds", 0).count(0, MOST_ARMIES, what="rounds")
    for _seat, fresh in game["fresh"].entries(seats, seat):
        fresh.names(deck, CARD)
    game["traded"].count(0, MOST_ARMIES, what="the sets turned in")


def _deck(options: Mapping[str, Any]) -> set[str]:
    """The cards of the deck the options choose (as the game's `load_deck`)."""
    if options.get("cards", "owd") == "classic":
        return set(card_ids(classic_map()))
    text = options.get("deck", "")
    if text:
        return set(read_deck(jsontext.loads(str(text), "The option deck")))
    return set(default_deck())


def _check_cards(game: Field, seats: list[str], seat: str, deck: set[str]) -> None:
    """Each card in one place at most: a hand, the draw pile or the discards."""
    seen: dict[str, str] = {}

    def place(field: Field) -> None:
        for item in field.items(len(deck)):
            card = item.one_of(deck, CARD)
            if card in seen:
                item.refuse(f"is {card}, which is also in {seen[card]}: each card is in one "
                            "place.")
            seen[card] = field.path
    for _seat, hand in game["hands"].entries(seats, seat):
        place(hand)
    place(game["pile"])
    place(game["discards"])


def _check_decision(decision: Field, seats: list[str], seat: str, holders: set[str],
                    holder: str, areas: set[str], deck: set[str]) -> None:
    kind = decision["kind"].one_of(DECISIONS, "a decision (" + ", ".join(DECISIONS) + ")")
    decision["seat"].one_of(seats if kind != "window" else holders,
                            seat if kind != "window" else holder)
    data = decision.obj()
    for key in ("source", "target"):
        if data.get(key) is not None:
            decision[key].one_of(areas, AREA)
    if kind == "steal":
        decision["from"].one_of(seats, seat)
    if kind == "window":
        decision["awaiting"].names(seats, seat, unique=True)
        if data.get("card") is not None:
            decision["card"].one_of(deck, CARD)
        if data.get("player") is not None:
            decision["player"].one_of(holders, holder)
    if kind == "occupy":
        decision["from"].one_of(areas, AREA)
        decision["to"].one_of(areas, AREA)
        low = decision["min"].count(0, MOST_ARMIES, what="armies to move")
        decision["max"].count(low, MOST_ARMIES, what="armies to move")
    if kind == "trade-down":
        decision["armies"].count(0, MOST_ARMIES, what="armies")
