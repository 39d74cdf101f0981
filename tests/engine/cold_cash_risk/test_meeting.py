"""Call a Stockholders' Meeting: a nomination, the nominee's acceptance, an open vote of
shown shares (rulebook "Call a Stockholders' Meeting"; CCR-5)."""

from __future__ import annotations

from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    act,
    actions,
    choices,
    held_by,
    of_kind,
    position,
    public_texts,
    refused,
)


def meeting(shares: dict[str, dict[str, object]]) -> object:
    """American holds Australia, CEO Cy; it is Ann's action."""
    return position(territories=held_by("American", 2, *AUSTRALIA),
                    corporations={"American": (CY, "Indonesia")}, stage="action",
                    shares=shares)  # type: ignore[arg-type]


def test_only_a_stockholder_calls_a_meeting_nominating_anyone_but_the_ceo() -> None:
    """New CEO: "You may call a meeting of the stockholders of any 1 corporation you own
    stock in." Nominee: "You may name any player, including yourself, or someone who does
    not even own stock in the corporation.\""""
    game = meeting({BO: {"American": 2}})
    assert "meeting" not in actions(game, ANN)
    game = meeting({ANN: {"American": 1}})  # hidden shares count for calling it
    assert choices(game, ANN, "meeting", "nominee") == [ANN, BO]
    refused(game, ANN, "meeting", corporation="American", nominee=CY)


def test_the_fors_win_and_the_nominee_becomes_ceo() -> None:
    """Voting: "Each player gets 1 vote for each share ... All of a player's votes must be
    either for or against the nominee ... Balloting must be open." Result: "If the fors win,
    your nominee becomes the corporation's new CEO.\""""
    game = meeting({ANN: {"American": (4, 4)}, BO: {"American": (2, 2)},
                    CY: {"American": (5, 5)}})
    events = act(game, ANN, "meeting", corporation="American", nominee="bo")
    assert "nominates Bo" in public_texts(events)[0]
    assert game.prompts().keys() == {BO} and actions(game, BO) == ["accept"]
    events = act(game, BO, "accept", choice="yes")
    assert "in this order: Ann, Bo, Cy" in public_texts(events)[-1]
    events = act(game, ANN, "vote", choice="yes")
    assert public_texts(events) == ["Ann votes for Bo with 4 shown shares."]
    act(game, BO, "vote", choice="Bo")  # naming the nominee is a vote for
    events = act(game, CY, "vote", choice="no")
    result = of_kind(events, "meeting_result")[0]
    assert result.text == "6 for, 5 against: Bo is the new CEO of American."
    assert game.ceo("American") == BO
    assert game.current == BO  # the meeting was Ann's action


def test_a_tie_keeps_the_incumbent_and_hidden_shares_do_not_vote() -> None:
    """Result: "If the againsts win, or there is a tie, the incumbent remains CEO."
    Secrecy: "you may not vote with hidden shares" (CCR-5: only shown shares vote)."""
    game = meeting({ANN: {"American": (9, 3)}, CY: {"American": (3, 3)}, BO: {"American": 6}})
    act(game, ANN, "meeting", corporation="American", nominee=ANN)  # yourself: no asking
    assert game.stack[-1]["roll"] == [ANN, CY]  # Bo shows no shares: Bo has no vote
    act(game, ANN, "vote", choice="yes")
    events = act(game, CY, "vote", choice="no")
    assert of_kind(events, "meeting_result")[0].text == (
        "3 for, 3 against: Cy remains CEO of American.")
    assert game.ceo("American") == CY


def test_a_declined_nomination_lets_the_caller_take_another_action() -> None:
    """Nominee: "you may not nominate someone who does not want to be nominated. If no one
    wants the job, you can take a different action.\""""
    game = meeting({ANN: {"American": 2}})
    act(game, ANN, "meeting", corporation="American", nominee=BO)
    events = act(game, BO, "accept", choice="no")
    assert "declines" in public_texts(events)[0]
    assert game.current == ANN and "buy" in actions(game, ANN)
    assert choices(game, ANN, "meeting", "nominee") == [ANN]  # Bo said no this turn
    act(game, ANN, "buy", corporation="American", count=1)
    assert game.current == BO


def test_nobody_shows_shares_the_incumbent_stays() -> None:
    """With no shown shares there are no votes: 0 for, 0 against is a tie."""
    game = meeting({ANN: {"American": 2}})
    events = act(game, ANN, "meeting", corporation="American", nominee=ANN)
    assert of_kind(events, "meeting_result")[0].data["elected"] is False
    assert game.ceo("American") == CY and game.current == BO
