"""What an imported `hf-political-events` state must be (docs: "State schema").

The game's own `_check_state` keeps the deck whole and the table's facts consistent (HF-1,
HF-4); this check comes first and names the field for the rest: a card the deck doesn't have
(in the recent draws too, which every view spells out), a seat the game doesn't seat, a turn below
0, a Sunspot Cube off the track, and a pending decision the game doesn't know or that names
nobody of the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.hf_political_events.cards import DECK, IDEOLOGIES, PLAYER_IDEOLOGIES
from engine.statecheck import Field

CARD = "a card of the deck"
PENDING = ("walk", "tally", "secgen")
MOST_TURNS = 100_000


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    seat = f"a seat of this game ({', '.join(seats)})"
    game = Field(state["game"], "game")
    version = game["version"].count(1, 2, what="the state's version")
    game["turn"].count(0, MOST_TURNS, what="the turn")
    for _seat, ideology in game["ideologies"].entries(seats, seat):
        ideology.one_of_or_none(PLAYER_IDEOLOGIES, "a player's ideology (" +
                                ", ".join(PLAYER_IDEOLOGIES) + ")")
    game["law"].one_of_or_none(IDEOLOGIES, "an ideology (" + ", ".join(IDEOLOGIES) + ")")
    for flag in ("anarchy", "war", "secgen_held"):
        game[flag].flag()
    game["secgen"].one_of(seats, seat)
    if not game["sunspot"].missing:
        game["sunspot"].count(1, 60, what="the Sunspot Cube's space")
    game["pile"].names(DECK, CARD)
    game["drawn"].names(DECK, CARD)
    game["set_aside"].one_of_or_none(DECK, CARD)
    # Version 1 kept every draw ("history"); version 2 the last few ("recent_draws").
    for record in game["recent_draws" if version == 2 else "history"].items(MOST_TURNS):
        record["card"].one_of(DECK, CARD)
        record.get("turn", 1).count(0, MOST_TURNS, what="the turn")
        record.get("secgen").one_of_or_none(seats, seat)
        record.get("law").one_of_or_none(IDEOLOGIES, "an ideology")
        if not record.get("sunspot").missing:
            record["sunspot"].count(1, 60, what="the Sunspot Cube's space")
    _check_pending(game["pending"], seats, seat)


def _check_pending(pending: Field, seats: list[str], seat: str) -> None:
    """The decision awaited: a walk around the table, a tally, or the Sec-Gen's choice."""
    if pending.missing:
        return
    kind = pending["kind"].one_of(PENDING, "a decision of the game (walk, tally, secgen)")
    if kind == "walk":
        pending["purpose"].one_of(("bonus", "delegates"), "bonus or delegates")
        pending["card"].one_of(DECK, CARD)
        order = pending["order"].names(seats, seat, unique=True)
        answers = pending["answers"].items()
        if len(answers) >= len(order):
            pending["answers"].refuse("answers for everyone in “order”: nobody would be "
                                      "left to ask.")
        for answer, asked in zip(answers, order, strict=False):
            if answer["seat"].one_of(seats, seat) != asked:
                answer["seat"].refuse(f"should be {asked}, the next in “order”.")
            answer["answer"].one_of(("done", "skip"), "done or skip")
        pending["tally"].flag()
    elif kind == "tally":
        pending["card"].one_of(DECK, CARD)
    else:
        pending["chooser"].one_of(seats, seat)
        if not pending["options"].names(seats, seat, unique=True):
            pending["options"].refuse("is empty: the Sec-Gen must have someone to choose.")
        pending["then_draw"].flag()
