"""Rulebook page 8, rule by rule (shared/rules/illuminati-fragment.md): Gifts and Trades,
Transferring Groups, Throwing the Game, When Is a Deal Binding?, Threats and Negotiations,
Special Cards, Eliminating a Player, Leaving the Game, Winning the Game. Each test quotes
the text it pins."""

from __future__ import annotations

import json

import pytest

from tests.engine.illuminati.cardsets import tiny
from tests.engine.illuminati.helpers import (
    ANN,
    BAVARIAN,
    BO,
    CY,
    DI,
    GNOMES,
    NETWORK,
    SERVANTS,
    act,
    kinds,
    loaded,
    new,
    pass_all,
    pass_top,
    position,
    private_to,
    refused,
)

BALLOONS = "Weather Balloon Society"


def trio(**more: object) -> object:
    """Ann (the Lodge), Bo (the Keepers), Cy (the Relay); Ann's turn."""
    base: dict[str, object] = {"illuminati": {ANN: BAVARIAN, BO: GNOMES, CY: NETWORK}}
    base.update(more)
    return position(**base)  # type: ignore[arg-type]


# ----- Gifts and trades -------------------------------------------------------------------

def test_cash_and_specials_traded_at_any_time_not_an_action() -> None:
    """p. 8, Gifts and Trades: "Cash or special cards may be transferred any time (except
    when a privileged attack is under way). This does not count as an action.\""""
    game = trio(money={GNOMES: 10}, hands={CY: ["Slush Fund"]})
    # On Ann's turn, Bo buys Cy's Special: neither of them plays now.
    act(game, BO, "offer", player=CY, give_mb=6, take_card="any")
    events = act(game, CY, "accept", offer="1", card="Slush Fund")
    assert "deal" in kinds(events)
    assert game.hands[BO] == ["Slush Fund"] and game.purse(CY) == 6 and game.purse(BO) == 4
    assert game.turn is not None and game.turn["actions"] == 2
    # Which card changed hands is told to the two players only.
    told = private_to(events, BO)
    assert told and "Slush Fund" in told[0].text and private_to(events, ANN) == []


def test_no_cash_or_specials_change_hands_during_a_privileged_attack() -> None:
    """p. 8: "(except when a privileged attack is under way)"; "no one may exchange or give
    away Specials after privilege has been declared." (ILL-9: until the attack ends, even
    once abolished.)"""
    game = trio(money={BAVARIAN: 10, GNOMES: 10}, hands={ANN: ["Murphy's Law"],
                                                       CY: ["Deep Agent"]},
                uncontrolled=[BALLOONS])
    act(game, BO, "offer", player=CY, give_mb=2, take_card="any")
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="ability")
    refused(game, BO, "give", "privileged", player=CY, mb=1)
    refused(game, CY, "give", "privileged", player=BO, card="Deep Agent")
    refused(game, CY, "accept", "privileged", offer="1", card="Deep Agent")
    refused(game, BO, "offer", "privileged", player=CY, give_mb=1)
    act(game, CY, "play", card="Deep Agent")
    pass_top(game)
    assert game.view(None)["attack"]["abolished"]
    refused(game, BO, "give", "privileged", player=CY, mb=1)
    pass_all(game)
    assert game.attack_entry() is None
    act(game, BO, "give", player=CY, mb=1)


def test_cash_goes_from_one_illuminati_treasury_to_another() -> None:
    """p. 8: "When cash is transferred, it must come from an Illuminati card and go to
    another one. Other Groups cannot give their money to another player, or receive money
    from another player.\""""
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]}, money={"Casino Cartel": 9})
    refused(game, BO, "give", "Illuminati treasury holds only 0 MB", player=CY, mb=3)
    refused(game, BO, "offer", player=CY, give_mb=3, take_card="any")
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]}, money={GNOMES: 9})
    act(game, BO, "give", player=CY, mb=3)
    assert game.purse(CY) == 3 and game.treasury("Casino Cartel") == 0


# ----- Transferring Groups ----------------------------------------------------------------

