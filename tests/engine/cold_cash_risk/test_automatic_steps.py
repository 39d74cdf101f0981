"""No secret leaks through an automatic step (issue 11): what the table is told, and whom
the game waits for, may depend on a seat's private cash, holdings and cards only where
the rules make the action reveal them (CCR-5: "Holdings are private"; D-8: cash is
private)."""

from __future__ import annotations

from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    act,
    actions,
    held_by,
    kinds,
    position,
    public_texts,
)
from tests.support.reading import public_texts as texts


def american(**kwargs: object) -> object:
    """American holds Australia (CEO Bo); it is Ann's turn to place, with a card for
    Kamchatka (far from everything)."""
    return position(territories=held_by("American", 2, *AUSTRALIA),
                    corporations={"American": (BO, "Indonesia")},
                    hands={ANN: ["Kamchatka"]}, **kwargs)  # type: ignore[arg-type]


def test_ccr_5_a_player_who_can_afford_nothing_is_asked_like_anyone() -> None:
    """CCR-5 / D-8: cash and holdings are private. A player with no cash and no shares has
    nothing but `pass` left, but the table must not learn it: the game waits for the
    player's pass exactly as it waits for a player who could buy."""
    poor = american(cash={ANN: 0}, shares={BO: {"American": 3}})
    rich = american(shares={ANN: {"American": 3}})  # the Bank has as many in both
    for game in (poor, rich):
        act(game, ANN, "place", territory="Kamchatka")
    leave = [act(game, ANN, "leave") for game in (poor, rich)]
    assert texts(leave[0]) == texts(leave[1]) == ["Ann leaves the Mom & Pop in Kamchatka as "
                                                  "it is."]
    assert poor.prompts().keys() == rich.prompts().keys() == {ANN}
    assert poor.view(None) == rich.view(None)
    assert actions(poor, ANN) == ["pass"] and "buy" in actions(rich, ANN)
    events = act(poor, ANN, "pass")
    assert public_texts(events)[0] == "Ann passes."  # not "has no action to take"


def test_ccr_5_selling_the_last_share_does_not_end_the_turn_by_itself() -> None:
    """CCR-5: "Purchases and sales themselves are announced", holdings are not. Selling
    the last share a player holds must not show it by ending the turn at once: the seller
    says when the selling is done, as one who still holds shares does."""
    games = [american(stage="action", shares={ANN: {"American": 2}, BO: {"American": 3}}),
             american(stage="action", shares={ANN: {"American": 5}})]
    sold = [act(game, ANN, "sell", corporation="American", count=2) for game in games]
    assert texts(sold[0]) == texts(sold[1])
    assert [g.prompts().keys() for g in games] == [{ANN}, {ANN}]
    assert games[0].view(None) == games[1].view(None)
    assert actions(games[0], ANN) == ["pass"] and actions(games[1], ANN) == ["sell", "pass"]
    events = act(games[0], ANN, "pass")
    assert "turn_ended" in kinds(events) and games[0].current == BO


def test_with_no_corporation_in_play_the_pass_is_forced_in_public() -> None:
    """D-12: a decision with one option resolves itself, when everyone can see that it
    has one option: with no corporation in play nobody can buy, sell, meet or take over."""
    game = position(hands={ANN: ["Kamchatka"]})
    act(game, ANN, "place", territory="Kamchatka")
    events = act(game, ANN, "leave")
    assert "Ann has no action to take and passes." in public_texts(events)
    assert game.current == BO and game.prompts().keys() == {BO}
    assert CY not in game.prompts()
