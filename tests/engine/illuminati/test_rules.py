"""The rest of the basic game (reference parts B and C, outside the source) with the house
rulings ILL-1 to ILL-15 and the options for what no source settles (docs/illuminati.md):
attacks and their target number, capture, the turn, goals, Hidden Goals and Hidden
Illuminati."""

from __future__ import annotations

import json

import pytest

import engine
from tests.engine.illuminati.helpers import (
    ANN,
    ASSASSINS,
    BAVARIAN,
    BERMUDA,
    BO,
    CY,
    DISCORDIAN,
    GNOMES,
    NETWORK,
    SERVANTS,
    UFOS,
    act,
    actions,
    choices,
    kinds,
    loaded,
    needed,
    new,
    pass_all,
    position,
    private_to,
    refused,
    verified,
)

BALLOONS = "Weather Balloon Society"


def trio(**more: object) -> object:
    base: dict[str, object] = {"illuminati": {ANN: BAVARIAN, BO: GNOMES, CY: NETWORK}}
    base.update(more)
    return position(**base)  # type: ignore[arg-type]


# ----- the target number (reference B6, C) ----------------------------------------------

def parts(game: object) -> dict[str, int]:
    return {w: v for w, v in game.view(None)["attack"]["parts"]}  # type: ignore[attr-defined]


def test_control_power_against_resistance_with_alignments() -> None:
    """Reference B6: Power + aid - Resistance; +4 for each alignment shared, -4 for each
    opposed pair (Criminal has no opposite; two Fanatics are opposed)."""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]},  # criminal, violent, 6
                uncontrolled=["Counterfeit Stamp Ring", "Lighthouse Keepers' Guild"])
    act(game, ANN, "attack", group="Casino Cartel", target="Counterfeit Stamp Ring",
        how="control")
    assert needed(game) == 6 - 4 + 4  # criminal shared
    act(game, ANN, "call-off")
    act(game, ANN, "attack", group="Casino Cartel", target="Lighthouse Keepers' Guild",
        how="control")
    assert needed(game) == 6 - 5 - 4  # violent against peaceful


def test_neutralize_plus_6_only_against_another_players_group() -> None:
    """Reference B6: "Attack to Neutralize: worked out like Control, with +6 for the
    attacker. It is only useful against a Group controlled by another player.\""""
    game = trio(groups={BO: [("Pension Fund Trustees", GNOMES, "up")]},
                uncontrolled=[BALLOONS], options={"distance": "none"})
    refused(game, ANN, "attack", "another player", group=BAVARIAN, target=BALLOONS,
            how="neutralize")
    act(game, ANN, "attack", group=BAVARIAN, target="Pension Fund Trustees", how="neutralize")
    assert needed(game) == 10 - 6 + 6