def test_groups_change_hands_only_on_the_turn_of_one_of_the_players() -> None:
    """p. 8, Transferring Groups: "Groups may only be transferred if it is the turn of one of
    the players involved.\""""
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]}, money={NETWORK: 5})
    refused(game, BO, "offer", "turn of one of the two", player=CY, give_group="Casino Cartel",
            take_mb=5)
    act(game, BO, "offer", player=ANN, give_group="Casino Cartel")
    act(game, ANN, "accept", offer="1")
    assert game.owner("Casino Cartel") == ANN


def test_each_group_exchanged_is_an_action_for_the_player_whose_turn_it_is() -> None:
    """p. 8: "Each Group exchanged counts as an action for the player whose turn it is,
    whichever way the Group moves. So if you trade a Group for a Group on your turn, that
    counts as two actions.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")],
                        BO: [("Ministry of Forms", GNOMES, "up")]})
    act(game, ANN, "offer", player=BO, give_group="Casino Cartel",
        take_group="Ministry of Forms")
    act(game, BO, "accept", offer="1")
    assert game.turn is not None and game.turn["actions"] == 0
    assert game.owner("Casino Cartel") == BO and game.owner("Ministry of Forms") == ANN
    # With one action left, a two-Group trade can't be carried out.
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")],
                        BO: [("Ministry of Forms", GNOMES, "up")]},
                edit=lambda d: d["turn"].update(actions=1))
    refused(game, ANN, "offer", "action", player=BO, give_group="Casino Cartel",
            take_group="Ministry of Forms")


def test_a_group_is_given_only_with_the_receivers_permission() -> None:
    """p. 8: "You may only give a Group away with the permission of the player who receives
    it!\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]})
    act(game, ANN, "offer", player=BO, give_group="Casino Cartel")
    assert game.owner("Casino Cartel") == ANN and BO in game.prompts()
    act(game, BO, "decline", offer="1")
    assert game.owner("Casino Cartel") == ANN and game.offers == []
    assert game.turn is not None and game.turn["actions"] == 2


def test_a_transferred_group_brings_its_puppets_and_treasuries() -> None:
    """p. 8: "When a Group is transferred to another player, its puppets (if any) must go
    with it, along with all treasuries involved. The player receiving the Group must
    immediately fit it, and its puppets, into his power structure.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                              ("Harbour Stevedores", "Casino Cartel", "up")],
                        BO: [("Ministry of Forms", GNOMES, "up")]},
                money={"Casino Cartel": 7, "Harbour Stevedores": 3})
    act(game, ANN, "offer", player=BO, give_group="Casino Cartel")
    act(game, BO, "accept", offer="1")
    assert game.owner("Casino Cartel") == BO and game.owner("Harbour Stevedores") == BO
    assert game.master("Harbour Stevedores") == "Casino Cartel"
    assert game.treasury("Casino Cartel") == 7 and game.treasury("Harbour Stevedores") == 3
    # Fitted at once on the first vacant arrow nearest Bo's Illuminati (ILL-10): right.
    assert game.placed["Casino Cartel"]["master"] == GNOMES
    assert game.placed["Casino Cartel"]["arrow"] == "right"


def test_a_received_group_that_cannot_fit_becomes_uncontrolled() -> None:
    """p. 8: "If overlaps cannot be avoided, the player must eliminate them by choosing one
    or more overlapping card, new or old, to become uncontrolled." (ILL-10: the new one.)
    Bo's Illuminati has a Group of no arrows on each of its four arrows."""
    game = position(options={"cards": tiny()},
                    illuminati={ANN: "Alpha Lodge", BO: "Beta Circle", CY: "Gamma Order"},
                    groups={ANN: [("Branching Office", "Alpha Lodge", "up")],
                            BO: [("Boy Sprouts", "Beta Circle", "up"),
                                 ("Dead End Club", "Beta Circle", "right"),
                                 ("Cul-de-sac Society", "Beta Circle", "down"),
                                 ("No Exit Guild", "Beta Circle", "left")]})
    act(game, ANN, "offer", player=BO, give_group="Branching Office")
    events = act(game, BO, "accept", offer="1")
    assert "lost" in kinds(events)
    assert game.uncontrolled == ["Branching Office"] and game.owner("Boy Sprouts") == BO


