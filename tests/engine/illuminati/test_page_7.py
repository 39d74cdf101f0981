"""Rulebook page 7, rule by rule (shared/rules/illuminati-fragment.md): Interference,
Privilege, the Bavarian ability, abolishing privilege, Calling Off an Attack, Transferring
Money, Moving a Group, Free Actions. Each test quotes the text it pins."""

from __future__ import annotations

import pytest

from tests.engine.illuminati.helpers import (
    ANN,
    BAVARIAN,
    BERMUDA,
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
    refused,
)

BALLOONS = "Weather Balloon Society"  # 2/0, Resistance 3, Weird: uncontrolled target


def attack_position(**more: object) -> object:
    """Ann (the Bavarian-like Lodge, Power 10) about to attack; Bo and Cy with money."""
    base: dict[str, object] = {
        "illuminati": {ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
        "money": {BAVARIAN: 10, GNOMES: 6, NETWORK: 10, "Cryptid Hunters": 4},
        "groups": {CY: [("Cryptid Hunters", NETWORK, "up")]},
        "uncontrolled": [BALLOONS]}
    base.update(more)
    return position(**base)  # type: ignore[arg-type]


def bank_total(game: object) -> int:
    return sum(game.money.values())  # type: ignore[attr-defined]


# ----- Interference ---------------------------------------------------------------------

def test_interference_from_the_illuminati_treasury_only_to_the_bank() -> None:
    """p. 7, Interference: "he announces who he will help, and then contributes money from
    his Illuminati treasury only. This money goes to the bank.\""""
    game = attack_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    assert CY in game.prompts() and BO in game.prompts()
    refused(game, CY, "spend", mb=2, source="group", side="attacker")
    before = bank_total(game)
    act(game, CY, "spend", mb=3, source="illuminati", side="attacker")
    assert game.purse(CY) == 7 and game.treasury("Cryptid Hunters") == 4
    assert bank_total(game) == before - 3  # nobody received it: it went to the bank
    assert game.view(None)["attack"]["sides"] == {CY: "attacker"}


def test_interference_each_mb_moves_the_needed_roll_by_one() -> None:
    """p. 7, Interference: "It affects the needed die roll by 1 for each MB spent.\""""
    game = attack_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    assert needed(game) == 7  # Power 10 - Resistance 3
    act(game, CY, "spend", mb=3, side="attacker")
    assert needed(game) == 10
    act(game, BO, "spend", mb=2, side="defender")
    assert needed(game) == 8
    refused(game, CY, "spend", "already help", mb=1, side="defender")


# ----- Privilege --------------------------------------------------------------------------

def test_privilege_by_discarding_any_special_when_first_declaring() -> None:
    """p. 7: "he must discard any one Special card and call “Privilege!” when first
    declaring the attack. No one can interfere either for or against a Privileged
    Attack.\""""
    game = attack_position(hands={ANN: ["Slush Fund"]})
    events = act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
                 privilege="Slush Fund")
    assert "privilege" in kinds(events) and game.discards == ["Slush Fund"]
    assert game.hands[ANN] == []
    # Nobody without a Special is even asked: there is nothing they could do.
    assert sorted(game.prompts()) == [ANN]
    refused(game, CY, "spend", "privileged", mb=1, side="attacker")
    refused(game, BO, "spend", "privileged", mb=1, side="defender")
    # The privilege is declared with the attack or never: nothing asks for it later.
    params = {p.name for s in game.prompts()[ANN].actions for p in s.params}
    assert "privilege" not in params


def test_bavarian_ability_privilege_for_5_mb_once_per_turn() -> None:
    """p. 7: "The Bavarian Illuminati have the Special Ability to declare one attack per
    turn Privileged, at the cost of 5 MB payable from their Illuminati treasury.\""""
    game = attack_position(uncontrolled=[BALLOONS, "Model Railway Club"],
                           groups={ANN: [("Casino Cartel", BAVARIAN, "up")],
                                   CY: [("Cryptid Hunters", NETWORK, "up")]})
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="ability")
    assert game.purse(ANN) == 5 and game.view(None)["attack"]["privileged"]
    act(game, ANN, "call-off")
    # Not offered again this turn (and refused if typed).
    refused(game, ANN, "attack", "ability", group="Casino Cartel",
            target="Model Railway Club", how="control", privilege="ability")


def test_bavarian_pays_the_5_mb_when_first_announcing() -> None:
    """p. 7: "he must declare the Privilege and pay the 5 MB when he first announces the
    attack." Paid at the announcement, it stays paid if the attack is called off."""
    game = attack_position(money={BAVARIAN: 4, GNOMES: 6, NETWORK: 10})
    refused(game, ANN, "attack", "5 MB", group=BAVARIAN, target=BALLOONS, how="control",
            privilege="ability")
    game = attack_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="ability")
    assert game.purse(ANN) == 5
    act(game, ANN, "call-off")
    assert game.purse(ANN) == 5


