"""A test per Special card (reference C, "The Special deck, 15 cards", in our words; the
sample set's texts), and the window every Special opens (rulebook p. 8, "Special Cards":
"Some may be used at any time; others have restrictions, stated on the card")."""

from __future__ import annotations

import json

import pytest

from tests.engine.illuminati.helpers import (
    ANN,
    BAVARIAN,
    BO,
    CY,
    GNOMES,
    NETWORK,
    act,
    actions,
    kinds,
    loaded,
    needed,
    pass_all,
    pass_top,
    position,
    private_to,
    refused,
)

BALLOONS = "Weather Balloon Society"  # 2/0, Resistance 3: the Lodge needs 7


def trio(**more: object) -> object:
    base: dict[str, object] = {"illuminati": {ANN: BAVARIAN, BO: GNOMES, CY: NETWORK}}
    base.update(more)
    return position(**base)  # type: ignore[arg-type]


def rolled(game: object, monkeypatch: pytest.MonkeyPatch, dice: list[int]) -> None:
    """Ann's Lodge attacks the balloons to control them; everyone passes; the dice show
    `dice`, and the roll's window is open."""
    loaded(monkeypatch, dice)
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")  # type: ignore[arg-type]
    while game.stack[-1]["stage"] == "money":  # type: ignore[attr-defined]
        act(game, game.stack[-1]["awaiting"][0], "pass")  # type: ignore[attr-defined, arg-type]


def test_assassination_makes_the_roll_a_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assassination: "Play after any attack roll: the roll becomes a 2.\""""
    game = trio(uncontrolled=[BALLOONS], hands={ANN: ["Assassination"], BO: ["Slush Fund"]})
    rolled(game, monkeypatch, [5, 5])
    act(game, ANN, "play", card="Assassination")
    pass_top(game)
    assert game.stack[-1]["roll"] == 2  # type: ignore[attr-defined]
    events = pass_all(game)  # type: ignore[arg-type]
    assert "captured" in kinds(events)


def test_murphys_law_makes_the_roll_a_12(monkeypatch: pytest.MonkeyPatch) -> None:
    """Murphy's Law: "Play after any attack roll: the roll becomes a 12, which always
    fails.\""""
    game = trio(uncontrolled=[BALLOONS], hands={BO: ["Murphy's Law"]})
    rolled(game, monkeypatch, [1, 2])
    refused(game, CY, "play", card="Murphy's Law")
    events = act(game, BO, "play", card="Murphy's Law")
    assert "attack_failed" in kinds(events)
    assert BALLOONS in game.uncontrolled  # type: ignore[attr-defined]


def test_murphys_law_only_after_a_roll() -> None:
    """ILL-7: Murphy's Law is played in an attack's roll window, never before a roll."""
    game = trio(hands={BO: ["Murphy's Law"]})
    refused(game, BO, "play", "after an attack's dice", card="Murphy's Law")


def test_bribery_takes_an_uncontrolled_group_as_an_action() -> None:
    """Bribery: "As one of your two actions: take an uncontrolled Group into your Power
    Structure, with no roll.\""""
    game = trio(uncontrolled=[BALLOONS], hands={ANN: ["Bribery"]})
    act(game, ANN, "play", card="Bribery", group=BALLOONS)
    assert game.stack[-1]["kind"] == "place"  # type: ignore[attr-defined]
    act(game, ANN, "place", at=f"{BAVARIAN}: left")
    assert game.owner(BALLOONS) == ANN and game.turn["actions"] == 1  # type: ignore[attr-defined]
    refused(game, BO, "play", card="Bribery", group=BALLOONS)


def test_computer_espionage_shows_a_players_specials_to_you_alone() -> None:
    """Computer Espionage: "Look at every Special card another player holds.\""""
    game = trio(hands={ANN: ["Computer Espionage"], BO: ["Deep Agent", "Slush Fund"]})
    act(game, ANN, "play", card="Computer Espionage", player=BO)
    events = act(game, BO, "pass")  # Bo could have cancelled it
    seen = private_to(events, ANN)
    assert seen and "Deep Agent, Slush Fund" in seen[0].text
    assert not any("Deep Agent" in e.text for e in events if e.public)


