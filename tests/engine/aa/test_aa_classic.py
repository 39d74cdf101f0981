"""The `aa-classic` game on the blocks: a first turn, battles with casualties chosen by the
defender, retreat, placement, income, the deadline policy, and seeded random legal play."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.aa.odds import battle_odds, format_odds
from engine.aa.units import POWERS
from engine.errors import RuleError
from engine.games.aa_classic import AAClassic
from tests.engine.aa.helpers import check_replay


def new(seed: str = "aa", **options: Any) -> AAClassic:
    game = engine.new_game("aa-classic", list(POWERS), seed=seed, options=options,
                           history=True)
    assert isinstance(game, AAClassic)
    return game


def act(game: AAClassic, seat: str, action: str, **params: Any) -> list[str]:
    """Act, and check that the state round-trips through JSON after every step."""
    events = game.act(seat, action, **params)
    state = game.state()
    assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
    return [e.text for e in events]


def refused(game: AAClassic, seat: str, action: str, **params: Any) -> str:
    before = json.dumps(game.state())
    with pytest.raises(RuleError) as info:
        game.act(seat, action, **params)
    assert json.dumps(game.state()) == before
    return info.value.message


def fight_out(game: AAClassic) -> None:
    """Answer every casualty choice by the saved loss order and press on."""
    for _ in range(200):
        if game.stage != "combat":
            return
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    raise AssertionError("the battles did not end")


def test_a_first_turn_purchase_attack_casualties_placement_income() -> None:
    game = new()
    assert set(game.prompts()) == {"USSR"}
    act(game, "USSR", "end-phase")
    assert "cost 36 IPCs; you have 24" in refused(game, "USSR", "buy", units="3 fighters")
    act(game, "USSR", "buy", units="8 inf")
    act(game, "USSR", "end-phase")
    assert game.pos.treasury["USSR"] == 0
    act(game, "USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    assert "3 moves away" in refused(game, "USSR", "move", units="inf", from_area="Caucasus",
                                     to="Germany")
    act(game, "USSR", "end-phase")
    # The defender chooses its own casualties: Germany is prompted when it must choose.
    seen_german_choice = False
    for _ in range(100):
        if game.stage != "combat":
            break
        prompts = game.prompts()
        if "Germany" in prompts:
            seen_german_choice = True
            assert prompts["Germany"].actions[0].name == "casualties"
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.stage == "noncombat-move"
    act(game, "USSR", "end-phase")
    assert "at most 3 units" in refused(game, "USSR", "place", units="4 inf", at="Karelia")
    assert "0 unplaced armour" in refused(game, "USSR", "place", units="arm", at="Russia")
    act(game, "USSR", "place", units="6 inf", at="Russia")
    act(game, "USSR", "place", units="2 inf", at="Karelia")
    texts = act(game, "USSR", "end-phase")
    assert any("collects" in t for t in texts)
    assert game.power == "Germany" and game.stage == "research"
    assert isinstance(seen_german_choice, bool)
    check_replay(game)


def test_blitz_captures_and_neutral_charge_in_the_game() -> None:
    game = new("blitz")
    while game.power != "Germany":
        act(game, game.power, "end-phase")
    game.pos.units.pop("Caucasus", None)  # an empty enemy territory to blitz through
    act(game, "Germany", "end-phase")
    act(game, "Germany", "end-phase")
    assert game.stage == "combat-move"
    act(game, "Germany", "move", units="arm", from_area="Ukraine", to="Persia",
        via="Caucasus")
    assert game.pos.owner["Caucasus"] == "Germany"
    act(game, "Germany", "move", units="inf", from_area="W Europe", to="Spain")
    assert game.pos.treasury["Germany"] == 29


def test_deadline_policy() -> None:
    """Issue 15: "a missed purchase buys nothing; a missed casualty choice takes the saved
    loss order; a missed move phase moves nothing"."""
    game = new("deadline")
    for expected in ("research", "purchase", "combat-move"):
        assert game.stage == expected
        assert game.timeout_actions() == [("USSR", "end-phase", {})]
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.bought == {}


