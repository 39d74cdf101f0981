"""Merger settlement, the Bank, and the end of the game: reference/acquire-tables.md
"Mergers" and "End of game", CCR-7, CCR-8 and CCR-10."""

from __future__ import annotations

import pytest

from engine.acquire.ledger import Ledger
from engine.acquire.merger import (
    HOSTILE_TAKEOVER_TERMS,
    Settlement,
    cash_out,
    plan_merger,
    turn_order_from,
    winners,
)
from engine.errors import Ambiguous, NotAllowed

SEATS = ["Ann", "Bo", "Cy", "Di"]
CHAINS = ["Worldwide", "Sackson", "Festival", "Imperial", "American", "Continental", "Tower"]


def ledger_with(holdings: dict[str, dict[str, int]]) -> Ledger:
    ledger = Ledger.new(SEATS, CHAINS)
    for seat, held in holdings.items():
        for chain, n in held.items():
            ledger.grant(seat, chain, n)
    return ledger


def test_bank_has_25_of_each_and_conserves_shares() -> None:
    """"shares per chain: 25", "starting cash: 6000"."""
    ledger = Ledger.new(SEATS, CHAINS)
    assert set(ledger.bank.values()) == {25} and set(ledger.cash.values()) == {6000}
    ledger.buy("Ann", "Tower", 3, 400)
    assert (ledger.cash["Ann"], ledger.held("Ann", "Tower"), ledger.bank["Tower"]) == (
        4800, 3, 22)
    ledger.grant("Bo", "Tower", 30)
    assert ledger.bank["Tower"] == 0 and ledger.held("Bo", "Tower") == 22
    with pytest.raises(NotAllowed, match="only 0"):
        ledger.buy("Cy", "Tower", 1, 400)
    with pytest.raises(NotAllowed):
        ledger.buy("Cy", "Sackson", 3, 2500)  # $7,500 > $6,000
    assert ledger.sell("Ann", "Tower", 2, 500) == 1000
    assert Ledger.from_json(ledger.to_json()) == ledger


def test_plan_largest_survives_defunct_largest_first() -> None:
    """"the largest survives ... The defunct chains are resolved one at a time, from
    largest to smallest"."""
    plan = plan_merger({"Sackson": 3, "Tower": 9, "Festival": 5, "American": 2})
    assert plan.survivor == "Tower"
    assert plan.defunct == ("Festival", "Sackson", "American")


def test_plan_ties_are_the_makers_choice() -> None:
    """"tie for largest: mergemaker chooses"; "If two defunct chains are the same size,
    the mergemaker decides the order" (CCR-7: "the placer breaks ties of size")."""
    with pytest.raises(Ambiguous) as caught:
        plan_merger({"Sackson": 5, "Tower": 5})
    assert sorted(caught.value.candidates) == ["Sackson", "Tower"]
    assert plan_merger({"Sackson": 5, "Tower": 5}, survivor="Sackson").defunct == ("Tower",)
    with pytest.raises(NotAllowed):
        plan_merger({"Sackson": 5, "Tower": 6}, survivor="Sackson")
    sizes = {"Tower": 9, "Sackson": 4, "Festival": 4}
    with pytest.raises(Ambiguous) as caught:
        plan_merger(sizes)
    assert sorted(caught.value.candidates) == ["Festival", "Sackson"]
    assert plan_merger(sizes, order=["Sackson", "Festival"]).defunct == ("Sackson", "Festival")
    assert plan_merger(sizes, order=["Festival", "Sackson"]).defunct == ("Festival", "Sackson")


def test_plan_safe_chain_cannot_be_absorbed() -> None:
    """"A safe chain (11+) can never be absorbed" (CCR: "if the size of the smaller
    corporation is 11 or higher, it cannot be merged")."""
    with pytest.raises(NotAllowed, match="safe"):
        plan_merger({"Tower": 12, "Sackson": 11})
    assert plan_merger({"Tower": 12, "Sackson": 10}).survivor == "Tower"