def test_deep_agent_abolishes_a_privilege() -> None:
    """Deep Agent: "Abolish the privilege of an attack under way." Only then."""
    game = trio(uncontrolled=[BALLOONS], money={BAVARIAN: 10}, hands={CY: ["Deep Agent"]})
    refused(game, CY, "play", "privileged attack", card="Deep Agent")
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="ability")
    act(game, CY, "play", card="Deep Agent")
    assert game.view(None)["attack"]["abolished"]  # type: ignore[attr-defined]


def test_interference_card_lets_one_player_interfere_in_a_privileged_attack() -> None:
    """Interference (two copies): "In a privileged attack, you alone may interfere, for or
    against, with money from your Illuminati treasury.\""""
    game = trio(uncontrolled=[BALLOONS], money={BAVARIAN: 10, GNOMES: 5, NETWORK: 5},
                hands={CY: ["Interference #1"], BO: ["Slush Fund"]})
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="ability")
    refused(game, CY, "spend", "privileged", mb=2, side="defender")
    act(game, CY, "play", card="Interference #1")
    pass_top(game)
    act(game, CY, "spend", mb=2, side="defender")
    assert needed(game) == 5
    refused(game, BO, "spend", "privileged", mb=1, side="defender")
    assert game.view(None)["attack"]["privileged"]  # type: ignore[attr-defined]


def test_market_manipulation_your_groups_collect_their_income_again() -> None:
    """Market Manipulation: "On your turn: every Group of your Power Structure, but not your
    Illuminati, collects its income once more.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                              ("Pension Fund Trustees", BAVARIAN, "right")]},
                hands={ANN: ["Market Manipulation"]})
    act(game, ANN, "play", card="Market Manipulation")
    assert game.treasury("Casino Cartel") == 5 and game.treasury("Pension Fund Trustees") == 6  # type: ignore[attr-defined]
    assert game.purse(ANN) == 0  # type: ignore[attr-defined]


def test_market_manipulation_only_on_your_own_turn() -> None:
    """ILL-7: Market Manipulation is played on your own turn."""
    game = trio(hands={BO: ["Market Manipulation"]})
    refused(game, BO, "play", "your own turn", card="Market Manipulation")


def test_media_campaign_brings_a_destroyed_group_back() -> None:
    """Media Campaign: "A destroyed Group of your choice returns to the uncontrolled
    area.\""""
    game = trio(dead=["Casino Cartel"], hands={BO: ["Media Campaign"]})
    refused(game, BO, "play", "not been destroyed", card="Media Campaign", group=BALLOONS)
    act(game, BO, "play", card="Media Campaign", group="Casino Cartel")
    assert game.dead == [] and game.uncontrolled == ["Casino Cartel"]  # type: ignore[attr-defined]


def test_secrets_man_was_not_meant_to_know_cancels_a_special() -> None:
    """Secrets Man Was Not Meant To Know: "Cancel a Special card as it is played: it is
    discarded and does nothing.\""""
    game = trio(hands={BO: ["Slush Fund"], CY: ["Secrets Man Was Not Meant To Know"]})
    refused(game, CY, "play", "as another player plays it",
            card="Secrets Man Was Not Meant To Know")
    events = act(game, BO, "play", card="Slush Fund")
    assert "window" in kinds(events) and CY in game.prompts()  # type: ignore[attr-defined]
    events = act(game, CY, "play", card="Secrets Man Was Not Meant To Know")
    assert "cancelled" in kinds(events)
    assert game.purse(BO) == 0  # type: ignore[attr-defined]
    assert sorted(game.discards) == ["Secrets Man Was Not Meant To Know", "Slush Fund"]  # type: ignore[attr-defined]


def test_senate_investigating_committee_costs_a_player_their_next_turn() -> None:
    """Senate Investigating Committee: "A player you name loses their next turn.\""""
    game = trio(hands={CY: ["Senate Investigating Committee"]})
    act(game, CY, "play", card="Senate Investigating Committee", player=BO)
    events = act(game, ANN, "end-turn")
    assert "turn_lost" in kinds(events) and game.current == CY  # type: ignore[attr-defined]


def test_slush_fund_pays_15_mb() -> None:
    """Slush Fund: "15 MB from the bank into your Illuminati treasury." At any time."""
    game = trio(hands={CY: ["Slush Fund"]})
    act(game, CY, "play", card="Slush Fund")  # on Ann's turn
    assert game.purse(CY) == 15  # type: ignore[attr-defined]