def test_retreat_to_where_the_attack_came_from() -> None:
    game = new("retreat")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "move", units="2 inf", from_area="Karelia", to="E Eur")
    act(game, "USSR", "end-phase")
    for _ in range(50):
        if game.stage != "combat":
            break
        prompts = game.prompts()
        if "USSR" in prompts and prompts["USSR"].action("retreat"):
            act(game, "USSR", "retreat", to="Karelia S.S.R.")
            assert game.pos.units_of("East Europe", "USSR") == {}
            break
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    check_replay(game)


def test_odds_and_units_are_private_questions() -> None:
    game = new("q")
    events = game.act("Japan", "odds", attackers="3 inf, 2 arm", defenders="2 inf")
    assert not events[0].public and "attacker wins" in events[0].text
    events = game.act("USA", "units", area="E Med")
    assert "United Kingdom: 1 submarine" in events[0].text


def test_the_odds_count_both_sides_weapons_developments() -> None:
    """Reference "Weapons development": Heavy Bombers ("bombers roll 3 dice when
    attacking") and Jet Power ("fighters defend at 5") change a battle, so `/aa odds` counts
    the asker's developments for the attack and the named defender's for the defence."""
    game = new("odds-developments")
    game.pos.techs["USSR"] = {"heavy_bombers"}
    game.pos.techs["Germany"] = {"jet_power"}
    attackers, defenders = {"bomber": 1, "infantry": 2}, {"fighter": 1, "infantry": 1}
    text = game.act("USSR", "odds", attackers="bmb, 2 inf", defenders="ftr, inf",
                    defender="Germany")[0].text
    both = battle_odds(attackers, defenders, attacker_techs={"heavy_bombers"},
                       defender_techs={"jet_power"})
    assert text.startswith(format_odds(both, attackers, defenders))
    assert "attack with Heavy Bombers; defence with Jet Power" in text
    # Unnamed, the defence counts what every enemy has: Japan has no Jet Power.
    text = game.act("USSR", "odds", attackers="bmb, 2 inf", defenders="ftr, inf")[0].text
    mine = battle_odds(attackers, defenders, attacker_techs={"heavy_bombers"})
    assert text.startswith(format_odds(mine, attackers, defenders))
    assert "name the defending power" in text
    assert "no power" in refused(game, "USSR", "odds", attackers="inf", defenders="inf",
                                 defender="Italy")