def test_three_chain_merger_settled_in_order() -> None:
    """A tile joins Tower (12), Festival (6) and Sackson (3), placed by Bo.

    "The defunct chains are resolved one at a time, from largest to smallest; each
    gets its own bonus payout and disposal round before the next": Festival's bonuses,
    then its holders from the mergemaker (Bo) clockwise, then Sackson's. "Prices/
    bonuses for each defunct chain use its own pre-merger size."
    """
    ledger = ledger_with({"Ann": {"Festival": 4, "Sackson": 1},
                          "Bo": {"Festival": 2},
                          "Di": {"Festival": 4, "Sackson": 3, "Tower": 1}})
    sizes = {"Tower": 12, "Festival": 6, "Sackson": 3}
    plan = plan_merger(sizes)
    assert (plan.survivor, plan.defunct) == ("Tower", ("Festival", "Sackson"))
    settlement, notes = Settlement.begin(ledger, plan, sizes, SEATS, "Bo")
    # Festival (tier 2, size 6: $700): Ann and Di tie for the majority: (7000 + 3500) / 2
    # = 5250, rounded up to 5300 each; Bo gets nothing.
    assert [(n["seat"], n["amount"]) for n in notes] == [("Di", 5300), ("Ann", 5300)]
    assert settlement.awaiting() == ("Bo", "Festival")
    with pytest.raises(NotAllowed, match="Bo's turn"):
        settlement.dispose(ledger, "Ann", sell=4)
    settlement.dispose(ledger, "Bo", trade=2)
    assert ledger.held("Bo", "Tower") == 1 and ledger.bank["Festival"] == 25 - 8
    assert settlement.awaiting() == ("Di", "Festival")
    with pytest.raises(NotAllowed, match="multiples of 2"):
        settlement.dispose(ledger, "Di", trade=3)
    settlement.dispose(ledger, "Di", sell=1, trade=2, keep=1)
    assert settlement.awaiting() == ("Ann", "Festival")
    notes = settlement.dispose(ledger, "Ann", sell=4)
    # Festival is settled; Sackson (tier 1, size 3: $300) pays Di 3000 and Ann 1500.
    assert [n["kind"] for n in notes] == ["disposal", "settled", "bonus", "bonus"]
    assert [(n["seat"], n["amount"]) for n in notes if n["kind"] == "bonus"] == [
        ("Di", 3000), ("Ann", 1500)]
    assert settlement.awaiting() == ("Di", "Sackson")
    settlement.dispose(ledger, "Di", keep=3)
    assert settlement.awaiting() == ("Ann", "Sackson")
    settlement.dispose(ledger, "Ann", sell=1)
    assert settlement.done and settlement.awaiting() is None
    assert ledger.cash == {"Ann": 6000 + 5300 + 4 * 700 + 1500 + 300, "Bo": 6000,
                           "Cy": 6000, "Di": 6000 + 5300 + 700 + 3000}
    assert ledger.held("Di", "Tower") == 2 and ledger.held("Di", "Festival") == 1
    for chain in CHAINS:  # shares are conserved: the Bank plus every holder = 25
        assert ledger.bank[chain] + sum(ledger.held(s, chain) for s in SEATS) == 25


def test_trades_limited_by_the_bank() -> None:
    """"Trade 2 defunct shares for 1 share of the surviving chain, only while the bank
    has survivor shares"."""
    ledger = ledger_with({"Ann": {"Sackson": 6}, "Bo": {"Tower": 23}})
    sizes = {"Tower": 8, "Sackson": 4}
    settlement, _ = Settlement.begin(ledger, plan_merger(sizes), sizes, SEATS, "Ann")
    limits = settlement.limits(ledger)
    assert (limits.held, limits.max_trade, limits.sale_price) == (6, 4, 400)
    with pytest.raises(NotAllowed, match="at most 4"):
        settlement.dispose(ledger, "Ann", trade=6)
    with pytest.raises(NotAllowed, match="add up to 6"):
        settlement.dispose(ledger, "Ann", trade=4, keep=0)
    settlement.dispose(ledger, "Ann", trade=4, sell=2)
    assert ledger.bank["Tower"] == 0 and ledger.held("Ann", "Tower") == 2


