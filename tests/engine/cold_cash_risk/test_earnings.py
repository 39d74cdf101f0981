"""The Earnings Phase: restructure, hire security, pay dividends, downsize (rulebook
"Earnings Phase", "Definitions"; CCR-3, CCR-4, CCR-5)."""

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
    of_kind,
    position,
    private_to,
    public_texts,
    refused,
    teams,
)

ASIA_FIVE = ["Siam", "India", "China", "Middle East", "Afghanistan"]


def earnings(territories: dict[str, tuple[str, int]], **kwargs: object) -> object:
    """Ann is CEO of American; it is her Earnings turn."""
    return position(territories=territories, corporations={"American": (ANN, "Indonesia")},
                    phase="earnings", current=ANN, **kwargs)  # type: ignore[arg-type]


def test_ccr_3_ccr_4_american_holding_australia_is_size_6_and_hires_3() -> None:
    """Corporate Size: "if American controls Australia and no other territory, its size
    would be 6 (4 territories + 2 bonus)." Hire Security: "it receives 3 teams (1 for
    territories + 2 for continent bonus). Place these teams in any territory controlled by
    American." (CCR-3, CCR-4: no minimum of 3.)"""
    game = earnings(held_by("American", 1, *AUSTRALIA))
    assert game.size("American") == 6 and game.board.hire("American") == 3
    assert actions(game, ANN) == ["earnings", "pass"]
    events = act(game, ANN, "earnings", corporation="American", choice="hire")
    assert public_texts(events)[0] == ("American hires 3 security teams (one for every 3 of "
                                      "its 4 territories, plus the bonus for holding "
                                      "Australia).")
    assert actions(game, ANN) == ["place"]
    assert choices(game, ANN, "place", "territory") == AUSTRALIA
    act(game, ANN, "place", territory="Indonesia", count=2)
    assert choices(game, ANN, "place", "count") == ["1"]
    act(game, ANN, "place", territory="w. australia")
    assert teams(game, "Indonesia") == 3 and teams(game, "Western Australia") == 2
    assert game.turn == 2 and game.cycle_phase == "activity"


def test_hire_into_one_territory_at_once() -> None:
    """`earnings ... choice=hire territory=...` places every hired team there."""
    game = earnings(held_by("American", 1, *AUSTRALIA))
    act(game, ANN, "earnings", corporation="American", choice="hire", territory="Indonesia")
    assert teams(game, "Indonesia") == 4 and not game.stack


def test_a_one_territory_corporation_is_size_2_and_hires_nobody() -> None:
    """"a corporation that controls only 1 territory is considered to be size 2"; CCR-4:
    1 // 3 = 0 teams, with no minimum of 3."""
    game = earnings({"Kamchatka": ("American", 3)},
                    edit=lambda d: d["corporations"]["American"].update(tower="Kamchatka"))
    assert game.size("American") == 2 and game.board.hire("American") == 0
    events = act(game, ANN, "earnings", corporation="American", choice="hire")
    assert public_texts(events)[0].startswith("American hires 0 security teams")
    assert teams(game, "Kamchatka") == 3


def size_11() -> object:
    """American holds Australia and five territories of Asia: 9 + 2 = size 11. Ann shows
    5 shares; Bo holds 3 hidden; Cy shows 1 and hides 2."""
    return earnings({**held_by("American", 2, *AUSTRALIA, *ASIA_FIVE)},
                    shares={ANN: {"American": (5, 5)}, BO: {"American": 3},
                            CY: {"American": (3, 1)}})


def test_pay_dividends_ten_percent_per_shown_share() -> None:
    """Pay Dividends: "if American is size 11, its stock is worth $800. So it will pay a
    dividend of $80 per share." Dividend: "if you hold 5 shares of stock in American and
    the dividend is $80, you receive $400." Secrecy: "you do not receive dividends for
    hidden shares" (CCR-5)."""
    game = size_11()
    assert game.size("American") == 11 and game.price("American") == 800
    before = {s: cash(game, s) for s in (ANN, BO, CY)}
    events = act(game, ANN, "earnings", corporation="American", choice="dividends")
    assert cash(game, ANN) - before[ANN] == 400
    assert cash(game, BO) == before[BO] and cash(game, CY) - before[CY] == 80
    announced = of_kind(events, "dividends")[0]
    assert announced.text.startswith("American pays $80 per shown share")
    assert all(not e.public for e in of_kind(events, "dividend"))
    assert "$400" in private_to(events, ANN)[0].text


