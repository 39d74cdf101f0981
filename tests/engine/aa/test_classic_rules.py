"""The 1984 rules A&A classic plays by, one test per rule (issue 21, and the audit of the
1984 rules beside the code): strategic bombing, aircraft committed to their attack, new
complexes, the placement cap, one AA gun per territory, AA fire, stranded fighters. Each test names the reference section it
pins (shared/reference/axis-allies-classic.md, TripleA's classic game data and rules)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.aa.units import POWERS
from engine.errors import RuleError
from engine.games.aa_classic import AAClassic
from tests.engine.aa.helpers import check_replay, clear


def new(seed: str = "rules", **options: Any) -> AAClassic:
    game = engine.new_game("aa-classic", list(POWERS), seed=seed, options=options,
                           history=True)
    assert isinstance(game, AAClassic)
    return game


def act(game: AAClassic, seat: str, action: str, **params: Any) -> list[str]:
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


def to_stage(game: AAClassic, power: str, stage: str) -> None:
    """End phases (nothing bought, nothing moved) until `power` is in `stage`."""
    for _ in range(60):
        if game.power == power and game.stage == stage:
            return
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    raise AssertionError(f"never reached {power}'s {stage}")


def fight_out(game: AAClassic) -> list[str]:
    texts: list[str] = []
    for _ in range(200):
        if game.stage != "combat":
            return texts
        seat, action, params = game.timeout_actions()[0]
        texts += act(game, seat, action, **params)
    raise AssertionError("the battles did not end")


def dice_labels(game: AAClassic) -> list[str]:
    """The labels of the dice the last step rolled."""
    assert game.history is not None
    return [luck["label"] for luck in game.history[-1].luck]


# ----- strategic bombing -----------------------------------------------------------------

def test_strategic_bombing_a_bomber_either_bombs_or_attacks() -> None:
    """Reference "Strategic bombing": "bombers that end combat move over an enemy territory
    with an industrial complex" bomb it; a bomber ordered to bomb ends its combat move there
    (issue 21: it could fly on and attack elsewhere, and a hit by the AA gun then stalled
    the game with a ValueError)."""
    game = new("bomb-or-attack")
    to_stage(game, "Germany", "combat-move")
    act(game, "Germany", "move", units="bmb", from_area="Germany", to="Russia", bomb=True)
    assert "free to move" in refused(game, "Germany", "move", units="bmb",
                                     from_area="Russia", to="Caucasus")
    # Nor may a bomber that attacked fly on to bomb.
    act(game, "Germany", "attack", units="ftr", from_area="Ukraine", to="Caucasus")
    assert "free to move" in refused(game, "Germany", "move", units="ftr",
                                     from_area="Caucasus", to="Russia")
    texts = act(game, "Germany", "end-phase")
    assert any("bombs the complex in Russia" in t for t in texts)
    fight_out(game)
    assert game.stage == "noncombat-move"
    check_replay(game)


def raid_survived(texts: list[str]) -> bool:
    return any("bombs the complex" in t and "0 bombers shot down" in t for t in texts)


def test_strategic_bombing_is_not_a_land_battle_and_the_aa_gun_fires_once() -> None:
    """Reference "Strategic bombing": "defending AA gun fires first at each bomber (hit on
    1)"; "each surviving bomber rolls 1 die". A raid is no battle: the British units in the
    United Kingdom don't fight the raiders, and the AA gun fires at them once."""
    for n in range(20):
        game = new(f"raid-{n}")
        to_stage(game, "Germany", "combat-move")
        act(game, "Germany", "move", units="bmb", from_area="Germany", to="UK", bomb=True)
        texts = act(game, "Germany", "end-phase")
        if raid_survived(texts):
            break
    else:
        pytest.fail("the AA gun hit the bomber in 20 seeded raids")
    assert sum("bombs the complex in United Kingdom" in t for t in texts) == 1
    assert not any(t.startswith("Germany attacks United Kingdom") for t in texts)
    assert dice_labels(game).count("AA gun at bombers") == 1
    assert game.stage == "noncombat-move" and game.battle is None
    assert game.pos.owner["United Kingdom"] == "United Kingdom"
    check_replay(game)


def test_strategic_bombing_raiders_stay_out_of_the_land_battle_there() -> None:
    """Reference "Strategic bombing" and "Combat rules": a bomber that raids a complex does
    not also fight the battle in that territory; the other attackers fight it."""
    for n in range(20):
        game = new(f"raid-and-battle-{n}")
        to_stage(game, "Germany", "combat-move")
        act(game, "Germany", "move", units="bmb", from_area="Germany", to="Karelia",
            bomb=True)
        act(game, "Germany", "attack", units="3 inf", from_area="E Eur", to="Karelia")
        texts = act(game, "Germany", "end-phase")
        if raid_survived(texts):
            break
    else:
        pytest.fail("the AA gun hit the bomber in 20 seeded raids")
    battle = next(t for t in texts if t.startswith("Germany attacks Karelia"))
    assert "with 3 infantry against" in battle
    assert dice_labels(game).count("AA gun at bombers") == 1
    fight_out(game)
    check_replay(game)