def _random_action(game: AAClassic, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    prompts = game.prompts()
    seat = sorted(prompts)[0]
    names = [a.name for a in prompts[seat].actions]
    if "develop" in names:
        spec = prompts[seat].actions[0]
        assert spec.params[0].choices
        return seat, "develop", {"development": rnd.choice(spec.params[0].choices).value}
    if game.stage == "combat":
        if rnd.random() < 0.3 and "retreat" in names:
            spec = prompts[seat].action("retreat")
            assert spec is not None and spec.params[0].choices
            return seat, "retreat", {"to": rnd.choice(spec.params[0].choices).value}
        return game.timeout_actions()[0]
    if game.stage == "purchase" and rnd.random() < 0.5:
        return seat, "buy", {"units": rnd.choice(["2 inf", "arm", "ftr", "sub", "inf, arm"])}
    if game.stage == "research" and rnd.random() < 0.1:
        return seat, "research", {"dice": 1}
    if game.stage in ("combat-move", "noncombat-move") and rnd.random() < 0.15:
        zones = sorted(z for z in game.pos.units
                       if game.pos.units_of(z, game.power).get("transport")
                       and game.board.coast(z))
        if zones:
            zone = rnd.choice(zones)
            coast = sorted(game.board.coast(zone))
            aboard = game.pos.cargo_of(zone, game.power)
            if aboard and rnd.random() < 0.5:
                kind = sorted(aboard)[0]
                return seat, "unload", {"units": f"1 {kind.replace('_', ' ')}", "sea": zone,
                                        "to": rnd.choice(coast)}
            land = rnd.choice(coast)
            return seat, "load", {"units": rnd.choice(["1 inf", "2 inf", "arm"]),
                                  "from_area": land, "sea": zone}
    if game.stage in ("combat-move", "noncombat-move") and rnd.random() < 0.8:
        areas = sorted(a for a in game.pos.units if game.available(a))
        if areas:
            start = rnd.choice(areas)
            have = game.available(start)
            kind = rnd.choice(sorted(have))
            targets = sorted(game.board.neighbours(start))
            far = sorted(game.board.distances(start, limit=2))
            hostile = [a for a in far if game.pos.has_enemy(a, game.power)]
            if game.stage == "combat-move" and hostile and rnd.random() < 0.6:
                to = rnd.choice(hostile)
                kind = rnd.choice(sorted(have))
                n = have[kind]
                return seat, "move", {"units": f"{n} {kind.replace('_', ' ')}",
                                      "from_area": start, "to": to}
            to = rnd.choice(targets + far)
            return seat, "move", {"units": f"1 {kind.replace('_', ' ')}", "from_area": start,
                                  "to": to}
    if game.stage == "place" and game.bought and rnd.random() < 0.5:
        kind = sorted(game.bought)[0]
        return seat, "place", {"units": f"1 {kind.replace('_', ' ')}",
                               "at": game.board.capital(game.power)}
    return seat, "end-phase", {}


def play_randomly(game: AAClassic, rnd: random.Random, steps: int, *,
                  round_trip_each_step: bool) -> None:
    """Random legal play, the deadline's action every seventh step (always accepted); every
    refusal is a RuleError that changes nothing."""
    for step in range(steps):
        if game.finished:
            break
        if step % 7 == 6:
            seat, action, params = game.timeout_actions()[0]
            game.act(seat, action, **params)
            continue
        seat, action, params = _random_action(game, rnd)
        before = json.dumps(game.state())
        try:
            game.act(seat, action, **params)
        except RuleError:
            assert json.dumps(game.state()) == before
            continue
        if round_trip_each_step:
            state = game.state()
            assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state


@pytest.mark.parametrize("seed", range(5))
def test_random_legal_play_refusals_change_nothing_round_trips_and_verifies(seed: int) -> None:
    game = new(f"random-{seed}")
    play_randomly(game, random.Random(seed), 130, round_trip_each_step=True)
    check_replay(game)


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_a_hundred_seeded_games_refuse_only_with_rule_errors_round_trip_and_verify() -> None:
    """Issue 15: "Random legal play over at least 100 seeded games: only RuleError for anything
    refused, refusals change nothing, load(state()) round-trips, replay and verify pass" (a
    shorter game each than the test above: 40 steps, deadline actions among them)."""
    for seed in range(100):
        game = new(f"hundred-{seed}")
        play_randomly(game, random.Random(f"hundred-{seed}"), 40, round_trip_each_step=False)
        state = game.state()
        assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
        check_replay(game)


def test_amphibious_assault_with_shore_bombardment() -> None:
    """Reference "shore bombardment": "battleships in the sea zone may fire once (attack 4) in
    support of an amphibious assault, first round only"; transports carry 2 infantry."""
    game = new("amphibious")
    while game.power != "United Kingdom":
        act(game, game.power, "end-phase")
    act(game, "United Kingdom", "end-phase")
    act(game, "United Kingdom", "end-phase")
    assert "can't carry" in refused(game, "United Kingdom", "load", units="2 inf, arm",
                                    from_area="UK", sea="North Sea")
    act(game, "United Kingdom", "load", units="2 inf", from_area="UK", sea="North Sea")
    assert game.pos.cargo_of("North Sea Zone", "United Kingdom") == {"infantry": 2}
    texts = act(game, "United Kingdom", "unload", units="2 inf", sea="North Sea", to="W Europe")
    assert "storms ashore" in texts[0]
    texts = act(game, "United Kingdom", "end-phase")
    assert any("bombardment by 1 battleship" in t for t in texts)
    fight_out(game)
    assert game.stage == "noncombat-move"
    check_replay(game)


def test_cargo_sails_with_its_transport() -> None:
    game = new("cargo")
    while game.power != "Japan":
        act(game, game.power, "end-phase")
    for _ in range(3):
        act(game, "Japan", "end-phase")  # research, purchase, no attack
    assert game.stage == "noncombat-move"
    act(game, "Japan", "load", units="2 inf", from_area="Japan", sea="Japan sea")
    act(game, "Japan", "move", units="trn", from_area="Japan sea", to="Soviet Far East sea")
    assert game.pos.cargo_of("Soviet Far East Sea Zone", "Japan") == {"infantry": 2}
    assert "amphibious" in refused(game, "Japan", "unload", units="2 inf",
                                   sea="Soviet Far East sea", to="Soviet Far East")
    check_replay(game)


def _ussr_fighter_attack(seed: str) -> AAClassic:
    game = new(seed)
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    act(game, "USSR", "move", units="ftr", from_area="Russia", to="E Eur")
    act(game, "USSR", "end-phase")
    fight_out(game)
    return game


def test_aircraft_that_fought_land_within_their_moves_left_or_are_lost() -> None:
    """Reference "aircraft landing": "fighters/bombers must end their move in a friendly
    territory ... cannot land in a territory captured that turn"."""
    for n in range(8):
        game = _ussr_fighter_attack(f"landing-{n}")
        if game.pos.units_of("East Europe", "USSR").get("fighter"):
            break
    else:
        pytest.skip("the fighter fell in every seeded battle")
    # Russia to East Europe took 2 of its 4 moves: Kazakh, 3 away, is out of reach.
    assert "3 moves away and a fighter has 2 moves left" in refused(
        game, "USSR", "move", units="ftr", from_area="E Eur", to="Kazakh")
    stay = json.dumps(game.state())
    texts = act(game, "USSR", "end-phase")
    assert any("no place to land" in t for t in texts)
    game = engine.load("aa-classic", json.loads(stay))
    assert isinstance(game, AAClassic)
    act(game, "USSR", "move", units="ftr", from_area="E Eur", to="Karelia")
    texts = act(game, "USSR", "end-phase")
    assert not any("no place to land" in t for t in texts)
    assert game.pos.units_of("Karelia S.S.R.", "USSR").get("fighter") == 2


def test_a_saved_loss_order_is_the_deadlines_casualty_choice() -> None:
    """Issue 15: "a missed casualty choice takes the saved loss order"."""
    game = new("orders")
    texts = [e.text for e in game.act("Germany", "loss-order", order="ftr, inf, arm")]
    assert texts == ["Saved loss order for Germany: fighters, infantry, armour."]
    assert game.loss_orders["Germany"] == ["fighter", "infantry", "armour"]
    assert "once" in refused(game, "Germany", "loss-order", order="inf, inf")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    act(game, "USSR", "end-phase")
    for _ in range(100):
        if game.stage != "combat":
            break
        battle = game.battle
        assert battle is not None
        german = next((c for c in battle.pending if c.power == "Germany"), None)
        if german is not None and german.among.get("fighter"):
            assert game.default_casualties_for("Germany").startswith("1 fighter")
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)


