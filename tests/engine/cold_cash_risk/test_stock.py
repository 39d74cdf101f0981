"""Buy Stock, Sell Stock, shown and hidden shares (rulebook "Execute One Action"; CCR-2,
CCR-3, CCR-5)."""

from __future__ import annotations

from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    act,
    actions,
    cash,
    choices,
    held_by,
    kinds,
    position,
    private_to,
    public_texts,
    refused,
)


def market(**kwargs: object) -> object:
    """American holds Australia (size 6, CEO Bo); Tower holds Kamchatka (size 2, CEO Cy);
    it is Ann's action."""
    return position(territories={**held_by("American", 2, *AUSTRALIA),
                                 "Kamchatka": ("Tower", 3)},
                    corporations={"American": (BO, "Indonesia"), "Tower": (CY, "Kamchatka")},
                    stage="action", **kwargs)  # type: ignore[arg-type]


def test_ccr_2_buy_one_to_three_shares_at_the_chart_price() -> None:
    """Buy Stock: "You may purchase 1, 2, or 3 shares of stock in any active corporation.
    As in *Acquire*, the size and tier of the corporation determine the price" (CCR-2: 2008
    tiers, American middle, Tower dear; American of size 6-10 is $700, Tower of 2 $400)."""
    game = market()
    assert game.price("American") == 700 and game.price("Tower") == 400
    assert choices(game, ANN, "buy", "count") == ["1", "2", "3"]
    refused(game, ANN, "buy", corporation="American", count=4)
    refused(game, ANN, "buy", corporation="Festival", count=1)  # not in play
    events = act(game, ANN, "buy", corporation="amer", count="3")
    assert cash(game, ANN) == 6000 - 2100 and game.ledger.held(ANN, "American") == 3
    assert public_texts(events)[0] == ("Ann buys 3 shares of American at $700 ($2,100). The "
                                      "Bank has 22 American left.")
    mine = private_to(events, ANN)
    assert mine[0].audience == {ANN} and mine[0].data["holdings"]["American"] == {
        "held": 3, "shown": 0, "hidden": 3}
    assert game.current == BO  # the action ends the turn (then a territory card)


def test_ccr_2_classic_edition_prices() -> None:
    """CCR-2, option: "the classic 3M names and tiers" (Tower cheap, American middle)."""
    game = market(options={"edition": "classic"})
    assert game.price("Tower") == 200 and game.price("American") == 700


def test_a_purchase_needs_the_cash_and_the_banks_shares() -> None:
    """Acquire: shares come from the Bank (25 of each, CCR-2) and cost the price."""
    game = market(cash={ANN: 500}, shares={BO: {"Tower": 24}})
    assert choices(game, ANN, "buy", "corporation") == ["Tower"]  # American costs $700
    refused(game, ANN, "buy", corporation="Tower", count=2, match="only 1")
    refused(game, ANN, "buy", corporation="American", count=1)


def test_sell_any_number_of_several_corporations() -> None:
    """Sell Stock: "You may sell 1 or more shares of stock in 1 or more active
    corporations. There is no limit to the number of shares you may sell.\""""
    game = market(shares={ANN: {"American": 7, "Tower": 2}})
    events = act(game, ANN, "sell", corporation="American", count=7)
    assert cash(game, ANN) == 6000 + 4900
    assert "The Bank has 25 American left" in public_texts(events)[0]
    assert game.current == ANN and set(actions(game, ANN)) == {"sell", "pass"}
    act(game, ANN, "sell", corporation="Tower", count=1)
    act(game, ANN, "pass")
    assert game.current == BO and game.ledger.held(ANN, "Tower") == 1


def test_ccr_5_holdings_are_private_and_shown_shares_are_on_the_table() -> None:
    """CCR-5: "Holdings are private. Each player decides, privately, how many shares of
    each corporation are shown." Rulebook, Secrecy: "If you do not want to reveal how many
    shares of stock you hold, you may keep some or all of them hidden." So what is shown is
    seen by everyone (the market table lists it); the holding and the hidden part are not.
    `show` and `hide` are free actions; new shares arrive hidden (option `show_new_shares`)."""
    game = market(shares={BO: {"American": 5}})
    events = act(game, BO, "show", corporation="American", count=3)  # not Bo's turn: free
    assert [e.public for e in events] == [True, False] and events[1].audience == {BO}
    assert public_texts(events) == [f"{BO} shows 3 shares of American: 3 shares shown now."]
    assert "5" not in public_texts(events)[0]
    assert game.shown[BO]["American"] == 3
    american = next(r for r in game.view(None)["market"] if r["corporation"] == "American")
    assert american["shown_by"] == {BO: 3}
    refused(game, BO, "show", corporation="American", count=3)  # only 2 hidden left
    act(game, BO, "hide", corporation="American", count=1)
    assert game.view(BO)["holdings"]["American"] == {"held": 5, "shown": 2, "hidden": 3}
    public = game.view(None)
    assert "holdings" not in public and "cash" not in public
    assert public["corporations"]["American"]["bank"] == 20
    for seat in (ANN, CY):
        assert "American" not in game.view(seat)["holdings"]
    act(game, ANN, "buy", corporation="American", count=2)
    assert game.shown[ANN]["American"] == 0
    game = market(options={"show_new_shares": True})
    act(game, ANN, "buy", corporation="American", count=2)
    assert game.shown[ANN]["American"] == 2


def test_sold_shares_leave_the_hidden_part_first() -> None:
    """Decision D-9: when shares leave a holding, the hidden ones go first (shown never
    exceeds held)."""
    game = market(shares={ANN: {"American": (5, 3)}})
    act(game, ANN, "sell", corporation="American", count=4)
    assert game.view(ANN)["holdings"]["American"] == {"held": 1, "shown": 1, "hidden": 0}


def test_pass() -> None:
    """Execute One Action: "5. Pass"."""
    game = market()
    events = act(game, ANN, "pass")
    assert kinds(events)[:2] == ["passed", "cards_drawn"] and game.current == BO