def test_downsize_fires_the_hire_and_doubles_the_dividends() -> None:
    """Downsize: "Determine the number of security teams you would receive if you were
    hiring new security ... Then remove that number of teams instead." Double Dividends:
    "double that amount of money for each stockholder" - 5 shares earn $800. The CEO
    chooses where the teams go: one from Siam (it keeps one), the other four as the CEO
    says."""
    game = size_11()
    total = game.board.teams_of("American")
    before = cash(game, ANN)
    events = act(game, ANN, "earnings", corporation="American", choice="downsize",
                 territory="Siam")
    assert game.board.hire("American") == 9 // 3 + 2
    assert teams(game, "Siam") == 1  # fired there first, never below one team
    assert cash(game, ANN) - before == 800
    assert "doubled" in of_kind(events, "dividends")[0].text
    assert actions(game, ANN) == ["fire"] and game.stack[-1]["left"] == 4
    assert "Siam" not in choices(game, ANN, "fire", "territory")
    act(game, ANN, "fire", territory="India")
    act(game, ANN, "fire", territory="China")
    act(game, ANN, "fire", territory="Middle East", count=1)
    assert game.stack[-1]["left"] == 1
    events = act(game, ANN, "fire", territory="Afghanistan")
    assert "fired" in kinds(events) and not game.stack
    assert game.board.teams_of("American") == total - 5


def test_downsize_is_refused_when_the_full_number_cannot_be_fired() -> None:
    """Fire Security: "remove that number of teams instead." A corporation with one team
    in every territory has none to fire (every territory keeps a team, D-16), so it may
    not downsize - nor pay the double dividends."""
    game = earnings(held_by("American", 1, *AUSTRALIA),
                    shares={ANN: {"American": (5, 5)}})
    assert "downsize" not in choices(game, ANN, "earnings", "choice")
    refused(game, ANN, "earnings", corporation="American", choice="downsize",
            match="can't downsize: it would have to fire 3 teams and only 0 can go")
    before = cash(game, ANN)
    act(game, ANN, "earnings", corporation="American", choice="dividends")
    assert cash(game, ANN) > before


def test_downsize_fires_by_itself_when_there_is_one_way() -> None:
    """D-12: one option resolves itself - when every spare team must go, nobody is asked."""
    game = earnings({**held_by("American", 1, *AUSTRALIA), "Indonesia": ("American", 4)})
    events = act(game, ANN, "earnings", corporation="American", choice="downsize")
    assert teams(game, "Indonesia") == 1 and not game.stack
    assert "American fires 3 security teams in Indonesia (1 left there)." in public_texts(
        events)


def test_restructure_one_to_three_free_moves() -> None:
    """Restructure: "Follow *RISK* rules to make 1, 2, or 3 free moves. You may move the
    same security teams more than once.\""""
    game = earnings({**held_by("American", 1, *AUSTRALIA), "Indonesia": ("American", 5)})
    act(game, ANN, "earnings", corporation="American", choice="restructure",
        from_territory="Indonesia", to_territory="New Guinea", count=4)
    assert set(actions(game, ANN)) == {"move", "pass"}
    act(game, ANN, "move", from_territory="New Guinea", to_territory="Eastern Australia",
        count=4)
    refused(game, ANN, "move", from_territory="Eastern Australia", to_territory="Indonesia",
            count=1)  # not adjacent (CCR-9)
    events = act(game, ANN, "move", from_territory="Eastern Australia",
                 to_territory="Western Australia", count=4)
    assert "earnings_ended" in kinds(events) and not game.stack
    assert teams(game, "Western Australia") == 5 and teams(game, "Indonesia") == 1
    assert game.turn == 2  # Ann was the only CEO: the next Operating Cycle began


def test_each_ceo_runs_each_corporation_in_turn_order() -> None:
    """"Beginning with the first player and proceeding clockwise, you may execute 1 of the
    following actions for each corporation you control. Treat each corporation you control
    separately.\""""
    game = position(territories={**held_by("American", 1, *AUSTRALIA),
                                 "Kamchatka": ("Tower", 2), "Alaska": ("Sackson", 2)},
                    corporations={"American": (BO, "Indonesia"), "Tower": (ANN, "Kamchatka"),
                                  "Sackson": (BO, "Alaska")},
                    phase="earnings", current=ANN)
    assert choices(game, ANN, "earnings", "corporation") == ["Tower"]
    act(game, ANN, "earnings", corporation="Tower", choice="dividends")
    assert game.current == BO
    assert choices(game, BO, "earnings", "corporation") == ["American", "Sackson"]
    act(game, BO, "earnings", corporation="Sackson", choice="dividends")
    assert choices(game, BO, "earnings", "corporation") == ["American"]
    events = act(game, BO, "pass")
    assert "earnings_ended" in kinds(events) and game.turn == 2
    assert game.cycle_phase == "activity" and game.current == game.order[0]
