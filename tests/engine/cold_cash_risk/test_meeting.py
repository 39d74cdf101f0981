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
    assert "Ann asks for the votes in any order" in public_texts(events)[-1]
    assert game.prompts().keys() == {ANN} and choices(game, ANN, "ballot", "voter") == [
        ANN, BO, CY]
    act(game, ANN, "ballot", voter="cy")
    events = act(game, CY, "vote", choice="no")
    act(game, ANN, "ballot", voter=ANN)
    events = act(game, ANN, "vote", choice="yes")
    assert public_texts(events) == ["Ann votes for Bo with 4 shown shares."]
    act(game, ANN, "ballot", voter=BO)
    act(game, BO, "vote", choice="Bo")  # naming the nominee is a vote for
    assert actions(game, ANN) == ["count-votes"]
    events = act(game, ANN, "count-votes")
    result = of_kind(events, "meeting_result")[0]
    assert result.text == "6 for, 5 against: Bo is the new CEO of American."
    assert game.ceo("American") == BO
    assert game.current == BO  # the meeting was Ann's action


def test_a_tie_keeps_the_incumbent_and_hidden_shares_do_not_vote() -> None:
    """Result: "If the againsts win, or there is a tie, the incumbent remains CEO."
    Secrecy: "you may not vote with hidden shares" (CCR-5: only shown shares vote)."""
    game = meeting({ANN: {"American": (9, 3)}, CY: {"American": (3, 3)}, BO: {"American": 6}})
    act(game, ANN, "meeting", corporation="American", nominee=ANN)  # yourself: no asking
    assert choices(game, ANN, "ballot", "voter") == [ANN, CY]  # Bo shows no shares
    act(game, ANN, "ballot", voter=ANN)
    act(game, ANN, "vote", choice="yes")
    act(game, ANN, "ballot", voter=CY)
    act(game, CY, "vote", choice="no")
    events = act(game, ANN, "count-votes")
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
    act(game, ANN, "meeting", corporation="American", nominee=ANN)
    assert actions(game, ANN) == ["count-votes"]  # the others may still show shares
    events = act(game, ANN, "count-votes")
    assert of_kind(events, "meeting_result")[0].data["elected"] is False
    assert game.ceo("American") == CY and game.current == BO


def test_all_stockholders_vote_even_those_who_show_shares_after_the_nomination() -> None:
    """New CEO: "all stockholders must vote either for or against the nominee." Voting:
    "You may take a few minutes to negotiate an agreement and then take a single vote."
    Secrecy: "you may not vote with hidden shares" - so a stockholder who shows shares
    while the meeting is open (even after a self-nomination) is asked, and every share
    shown at the ballot counts."""
    game = meeting({ANN: {"American": (3, 3)}, BO: {"American": 4}, CY: {"American": (2, 2)}})
    act(game, ANN, "meeting", corporation="American", nominee=ANN)
    assert choices(game, ANN, "ballot", "voter") == [ANN, CY]
    act(game, BO, "show", corporation="American", count=2)  # negotiating: Bo shows 2
    assert choices(game, ANN, "ballot", "voter") == [ANN, BO, CY]
    act(game, ANN, "ballot", voter=BO)
    act(game, BO, "show", corporation="American")  # Bo shows the other 2 before voting
    events = act(game, BO, "vote", choice="yes")
    assert public_texts(events) == ["Bo votes for Ann with 4 shown shares."]
    refused(game, ANN, "count-votes")  # Ann and Cy have not voted
    for voter, choice in ((CY, "no"), (ANN, "yes")):
        act(game, ANN, "ballot", voter=voter)
        act(game, voter, "vote", choice=choice)
    events = act(game, ANN, "count-votes")
    assert of_kind(events, "meeting_result")[0].text == (
        "7 for, 2 against: Ann is the new CEO of American.")


def test_the_caller_asks_for_votes_in_any_order() -> None:
    """Voting: "Balloting must be open, but you may ask for votes in any order you want."
    The caller names each voter in turn; each vote is announced as it is cast."""
    game = meeting({ANN: {"American": (1, 1)}, BO: {"American": (2, 2)},
                    CY: {"American": (3, 3)}})
    act(game, ANN, "meeting", corporation="American", nominee=BO)
    act(game, BO, "accept", choice="yes")
    order = []
    for voter in (CY, BO, ANN):
        events = act(game, ANN, "ballot", voter=voter)
        assert public_texts(events) == [f"Ann asks {voter} for their vote on Bo."]
        assert game.prompts().keys() == {voter}
        refused(game, ANN, "ballot", voter=voter)  # not the caller's turn now
        order.append(of_kind(act(game, voter, "vote", choice="yes"), "vote")[0].data["seat"])
    assert order == [CY, BO, ANN]
    act(game, ANN, "count-votes")
    assert game.ceo("American") == BO