def test_only_the_bavarian_ability_buys_privilege() -> None:
    """p. 7: the ability is the Bavarians'; another Illuminati must discard a Special."""
    game = attack_position(illuminati={ANN: GNOMES, BO: BAVARIAN, CY: NETWORK},
                           money={GNOMES: 10, NETWORK: 5})
    refused(game, ANN, "attack", group=GNOMES, target=BALLOONS, how="control",
            privilege="ability")


def test_privilege_abolished_by_deep_agent() -> None:
    """p. 7: "Privilege may be abolished by use of the Special card Deep Agent.\""""
    game = attack_position(hands={ANN: ["Slush Fund"], CY: ["Deep Agent"]})
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="Slush Fund")
    refused(game, CY, "spend", mb=1, side="attacker")
    act(game, CY, "play", card="Deep Agent")  # a window first, if others hold Specials
    pass_top(game)
    attack = game.view(None)["attack"]
    assert attack["privileged"] and attack["abolished"]
    act(game, CY, "spend", mb=2, side="defender")
    assert needed(game) == 5


def test_privilege_abolished_by_discarding_two_specials() -> None:
    """p. 7: "or by discarding two Special cards (see p. 8)"; p. 8: "Any two special cards
    may be discarded together, by the same person, to abolish someone else's privilege.\""""
    game = attack_position(hands={ANN: ["Slush Fund"], CY: ["Swiss Bank Account",
                                                            "Media Campaign"]})
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="Slush Fund")
    refused(game, ANN, "abolish", card="Slush Fund", second_card="Slush Fund")
    act(game, CY, "abolish", card="Swiss Bank Account", second_card="Media Campaign")
    assert game.hands[CY] == []
    assert game.view(None)["attack"]["abolished"]
    act(game, CY, "spend", mb=1, side="defender")
    assert needed(game) == 6


def test_abolished_privilege_cannot_be_reinstated() -> None:
    """p. 7: "If the Privilege is abolished, it cannot be reinstated on that attack.\""""
    game = attack_position(hands={ANN: ["Slush Fund", "Assassination"], CY: ["Deep Agent"]})
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
        privilege="Slush Fund")
    act(game, CY, "play", card="Deep Agent")
    pass_top(game)
    # Nothing offered to anyone restores it: no action takes a privilege after the
    # announcement, and the attack stays abolished through more spending.
    for prompt in game.prompts().values():
        assert all(p.name != "privilege" for s in prompt.actions for p in s.params)
    act(game, CY, "spend", mb=1, side="defender")
    act(game, ANN, "spend", mb=1, source="illuminati")
    attack = game.view(None)["attack"]
    assert attack["abolished"] and attack["privileged"]


# ----- Calling off an attack --------------------------------------------------------------

def test_calling_off_until_money_is_down() -> None:
    """p. 7: "he can change his mind and call it off – until he puts some money down. Once
    he actually takes money from his treasury and puts it in the bank, the attack is
    committed. It must be played out, and it does count as an action.\""""
    game = attack_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    events = act(game, ANN, "call-off")
    assert "called_off" in kinds(events)
    assert game.turn is not None and game.turn["actions"] == 2  # no action used
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    act(game, ANN, "spend", mb=2, source="illuminati")
    assert game.turn["actions"] == 1  # committed: it counts as an action
    assert "call-off" not in actions(game, ANN)
    refused(game, ANN, "call-off")


def test_committed_when_another_player_spends() -> None:
    """p. 7: "If the attacker spends no money, the attack is committed when another player
    spends money (either for or against him)\""""
    game = attack_position()
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    act(game, BO, "spend", mb=1, side="defender")
    assert game.view(None)["attack"]["committed"]
    refused(game, ANN, "call-off", "committed")
    assert game.turn is not None and game.turn["actions"] == 1


def test_committed_when_the_attacker_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """p. 7: "... or when the attacker rolls the dice.\""""
    game = attack_position()
    loaded(monkeypatch, [6, 6])
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    events = pass_all(game)
    assert "rolled" in kinds(events) and "attack_failed" in kinds(events)
    assert game.turn is not None and game.turn["actions"] == 1


# ----- Transferring money -----------------------------------------------------------------

def money_position() -> object:
    """Ann's Lodge -> Casino Cartel (up) -> Harbour Stevedores (ahead: up)."""
    return position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    groups={ANN: [("Casino Cartel", BAVARIAN, "up"),
                                  ("Harbour Stevedores", "Casino Cartel", "up")]},
                    money={BAVARIAN: 10})


