"""Killer Clue's cards: Clue cards and the Intrigue & Danger cards, from cards.json.

Cards are plain strings (their printed titles without the exclamation mark), so hands,
piles and the action log stay readable JSON. `CARDS[id]` says what a card is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.games.killer_clue.board import ROOMS, SUSPECTS, WEAPONS

Card = str


@cache
def data() -> dict[str, Any]:
    """The packaged card data (cards.json)."""
    text = resources.files("engine.games.killer_clue").joinpath("cards.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@dataclass(frozen=True)
class CardInfo:
    """One Intrigue or Danger card as printed."""

    id: Card
    title: str
    kind: str  # "intrigue" or "danger"
    type: str  # consult, crime_scene, doors_locked, examine_weapon, motive, disappears,
    #            distracted, moves_first, staff, candles, murdered, blackout
    text: str
    subject: str | None = None  # the suspect, room or weapon the card names
    copies: int = 1
    option: str | None = None  # the game option that adds this card
    max_players: int | None = None  # ...for games started with at most this many players

    @property
    def label(self) -> str:
        return f"{self.title} ({self.kind.capitalize()})"


CARDS: dict[Card, CardInfo] = {}
for _raw in data()["intrigue_and_danger"]:
    _opt = _raw.get("optional") or {}
    CARDS[_raw["id"]] = CardInfo(_raw["id"], _raw["title"], _raw["kind"], _raw["type"],
                                 _raw["text"], _raw.get("subject"), _raw.get("copies", 1),
                                 _opt.get("option"), _opt.get("max_players"))

RED_HERRINGS: dict[Card, int] = {rh["id"]: rh["leaves_below"]
                                 for rh in data()["clue"]["red_herrings"]}
RED_HERRING_MIN_PLAYERS: dict[Card, int] = {rh["id"]: rh["min_players"]
                                            for rh in data()["clue"]["red_herrings"]}
CLUE_CARDS: tuple[Card, ...] = SUSPECTS + WEAPONS + ROOMS + tuple(RED_HERRINGS)

NAMING_TYPES = frozenset({"consult", "disappears", "distracted", "moves_first", "murdered"})


def info(card: Card) -> CardInfo:
    return CARDS[card]


def kind(card: Card) -> str:
    return CARDS[card].kind


def card_type(card: Card) -> str:
    return CARDS[card].type


def subject(card: Card) -> str | None:
    return CARDS[card].subject


def names_suspect(card: Card) -> str | None:
    """The suspect a card refers to (for removing dead suspects' cards), if any."""
    c = CARDS.get(card)
    if c is not None and c.type in NAMING_TYPES:
        return c.subject
    return None


def murdered_card(suspect: str) -> Card:
    return f"{suspect} Murdered"


def is_red_herring(card: Card) -> bool:
    return card in RED_HERRINGS


def clue_type(card: Card) -> str:
    if card in SUSPECTS:
        return "suspect"
    if card in WEAPONS:
        return "weapon"
    if card in ROOMS:
        return "room"
    return "red herring"


def label(card: Card) -> str:
    """How a menu shows a card."""
    if card in CARDS:
        return CARDS[card].label
    return f"{card} ({clue_type(card).capitalize()})"


def intrigue_and_danger(seated: list[str], *, butler_maid: bool) -> tuple[list[Card], list[Card]]:
    """The Suspect Murdered + 1 Blackout stack and the Intrigue & Danger stack (setup step 2).

    Cards naming an unplayed suspect are removed (step 1, KC-1); Butler and Maid are added
    by the player-count table when the option is on (KC-10).
    """
    players = len(seated)
    murder_stack: list[Card] = [murdered_card(s) for s in SUSPECTS if s in seated]
    rest: list[Card] = []
    blackouts = 0
    for c in CARDS.values():
        if c.subject in SUSPECTS and c.subject not in seated:
            continue
        if c.option is not None:
            if c.option == "butler_maid" and butler_maid and players <= (c.max_players or 0):
                rest.append(c.id)
            continue
        if c.type == "murdered":
            continue
        for _ in range(c.copies):
            if c.type == "blackout" and blackouts == 0:
                murder_stack.append(c.id)
            else:
                rest.append(c.id)
            if c.type == "blackout":
                blackouts += 1
    return murder_stack, rest


def red_herrings_for(players: int) -> list[Card]:
    """The Red Herrings added for a player count (KC-10)."""
    return [rh for rh, least in RED_HERRING_MIN_PLAYERS.items() if players >= least]
