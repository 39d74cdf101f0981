"""`/aa odds` in A&A classic on the one code path both A&A games share (issue 24, "Views on
demand"; docs/aa-classic.md "Odds"): typed armies as before, an area as it stands, the battle
being fought; the units the power whose turn it is has already moved this phase can't attack
again, so they are not counted as able to reach an area.
"""

from __future__ import annotations

from engine.aa.odds import battle_odds, chances
from engine.aa.odds_question import could_attack
from tests.engine.aa.test_aa_classic import act, new

EAST_EUROPE_NOW = {"infantry": 3, "armour": 1, "fighter": 1}  # Germany's, at the start


def total(reach: dict[str, dict[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for counts in reach.values():
        for kind, n in counts.items():
            out[kind] = out.get(kind, 0) + n
    return out


def test_odds_of_an_area_count_what_stands_there_and_what_could_attack_it() -> None:
    """Reference "Combat movement": the attackers are the units that could make a combat
    move into the area now; the area's defenders are the enemy units there. The USSR asking
    about East Europe is answered for every Soviet unit in reach; Germany asking about the
    same area sees it from the defence."""
    game = new("odds-area")
    reach = could_attack(game.odds_board(), "USSR", "East Europe")
    assert reach and all(area != "East Europe" for area in reach)
    expected = battle_odds(total(reach), EAST_EUROPE_NOW, aa_gun=False)
    text = act(game, "USSR", "odds", area="E Eur")[0]
    assert text.startswith("East Europe now: 3 infantry, 1 armour, 1 fighter of Germany.")
    assert "Every unit of USSR that could attack East Europe now: " in text
    assert chances(expected) in text
    theirs = act(game, "Germany", "odds", area="E Eur")[0]
    assert "If USSR attacks with everything that could reach it now" in theirs
    assert chances(expected) in theirs


def test_units_that_moved_this_phase_no_longer_count_as_able_to_attack() -> None:
    """Reference "Combat movement": a unit moves once a phase, so the Soviet infantry that
    already moved into Karelia in combat movement is no longer counted for another attack
    ("available" units only, for the power whose turn it is)."""
    game = new("odds-moved")
    act(game, "USSR", "end-phase")  # no research
    act(game, "USSR", "end-phase")  # nothing bought
    before = could_attack(game.odds_board(), "USSR", "East Europe")
    act(game, "USSR", "move", units="inf", from_area="Russia", to="Karelia")
    after = could_attack(game.odds_board(), "USSR", "East Europe")
    assert after.get("Karelia S.S.R.", {}).get("infantry", 0) == \
        before.get("Karelia S.S.R.", {}).get("infantry", 0)


def test_a_sea_battle_takes_no_territory_so_its_odds_dont_mention_one() -> None:
    """Reference "Counts": the board has "70 land territories ... 58 sea zones", and only
    territories are controlled ("Collect income (IPC value of all territories
    controlled)"): a battle at sea takes nothing, so its odds no longer say "takes the
    territory 0.0%" (they did, for typed ships)."""
    game = new("odds-sea")
    text = act(game, "Germany", "odds", attackers="2 ftr, sub", defenders="trn, bb")[0]
    assert "attacker wins" in text and "takes the territory" not in text
    land = act(game, "Germany", "odds", attackers="2 ftr", defenders="inf")[0]
    assert "takes the territory 0.0%" in land  # aircraft alone never take land


def test_a_battle_still_to_be_fought_is_asked_by_its_area() -> None:
    """Reference "Conduct combat" comes after "Combat movement": the Soviet infantry moved
    into Ukraine waits there while the battle for East Europe is fought first. Asked about
    Ukraine, the odds are of the units that moved in against Ukraine's defenders; asked
    with nothing, of East Europe's battle as it stands."""
    game = new("odds-queued")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "attack", units="3 inf", from_area="Karelia", to="E Eur")
    act(game, "USSR", "attack", units="5 inf", from_area="Caucasus", to="Ukraine")
    act(game, "USSR", "end-phase")
    assert game.battle is not None and game.battle.area == "East Europe"
    text = act(game, "USSR", "odds", area="Ukraine")[0]
    assert "USSR's side has moved in, a battle to be fought: 5 infantry of USSR." in text
    ukraine = {"infantry": 3, "armour": 2, "fighter": 1}
    assert chances(battle_odds({"infantry": 5}, ukraine)) in text
    assert act(game, "USSR", "odds")[0].startswith("The battle in East Europe as it stands")