# ----- Throwing the game -------------------------------------------------------------------

def test_a_trade_that_lets_both_players_win_is_legal() -> None:
    """p. 8, Throwing the Game: "A trade that lets both players win is perfectly legal."
    (ILL-11: the bot refuses no deal as throwing the game; the table judges.)"""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                              ("Ministry of Forms", BAVARIAN, "right"),
                              ("Five-Year Plan Committee", BAVARIAN, "down"),
                              ("Roller Derby League", "Casino Cartel", "up")],
                        BO: [("Harbour Stevedores", GNOMES, "up")]},
                money={BAVARIAN: 60, GNOMES: 100})
    # The Lodge wins with a total Power of 35 (its own 10 included): 10 + 6 + 4 + 5 + 5,
    # and 5 with the Stevedores; the Keepers with 150 MB: 100 + 50.
    act(game, ANN, "offer", player=BO, give_mb=50, take_group="Harbour Stevedores")
    act(game, BO, "accept", offer="1")
    events = act(game, ANN, "end-turn")
    assert game.finished and sorted(game.winners) == [ANN, BO]
    assert "share the victory" in [e for e in events if e.kind == "game_over"][0].text


# ----- When is a deal binding? -------------------------------------------------------------

def test_a_deal_is_binding_only_if_carried_out_immediately() -> None:
    """p. 8, When Is a Deal Binding?: "it is binding if they make the exchange immediately.
    A deal is not binding if it involves an exchange of one thing now for something in the
    future." An accepted offer changes hands at once, all of it or nothing; one not
    accepted binds nobody and lapses with the turn."""
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]}, money={BAVARIAN: 10},
                uncontrolled=[BALLOONS])
    act(game, BO, "offer", player=ANN, give_group="Casino Cartel", take_mb=10)
    # Ann gives money away first: the exchange can't be made whole, so nothing moves.
    act(game, ANN, "give", player=CY, mb=4)
    refused(game, ANN, "accept", "holds only 6 MB", offer="1")
    assert game.owner("Casino Cartel") == BO and game.purse(ANN) == 6
    # Promises for later are just talk: the offer lapses with the turn.
    events = act(game, ANN, "end-turn")
    assert "offers_lapsed" in kinds(events) and game.offers == []


def test_threats_and_negotiations_an_offer_binds_nobody_until_accepted() -> None:
    """p. 8, Threats and Negotiations: "Any agreement between players, secret or otherwise,
    is permitted as long as it does not actually violate the rules of the game." An offer
    may be withdrawn until it is accepted."""
    game = trio(money={BAVARIAN: 10})
    act(game, ANN, "offer", player=BO, give_mb=5, take_card="any")
    act(game, ANN, "withdraw", offer="1")
    refused(game, BO, "accept", offer="1")
    assert game.purse(ANN) == 10


# ----- Special cards ----------------------------------------------------------------------

def test_specials_face_down_but_their_count_shown() -> None:
    """p. 8, Special Cards: "They may be kept face-down or shown, as the player wishes – but
    he must keep them spread so other players can see how many specials he has.\""""
    game = trio(hands={BO: ["Slush Fund", "Deep Agent"]})
    public = game.view(None)
    assert public["players"][BO]["specials"] == 2
    assert "Deep Agent" not in json.dumps(public)
    assert [c["name"] for c in game.view(BO)["hand"]] == ["Slush Fund", "Deep Agent"]
    assert "hand" not in game.view(CY)  or game.view(CY)["hand"] == []


def test_each_special_used_once_then_discarded() -> None:
    """p. 8: "Each Special may be used only once ... After a card is used, it is
    discarded.\""""
    game = trio(hands={ANN: ["Slush Fund"]})
    act(game, ANN, "play", card="Slush Fund")
    assert game.hands[ANN] == [] and game.discards == ["Slush Fund"]
    assert game.purse(ANN) == 15
    refused(game, ANN, "play", card="Slush Fund")