def test_ccr8_hostile_takeover_terms() -> None:
    """CCR-8: "Hostile takeover settlements halve exactly (bonuses and the sale price
    can end in $50); trades need 4 defunct shares for 1 share of the winner." Rulebook:
    "Bonuses are halved, the value of the defeated corporation's stock sold to the bank
    is halved, and 4 shares of defeated stock are required in trade for 1 share"."""
    ledger = ledger_with({"Ann": {"Festival": 9}, "Bo": {"Festival": 3}})
    sizes = {"Tower": 9, "Festival": 6}  # Festival tier 2 at 6: $700
    settlement, notes = Settlement.begin(ledger, plan_merger(sizes), sizes, SEATS, "Cy",
                                         terms=HOSTILE_TAKEOVER_TERMS)
    assert [(n["seat"], n["amount"]) for n in notes] == [("Ann", 3500), ("Bo", 1750)]
    limits = settlement.limits(ledger)
    assert (limits.sale_price, limits.trade_ratio, limits.max_trade) == (350, 4, 8)
    assert settlement.awaiting() == ("Ann", "Festival")
    with pytest.raises(NotAllowed, match="multiples of 4"):
        settlement.dispose(ledger, "Ann", trade=2)
    settlement.dispose(ledger, "Ann", trade=8, sell=1)
    settlement.dispose(ledger, "Bo", sell=3)
    assert ledger.cash["Ann"] == 6000 + 3500 + 350 and ledger.held("Ann", "Tower") == 2
    assert ledger.cash["Bo"] == 6000 + 1750 + 3 * 350


def test_settlement_round_trips_as_json() -> None:
    ledger = ledger_with({"Ann": {"Sackson": 2}, "Bo": {"Sackson": 2}})
    sizes = {"Tower": 5, "Sackson": 2}
    settlement, _ = Settlement.begin(ledger, plan_merger(sizes), sizes, SEATS, "Cy",
                                     terms=HOSTILE_TAKEOVER_TERMS)
    again = Settlement.from_json(settlement.to_json())
    assert again == settlement and again.awaiting() == ("Ann", "Sackson")


def test_nobody_holds_a_defunct_chain() -> None:
    """"If nobody holds stock in the defunct chain, no bonus is paid"; it is settled."""
    ledger = Ledger.new(SEATS, CHAINS)
    sizes = {"Tower": 5, "Sackson": 2}
    settlement, notes = Settlement.begin(ledger, plan_merger(sizes), sizes, SEATS, "Cy")
    assert settlement.done and [n["kind"] for n in notes] == ["settled"]


def test_turn_order_from_the_maker() -> None:
    assert turn_order_from(SEATS, "Cy") == ["Cy", "Di", "Ann", "Bo"]


def test_ccr10_cash_out_at_full_values() -> None:
    """reference "End of game": "Pay majority/minority bonuses for every chain on the
    board; Every player sells all stock in active chains at current prices; Stock in
    chains not on the board is worthless; Most cash wins" — CCR-10: full Acquire values.
    """
    ledger = ledger_with({"Ann": {"Tower": 5, "Sackson": 2}, "Bo": {"Tower": 2, "Imperial": 3},
                          "Cy": {"Sackson": 2}})
    records = cash_out(ledger, {"Tower": 22, "Sackson": 11})
    # Tower tier 3 at 22: $1000 -> Ann 10000, Bo 5000; then 5 and 2 shares sold.
    # Sackson tier 1 at 11: $700 -> Ann and Cy tie: (7000 + 3500) / 2 = 5250 -> 5300.
    assert ledger.cash["Ann"] == 6000 + 10000 + 5300 + 5 * 1000 + 2 * 700
    assert ledger.cash["Bo"] == 6000 + 5000 + 2 * 1000
    assert ledger.cash["Cy"] == 6000 + 5300 + 2 * 700
    assert ledger.held("Bo", "Imperial") == 3  # not on the board: worthless, never sold
    assert [r["kind"] for r in records].count("sale") == 4
    assert winners(ledger) == ["Ann"]