def test_destroy_against_power_with_alignments_reversed() -> None:
    """Reference B6: "Attack to Destroy: attacker's Power (+aid) - target's Power ...
    Alignment modifiers are reversed.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]},
                uncontrolled=["Lighthouse Keepers' Guild", "Counterfeit Stamp Ring"])
    act(game, ANN, "attack", group="Casino Cartel", target="Lighthouse Keepers' Guild",
        how="destroy")
    assert needed(game) == 6 - 3 + 4  # opposed: easier to destroy
    act(game, ANN, "call-off")
    act(game, ANN, "attack", group="Casino Cartel", target="Counterfeit Stamp Ring",
        how="destroy")
    assert needed(game) == 6 - 3 - 4  # shared: harder


@pytest.mark.parametrize("distance, defence", [("10-5-2", [10, 5, 2, 0]), ("none", [0] * 4)])
def test_defence_by_distance_from_the_illuminati(distance: str, defence: list[int]) -> None:
    """Option `distance` (reference C, unverified: +10 / +5 / +2 for one / two / three
    arrows away, from memory): default 10-5-2."""
    chain = [("Casino Cartel", GNOMES, "up"), ("Harbour Stevedores", "Casino Cartel", "up"),
             ("Border Patrol Cadets", "Harbour Stevedores", "up"),
             ("Ministry of Forms", "Border Patrol Cadets", "up")]
    game = trio(groups={BO: chain}, options={"distance": distance})
    for (target, _m, _a), less in zip(chain, defence, strict=True):
        act(game, ANN, "attack", group=BAVARIAN, target=target, how="control")
        resistance = game.card(target).resistance  # type: ignore[attr-defined]
        assert needed(game) == 10 - resistance - less, target
        act(game, ANN, "call-off")


@pytest.mark.parametrize("rates, target_rate", [("2-1", 2), ("1-1", 1)])
def test_defenders_spending_rates(rates: str, target_rate: int) -> None:
    """Option `defence_rates` (reference C, unverified: 2 per MB from the target, 1 per MB
    from the defender's Illuminati): default 2-1."""
    game = trio(groups={BO: [("Pension Fund Trustees", GNOMES, "up")]},
                money={"Pension Fund Trustees": 4, GNOMES: 4},
                options={"distance": "none", "defence_rates": rates})
    act(game, ANN, "attack", group=BAVARIAN, target="Pension Fund Trustees", how="control")
    start = needed(game)
    act(game, BO, "spend", mb=2, source="target")
    assert needed(game) == start - 2 * target_rate
    act(game, BO, "spend", mb=3, source="illuminati")
    assert needed(game) == start - 2 * target_rate - 3


def test_eleven_and_twelve_always_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reference B6: "Roll: 2d6; the attacker needs the target number or less. 11 and 12
    always fail.\""""
    game = trio(uncontrolled=[BALLOONS], money={BAVARIAN: 20})
    loaded(monkeypatch, [5, 6])
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    act(game, ANN, "spend", mb=10, source="illuminati")
    assert needed(game) == 17
    events = pass_all(game)  # type: ignore[arg-type]
    assert "attack_failed" in kinds(events)
    assert "11 and 12 always fail" in [e for e in events if e.kind == "attack_failed"][0].text


def test_immunity_and_ability_bonuses_from_the_card_set(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Card set abilities (reference B9 as data): the Laughing Owl's +4 to control a Weird
    Group, and its Groups' immunity to Government and Straight Groups."""
    game = position(illuminati={ANN: DISCORDIAN, BO: BAVARIAN, CY: NETWORK},
                    groups={BO: [("Ministry of Forms", BAVARIAN, "up")],
                            ANN: [("Casino Cartel", DISCORDIAN, "up")]},
                    uncontrolled=[BALLOONS], current=ANN)
    act(game, ANN, "attack", group=DISCORDIAN, target=BALLOONS, how="control")
    assert needed(game) == 8 - 3 + 4
    act(game, ANN, "call-off")
    act(game, ANN, "end-turn")
    refused(game, BO, "attack", "immunity", group="Ministry of Forms", target="Casino Cartel",
            how="control")


# ----- capture (reference C) ------------------------------------------------------------

def test_capture_takes_half_of_each_treasury_and_the_puppets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reference C: "half of each captured Group's treasury (rounded down) moves with it, the
    rest goes to the bank; the attacking Group may at once move money to its new puppet as
    part of the attack; the captured Group's own puppets stay on it.\""""
    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up"),
                             ("Harbour Stevedores", "Casino Cartel", "up")],
                        ANN: [("Ministry of Forms", BAVARIAN, "up")]},
                money={"Casino Cartel": 9, "Harbour Stevedores": 4, "Ministry of Forms": 5},
                options={"distance": "none"})
    loaded(monkeypatch, [1, 1])
    act(game, ANN, "attack", group=BAVARIAN, target="Casino Cartel", how="control")
    pass_all(game)  # type: ignore[arg-type]
    assert game.stack[-1]["kind"] == "place"  # type: ignore[attr-defined]
    assert choices(game, ANN, "place", "at") == [f"{BAVARIAN}: right", f"{BAVARIAN}: down",
                                                 f"{BAVARIAN}: left"]
    act(game, ANN, "place", at=f"{BAVARIAN}: right")
    assert game.owner("Casino Cartel") == ANN and game.owner("Harbour Stevedores") == ANN
    assert game.treasury("Casino Cartel") == 4 and game.treasury("Harbour Stevedores") == 2
    assert game.master("Harbour Stevedores") == "Casino Cartel"


