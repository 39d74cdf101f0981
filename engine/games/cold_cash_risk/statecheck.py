"""What an imported `cold-cash-risk` state must be (docs/cold-cash-risk.md, "State schema").

The game's own `_check_loaded` keeps the invariants between fields (25 shares a chain, CEOs
and towers, the order naming the seats); this check comes first and names the field for
what the rules forbid in one value: cash or shares or security teams below 0 (CCR-1, CCR-3),
a territory the map doesn't have, a card the deck doesn't have or held twice, a corporation
the edition doesn't have, a stage or a pending decision the game doesn't know, and decisions
that name no seat of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.acquire.chart import chains, editions
from engine.deck import Card
from engine.games.cold_cash_risk.base import ACTIVITY, DEFENCE_ORDERS, EARNINGS, STAGES
from engine.risk.cards import card_ids
from engine.risk.map import classic_map
from engine.statecheck import Field

MOM_AND_POP = "Mom & Pop"
DECISIONS = ("order", "consent", "settle", "accept", "vote", "occupy", "engage", "defend",
             "deploy", "fire", "restructure")
# Cash beyond this is a typo (the whole stock of seven chains at top price is far less).
MOST_CASH = 10_000_000
MOST_TEAMS = 10_000
SHARES = 25
# The fields of a pending decision, by what they name.
SEAT_FIELDS = ("seat", "caller", "placer", "maker", "nominee", "incumbent", "asked", "attacker")
CHAIN_FIELDS = ("corporation", "survivor")
TERRITORY_FIELDS = ("from", "to", "territory")
COUNT_FIELDS = ("dice", "min", "max", "left", "stop_at")


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    game = Field(state["game"], "game")
    territories = set(classic_map().territories)
    edition = game["edition"].one_of(editions(), "an edition (" + ", ".join(editions()) + ")")
    corporations = set(chains(edition))
    seat = f"a seat of this game ({', '.join(seats)})"
    corporation = f"a corporation of the {edition} edition"
    territory = "a territory of the map"
    game["turn"].count(1, 10_000, what="the Operating Cycle")
    game["phase"].one_of((ACTIVITY, EARNINGS), "activity or earnings")
    order = game["order"].names(seats, seat, unique=True)
    game["index"].count(0, max(len(order) - 1, 0), what="whose turn it is in “order”")
    game["stage"].one_of(STAGES, "a stage of a turn (" + ", ".join(STAGES) + ")")
    active = game["active"]
    active.get("placed").one_of_or_none(territories, territory)
    active.get("corporation").one_of_or_none(corporations, corporation)
    active.get("earned", []).names(corporations, corporation, unique=True)
    for pair in active.get("declined", []).items():
        parts = pair.items()
        if len(parts) != 2:
            pair.refuse("must be [corporation, seat].")
        parts[0].one_of(corporations, corporation)
        parts[1].one_of(seats, seat)
    for flag in ("acted", "redraw", "merge_refused", "begun"):
        active.get(flag, False).flag()
    in_play = {c for c, _ in game["corporations"].entries(corporations, corporation)}
    for _territory, held in game["board"].entries(territories, territory):
        held["owner"].one_of(in_play | {MOM_AND_POP},
                             "a corporation in play or a Mom & Pop")
        held["teams"].count(0, MOST_TEAMS, what="security teams")
    for _chain, info in game["corporations"].entries(corporations, corporation):
        info["ceo"].one_of(seats, seat)
        info["tower"].one_of(territories, territory)
    ledger = game["ledger"]
    for _seat, cash in ledger["cash"].entries(seats, seat):
        cash.count(0, MOST_CASH, what="a player's cash")
    for name in seats:
        if not ledger["cash"].has(name):
            ledger["cash"].refuse(f"has no cash for {name} (0 if they have none).")
    for _seat, holding in ledger["shares"].entries(seats, seat):
        holding.counts(corporations, corporation)
    ledger["bank"].counts(corporations, corporation)
    for _seat, shown in game["shown"].entries(seats, seat):
        shown.counts(corporations, corporation)
    _check_cards(game, seats, seat)
    game["retired"].names(seats, seat, unique=True)
    for decision in game["stack"].items():
        _check_decision(decision, seats, seat, corporations, corporation, territories)
    _check_last_battle(game.get("last_battle"), corporations, corporation, territories)
    for _seat, standing in game.get("defence", {}).entries(seats, seat):
        standing.one_of(DEFENCE_ORDERS, "ask, most or one")


def _check_cards(game: Field, seats: list[str], seat: str) -> None:
    """Each territory card is one of the deck's 44 (42 territories, 2 wilds) and in one
    place at a time: a hand, the draw pile or the discards."""
    deck: set[Card] = set(card_ids(classic_map()))
    card = "a territory card (a territory, Wild 1 or Wild 2)"
    seen: dict[Card, str] = {}

    def place(field: Field) -> None:
        for item in field.items(len(deck)):
            name = item.one_of(deck, card)
            if name in seen:
                item.refuse(f"holds {name}, which is also in {seen[name]}: each card is in "
                            "one place.")
            seen[name] = field.path
    for _seat, hand in game["hands"].entries(seats, seat):
        place(hand)
    place(game["draw_pile"])
    place(game["discards"])
    for _seat, opening in game["opening"].entries(seats, seat):
        opening.one_of(deck, card)


def _check_decision(decision: Field, seats: list[str], seat: str, corporations: set[str],
                    corporation: str, territories: set[str]) -> None:
    """A pending decision: a kind the game knows, and fields naming what they should."""
    decision["kind"].one_of(DECISIONS, "a decision of the game (" + ", ".join(DECISIONS) + ")")
    data = decision.obj()
    for key in SEAT_FIELDS:
        if data.get(key) not in (None, ""):
            decision[key].one_of(seats, seat)
    for key in CHAIN_FIELDS:
        if data.get(key) is not None:
            decision[key].one_of(corporations, corporation)
    for key in TERRITORY_FIELDS:
        if data.get(key) is not None:
            decision[key].one_of(territories, "a territory of the map")
    for key in COUNT_FIELDS:
        if key in data:
            decision[key].count(0, MOST_TEAMS)
    for key in ("waiting", "agreed"):
        if key in data:
            decision[key].names(seats, seat, unique=True)
    for key in ("ranked", "defunct"):
        if key in data:
            decision[key].names(corporations, corporation, unique=True)
    if "sizes" in data:
        decision["sizes"].counts(corporations, corporation)
    for vote in decision.get("votes", []).items():
        vote["seat"].one_of(seats, seat)
        vote["shares"].count(0, SHARES * len(corporations))
    if "settlement" in data:
        settlement = decision["settlement"]
        settlement["survivor"].one_of(corporations, corporation)
        settlement["seats"].names(seats, seat, unique=True)
        settlement["waiting"].names(seats, seat, unique=True)
        for entry in settlement["queue"].items():
            parts = entry.items()
            if len(parts) != 3:
                entry.refuse("must be [corporation, size, price].")
            parts[0].one_of(corporations, corporation)
            parts[1].count(0, 1000, what="a size")
            parts[2].count(0, MOST_CASH, what="a price")


def _check_last_battle(battle: Field, corporations: set[str], corporation: str,
                       territories: set[str]) -> None:
    """The last takeover battle, as the board shows it: who, where, the dice, the losses."""
    if battle.missing:
        return
    battle["corporation"].one_of(corporations, corporation)
    battle["defender"].one_of(corporations | {MOM_AND_POP}, "a corporation or a Mom & Pop")
    battle["from"].one_of(territories, "a territory of the map")
    battle["to"].one_of(territories, "a territory of the map")
    for key in ("attackers_left", "defenders_left"):
        battle[key].count(0, MOST_TEAMS, what="security teams")
    for round_ in battle["rounds"].items():
        for key in ("attacker_dice", "defender_dice"):
            for die in round_[key].items(3):
                die.count(1, 6, what="a die")
        for key in ("attacker_losses", "defender_losses"):
            round_[key].count(0, 3, what="losses in a round")
