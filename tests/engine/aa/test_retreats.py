"""Retreats at sea: A&A classic's attacking ships retreat to a friendly sea zone next to the
battle (docs/aa-classic.md, "Retreat"); the blocks' withdrawal of defending submarines,
which Plotted A&A turns on (its "Retreat": "Retreat moves by the attacker or by a defending
submarine don't have to be plotted"; docs/plotted-aa.md D-9) and classic leaves off
(reference "retreat": "defending units never retreat")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.aa.combat import Battle, BattleRules, start_battle
from engine.aa.units import POWERS
from engine.errors import NotAllowed
from engine.games.aa_classic import AAClassic
from tests.engine.aa.helpers import BOARD, Dice, opening
from tests.support.dice import loaded

GER, UK = "Germany", "United Kingdom"
E_MED, C_MED = "East Mediteranean Sea Zone", "Central Mediteranean Sea Zone"
WITHDRAWAL = BattleRules(sub_withdrawal=True)


def act(game: AAClassic, seat: str, action: str, **params: Any) -> list[Any]:
    events = game.act(seat, action, **params)
    state = game.state()
    assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
    return events


def germany_attacks_e_med_from_c_med(monkeypatch: pytest.MonkeyPatch) -> AAClassic:
    """Germany's first turn: a tank loaded in C Med, then the battleship and the transport
    attack the British submarine in E Med; round 1: every die misses."""
    game = engine.new_game("aa-classic", list(POWERS), seed="sea-retreat", history=True)
    assert isinstance(game, AAClassic)
    while game.power != GER:
        act(game, game.power, "end-phase")
    act(game, GER, "end-phase")
    act(game, GER, "end-phase")
    act(game, GER, "load", units="arm", from_area="South Europe", sea="C Med")
    act(game, GER, "move", units="bb, trn", from_area="C Med", to="E Med")
    loaded(monkeypatch, [6], [6])  # the battleship misses; the submarine misses
    act(game, GER, "end-phase")
    return game


def test_retreat_attacking_ships_to_a_friendly_sea_zone_next_to_the_battle() -> None:
    """A&A classic, combat, "Retreat" at sea: after a round with both sides left, the
    attacker's ships may retreat together to an adjacent friendly sea zone (with no enemy
    unit; through a canal only if the attacker's side holds it), with their cargo."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        game = germany_attacks_e_med_from_c_med(monkeypatch)
    battle = game.battle
    assert battle is not None and battle.stage == "retreat" and battle.decider == GER
    prompt = game.prompts()[GER]
    offered = [c.value for c in prompt.action("retreat").params[0].choices]
    # Not the Red Sea: Suez is the British side's (Egypt and Syria Jordan).
    assert offered == ["Black Sea Zone", C_MED]
    assert UK not in game.prompts()  # classic: the defending submarine never withdraws
    assert game.timeout_actions() == [(GER, "continue", {})]
    events = act(game, GER, "retreat", to=C_MED)
    assert any(e.kind == "retreat" for e in events)
    assert game.pos.units_of(C_MED, GER) == {"battleship": 1, "transport": 1}
    assert game.pos.cargo_of(C_MED, GER) == {"armour": 1}
    assert game.pos.units_of(E_MED, GER) == {}
    assert game.pos.units_of(E_MED, UK) == {"submarine": 1}
    assert game.stage == "noncombat-move"
    assert [E_MED, C_MED, GER] in game.arrows


def test_the_attacker_pressing_on_at_sea_fights_the_next_round() -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        game = germany_attacks_e_med_from_c_med(monkeypatch)
        loaded(monkeypatch, [1], [6])  # round 2: the battleship sinks the submarine
        act(game, GER, "continue")
    assert game.pos.units_of(E_MED, UK) == {}
    assert game.stage == "noncombat-move"


def test_no_retreat_to_a_sea_zone_with_enemy_units() -> None:
    """A friendly sea zone has no enemy unit: an allied submarine doesn't bar it; the German
    fleet in C Med, the British submarine in E Med and battleship in the West Med do."""
    game = engine.new_game("aa-classic", list(POWERS), seed="refuges")
    assert isinstance(game, AAClassic)
    game.pos.place("Black Sea Zone", "USSR", {"submarine": 1})
    assert game.sea_refuges(C_MED, GER) == []
    assert game.sea_refuges(E_MED, GER) == [C_MED]  # and Suez is closed to Germany
    assert game.sea_refuges(E_MED, UK) == ["Black Sea Zone", "Red Sea Zone"]