def test_the_attacking_group_moves_money_to_its_new_puppet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reference C: "the attacking Group may at once move money to its new puppet as part of the
    attack": no transfer counted."""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]},
                money={"Casino Cartel": 5}, uncontrolled=[BALLOONS])
    loaded(monkeypatch, [1, 1])
    act(game, ANN, "attack", group="Casino Cartel", target=BALLOONS, how="control")
    pass_all(game)  # type: ignore[arg-type]
    act(game, ANN, "place", at="Casino Cartel: left", mb=3)
    assert game.treasury(BALLOONS) == 3 and game.treasury("Casino Cartel") == 2
    assert game.turn["transfers"] == 2  # type: ignore[attr-defined]


def test_a_group_needs_a_vacant_arrow_to_capture() -> None:
    """Reference B6: "The attacking Group must have a free outgoing arrow, because the
    captured Group is attached to it.\""""
    # The Crossword Setters' only arrow points at the Model Railway Club's square.
    game = trio(groups={ANN: [("Yoga Teachers' Collective", BAVARIAN, "down"),
                              ("Model Railway Club", "Yoga Teachers' Collective", "right"),
                              ("Crossword Setters' Circle", BAVARIAN, "right")]},
                uncontrolled=[BALLOONS])
    refused(game, ANN, "attack", "no vacant outgoing arrow",
            group="Crossword Setters' Circle", target=BALLOONS, how="control")


def test_retry_after_a_failed_first_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reference C: "a failed first attack may be retried on the same target with the second
    action." (ILL-4: each card takes part in one attack a turn; the retry is the same
    Group's.)"""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]},
                uncontrolled=[BALLOONS, "Model Railway Club"])
    loaded(monkeypatch, [6, 6])
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    pass_all(game)  # type: ignore[arg-type]
    refused(game, ANN, "attack", "already taken part", group=BAVARIAN,
            target="Model Railway Club", how="control")
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    assert game.view(None)["attack"] is not None  # type: ignore[attr-defined]


def test_ufo_like_illuminati_card_takes_part_in_two_attacks() -> None:
    """Reference B9 (UFOs, as data: `attacks: 2`): "May take part in two attacks per turn"; ILL-4."""
    game = position(illuminati={ANN: UFOS, BO: GNOMES, CY: NETWORK},
                    uncontrolled=[BALLOONS, "Model Railway Club"],
                    options={"hidden_goals": False},
                    edit=lambda d: d["goals"].update({ANN: BAVARIAN}))
    for target in (BALLOONS, "Model Railway Club"):
        act(game, ANN, "attack", group=UFOS, target=target, how="control")
        pass_all(game)  # type: ignore[arg-type]
        if game.stack:  # type: ignore[attr-defined]
            act(game, ANN, "place", at=choices(game, ANN, "place", "at")[0])
    assert game.turn["used"][UFOS] == 2  # type: ignore[attr-defined]


# ----- the turn (reference B3) -----------------------------------------------------------

