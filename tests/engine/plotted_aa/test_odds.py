"""Odds in Plotted A&A (issue 24, "Views on demand"; docs/plotted-aa.md, decisions V-1 to V-4).

"`/paa odds` in the channel and in DMs, for a battle as it stands or as typed" with "both
sides' weapons developments counted" (A&A classic's `/aa odds`, one code path:
`engine.aa.odds_question`); "on the plot sheet, each plotted attack's exact odds against
what the area holds now" (V-3), cheap to draw again after every change of the plot.
"""

from __future__ import annotations

import pytest

from engine import RuleError
from engine.aa.combat import DEFAULT_LOSS_ORDER
from engine.aa.odds import battle_odds, chances, format_odds
from engine.aa.odds_question import could_attack
from engine.aa.spelling import spelled
from engine.games.plotted_aa import odds as sheet
from engine.games.plotted_aa.odds import odds_board
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from tests.engine.plotted_aa.helpers import act, frozen, plot_phase, submit_all

GER = "Germany"
KARELIA_NOW = {"infantry": 3, "armour": 1, "fighter": 1}  # the USSR's, at the start


def sheet_of(game: object, power: str = GER) -> str:
    """The power's plot sheet as players read it (area names spelled right)."""
    return spelled(game.sheet(power))  # type: ignore[attr-defined]


# ----- the plot sheet (V-3) -------------------------------------------------------------------


def test_the_sheet_gives_each_plotted_attack_of_the_german_first_turn_its_odds_now() -> None:
    """V-3 on the rulebook's "German 1st Turn Example" (pasted as printed): each plotted move
    into an area holding enemy units gets one line, its units as plotted against what the
    area holds now, the exact odds as the calculator gives them; "4 Karelia 3i, t Fin / 3i,
    t Ukr / 3i, t E Eur / 2t Ger Via E Eur" is 9 infantry and 5 armour against Karelia's
    3 infantry, 1 armour and 1 fighter; "3 North Sea f Ukr ..." is 5 fighters, a bomber, a
    submarine and a transport against a battleship and a transport. The build has none, and
    "5 F W Afr all Alg" meets no defender there now."""
    game = plot_phase("sheet-odds")
    text = act(game, GER, "plot-paste", text=GERMAN_FIRST_TURN)[0].text
    assert text == sheet_of(game)
    karelia = battle_odds({"infantry": 9, "armour": 5}, KARELIA_NOW, aa_gun=True)
    assert (f"Round 4, Karelia S.S.R.: 9 infantry, 5 armour against 3 infantry, 1 armour, "
            f"1 fighter: {chances(karelia)}.") in text
    north_sea = battle_odds({"fighter": 5, "bomber": 1, "transport": 1, "submarine": 1},
                            {"battleship": 1, "transport": 1})
    assert (f"Round 3, North Sea Zone: 5 fighters, 1 bomber, 1 transport, 1 submarine against "
            f"1 battleship, 1 transport: {chances(north_sea, sea=True)}.") in text
    assert "Round 5, French West Africa: no defender there now." in text
    assert "Round 6, Germany" not in text  # a build
    lines = text.splitlines()
    odds_at = lines.index("Odds of each attack against what the area holds now (the exact "
                          "odds; by its round it may hold more or less):")
    assert odds_at < lines.index("As a form:")


def test_the_sheet_counts_both_sides_developments_and_the_powers_loss_order() -> None:
    """V-3: the attack with the plotting power's weapons developments and its saved loss
    order, the defence with the defending power's (Jet Power: "fighters defend at 5")."""
    game = plot_phase("sheet-odds-techs")
    game.pos.techs["USSR"] = {"jet_power"}  # type: ignore[attr-defined]
    game.pos.techs[GER] = {"heavy_bombers"}  # type: ignore[attr-defined]
    act(game, GER, "loss-order", order="arm, inf, ftr, bmb")
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    expected = battle_odds({"infantry": 3, "armour": 1}, KARELIA_NOW, aa_gun=True,
                           attacker_techs={"heavy_bombers"}, defender_techs={"jet_power"},
                           attacker_order=("armour", "infantry", "fighter", "bomber"))
    assert f"3 infantry, 1 armour against 3 infantry, 1 armour, 1 fighter: " \
           f"{chances(expected)}." in sheet_of(game)
    without = battle_odds({"infantry": 3, "armour": 1}, KARELIA_NOW)
    assert chances(without) != chances(expected)


def test_the_sheets_odds_are_worked_out_once_per_position_and_capped() -> None:
    """V-3: the sheet is drawn again after every change and in every view of the power, so
    a battle already worked out costs nothing (one cache entry per armies, developments and
    rules); a battle bigger than the sheet's cap says to ask `/paa odds` instead."""
    game = plot_phase("sheet-odds-cache")
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    sheet._cached_odds.cache_clear()
    sheet_of(game)
    first = sheet._cached_odds.cache_info()
    for _ in range(5):
        sheet_of(game)
        game.view(GER)
    again = sheet._cached_odds.cache_info()
    assert again.misses == first.misses == 1 and again.hits >= 10
    act(game, GER, "plot-noop", round=2)  # a change elsewhere: the same battle, no work
    assert sheet._cached_odds.cache_info().misses == 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheet, "SHEET_UNITS", 8)
        assert "Round 1, Karelia S.S.R.: too many units for the sheet: ask /paa odds." in \
            sheet_of(game)


