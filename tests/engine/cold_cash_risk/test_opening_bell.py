"""The Opening Bell: cash, the turn order from the order cards, the first Mom & Pops, and
the hands of 3 (rulebook "Opening Bell"; CCR-1)."""

from __future__ import annotations

import pytest

import engine
from engine import RuleError
from tests.engine.cold_cash_risk.helpers import ANN, BO, CY, DI, SEATS, g, new


def test_ccr_1_three_to_six_players_with_6000_each() -> None:
    """CCR-1: "Players: 3 to 6. Each starts with $6,000." Rulebook, Cash: "Give each player
    $6,000"."""
    for n in range(3, 7):
        game = new(["P1", "P2", "P3", "P4", "P5", "P6"][:n])
        assert set(game.ledger.cash.values()) == {6000}
    for n in (2, 7):
        with pytest.raises(RuleError):
            new([f"P{i}" for i in range(n)])


def test_the_alphabetically_first_territory_card_moves_first() -> None:
    """Order: "The player whose territory comes first alphabetically will move first ...
    Play will proceed from the first player clockwise around the table." Seat order is the
    table's clockwise order."""
    for i in range(40):
        seats = [ANN, BO, CY, DI][: 3 + i % 2]
        game = new(seats, seed=f"order-{i}")
        opening = game.opening
        first = min(seats, key=lambda s: opening[s])
        assert game.order[0] == first
        k = seats.index(first)
        assert game.order == seats[k:] + seats[:k]
        assert game.current == first


def test_alaska_moves_first() -> None:
    """"For example, if you receive Alaska you will move first because it comes before all
    other RISK territories." (True unless someone drew Afghanistan, which is earlier in the
    alphabet: decision D-1.)"""
    found = 0
    for i in range(300):
        game = new(seed=f"alaska-{i}")
        cards = set(game.opening.values())
        if "Alaska" in cards and "Afghanistan" not in cards:
            holder = next(s for s, c in game.opening.items() if c == "Alaska")
            assert game.order[0] == holder
            found += 1
        if "Alaska" in cards and "Afghanistan" in cards:
            holder = next(s for s, c in game.opening.items() if c == "Afghanistan")
            assert game.order[0] == holder
    assert found


def test_a_wild_order_card_is_discarded_and_replaced() -> None:
    """"If you receive a wild card, discard it and draw another."""
    replaced = 0
    for i in range(200):
        game = new(seed=f"wild-{i}")
        assert not any(c.startswith("Wild") for c in game.opening.values())
        discards = g(game)["discards"]
        replaced += sum(c.startswith("Wild") for c in discards)
    assert replaced


def test_mom_and_pops_on_the_order_cards_then_hands_of_three() -> None:
    """Mom & Pops: "Each player must place 1 Mom & Pop in the territory named on his or her
    card and then discard the card." Hand: "Deal 3 new territory cards to each player.\""""
    game = new([ANN, BO, CY, DI], seed="hands")
    d = g(game)
    assert set(game.board.mompops()) == set(game.opening.values())
    assert all(info["teams"] == 0 for info in d["board"].values())
    assert set(game.opening.values()) <= set(d["discards"])
    for seat in game.seats:
        assert len(d["hands"][seat]) == 3
        assert not set(d["hands"][seat]) & set(game.opening.values())
    total = sum(len(h) for h in d["hands"].values()) + len(d["draw_pile"]) + len(d["discards"])
    assert total == 44  # 42 territory cards and 2 wild cards
    assert game.corporations == {}
    assert set(game.ledger.bank.values()) == {25}


def test_hands_are_dealt_privately() -> None:
    """DESIGN: "Secrets go by DM." Each hand goes only to its holder; the opening is public."""
    game = new(seed="private-hands")
    events = game.setup_events
    public = [e for e in events if e.public]
    assert [e.kind for e in public] == ["opening_bell"]
    for seat in SEATS:
        mine = [e for e in events if not e.public and seat in e.audience]
        assert len(mine) == 1 and mine[0].audience == {seat}
        assert mine[0].data["hand"] == g(game)["hands"][seat]
        for card in g(game)["hands"][seat]:
            assert card not in public[0].text
    assert game.prompts().keys() == {game.order[0]}
    assert [a.name for a in game.prompts()[game.order[0]].actions] == ["place"]


def test_options_are_declared_and_checked() -> None:
    """Options, not scattered ifs: each is named, with a default, and refused if unknown."""
    game = new()
    assert game.options == {"edition": "2008", "turn_order": "fixed", "ending": "standard",
                            "unplaceable": "redraw", "free_move": "adjacent",
                            "founding": "chain", "show_new_shares": False}
    with pytest.raises(RuleError):
        engine.new_game("cold-cash-risk", SEATS, seed="x", options={"edition": "1962"})
    classic = new(edition="classic")
    assert "Luxor" in classic.chains and "Sackson" not in classic.chains