def test_income_into_each_cards_own_treasury_then_a_draw() -> None:
    """Reference B3: "every card in your Power Structure that has an Income number, the
    Illuminati included, takes that amount from the bank into its own treasury"; then "a
    Special is kept; a Group goes face up into the uncontrolled area.\""""
    def top(d: dict[str, object]) -> None:
        d["pile"].remove("Slush Fund")  # type: ignore[attr-defined]
        d["pile"].append("Slush Fund")  # type: ignore[attr-defined]

    game = trio(groups={BO: [("Casino Cartel", GNOMES, "up")]}, money={GNOMES: 1},
                uncontrolled=[BALLOONS, "Model Railway Club"], edit=top)
    pile = len(game.pile)  # type: ignore[attr-defined]
    events = act(game, ANN, "end-turn")
    assert game.purse(BO) == 13 and game.treasury("Casino Cartel") == 5  # type: ignore[attr-defined]
    assert game.hands[BO] == ["Slush Fund"] and len(game.pile) == pile - 1  # type: ignore[attr-defined]
    assert "drew_special" in kinds(events) and private_to(events, BO)
    assert not any("Slush Fund" in e.text for e in events if e.public)


def test_network_like_illuminati_draws_two() -> None:
    """Reference B9 (The Network, as data: `draws: 2`): "Draws 2 cards each turn"."""
    game = trio(illuminati={ANN: BAVARIAN, BO: NETWORK, CY: GNOMES},
                uncontrolled=[BALLOONS, "Model Railway Club"])
    pile = len(game.pile)  # type: ignore[attr-defined]
    act(game, ANN, "end-turn")
    assert game.current == BO and len(game.pile) == pile - 2  # type: ignore[attr-defined]


def test_passing_collects_5_mb_instead_of_any_action() -> None:
    """Reference B3: "Passing: instead of taking any actions (regular or free), a player may
    collect 5 MB into their Illuminati treasury.\""""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]})
    act(game, ANN, "pass-turn")
    assert game.purse(ANN) == 5 and game.current == BO  # type: ignore[attr-defined]
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]}, money={BAVARIAN: 3})
    act(game, ANN, "transfer", from_group=BAVARIAN, to_group="Casino Cartel", mb=1)
    assert "pass-turn" not in actions(game, ANN)  # type: ignore[arg-type]
    refused(game, ANN, "pass-turn")


@pytest.mark.parametrize("targets", [0, 2, 4])
def test_add_targets_option(targets: int) -> None:
    """Option `targets` (reference C, unverified: "fewer than two uncontrolled Groups: draw
    up to two"): default 2; Specials turned up go to the bottom (ILL-6)."""
    game = trio(options={"targets": targets}, uncontrolled=[BALLOONS])
    events = act(game, ANN, "end-turn")
    turned = [e for e in events if e.kind == "targets"]
    expected = max(targets - 1, 0)
    assert len(turned[0].data["groups"]) == expected if expected else turned == []
    assert all(g in game.cards.groups for g in game.uncontrolled)  # type: ignore[attr-defined]


def test_setup_deals_illuminati_and_turns_up_four_groups() -> None:
    """Reference B2: each player's Illuminati with its income as a starting treasury; four
    uncontrolled Groups (Specials buried and replaced)."""
    game = new(seed="setup")
    first = game.current
    assert len(game.uncontrolled) >= 4 and all(g in game.cards.groups
                                               for g in game.uncontrolled)
    for seat in game.seats:
        income = game.card(game.illuminati[seat]).income
        if seat != first:
            assert game.purse(seat) == income
    verified(game)


# ----- goals and options --------------------------------------------------------------------

def test_the_illuminati_card_counts_toward_the_goal_only_with_the_option() -> None:
    """Option `illuminati_counts` (reference B8: "The Illuminati card itself does not count",
    recalled): default off."""
    groups = [("Casino Cartel", BAVARIAN, "up")]
    for counts, expected in ((False, 1), (True, 2)):
        game = trio(groups={ANN: groups}, options={"illuminati_counts": counts})
        assert game.group_count(ANN) == expected  # type: ignore[attr-defined]