# ----- placement -------------------------------------------------------------------------

def test_a_complex_built_this_turn_produces_next_turn() -> None:
    """Reference "Industrial complex": "new land/air units are placed only in territories
    with a complex you controlled at the start of the turn"; TripleA's classic placement:
    "Factories cant produce until 1 turn after they are created"."""
    game = new("new-complex")
    to_stage(game, "USSR", "purchase")
    act(game, "USSR", "buy", units="ic, 3 inf")
    to_stage(game, "USSR", "place")
    act(game, "USSR", "place", units="ic", at="Caucasus")
    assert "produces from the next turn" in refused(game, "USSR", "place", units="inf",
                                                    at="Caucasus")
    act(game, "USSR", "place", units="3 inf", at="Russia")
    act(game, "USSR", "end-phase")
    check_replay(game)


def test_placement_cap_new_and_captured_leaves_original_complexes_unlimited() -> None:
    """AA-1, option placement_cap: new-and-captured, the reading TripleA's classic data
    encodes: "if its an original factory then unlimited production"; any other complex
    places at most "the same number of units as the number of ipcs the territory
    generates"."""
    game = new("cap", placement_cap="new-and-captured")
    to_stage(game, "USSR", "purchase")
    act(game, "USSR", "buy", units="8 inf")
    to_stage(game, "USSR", "place")
    act(game, "USSR", "place", units="8 inf", at="Karelia")  # an original complex, 3 IPCs
    assert game.pos.units_of("Karelia S.S.R.", "USSR")["infantry"] == 11
    game = new("cap-captured", placement_cap="new-and-captured")
    game.pos.owner["Karelia S.S.R."] = game.pos.start_owner["Karelia S.S.R."] = "Germany"
    clear(game.pos, "Karelia S.S.R.").place("Karelia S.S.R.", "Germany", {"factory": 1})
    to_stage(game, "Germany", "purchase")
    act(game, "Germany", "buy", units="5 inf")
    to_stage(game, "Germany", "place")
    assert "at most 3 units" in refused(game, "Germany", "place", units="4 inf",
                                        at="Karelia")
    act(game, "Germany", "place", units="5 inf", at="Germany")


def test_one_aa_gun_per_territory() -> None:
    """Reference "Units", Antiaircraft gun: "one per territory" (TripleA's classic
    placement: "allow 1 AA to be placed if none already exists")."""
    game = new("one-aa")
    to_stage(game, "USSR", "purchase")
    act(game, "USSR", "buy", units="aa")
    to_stage(game, "USSR", "noncombat-move")
    assert "Only one AA gun" in refused(game, "USSR", "move", units="aa", from_area="Karelia",
                                        to="Russia")
    to_stage(game, "USSR", "place")
    assert "Only one AA gun" in refused(game, "USSR", "place", units="aa", at="Russia")


# ----- AA fire ---------------------------------------------------------------------------

def test_an_aa_gun_fires_when_it_is_the_only_defender() -> None:
    """Reference "Combat rules", aa gun: "before the first round, each defending AA gun
    rolls one die for each attacking aircraft; 1 = hit": with no other defender it fires
    all the same, then the attackers take the territory and the gun."""
    game = new("lone-aa")
    clear(game.pos, "East Europe").place("East Europe", "Germany", {"aa_gun": 1})
    to_stage(game, "USSR", "combat-move")
    act(game, "USSR", "attack", units="inf", from_area="Karelia", to="E Eur")
    act(game, "USSR", "attack", units="ftr", from_area="Karelia", to="E Eur")
    texts = act(game, "USSR", "end-phase")
    assert any("AA gun fires at 1 fighter" in t for t in texts)
    assert game.pos.owner["East Europe"] == "USSR"
    assert game.pos.units_of("East Europe", "USSR").get("aa_gun") == 1


def test_aa_guns_fire_at_aircraft_flying_over_their_territory() -> None:
    """The 1984 rules (reference "Combat rules", aa gun: "Original rule also let AA fire at
    aircraft flying over"): an enemy AA gun fires one die at each aircraft flying over its
    territory, in either movement phase; a route that avoids it is flown when as short;
    option aa_fly_over off is TripleA's classic reading ("Always on AA" = false)."""
    game = new("fly-over")
    to_stage(game, "United Kingdom", "combat-move")
    act(game, "United Kingdom", "attack", units="bmb", from_area="UK", to="Germany",
        via="North Sea, W Europe")
    assert dice_labels(game) == ["AA gun in West Europe at bombers"]
    # Without `via` the bomber flies over the Baltic, not over West Europe's gun.
    game = new("fly-over-around")
    to_stage(game, "United Kingdom", "combat-move")
    act(game, "United Kingdom", "attack", units="bmb", from_area="UK", to="Germany")
    assert dice_labels(game) == []
    game = new("fly-over-off", aa_fly_over=False)
    to_stage(game, "United Kingdom", "combat-move")
    act(game, "United Kingdom", "attack", units="bmb", from_area="UK", to="Germany",
        via="North Sea, W Europe")
    assert dice_labels(game) == []