def test_rockets_once_a_turn_from_an_aa_gun_within_three() -> None:
    """Reference, Rockets: "each AA gun within 3 territories of an enemy industrial complex
    may ... roll 1 die once per turn: the enemy loses that many IPCs"."""
    game = new("rockets")
    while game.power != "Germany":
        act(game, game.power, "end-phase")
    game.pos.techs["Germany"] = {"rockets"}
    act(game, "Germany", "end-phase")
    act(game, "Germany", "end-phase")
    before = game.pos.treasury["USSR"]
    texts = act(game, "Germany", "rockets", from_area="Germany", target="Karelia")
    assert "rocket from Germany hits Karelia S.S.R." in texts[0]
    assert game.pos.treasury["USSR"] < before
    assert "fired its rocket" in refused(game, "Germany", "rockets", from_area="Germany",
                                         target="Russia")
    assert "3 areas at most" in refused(game, "Germany", "rockets", from_area="S Europe",
                                        target="East US")


def test_a_landing_from_a_contested_sea_zone_waits_for_the_sea_battle() -> None:
    """Classic combat movement: transports may move into a sea zone with enemy ships and land
    their cargo once the sea battle there is won."""
    outcomes = set()
    for n in range(6):
        game = new(f"contested-{n}")
        while game.power != "United Kingdom":
            act(game, game.power, "end-phase")
        game.pos.place("North Sea Zone", "Germany", {"submarine": 1})
        act(game, "United Kingdom", "end-phase")
        act(game, "United Kingdom", "end-phase")
        act(game, "United Kingdom", "load", units="2 inf", from_area="UK", sea="North Sea")
        texts = act(game, "United Kingdom", "unload", units="2 inf", sea="North Sea",
                    to="W Europe")
        assert "once the sea battle there is won" in texts[0]
        assert game.pos.cargo_of("North Sea Zone", "United Kingdom") == {"infantry": 2}
        texts = act(game, "United Kingdom", "end-phase")
        for _ in range(100):
            if game.stage != "combat":
                break
            seat, action, params = game.timeout_actions()[0]
            texts += act(game, seat, action, **params)
        said = " ".join(texts)
        assert ("storms ashore" in said) != ("called off" in said)
        outcomes.add("ashore" if "storms ashore" in said else "off")
        assert game.stage == "noncombat-move" and game.declared == []
    assert "ashore" in outcomes