def test_hidden_goals_are_chosen_in_secret() -> None:
    """Hidden Goals (ILL-12): each player chooses a special goal in secret; nobody else
    learns which."""
    game = new(hidden_goals=True, seed="hg")
    assert sorted(game.prompts()) == sorted(game.seats)
    seat = game.seats[0]
    goal = choices(game, seat, "choose-goal", "goal")[0]
    events = act(game, seat, "choose-goal", goal=goal)
    public_text = " ".join(e.text for e in events if e.public)
    assert "in secret" in public_text and goal not in public_text
    assert game.view(None)["players"][seat]["special_goal"] is None
    for other in game.seats[1:]:
        act(game, other, "choose-goal", goal=choices(game, other, "choose-goal", "goal")[-1])
    assert game.started and game.turn is not None
    verified(game)


def test_hidden_illuminati_stay_face_down_until_accused_rightly() -> None:
    """Hidden Illuminati (ILL-13): dealt face down; a right accusation (an action) turns the
    card face up, a wrong one shows nothing but that it was wrong."""
    game = position(illuminati={ANN: GNOMES, BO: SERVANTS, CY: ASSASSINS},
                    options={"hidden_illuminati": True})
    public = json.dumps(game.view(None))
    assert SERVANTS not in public and ASSASSINS not in public and GNOMES not in public
    assert game.view(BO)["your_illuminati"]["name"] == SERVANTS
    events = act(game, ANN, "accuse", player=BO, illuminati=ASSASSINS)
    assert "wrong" in events[0].text and SERVANTS not in json.dumps(game.view(None))
    events = act(game, ANN, "accuse", player=BO, illuminati=SERVANTS)
    assert "revealed" in kinds(events)
    assert game.view(None)["players"][BO]["illuminati"] == SERVANTS
    refused(game, ANN, "accuse", player=CY, illuminati=ASSASSINS)  # no action left


def test_hidden_illuminati_shown_by_its_ability() -> None:
    """ILL-13: an ability that shows in play turns the card face up (privilege for MB)."""
    game = position(illuminati={ANN: BAVARIAN, BO: GNOMES, CY: BERMUDA},
                    options={"hidden_illuminati": True}, money={BAVARIAN: 10},
                    uncontrolled=[BALLOONS])
    assert game.view(None)["players"][ANN]["illuminati"] is None
    events = act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control",
                 privilege="ability")
    assert "revealed" in kinds(events)
    assert game.view(None)["players"][ANN]["illuminati"] == BAVARIAN


def test_another_illuminatis_goal_chosen_in_secret() -> None:
    """Reference B9 (data): an Illuminati whose goal is `another` chooses another
    Illuminati's goal in secret at the start."""
    for n in range(30):
        game = new(seed=f"ufo-{n}")
        if UFOS in game.illuminati.values():
            break
    else:  # pragma: no cover
        pytest.skip("no seed dealt the Visitors")
    seat = next(s for s, c in game.illuminati.items() if c == UFOS)
    assert list(game.prompts()) == [seat]
    offered = choices(game, seat, "choose-goal", "goal")
    assert UFOS not in offered
    act(game, seat, "choose-goal", goal=offered[0])
    assert game.goals[seat] == offered[0] and game.started


def test_state_round_trips_and_imports() -> None:
    """A state taken mid-game loads back exactly, and passes the import checks."""
    game = trio(groups={ANN: [("Casino Cartel", BAVARIAN, "up")]}, uncontrolled=[BALLOONS])
    act(game, ANN, "attack", group=BAVARIAN, target=BALLOONS, how="control")
    state = json.loads(json.dumps(game.state()))
    assert engine.load("illuminati", state, imported=True).state() == game.state()
    bad = json.loads(json.dumps(state))
    bad["game"]["money"]["Casino Cartel"] = -4
    with pytest.raises(engine.RuleError, match="treasury"):
        engine.load("illuminati", bad, imported=True)
    bad = json.loads(json.dumps(state))
    bad["game"]["placed"]["Harbour Stevedores"] = {"owner": ANN, "master": BAVARIAN,
                                                   "arrow": "up"}
    with pytest.raises(engine.RuleError, match="over each other"):
        engine.load("illuminati", bad, imported=True)