def test_aircraft_shot_down_flying_over_never_arrive() -> None:
    """The 1984 rules' fly-over fire: a hit removes the aircraft before it arrives."""
    for n in range(40):
        game = new(f"shot-{n}")
        to_stage(game, "United Kingdom", "noncombat-move")
        texts = act(game, "United Kingdom", "move", units="2 ftr", from_area="UK",
                    to="Gibraltar", via="North Sea, W Europe, W Med")
        assert dice_labels(game) == ["AA gun in West Europe at fighters"]
        if any("shot down" in t and "none shot down" not in t for t in texts):
            break
    else:
        pytest.fail("no hit in 40 seeded flights")
    arrived = game.pos.units_of("Gibraltar", "United Kingdom").get("fighter", 0)
    left = game.pos.units_of("United Kingdom", "United Kingdom").get("fighter", 0)
    assert arrived < 2 and left == 0
    check_replay(game)


# ----- fighters whose carrier is sunk ----------------------------------------------------

def test_defending_fighters_whose_carrier_is_sunk_land_at_once_or_are_lost() -> None:
    """Reference "Units", carrier: "carries 2 fighters"; "fighters on a carrier defend with
    it"; "aircraft landing": fighters "must end their move in a friendly territory (fighters
    may land on a friendly carrier)". A defending fighter whose carrier sinks under it lands
    at once where a fighter may land within its move, its owner choosing where (the
    deadline: the nearest), or is lost when there is nowhere."""
    for n in range(30):
        game = new(f"ditch-{n}")
        clear(game.pos, "Hawaii Sea Zone").place("Hawaii Sea Zone", "USA",
                                                 {"carrier": 1, "fighter": 1})
        game.pos.place("Midway Sea Zone", "Japan", {"battleship": 1})
        to_stage(game, "Japan", "combat-move")
        act(game, "Japan", "attack", units="bb", from_area="Midway Sea Zone",
            to="Hawaii Sea Zone")
        act(game, "Japan", "end-phase")
        for _ in range(50):
            prompts = game.prompts()
            if game.stage != "combat" or game.ditching:
                break
            usa = prompts.get("USA")
            japan = prompts.get("Japan")
            if usa and usa.action("casualties"):
                act(game, "USA", "casualties", units="carrier")
            elif japan and japan.action("retreat"):
                spec = japan.action("retreat")
                assert spec is not None and spec.params[0].choices
                act(game, "Japan", "retreat", to=spec.params[0].choices[0].value)
            else:
                seat, action, params = game.timeout_actions()[0]
                act(game, seat, action, **params)
        if game.ditching:
            break
    else:
        pytest.fail("in no seeded battle did the fighter outlive its carrier")
    prompt = game.prompts()["USA"]
    spec = prompt.action("land")
    assert spec is not None and spec.params[0].choices is not None
    spots = [c.value for c in spec.params[0].choices]
    assert spots[0] == "Hawaiian Islands" and "West US" in spots
    assert "lost its carrier: land it now" in prompt.text
    assert game.timeout_actions() == [("USA", "land", {"to": "Hawaiian Islands"})]
    assert "not one of the choices" in refused(game, "USA", "land", to="Japan")
    act(game, "USA", "land", to="Midway")
    assert game.pos.units_of("Midway", "USA").get("fighter") == 1
    assert game.pos.units_of("Hawaii Sea Zone", "USA") == {}
    assert not game.ditching
    fight_out(game)
    assert game.stage == "noncombat-move"


def test_stranded_fighters_with_nowhere_to_land_are_lost() -> None:
    """Reference "aircraft landing": a fighter that can't reach a friendly territory or
    carrier is lost (its carrier sunk in the middle of an enemy ocean)."""
    game = new("ditch-nowhere")
    game.pos.place("Peru Sea Zone", "Japan", {"fighter": 1})
    for spot in game.ditch_spots("Japan", "Peru Sea Zone"):
        if game.board.is_land(spot):
            game.pos.owner[spot] = game.pos.start_owner[spot] = "USA"
        else:
            clear(game.pos, spot)
    game.ditching = [["Japan", "Peru Sea Zone", 1]]
    events = game.land_stranded()
    assert [e.kind for e in events] == ["crashed"]
    assert "no place to land" in events[0].text
    assert game.pos.units_of("Peru Sea Zone", "Japan") == {} and not game.ditching



def test_missed_placement_puts_ships_in_a_sea_zone_free_of_enemy_ships() -> None:
    """Deadline policy: "Missed placement places what was bought at the power's complexes
    (capital first) as capacity allows"; reference "Industrial complex": naval units go "in
    an adjacent sea zone", one without enemy ships: any such zone will do, not only the
    first by name."""
    game = new("place-ships")
    game.pos.place("East US Sea Zone", "Germany", {"submarine": 1})
    game.pos.place("Gulf of Mexico Sea Zone", "Germany", {"submarine": 1})
    to_stage(game, "USA", "purchase")
    act(game, "USA", "buy", units="sub")
    to_stage(game, "USA", "place")
    texts = act(game, "USA", "end-phase")
    assert not any("could not place" in t for t in texts)
    assert game.pos.units_of("West US Sea Zone", "USA").get("submarine") == 1
