"""Hostile Takeovers (CEOs only): one RISK turn, Mom & Pop defence, the free move, and the
capture of a tower with its halved settlement (rulebook "Hostile Takeovers"; CCR-8, CCR-9).
"""

from __future__ import annotations

import pytest

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
    loaded,
    mompops,
    of_kind,
    owner,
    position,
    private_to,
    public_texts,
    refused,
    teams,
)


def south_america(**kwargs: object) -> object:
    """Ann's American holds Brazil (6 teams) and Venezuela (2); Peru is a Mom & Pop;
    Argentina is empty. It is Ann's action."""
    return position(territories={"Brazil": ("American", 6), "Venezuela": ("American", 2),
                                 **mompops("Peru")},
                    corporations={"American": (ANN, "Brazil")}, stage="action",
                    **kwargs)  # type: ignore[arg-type]


def test_only_ceos_make_hostile_takeovers() -> None:
    """"If you are the CEO of 1 or more corporations, you may use 1 of those corporations
    to conduct hostile takeovers.\""""
    game = south_america()
    assert {"announce", "move"} <= set(actions(game, ANN))
    game = south_america(edit=lambda d: d["corporations"]["American"].update(ceo=BO))
    assert not {"attack", "blitz", "announce", "move"} & set(actions(game, ANN))
    refused(game, ANN, "announce", from_territory="Brazil", to_territory="Peru")


def test_no_attack_into_an_empty_territory() -> None:
    """Attack: "*However, you may not attack or move into an empty territory.*\""""
    game = south_america()
    assert "Argentina" not in choices(game, ANN, "announce", "to_territory")
    refused(game, ANN, "announce", match="empty", from_territory="Brazil",
            to_territory="Argentina")