def test_transfer_to_an_adjacent_group_two_free_then_an_action() -> None:
    """p. 7, Transferring Money: "A Group may, as an action, transfer any of its money to an
    adjacent Group – either its master, or a puppet. A player may make two money transfers
    as part of his turn ... he can also make a transfer as a regular action.\""""
    game = money_position()
    refused(game, ANN, "transfer", "one arrow at a time", from_group=BAVARIAN,
            to_group="Harbour Stevedores", mb=1)
    act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Casino Cartel", mb=3)
    act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Casino Cartel", mb=1)
    assert game.turn is not None and game.turn["actions"] == 2
    events = act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Casino Cartel", mb=1)
    assert "as an action" in events[0].text
    assert game.turn["actions"] == 1
    assert game.treasury("Casino Cartel") == 5 and game.purse(ANN) == 5


def test_successive_transfers_move_money_two_groups_in_one_turn() -> None:
    """p. 7: "By successive transfers, the same money may be moved two or more Groups in one
    turn.\""""
    game = money_position()
    act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Casino Cartel", mb=4)
    act(game, ANN, "transfer", from_group="Casino Cartel", to_group="Harbour Stevedores", mb=4)
    assert game.treasury("Harbour Stevedores") == 4 and game.treasury("Casino Cartel") == 0


# ----- Moving a Group ---------------------------------------------------------------------

def test_moving_a_group_to_a_vacant_arrow_its_puppets_with_it() -> None:
    """p. 7, Moving a Group: "A player may, as an action, reorganize his Power Structure by
    moving a Group to a vacant outgoing control arrow. The new control arrow may be on the
    Group's master, or any other Group the player controls. If the moving Group has any
    puppets, then they (and their own puppets, and so on) are also moved.\""""
    game = money_position()
    act(game, ANN, "move", group="Casino Cartel", to=f"{BAVARIAN}: left")
    assert game.turn is not None and game.turn["actions"] == 1
    cards = {c["name"]: c for c in game.view(None)["structures"][ANN]}
    assert (cards["Casino Cartel"]["x"], cards["Casino Cartel"]["y"]) == (-1, 0)
    # Its puppet came along, on the same (printed) arrow: ahead, now pointing left.
    assert (cards["Harbour Stevedores"]["x"], cards["Harbour Stevedores"]["y"]) == (-2, 0)
    assert game.master("Harbour Stevedores") == "Casino Cartel"
    # Never onto itself or its own puppets.
    refused(game, ANN, "move", group="Casino Cartel", to="Harbour Stevedores: up")


def reseat_position(blocked: bool) -> object:
    """Ann's Lodge L (0, 0): the Ministry of Forms M up (0, -1) with Casino Cartel on its
    ahead arrow (0, -2) and the Debating Union on its right arrow (1, -1); Harbour
    Stevedores H on L's right (1, 0), with Border Patrol Cadets on its ahead arrow (2, 0);
    the Pension Fund Trustees on L's down arrow (0, 1). With `blocked`, the Model Railway
    Club hangs on the Cadets' right arrow, at (2, 1)."""
    groups = [("Ministry of Forms", BAVARIAN, "up"), ("Casino Cartel", "Ministry of Forms",
                                                       "up"),
              ("Debating Union", "Ministry of Forms", "right"),
              ("Harbour Stevedores", BAVARIAN, "right"),
              ("Border Patrol Cadets", "Harbour Stevedores", "right"),
              ("Pension Fund Trustees", BAVARIAN, "down")]
    if blocked:
        groups.append(("Model Railway Club", "Border Patrol Cadets", "down"))
    return position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    groups={ANN: groups})


def squares(game: object) -> dict[str, tuple[int, int]]:
    return {c["name"]: (c["x"], c["y"])
            for c in game.view(None)["structures"][ANN]}  # type: ignore[attr-defined]


def test_moving_a_group_re_seats_an_overlapping_puppet_under_the_same_master() -> None:
    """p. 7: "If moving a Group would cause some of its puppets (or theirs) to overlap, any
    of them may also be moved to different control arrows, as long as they are still
    controlled by the same master." (ILL-2: the bot re-seats them: ahead, right, left.)

    The Ministry moves onto the Stevedores' right arrow, (1, 1), facing down: Casino Cartel
    keeps its arrow, (1, 2); the Debating Union's arrow now points at (0, 1), the Pension
    Fund's square, so it takes the Ministry's other free arrow, (2, 1)."""
    game = reseat_position(blocked=False)
    assert squares(game)["Debating Union"] == (1, -1)
    act(game, ANN, "move", group="Ministry of Forms", to="Harbour Stevedores: down")
    where = squares(game)
    assert where["Ministry of Forms"] == (1, 1) and where["Casino Cartel"] == (1, 2)
    assert where["Debating Union"] == (2, 1)
    assert game.master("Debating Union") == "Ministry of Forms"  # type: ignore[attr-defined]