def test_swiss_bank_account_pays_25_mb() -> None:
    """Swiss Bank Account: "25 MB from the bank into your Illuminati treasury.\""""
    game = trio(hands={ANN: ["Swiss Bank Account"]})
    act(game, ANN, "play", card="Swiss Bank Account")
    assert game.purse(ANN) == 25  # type: ignore[attr-defined]


def test_whispering_campaign_destroys_a_power_0_group_against_its_resistance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whispering Campaign: "Attack to destroy a Group of Power 0: the roll is made against
    its Resistance instead." (ILL-8: without it, a Group of Power 0 can't be attacked to
    destroy.)"""
    pigeons = "Pigeon Fanciers' League"  # Power 0, Resistance 2
    game = trio(uncontrolled=[pigeons], hands={ANN: ["Whispering Campaign"]})
    refused(game, ANN, "attack", "Whispering Campaign", group=BAVARIAN, target=pigeons,
            how="destroy")
    loaded(monkeypatch, [3, 4])
    act(game, ANN, "attack", group=BAVARIAN, target=pigeons, how="whisper")
    assert needed(game) == 8  # Power 10 - Resistance 2
    assert "Whispering Campaign" in game.discards  # type: ignore[attr-defined]
    events = pass_all(game)  # type: ignore[arg-type]
    assert "destroyed" in kinds(events) and game.dead == [pigeons]  # type: ignore[attr-defined]


def test_white_collar_crime_pays_5_mb_and_frees_your_money() -> None:
    """White Collar Crime: "On your turn: 5 MB into your Illuminati treasury, and for the
    rest of the turn move money freely between any of your Groups.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                              ("Harbour Stevedores", "Casino Cartel", "up")]},
                hands={ANN: ["White Collar Crime"]})
    act(game, ANN, "play", card="White Collar Crime")
    assert game.purse(ANN) == 5  # type: ignore[attr-defined]
    for _ in range(3):  # not adjacent, and no transfer counted
        act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Harbour Stevedores", mb=1)
    assert game.turn["transfers"] == 2 and game.turn["actions"] == 2  # type: ignore[attr-defined]
    assert game.treasury("Harbour Stevedores") == 3  # type: ignore[attr-defined]


# ----- the window every Special opens -------------------------------------------------------

def test_a_specials_window_awaits_everyone_else_holding_a_special() -> None:
    """The cancel window opens the same whatever anyone holds: every other player still in
    who holds at least one Special (the count is public) is asked, Secrets or not; a
    player holding none is never asked."""
    def window(hands: dict[str, list[str]]) -> tuple[list[str], dict[str, object]]:
        game = trio(hands=hands)
        act(game, ANN, "play", card="Slush Fund")
        return sorted(game.prompts()), game.view(None)  # type: ignore[attr-defined]

    one = window({ANN: ["Slush Fund"], BO: ["Secrets Man Was Not Meant To Know"],
                  CY: ["Deep Agent"]})
    other = window({ANN: ["Slush Fund"], BO: ["Deep Agent"],
                    CY: ["Secrets Man Was Not Meant To Know"]})
    assert one[0] == other[0] == [BO, CY]
    assert json.dumps(one[1], sort_keys=True) == json.dumps(other[1], sort_keys=True)
    game = trio(hands={ANN: ["Slush Fund"], BO: ["Deep Agent"]})
    act(game, ANN, "play", card="Slush Fund")
    assert sorted(game.prompts()) == [BO]  # Cy holds no Special: not asked
    act(game, BO, "pass")
    assert game.purse(ANN) == 15  # type: ignore[attr-defined]
    assert "end-turn" in actions(game, ANN)  # type: ignore[arg-type]


def test_every_window_is_timed_from_public_facts() -> None:
    """The bot times an attack's and a Special's windows by `window_seconds`; a decision that
    is not a window (a Group to place) is not timed."""
    game = trio(hands={ANN: ["Slush Fund"], BO: ["Deep Agent"]}, options={"window_seconds": 45})
    assert game.window() is None  # type: ignore[attr-defined]
    act(game, ANN, "play", card="Slush Fund")
    assert game.window() == ("window", 45.0)  # type: ignore[attr-defined]
    untimed = trio(hands={ANN: ["Slush Fund"], BO: ["Deep Agent"]},
                   options={"window_seconds": 0})
    act(untimed, ANN, "play", card="Slush Fund")
    assert untimed.window() is None  # type: ignore[attr-defined]
