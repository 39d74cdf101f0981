"""What an imported `illuminati` state must be (docs/illuminati.md, "State schema").

The rules a table keeps without thinking: the card set (the `cards` option) is readable;
every card named is one of the set; each card is in one place at most (a structure, the
uncontrolled area, the dead pile, the draw pile, a hand, the discards); treasuries are
never negative; every Group of a power structure hangs on an outgoing arrow of a card of
the same player, and no two cards of one structure share a square; the turn order names
every seat; pending decisions name seats of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import Unreadable
from engine.games.illuminati import structure
from engine.games.illuminati.cardset import CardSet, card_set
from engine.params import LARGEST_NUMBER
from engine.statecheck import Field

DECISIONS = ("attack", "cancel", "place", "replace", "choose-goal")
OUT = ("eliminated", "left")


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    seat = f"a seat of this game ({', '.join(seats)})"
    options = state.get("options", {})
    options = options if isinstance(options, dict) else {}
    try:
        cards = card_set(str(options.get("cards", "")), str(options.get("cards_file", "")))
    except Unreadable as exc:
        raise Unreadable(f"The state's card set can't be read: {exc.message}") from None
    game = Field(state["game"], "game")
    order = game["order"].names(seats, seat, unique=True)
    if sorted(order) != sorted(seats):
        game["order"].refuse("must name every seat once: it is the turn order.")
    game["index"].count(0, len(order) - 1, what="whose turn it is in “order”")
    illuminati = {s: f.one_of(cards.illuminati, "an Illuminati card of the card set")
                  for s, f in game["illuminati"].entries(seats, seat)}
    if sorted(illuminati) != sorted(seats) or len(set(illuminati.values())) != len(seats):
        game["illuminati"].refuse("must give each seat an Illuminati card of its own.")
    _check_places(game, cards, seats, seat, illuminati)
    for _card, money in game["money"].entries(_all_cards(cards), "a card of the card set"):
        money.count(0, LARGEST_NUMBER, what="a treasury")
    for _seat, why in game["out"].entries(seats, seat):
        why.one_of(OUT, "eliminated or left")
    for key in ("turns_taken", "destroyed", "skips"):
        for _seat, count in game[key].entries(seats, seat):
            count.count(0, LARGEST_NUMBER)
    game["turns"].count(0, LARGEST_NUMBER, what="the turns played")
    turn = game["turn"]
    if not turn.missing:
        turn["seat"].one_of(seats, seat)
        turn["actions"].count(0, 2, what="actions left")
        turn["transfers"].count(0, 2, what="free transfers left")
    for decision in game["stack"].items(50):
        kind = decision["kind"].one_of(DECISIONS, "a decision (" + ", ".join(DECISIONS) + ")")
        if kind != "choose-goal":
            decision["seat"].one_of(seats, seat)
        if "awaiting" in decision.obj():
            decision["awaiting"].names(seats, seat, unique=True)
    for _seat, goal in game["goals"].entries(seats, seat):
        goal.one_of_or_none(cards.illuminati, "an Illuminati card of the card set")
    game["revealed"].names(seats, seat, unique=True)
    game.get("shown", []).names(cards.specials, "a Special card", unique=True)
    for offer in game["offers"].items(100):
        offer["from"].one_of(seats, seat)
        offer["to"].one_of(seats, seat)
    game["offer_count"].count(0, LARGEST_NUMBER)
    game["goal_groups"].count(1, 999, what="the Basic Goal")
    game["players_at_start"].count(2, 8, what="the players at the start")
    game["started"].flag()


def _arrows(cards: CardSet) -> structure.ArrowsOf:
    def arrows_of(name: str) -> tuple[str, ...]:
        return cards.card(name).arrows
    return arrows_of


def _all_cards(cards: CardSet) -> set[str]:
    return {*cards.illuminati, *cards.groups, *cards.specials}


def _check_places(game: Field, cards: CardSet, seats: list[str], seat: str,
                  illuminati: dict[str, str]) -> None:
    """Each card in one place; structures hang together on arrows, without overlaps."""
    seen: dict[str, str] = {}

    def put(field: Field, known: Any, what: str) -> str:
        card = field.one_of(known, what)
        if card in seen:
            field.refuse(f"is {card}, which is also in {seen[card]}: each card is in one "
                         "place.")
        seen[card] = field.path
        return card

    placed: dict[str, dict[str, Any]] = {}
    every = _all_cards(cards)
    for name, place in game["placed"].entries(every, "a card of the card set"):
        if name in seen:
            place.refuse("names a card twice.")
        seen[name] = place.path
        owner = place["owner"].one_of(seats, seat)
        master = place["master"].one_of_or_none(every, "a card of the card set")
        arrow = place["arrow"].one_of_or_none(structure.DIRECTIONS, "up, right, down or left")
        if (master is None) != (name == illuminati.get(owner)):
            place["master"].refuse("must be empty for the player's Illuminati card, and a "
                                   "card of the same structure for every Group.")
        if name in cards.specials:
            place.refuse("is a Special card: only Groups and Illuminati are placed.")
        placed[name] = {"owner": owner, "master": master, "arrow": arrow}
    for name, where in placed.items():
        above = where["master"]
        if above is not None and (above not in placed or placed[above]["owner"] !=
                                  where["owner"] or where["arrow"] is None):
            game["placed"][name].refuse("hangs on a card that is not in the same structure.")
    for owner, root in illuminati.items():
        mine = {c: p for c, p in placed.items() if p["owner"] == owner}
        if not mine:
            continue
        if root not in mine:
            game["placed"].refuse(f"holds {owner}'s Groups but not their Illuminati card.")
        lay = structure.layout(mine, root)
        if len(lay.cells) != len(mine) or len(set(lay.cells.values())) != len(mine):
            game["placed"].refuse(f"lays {owner}'s cards over each other or off the arrows of "
                                  "their structure.")
        for card, facing in lay.facing.items():
            master = mine[card]["master"]
            if master is not None and facing not in lay.outgoing(master, _arrows(cards)):
                game["placed"][card].refuse("hangs on an arrow its master doesn't have.")
    for key, known, what in (("uncontrolled", cards.groups, "a Group card"),
                             ("dead", cards.groups, "a Group card"),
                             ("pile", every, "a card of the card set"),
                             ("discards", cards.specials, "a Special card"),
                             ("unseen", cards.specials, "a Special card")):
        for item in game.get(key, []).items(len(every)):
            put(item, known, what)
    for _seat, hand in game["hands"].entries(seats, seat):
        for item in hand.items(len(cards.specials)):
            put(item, cards.specials, "a Special card")