def test_defending_submarines_withdraw_after_a_round_where_the_rules_allow() -> None:
    """The blocks' withdrawal (Plotted A&A, "Retreat"): after the attacker's decision, each
    defending power's submarines may withdraw together to one zone offered, or stay; the
    rest of the defence fights on."""
    battle = Battle("North Sea Zone", True, UK, {"battleship": 1},
                    {GER: {"submarine": 2, "transport": 1}}, rules=WITHDRAWAL,
                    withdrawals={GER: ["Baltic Sea Zone"]})
    battle.advance(Dice(6, 6, 6, 6))  # battleship; submarines; transport: all miss
    assert battle.stage == "withdraw" and battle.decider == GER
    assert battle.refuges == ["Baltic Sea Zone"]
    with pytest.raises(NotAllowed, match="only to Baltic Sea Zone"):
        battle.withdraw(GER, "Karelia Sea Zone")
    with pytest.raises(NotAllowed):
        battle.withdraw(UK, "Baltic Sea Zone")
    with pytest.raises(NotAllowed):
        battle.retreat("Baltic Sea Zone")  # that is the attacker's, not offered now
    again = Battle.from_json(json.loads(json.dumps(battle.to_json())))
    assert again.to_json() == battle.to_json()
    assert battle.withdraw(GER, "Baltic Sea Zone") == [
        "Germany withdraws 2 submarines to Baltic Sea Zone."]
    assert battle.defenders == {GER: {"transport": 1}} and battle.stage == "fighting"
    battle.advance(Dice(1, 6))  # round 2: the battleship sinks the transport
    assert battle.outcome == "attacker"


def test_the_attacker_decides_first_then_the_submarines_once_a_round() -> None:
    battle = Battle("North Sea Zone", True, UK, {"battleship": 1},
                    {GER: {"submarine": 1}}, retreats=["United Kingdom"], rules=WITHDRAWAL,
                    withdrawals={GER: ["Baltic Sea Zone"]})
    battle.advance(Dice(6, 6))
    assert battle.stage == "retreat" and battle.decider == UK
    battle.press_on()
    assert battle.stage == "withdraw" and battle.decider == GER
    battle.press_on()  # the submarine stays
    assert battle.stage == "fighting"
    battle.advance(Dice(6, 6))
    assert battle.stage == "retreat" and battle.round == 3
    battle.press_on()
    battle.withdraw(GER, "Baltic Sea Zone")  # no defender left: the attacker holds the zone
    assert battle.outcome == "attacker" and battle.over


def test_no_withdrawal_without_the_rule_nor_for_the_attacker_s_submarines() -> None:
    pos = opening()
    pos.place("North Sea Zone", GER, {"submarine": 1})
    plain = start_battle(BOARD, pos, "North Sea Zone", GER, {"submarine": 1},
                         withdrawals={UK: ["Karelia Sea Zone"]})
    assert plain.withdrawals == {}  # classic's rules: defending units never retreat
    ruled = start_battle(BOARD, pos, "North Sea Zone", GER, {"submarine": 1},
                         withdrawals={UK: ["Karelia Sea Zone"]}, rules=WITHDRAWAL)
    assert ruled.withdrawals == {}  # the British have no submarine there
    old = plain.to_json()
    del old["withdrawals"], old["asked"], old["rules"]["sub_withdrawal"]
    assert Battle.from_json(old).withdrawals == {}  # a battle stored before this rule


def test_an_ally_left_behind_chooses_its_own_casualties() -> None:
    """AA-2: at sea the defending power with the most units chooses the casualties; once its
    submarines have withdrawn, the ally left in the battle chooses its own."""
    battle = Battle("Hawaii Sea Zone", True, "Japan", {"battleship": 1, "fighter": 1},
                    {UK: {"submarine": 2}, "USA": {"carrier": 1}}, rules=WITHDRAWAL,
                    withdrawals={UK: ["Midway Sea Zone"], "USA": ["Midway Sea Zone"]})
    assert battle.chooser == UK
    battle.advance(Dice(6, 6, 6, 6, 6))  # battleship, fighter; submarines, carrier: misses
    assert battle.decider == UK  # the USA has no submarine to withdraw
    battle.withdraw(UK, "Midway Sea Zone")
    assert battle.chooser == "USA" and battle.stage == "fighting"
    battle.advance(Dice(1, 6, 6))  # round 2: the battleship hits; the fighter and carrier miss
    assert battle.outcome == "attacker" and battle.lost == {"USA": {"carrier": 1}}
