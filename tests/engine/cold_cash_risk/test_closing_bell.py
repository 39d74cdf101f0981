"""The Closing Bell and the alternate endings, the final settlement, and the variable turn
order (rulebook "Closing Bell", "Options"; CCR-10)."""

from __future__ import annotations

import pytest

from engine.risk.map import classic_map
from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    act,
    actions,
    cash,
    held_by,
    kinds,
    loaded,
    mompops,
    of_kind,
    position,
    refused,
)

ASIA = list(classic_map().continents["Asia"])
SOUTH_AMERICA = list(classic_map().continents["South America"])


def big_american(**kwargs: object) -> object:
    """American holds Asia and Australia: 16 territories + 7 + 2 = size 25 (CEO Bo)."""
    return position(territories={**held_by("American", 1, *ASIA, *AUSTRALIA)},
                    corporations={"American": (BO, "Siam")}, hands={ANN: ["Peru"]},
                    **kwargs)  # type: ignore[arg-type]


def test_declare_the_game_over_at_the_beginning_of_a_turn() -> None:
    """Corporate Size: "If a single corporation is size 22 or greater ... the game *may*
    end. When these conditions are met, any player may declare the game over at the
    *beginning* of his or her turn.\""""
    game = big_american()
    assert game.size("American") == 25 and game.view(None)["closing_bell"]
    assert actions(game, ANN) == ["declare-end", "place"]
    act(game, ANN, "place", territory="Peru")
    assert "declare-end" not in actions(game, ANN)
    refused(game, ANN, "declare-end")


def test_the_closing_bell_is_not_offered_after_a_declined_nomination() -> None:
    """Corporate Size: "any player may declare the game over at the *beginning* of his or
    her turn." A player who could not place and called a meeting whose nominee declined
    takes another action, but the turn's beginning is past (D-20)."""
    game = position(territories={**held_by("American", 1, *ASIA, *AUSTRALIA)},
                    corporations={"American": (ANN, "Siam")}, current=BO, stage="start",
                    hands={BO: []}, shares={BO: {"American": 2}})
    assert game.current == BO and game.active["placed"] is None
    assert actions(game, BO)[0] == "declare-end"
    act(game, BO, "meeting", corporation="American", nominee=CY)
    act(game, CY, "accept", choice="no")
    assert game.current == BO and "buy" in actions(game, BO)
    assert "declare-end" not in actions(game, BO)
    refused(game, BO, "declare-end")


def test_all_corporations_of_11_or_more() -> None:
    """"or all corporations are size 11 or greater\""""
    game = position(territories={**held_by("American", 1, *ASIA[:9]),
                                 **held_by("Tower", 1, *SOUTH_AMERICA, "Central America",
                                           "Western United States", "Eastern United States",
                                           "Alberta", "Ontario")},
                    corporations={"American": (BO, "Ural"), "Tower": (CY, "Peru")},
                    hands={ANN: ["Iceland"]})
    assert game.size("Tower") == 11 and game.size("American") == 9
    assert "declare-end" not in actions(game, ANN)
    refused(game, ANN, "declare-end")
    game = position(territories={**held_by("American", 1, *ASIA[:11]),
                                 **held_by("Tower", 1, *SOUTH_AMERICA, "Central America",
                                           "Western United States", "Eastern United States",
                                           "Alberta", "Ontario")},
                    corporations={"American": (BO, "Ural"), "Tower": (CY, "Peru")},
                    hands={ANN: ["Iceland"]})
    assert "declare-end" in actions(game, ANN)


def test_ccr_10_final_bonuses_and_sales_at_full_values() -> None:
    """Bonuses: "Follow *Acquire* rules to grant bonuses and cash out stock. The player who
    has the highest total wins. Unused territory cards are not considered an asset."
    CCR-10: "full Acquire values"; CCR-5: hidden shares "still count for ... the final
    count". Shares of a corporation not in play are worthless."""
    game = big_american(shares={ANN: {"American": 10, "Tower": 6}, BO: {"American": (5, 5)},
                                CY: {"Tower": 3}})
    assert game.price("American") == 900  # tier 2, size 21-30
    events = act(game, ANN, "declare-end")
    assert game.finished and kinds(events) == ["game_over"]
    assert cash(game, ANN) == 6000 + 9000 + 10 * 900
    assert cash(game, BO) == 6000 + 4500 + 5 * 900
    assert cash(game, CY) == 6000
    assert game.winners == [ANN]
    view = game.view(None)
    assert view["results"]["cash"][ANN] == 24000 and view["seed"] == game.seed
    assert game.prompts() == {}