def test_attack_and_land_are_move_with_a_check() -> None:
    """Issue 15's commands `attack` and `land`: a move into a hostile area; a move of
    aircraft to where they end the turn."""
    game = new("verbs")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    assert "not hostile" in refused(game, "USSR", "attack", units="inf", from_area="Russia",
                                    to="Karelia")
    act(game, "USSR", "attack", units="ftr", from_area="Karelia", to="Finland")
    act(game, "USSR", "end-phase")
    fight_out(game)
    assert game.stage == "noncombat-move"
    assert "Only fighters and bombers land" in refused(game, "USSR", "land", units="inf",
                                                      from_area="Russia", to="Karelia")
    if game.pos.units_of("Finland Norway", "USSR").get("fighter"):
        act(game, "USSR", "land", units="ftr", from_area="Finland", to="Karelia")


def test_research_breakthroughs_chosen_by_the_player_by_option() -> None:
    """Reference: "revised-era rules let the player pick the development instead"."""
    for n in range(40):
        game = new(f"pick-{n}", research="pick")
        act(game, "USSR", "research", dice=4)
        if game.to_pick:
            break
    else:
        pytest.fail("no breakthrough in 40 seeded rolls of 4 dice")
    prompt = game.prompts()["USSR"]
    assert prompt.actions[0].name == "develop"
    assert game.timeout_actions() == [("USSR", "develop", {"development": "jet_power"})]
    act(game, "USSR", "develop", development="jet_power")
    assert "jet_power" in game.pos.techs["USSR"]
    while game.to_pick:
        spec = game.prompts()["USSR"].actions[0]
        assert spec.params[0].choices is not None
        act(game, "USSR", "develop", development=spec.params[0].choices[0].value)
    assert game.stage == "purchase"


def test_the_public_view_has_what_the_map_draws() -> None:
    """Everything is public in classic A&A; the map reads position, moves, round, current,
    phase and income from the public view."""
    game = new("view")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "move", units="3 inf", from_area="Karelia", to="E Eur")
    view = game.view(None)
    assert view["moves"] == [{"from": "Karelia S.S.R.", "to": "East Europe", "power": "USSR"}]
    assert view["current"] == "USSR" and view["round"] == 1
    assert view["phase"] == "combat movement"
    assert view["income"]["Germany"] == 32
    assert view["position"]["units"]["East Europe"]["USSR"] == {"infantry": 3}
    assert game.view("Japan") == view


def test_the_game_ends_when_a_side_wins_at_the_end_of_a_round() -> None:
    """Reference "Victory": checked at the end of a round (after the USA's turn)."""
    game = new("victory")
    game.pos.owner["Russia"] = "Germany"
    game.pos.owner["United Kingdom"] = "Japan"
    while game.power != "USA":
        act(game, game.power, "end-phase")
        assert not game.finished
    for _ in range(5):
        if game.finished:
            break
        act(game, "USA", "end-phase")
    assert game.finished and game.winners == ["Germany", "Japan"]
    assert game.prompts() == {}