def test_specials_traded_sold_or_given_away_at_any_time_as_a_free_action() -> None:
    """p. 8: "Special cards may be traded, sold, or given away at any time; this is a free
    action.\""""
    game = trio(hands={CY: ["Deep Agent"]}, money={BAVARIAN: 5})
    act(game, CY, "offer", player=ANN, give_card="Deep Agent", take_mb=5)
    act(game, ANN, "accept", offer="1")
    assert game.hands[ANN] == ["Deep Agent"] and game.purse(CY) == 5
    assert game.turn is not None and game.turn["actions"] == 2


def secrets_position() -> object:
    return trio(money={BAVARIAN: 10}, uncontrolled=[BALLOONS],
                hands={ANN: ["Slush Fund", "Secrets Man Was Not Meant To Know"],
                       CY: ["Swiss Bank Account", "Media Campaign", "Senate Investigating "
                            "Committee"]})


def test_secrets_cancelling_one_of_two_abolishing_cards_unless_replaced() -> None:
    """p. 8: "If Secrets Man Was Not Meant To Know is used to cancel one of those cards, the
    other one is lost unless the player can replace it!\""""
    game = secrets_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="Slush Fund")
    act(game, CY, "abolish", card="Swiss Bank Account", second_card="Media Campaign")
    act(game, ANN, "play", card="Secrets Man Was Not Meant To Know")
    assert game.stack[-1]["kind"] == "replace"
    act(game, CY, "replace", card="Senate Investigating Committee")
    assert game.view(None)["attack"]["abolished"]
    assert game.hands[CY] == []
    # Given up instead: the privilege stands and both cards are gone.
    game = secrets_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="Slush Fund")
    act(game, CY, "abolish", card="Swiss Bank Account", second_card="Media Campaign")
    act(game, ANN, "play", card="Secrets Man Was Not Meant To Know")
    act(game, CY, "give-up")
    attack = game.view(None)["attack"]
    assert attack["privileged"] and not attack["abolished"]
    assert game.hands[CY] == ["Senate Investigating Committee"]
    assert "Swiss Bank Account" in game.discards and "Media Campaign" in game.discards


def test_the_last_special_played_governs(monkeypatch: pytest.MonkeyPatch) -> None:
    """p. 8: "If two specials are played and one contradicts the other (for example,
    Assassination and Murphy's Law), the last card played is the one that governs.\""""
    game = trio(uncontrolled=[BALLOONS], hands={ANN: ["Assassination"], BO: ["Murphy's Law"]})
    loaded(monkeypatch, [5, 5])
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    act(game, ANN, "pass")
    act(game, BO, "pass")
    assert game.stack[-1]["stage"] == "roll"
    act(game, ANN, "play", card="Assassination")
    pass_top(game)
    assert game.stack[-1]["roll"] == 2
    events = act(game, BO, "play", card="Murphy's Law")  # nobody left to answer it
    assert "attack_failed" in kinds(events) and game.last_attack["roll"] == 12  # type: ignore[index]


# ----- Eliminating a player -----------------------------------------------------------------

def test_eliminated_after_the_third_turn_with_no_group_but_the_illuminati() -> None:
    """p. 8, Eliminating a Player: "A player is eliminated if, at any time after his third
    turn, he controls no Groups except his Illuminati. His money goes to the bank.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]}, money={BAVARIAN: 9},
                turns_taken={ANN: 3})
    events = act(game, ANN, "drop", group="Casino Cartel")
    assert "eliminated" in kinds(events) and game.out == {ANN: "eliminated"}
    assert game.purse(ANN) == 0 and BAVARIAN not in game.placed
    assert game.current == BO


def test_not_eliminated_before_the_end_of_the_third_turn() -> None:
    """p. 8: "at any time after his third turn\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]}, turns_taken={ANN: 2})
    act(game, ANN, "drop", group="Casino Cartel")
    assert game.out == {}
    act(game, ANN, "end-turn")  # the end of Ann's third turn
    assert game.out == {ANN: "eliminated"}