def test_a_mom_and_pop_rolls_for_its_teams_and_faces_at_least_one_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Defending Mom & Pop: "*After* you announce an attack against a Mom & Pop, roll 1 die
    to determine how many security teams it will defend with. After you determine how many
    teams the Mom & Pop has, you must complete at least 1 round of combat against it. The
    Mom & Pop will roll 2 dice as long as it has 2 or more security teams. Once you have
    completed all attacks for the turn, remove any remaining Mom & Pop security teams from
    the map." So the teams are rolled and announced before the attacker chooses dice or a
    blitz, and that round is compulsory."""
    game = south_america()
    refused(game, ANN, "attack", match="Announce the attack", from_territory="Brazil",
            to_territory="Peru")
    loaded(monkeypatch, [3])  # the Mom & Pop's die
    events = act(game, ANN, "announce", from_territory="Brazil", to_territory="Peru")
    assert public_texts(events)[1] == (
        "American announces an attack on the Mom & Pop in Peru from Brazil. The Mom & Pop "
        "rolls 3: it defends with 3 security teams.")
    assert teams(game, "Peru") == 3 and not of_kind(events, "attack")
    assert actions(game, ANN) == ["attack", "blitz"]  # no end-attacks, no other target
    assert choices(game, ANN, "attack", "to_territory") == ["Peru"]
    refused(game, ANN, "attack", from_territory="Venezuela", to_territory="Peru")
    loaded(monkeypatch, [6, 6, 1], [5, 2])  # 3 vs 2 dice, as the attacker now chooses
    act(game, ANN, "attack", dice=3)
    assert teams(game, "Peru") == 1 and teams(game, "Brazil") == 6  # 6>5, 6>2
    assert game.last_battle["rounds"][0]["defender_dice"] == [5, 2]
    loaded(monkeypatch, [1, 1, 1], [6])  # one team left: one die; no new roll for teams
    act(game, ANN, "attack", from_territory="Brazil", to_territory="Peru")
    assert (teams(game, "Peru"), teams(game, "Brazil")) == (1, 5)
    assert actions(game, ANN) == ["attack", "blitz", "move", "end-attacks"]
    events = act(game, ANN, "end-attacks")
    assert "go home" in public_texts(events)[0]
    assert owner(game, "Peru") == "Mom & Pop" and teams(game, "Peru") == 0


def test_conquering_a_mom_and_pop_and_moving_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """RISK: the conqueror moves in at least as many teams as it rolled dice, leaving one
    behind; no territory card for a conquest ("Territory Card: Unlike RISK, no one receives
    a territory card after a successful conquest")."""
    game = south_america()
    hand = list(game.hands[ANN])
    loaded(monkeypatch, [1], [6, 6, 6], [1])
    act(game, ANN, "announce", from_territory="Brazil", to_territory="Peru")
    events = act(game, ANN, "blitz")
    assert "conquered" in kinds(events)
    assert game.prompts().keys() == {ANN} and actions(game, ANN) == ["move"]
    assert choices(game, ANN, "move", "count") == ["3", "4", "5"]
    act(game, ANN, "move", count=4)
    assert (owner(game, "Peru"), teams(game, "Peru"), teams(game, "Brazil")) == (
        "American", 4, 2)
    assert game.hands[ANN] == hand and game.stage == "attacking"


def rivals(**kwargs: object) -> object:
    """Ann's American (Brazil 8) borders Bo's Sackson (Peru 3, its tower; Argentina 1)."""
    return position(territories={"Brazil": ("American", 8), "Peru": ("Sackson", 3),
                                 "Argentina": ("Sackson", 1)},
                    corporations={"American": (ANN, "Brazil"), "Sackson": (BO, "Peru")},
                    stage="action", **kwargs)  # type: ignore[arg-type]


def test_the_defending_ceo_chooses_one_or_two_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: "Follow the rules of *RISK* to attack from territory to territory." In RISK
    the defender rolls 1 or 2 dice (2 only with at least 2 armies there), after the
    attacker has chosen: here the defending corporation's CEO chooses, asked privately
    like any decision, and the choice and the dice are public."""
    game = rivals()
    events = act(game, ANN, "attack", from_territory="Brazil", to_territory="Peru", dice=3)
    assert "Bo chooses how many dice Sackson defends with" in public_texts(events)[-1]
    assert game.prompts().keys() == {BO} and choices(game, BO, "defend", "dice") == ["1", "2"]
    assert game.timeout_actions() == [(BO, "defend", {"dice": 2})]  # as many as allowed
    loaded(monkeypatch, [6, 6, 2], [3])
    events = act(game, BO, "defend", dice=1)
    assert game.last_battle["rounds"][0]["defender_dice"] == [3]
    assert (teams(game, "Peru"), teams(game, "Brazil")) == (2, 8)
    assert game.prompts().keys() == {ANN}
    # A blitz asks once, for every round of it.
    act(game, ANN, "blitz", from_territory="Brazil", to_territory="Peru")
    loaded(monkeypatch, [6, 6, 2], [1], [6, 6, 6], [1])
    events = act(game, BO, "defend", dice=1)
    rounds = of_kind(events, "attack")[0].data["rounds"]
    assert [len(r["defender_dice"]) for r in rounds] == [1, 1]  # one die, every round
    assert owner(game, "Peru") == "American"


def test_a_standing_order_for_the_defence(monkeypatch: pytest.MonkeyPatch) -> None:
    """A CEO need not be asked each time: the free action `defence` sets a standing order
    (ask, most, one), public like the dice it decides. A single team always rolls one."""
    game = rivals()
    events = act(game, BO, "defence", choice="most")
    assert public_texts(events) == [
        "Bo will always defend with as many dice as allowed."]
    assert game.view(None)["defence"][BO] == "most"
    loaded(monkeypatch, [1, 1, 1], [6, 6])
    act(game, ANN, "attack", from_territory="Brazil", to_territory="Peru")
    assert game.last_battle["rounds"][0]["defender_dice"] == [6, 6]
    act(game, BO, "defence", choice="one")
    loaded(monkeypatch, [1, 1, 1], [6])
    act(game, ANN, "attack", from_territory="Brazil", to_territory="Peru")
    assert game.last_battle["rounds"][0]["defender_dice"] == [6]
    act(game, BO, "defence", choice="ask")
    loaded(monkeypatch, [6], [1])
    act(game, ANN, "attack", from_territory="Brazil", to_territory="Argentina", dice=1)
    assert game.prompts().keys() == {ANN}  # one team in Argentina: nothing to ask


def test_ccr_9_the_free_move_adjacent_and_even_without_attacking() -> None:
    """Free Move: "After you have completed all attacks, you may make 1 free move. You may
    make a free move even if you do not attack." CCR-9: "to an adjacent territory of the
    same corporation"."""
    game = position(territories={"Brazil": ("American", 6), "Venezuela": ("American", 1),
                                 "Central America": ("American", 1)},
                    corporations={"American": (ANN, "Brazil")}, stage="action")
    assert choices(game, ANN, "move", "to_territory") == ["Venezuela"]
    refused(game, ANN, "move", from_territory="Brazil", to_territory="Central America",
            count=2)
    events = act(game, ANN, "move", from_territory="Brazil", to_territory="Venezuela",
                 count=5)
    assert kinds(events)[:3] == ["takeover_started", "free_move", "takeover_ended"]
    assert teams(game, "Venezuela") == 6 and game.current == BO


def test_ccr_9_option_the_free_move_through_a_chain() -> None:
    """CCR-9, option: "through a chain of the corporation's territories"."""
    game = position(territories={"Brazil": ("American", 6), "Venezuela": ("American", 1),
                                 "Central America": ("American", 1)},
                    corporations={"American": (ANN, "Brazil")}, stage="action",
                    options={"free_move": "chain"})
    act(game, ANN, "move", from_territory="Brazil", to_territory="Central America", count=5)
    assert teams(game, "Central America") == 6


def test_after_the_attacks_one_free_move_or_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """"After you have completed all attacks, you may make 1 free move." A takeover uses
    one corporation only ("you may use 1 of those corporations")."""
    game = position(territories={"Brazil": ("American", 6), "Venezuela": ("American", 2),
                                 "Peru": ("Tower", 1), "Kamchatka": ("Sackson", 5),
                                 "Alaska": ("Tower", 1)},
                    corporations={"American": (ANN, "Brazil"), "Tower": (BO, "Alaska"),
                                  "Sackson": (ANN, "Kamchatka")}, stage="action")
    assert set(choices(game, ANN, "attack", "from_territory")) == {"Brazil", "Venezuela",
                                                                    "Kamchatka"}
    loaded(monkeypatch, [6], [1])
    events = act(game, ANN, "blitz", from_territory="Venezuela", to_territory="Peru")
    assert "occupied" in kinds(events)  # 1 die rolled, 2 teams: exactly 1 moves in
    assert game.view(None)["takeover"] == "American"
    assert actions(game, ANN) == ["move", "end-attacks"]  # Sackson may not attack now
    refused(game, ANN, "attack", from_territory="Kamchatka", to_territory="Alaska")
    act(game, ANN, "end-attacks")
    assert actions(game, ANN) == ["move", "pass"]
    act(game, ANN, "pass")
    assert game.current == BO


def tower_position() -> object:
    """Tower (CEO Bo) holds Siam (its tower), India, China and Mongolia: size 4. Ann's
    American holds Australia and the Middle East. Stockholders of Tower: Bo 8, Ann 4, Cy 3."""
    territories = {**held_by("American", 1, *AUSTRALIA), "Indonesia": ("American", 10),
                   "Middle East": ("American", 5),
                   **held_by("Tower", 1, "Siam", "India", "China", "Mongolia")}
    return position(territories=territories,
                    corporations={"American": (ANN, "Western Australia"),
                                  "Tower": (BO, "Siam")},
                    shares={ANN: {"Tower": 4}, BO: {"Tower": 8}, CY: {"Tower": 3}},
                    stage="action")


def test_ccr_8_capturing_a_tower_takes_the_corporation_over_at_half_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tower: "If your corporation conquers a territory that contains another corporation's
    tower, you have successfully taken over that corporation." Bonuses: "all values are
    halved ... 4 shares of defeated stock are required in trade for 1 share of winner
    stock." Size: "Include the defeated corporation's tower territory and any remaining
    territory it controls ... Do not include any territory the corporation just lost,
    except its tower territory." CCR-8: "settlements halve exactly (bonuses and the sale
    price can end in $50)".
    """
    game = tower_position()
    assert game.size("Tower") == 4
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Middle East", to_territory="India")
    act(game, ANN, "move", count=3)
    assert owner(game, "India") == "American"
    before = {s: cash(game, s) for s in (ANN, BO, CY)}
    loaded(monkeypatch, [6, 5, 4], [1])
    events = act(game, ANN, "attack", from_territory="Indonesia", to_territory="Siam")
    takeover = of_kind(events, "takeover")[0]
    assert takeover.data["size"] == 3  # Siam, China, Mongolia - not India, lost this turn
    assert "Tower" not in game.corporations
    assert {owner(game, t) for t in ("Siam", "China", "Mongolia")} == {"American"}
    # Tower of size 3 (2008 tier 3) is $500: majority $5,000 and minority $2,500, halved.
    assert cash(game, BO) - before[BO] == 2500 and cash(game, ANN) - before[ANN] == 1250
    assert cash(game, CY) == before[CY]
    summary = of_kind(events, "bonuses_paid")[0]
    assert "$2,500" in summary.text and "$1,250" in summary.text and BO not in summary.text
    # First the move into Siam, then the disposals from Ann round the table.
    assert actions(game, ANN) == ["move"]
    act(game, ANN, "move", count=5)
    assert actions(game, ANN) == ["dispose"]
    assert choices(game, ANN, "dispose", "trade") == ["0", "4"]
    refused(game, ANN, "dispose", trade=2)
    act(game, ANN, "dispose", trade=4)
    assert game.ledger.held(ANN, "American") == 1 and game.ledger.held(ANN, "Tower") == 0
    events = act(game, BO, "dispose", sell=8)
    assert cash(game, BO) - before[BO] == 2500 + 8 * 250  # half of $500 a share
    assert "sells 8 shares of Tower for $2,000" in public_texts(events)[0]
    act(game, CY, "dispose")
    assert game.ledger.held(CY, "Tower") == 3 and game.stage == "attacking"
    assert game.current == ANN and "end-attacks" in actions(game, ANN)


def test_hostile_takeover_disposals_are_announced_without_kept_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CCR-5: "Purchases and sales themselves are announced" - kept (possibly hidden)
    shares are told only to their holder."""
    game = tower_position()
    loaded(monkeypatch, [6, 5, 4], [1])
    act(game, ANN, "attack", from_territory="Indonesia", to_territory="Siam")
    act(game, ANN, "move", count=3)
    act(game, ANN, "dispose")
    events = act(game, BO, "dispose", sell=3)
    assert public_texts(events)[0] == ("Bo sells 3 shares of Tower for $900. The Bank has "
                                      "13 Tower and 25 American left.")
    assert "kept 5" in private_to(events, BO)[0].text


def test_no_new_teams_during_a_takeover(monkeypatch: pytest.MonkeyPatch) -> None:
    """Placement: "Your corporation *does not* receive new security teams from territories
    or continent bonuses at this time.\""""
    game = tower_position()
    total = game.board.teams_of("American")
    loaded(monkeypatch, [1, 1, 1], [6])
    act(game, ANN, "attack", from_territory="Indonesia", to_territory="Siam", dice=3)
    assert game.board.teams_of("American") == total - 1