def test_a_move_into_a_friendly_area_has_no_odds_line() -> None:
    """V-3: only attacks get odds: a move into an area of the power's own side, none."""
    game = plot_phase("sheet-odds-friendly")
    act(game, GER, "plot-move", round=1, units="i", from_area="E Eur", to="Germany")
    assert "Odds of each attack" not in sheet_of(game)


# ----- the odds query (V-1, V-2) ---------------------------------------------------------------


def test_odds_as_typed_count_both_sides_developments() -> None:
    """V-1, as A&A classic's `/aa odds`: "Heavy Bombers" (bombers roll 3 dice attacking)
    for the asker, "Jet Power" (fighters defend at 5) for the named defender."""
    game = plot_phase("odds-typed")
    game.pos.techs[GER] = {"heavy_bombers"}  # type: ignore[attr-defined]
    game.pos.techs["USSR"] = {"jet_power"}  # type: ignore[attr-defined]
    before = frozen(game)
    events = game.act(GER, "odds", attackers="bmb, 2 inf", defenders="ftr, inf",
                      defender="USSR")
    attackers, defenders = {"bomber": 1, "infantry": 2}, {"fighter": 1, "infantry": 1}
    both = battle_odds(attackers, defenders, attacker_techs={"heavy_bombers"},
                       defender_techs={"jet_power"})
    (answer,) = events
    assert answer.audience == frozenset({GER}) and answer.kind == "odds"
    assert answer.text.startswith(format_odds(both, attackers, defenders))
    assert "attack with Heavy Bombers; defence with Jet Power" in answer.text
    assert frozen(game) == before  # a question: nothing changes, nothing is logged


def test_odds_of_an_area_are_its_defenders_against_what_could_attack_it_now() -> None:
    """V-2: an enemy area's defenders now (the USSR's Karelia, with its AA gun firing at the
    attacking aircraft) against every German unit that could make a combat move into it
    now; the USSR asking about its own Karelia gets the same battle from the other side."""
    game = plot_phase("odds-area")
    reach = could_attack(odds_board(game), GER, "Karelia S.S.R.")
    assert reach["East Europe"] == {"infantry": 3, "armour": 1, "fighter": 1}
    assert "Russia" not in reach and "Germany" in reach  # armour 2 away, infantry not
    attackers: dict[str, int] = {}
    for counts in reach.values():
        for kind, n in counts.items():
            attackers[kind] = attackers.get(kind, 0) + n
    expected = battle_odds(attackers, KARELIA_NOW, aa_gun=True)
    text = game.act(GER, "odds", area="Karelia")[0].text
    assert text.startswith("Karelia S.S.R. now: 3 infantry, 1 armour, 1 fighter of USSR, and "
                           "an AA gun.\nEvery unit of Germany that could attack Karelia "
                           "S.S.R. now: ")
    assert chances(expected) in text
    theirs = game.act("USSR", "odds", area="Karelia")[0].text
    assert "If Germany attacks with everything that could reach it now" in theirs
    assert chances(expected) in theirs
    typed = game.act(GER, "odds", area="Karelia", attackers="6 inf, 2 arm")[0].text
    assert chances(battle_odds({"infantry": 6, "armour": 2}, KARELIA_NOW, aa_gun=True)) \
        in typed


def test_odds_of_the_battle_being_fought_as_it_stands() -> None:
    """V-2: asked with nothing typed while a battle is fought, the odds are that battle's,
    its armies as they stand (the AA gun has fired), the asker's loss order for its side."""
    game = plot_phase("odds-battle")
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    submit_all(game)
    for _ in range(20):
        battle = game.battle  # type: ignore[attr-defined]
        if battle is not None and battle.stage in ("choose", "retreat"):
            break
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    battle = game.battle  # type: ignore[attr-defined]
    assert battle is not None and battle.area == "Karelia S.S.R."
    text = game.act("USSR", "odds")[0].text
    assert text.startswith(f"The battle in Karelia S.S.R. as it stands (round "
                           f"{battle.round}): Germany attacks, USSR defends.")
    expected = battle_odds(battle.attackers, battle.defending_units,
                           defender_order=DEFAULT_LOSS_ORDER)
    assert chances(expected) in text
    assert game.act(GER, "odds", area="Karelia")[0].text.startswith("The battle in Karelia")


def test_odds_asked_of_nothing_say_what_to_give() -> None:
    """V-2: with no battle fought, nothing typed and no area, the refusal says what to give;
    half an army typed without an area likewise."""
    game = plot_phase("odds-nothing")
    with pytest.raises(RuleError, match="Name an area"):
        game.act(GER, "odds")
    with pytest.raises(RuleError, match="Name an area"):
        game.act(GER, "odds", attackers="3 inf")
    with pytest.raises(RuleError, match="no power"):
        game.act(GER, "odds", attackers="inf", defenders="inf", defender="Italy")