def test_moving_a_group_loses_a_puppet_that_cannot_fit() -> None:
    """p. 7: "Any puppet that cannot be prevented from overlapping is lost. It, and its own
    puppets, are returned to the uncontrolled area." With (2, 1) taken too, the Debating
    Union fits nowhere under the Ministry."""
    game = reseat_position(blocked=True)
    events = act(game, ANN, "move", group="Ministry of Forms", to="Harbour Stevedores: down")
    assert "lost" in kinds(events)
    assert game.uncontrolled == ["Debating Union"]  # type: ignore[attr-defined]
    assert squares(game)["Casino Cartel"] == (1, 2)


# ----- Free actions -----------------------------------------------------------------------

def test_free_action_dropping_a_group_and_its_puppets() -> None:
    """p. 7, Free Actions: "Dropping Groups – removing a Group from your Power Structure and
    returning it to the uncontrolled area. (Its puppets must also become uncontrolled.)\""""
    game = money_position()
    act(game, ANN, "drop", group="Casino Cartel")
    assert game.uncontrolled == ["Casino Cartel", "Harbour Stevedores"]
    assert game.turn is not None and game.turn["actions"] == 2


def test_free_action_aiding_an_attack_with_transferable_power() -> None:
    """p. 7: "Aiding an attack – using Transferable Power to assist another Group. This
    counts as part of the attack being aided.\""""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    groups={ANN: [("Casino Cartel", BAVARIAN, "up")]},
                    uncontrolled=[BALLOONS])
    act(game, ANN, "attack", group="Casino Cartel", target=BALLOONS, how="control")
    assert needed(game) == 3  # 6 - 3
    act(game, ANN, "aid", group=BAVARIAN)
    assert needed(game) == 13  # the Lodge's Transferable Power 10
    assert game.turn is not None and game.turn["actions"] == 2
    # Part of that attack: the Lodge can't attack again this turn (ILL-4).
    act(game, ANN, "call-off")
    act(game, ANN, "attack", group="Casino Cartel", target=BALLOONS, how="control")
    act(game, ANN, "aid", group=BAVARIAN)
    pass_all(game)
    assert BAVARIAN not in [c.value for s in game.prompts().get(ANN, ()).actions  # type: ignore[union-attr]
                            if s.name == "attack" for p in s.params if p.name == "group"
                            for c in p.choices or ()]


def test_free_action_giving_away_money_or_specials_at_any_time() -> None:
    """p. 7: "Giving away a Special card or money – this may be done at any time, not just
    during your turn. Money may be transferred only between Illuminati treasuries when it
    goes to another player.\""""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    money={GNOMES: 8}, hands={BO: ["Slush Fund"]}, current=ANN)
    act(game, BO, "give", player=CY, mb=3, card="Slush Fund")  # on Ann's turn
    assert game.purse(BO) == 5 and game.purse(CY) == 3 and game.hands[CY] == ["Slush Fund"]
    assert game.turn is not None and game.turn["actions"] == 2  # not an action of anyone


def test_free_action_using_a_special_but_bribery_is_an_action() -> None:
    """p. 7: "Using a Special card – follow the instructions on the card. (Exception: Using
    the Bribery card is a regular action.)\""""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: NETWORK},
                    hands={ANN: ["Slush Fund", "Bribery"]}, uncontrolled=[BALLOONS])
    act(game, ANN, "play", card="Slush Fund")
    assert game.turn is not None and game.turn["actions"] == 2
    act(game, ANN, "play", card="Bribery", group=BALLOONS)
    assert game.turn["actions"] == 1


def test_bermuda_like_ability_moves_free_at_the_end_of_the_turn() -> None:
    """Reference B3/B9 (card set data): an Illuminati with `free-moves` reorganizes at the
    end of its turn without spending actions."""
    game = position(illuminati={ANN: BERMUDA, BO: GNOMES, CY: NETWORK},
                    groups={ANN: [("Casino Cartel", BERMUDA, "up")]},
                    edit=lambda d: d["turn"].update(actions=0))
    refused(game, ANN, "move", group="Casino Cartel", to=f"{BERMUDA}: left")
    act(game, ANN, "end-turn")
    assert game.current == ANN and "move" in actions(game, ANN)
    act(game, ANN, "move", group="Casino Cartel", to=f"{BERMUDA}: left")
    act(game, ANN, "end-turn")
    assert game.current == BO