def test_servants_destroying_their_own_last_group_for_their_goal_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """p. 8: "Exception: If the Servants of Cthulhu destroy their own last Group, and in
    doing so, achieve their Special Goal (eight Groups destroyed), they are not destroyed
    themselves . . . they win!" (The sample set's Choir Beneath the Sea: destroy 8.)"""
    game = position(illuminati={ANN: SERVANTS, BO: GNOMES, CY: NETWORK},
                    groups={ANN: [("Casino Cartel", SERVANTS, "up")]}, turns_taken={ANN: 5},
                    edit=lambda d: d["destroyed"].update({ANN: 7}))
    loaded(monkeypatch, [1, 1])
    act(game, ANN, "attack", group=SERVANTS, target="Casino Cartel", how="destroy")
    events = pass_all(game)
    assert "destroyed" in kinds(events) and "eliminated" not in kinds(events)
    assert game.finished and game.winners == [ANN]


# ----- Leaving the game -------------------------------------------------------------------

def test_leaving_groups_uncontrolled_treasuries_to_the_bank_illuminati_out() -> None:
    """p. 8, Leaving the Game: "If a player drops out, his Groups go uncontrolled and their
    treasuries go to the bank. His Illuminati card is taken out of play.\""""
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]},
                money={GNOMES: 12, "Casino Cartel": 4}, hands={BO: ["Slush Fund"]})
    act(game, BO, "leave")
    assert game.out == {BO: "left"} and "Casino Cartel" in game.uncontrolled
    assert game.treasury("Casino Cartel") == 0 and game.treasury(GNOMES) == 0
    assert GNOMES not in game.placed and game.unseen == ["Slush Fund"] and game.discards == []
    assert BO not in game.alive() and not game.finished


# ----- Winning the game -------------------------------------------------------------------

def test_winning_at_the_end_of_anyones_turn() -> None:
    """p. 8, Winning the Game: "The game ends when, at the end of a turn (his own or someone
    else's) a player meets one of his Goals.\""""
    game = trio(money={BAVARIAN: 50, GNOMES: 100})
    act(game, ANN, "give", player=BO, mb=50)  # Bo's Keepers now hold 150 MB
    assert not game.finished
    events = act(game, ANN, "end-turn")
    assert game.finished and game.winners == [BO]
    assert "150 MB" in [e for e in events if e.kind == "game_over"][0].text


def test_basic_goal_by_players_at_the_start_unchanged_when_a_player_leaves() -> None:
    """p. 8: "This number depends on the number of players at the beginning of the game. If
    a player leaves or is eliminated, the number of Groups required to win (see p. 16) does
    not change." (Reference C: 4 players, 12 Groups.)"""
    game = new([ANN, BO, CY, DI])
    assert game.view(None)["goal_groups"] == 12
    act(game, DI, "leave")
    assert game.view(None)["goal_groups"] == 12
    assert [new([ANN, BO][:1] + [BO, CY, DI, "Ed", "Flo", "Gus", "Hal"][:n - 1]).goal_groups
            for n in range(2, 9)] == [13, 13, 12, 10, 9, 8, 8]


def test_special_goal_wins_at_the_end_of_a_turn() -> None:
    """p. 8: "A player wins if he meets his Special Goal at the end of any turn.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                              ("Ministry of Forms", BAVARIAN, "right"),
                              ("Five-Year Plan Committee", BAVARIAN, "down"),
                              ("Harbour Stevedores", BAVARIAN, "left"),
                              ("Roller Derby League", "Casino Cartel", "up")]})
    # Power 10 + 6 + 4 + 5 + 5 + 5 = 35.
    act(game, ANN, "end-turn")
    assert game.winners == [ANN]


def test_specials_may_be_shown_as_the_player_wishes() -> None:
    """p. 8: "They may be kept face-down or shown, as the player wishes\": a card shown is
    named to everyone and stays in its holder's hand, known, until it is played."""
    game = trio(hands={BO: ["Deep Agent", "Slush Fund"]})
    events = act(game, BO, "show", card="Deep Agent")
    assert "Deep Agent" in events[0].text
    assert game.view(None)["players"][BO]["shown"] == ["Deep Agent"]
    assert "Slush Fund" not in json.dumps(game.view(None))
    act(game, BO, "give", player=CY, card="Deep Agent")
    assert game.view(None)["players"][CY]["shown"] == ["Deep Agent"]
    act(game, BO, "play", card="Slush Fund")
    assert game.shown == ["Deep Agent"]