def test_short_game_ends_when_the_last_card_is_played() -> None:
    """Short Game: "The game ends when the final territory card is played. The player who
    played the card may complete his or her turn. Then determine the winner normally.\""""
    def no_cards(d: dict[str, object]) -> None:
        hands = d["hands"]
        assert isinstance(hands, dict)
        discards = d["discards"]
        assert isinstance(discards, list)
        discards.extend(d["draw_pile"])  # type: ignore[arg-type]
        d["draw_pile"] = []
        for seat in (BO, CY):
            discards.extend(hands[seat])
            hands[seat] = []

    game = position(hands={ANN: ["Peru"]}, options={"ending": "short"}, edit=no_cards)
    act(game, ANN, "place", territory="Peru")
    assert not game.finished
    events = act(game, ANN, "leave")  # Ann has nothing to buy: her turn passes by itself
    assert kinds(events)[:3] == ["left", "passed", "cards_drawn"]
    assert game.finished and "short game" in of_kind(events, "game_over")[0].text


def test_long_game_ends_when_one_corporation_holds_the_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Long Game: "The game ends when a single corporation controls every territory on the
    map." No Closing Bell is declared in the long game."""
    everything = [t for t in classic_map().territories if t != "Peru"]
    game = position(territories={**held_by("American", 1, *everything),
                                 "Brazil": ("American", 10), **mompops("Peru")},
                    corporations={"American": (ANN, "Brazil")}, stage="action",
                    options={"ending": "long"})
    assert game.size("American") > 22 and "declare-end" not in actions(game, ANN)
    loaded(monkeypatch, [1], [6, 6, 6], [1])
    act(game, ANN, "announce", from_territory="Brazil", to_territory="Peru")
    act(game, ANN, "attack")
    events = act(game, ANN, "move", count=3)
    assert game.finished and "long game" in of_kind(events, "game_over")[0].text


def last_turn(d: dict[str, object]) -> None:
    """The order is Ann, Bo, Cy, and it is Cy's turn: the last of the Activity Phase."""
    d.update(order=[ANN, BO, CY], index=2)


def test_variable_turn_order() -> None:
    """Variable Turn Order: "After the first turn ... Each player draws a tile ... The
    player who drew the '1' tile moves first during both the Activity and Earnings Phases,
    the player who drew the '2' tile moves second, and so on.\""""
    orders = set()
    for i in range(12):
        game = position(current=CY, stage="action", seed=f"tiles-{i}",
                        options={"turn_order": "variable"}, edit=last_turn)
        events = act(game, CY, "pass")
        tiles = of_kind(events, "turn_order")[0].data["tiles"]
        assert sorted(tiles.values()) == [1, 2, 3]
        assert game.order == sorted(game.seats, key=lambda s: tiles[s])
        assert game.turn == 2 and game.current == game.order[0]
        orders.add(tuple(game.order))
    assert len(orders) > 1
    fixed = position(current=CY, stage="action", edit=last_turn)
    act(fixed, CY, "pass")
    assert fixed.order == [ANN, BO, CY]


def test_a_market_that_can_never_change_closes() -> None:
    """Decision D-26: with no corporation in play and no card left that could place a Mom &
    Pop, nothing can ever happen again (no stock to trade, no CEO): the game ends."""
    def no_cards(d: dict[str, object]) -> None:
        hands = d["hands"]
        assert isinstance(hands, dict)
        discards = d["discards"]
        assert isinstance(discards, list)
        discards.extend(d["draw_pile"])  # type: ignore[arg-type]
        d["draw_pile"] = []
        for seat in (ANN, BO, CY):
            discards.extend(hands[seat])
            hands[seat] = []

    game = position(current=BO, stage="action", edit=no_cards)
    events = act(game, BO, "pass")
    assert game.finished and "nothing can change" in of_kind(events, "game_over")[0].text
    assert game.winners == [ANN, BO, CY]
