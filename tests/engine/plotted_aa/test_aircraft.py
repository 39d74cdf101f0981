"""Aircraft that defend, land and ride carriers (Plotted A&A, "Combat", "Aircraft Landing",
"Plotting Fighter and Carrier Movement")."""

from __future__ import annotations

import pytest

from engine import NotAllowed
from tests.engine.plotted_aa.helpers import FORM_HEADER, act, plot_phase, submit_all, units_at
from tests.engine.plotted_aa.test_examples import clear, run_deadlines_while, until_revealed

GER, UK, JAP, USA = "Germany", "United Kingdom", "Japan", "USA"


def test_aircraft_land_where_friendly_now_and_at_the_start_even_if_it_changed_hands() -> None:
    """Aircraft Landing: "An aircraft must land in a friendly area that was also friendly at
    the beginning of the turn. It doesn't matter if the friendly landing area changed hands
    during the turn as long as it's friendly now and was friendly at the beginning of the
    turn." Germany's bomber over the North Sea may land in West Europe, which the British
    took and the Germans took back this turn; not in the United Kingdom, friendly now (had
    the Germans taken it) but not at the start."""
    game = plot_phase("recaptured")
    clear(game, "North Sea Zone")
    act(game, GER, "plot-move", round=1, units="b", from_area="Germany", to="North Sea")
    submit_all(game)
    until_revealed(game, GER, 1)
    # West Europe changed hands this turn and is German again; the UK is German too now.
    game.pos.captured.update({"West Europe", "United Kingdom"})
    game.pos.owner["United Kingdom"] = GER
    clear(game, "United Kingdom")
    act(game, GER, "execute")
    group = game.landings[0]
    spots = game.spots(group)
    assert "West Europe" in spots and "United Kingdom" not in spots
    act(game, GER, "land", to="West Europe")
    assert units_at(game, "West Europe", GER)["bomber"] == 1


def test_fighters_riding_their_carrier_defend_it_when_their_zone_is_attacked() -> None:
    """Plotting Fighter and Carrier Movement, the Alaska example: on round 1 Japan moves "a
    carrier with 2 fighters into the Bering Sea"; on round 2 the fighters fly on to Alaska.
    Aircraft Landing: "a sea zone that contains a friendly carrier is considered a friendly
    area for as many fighters as the carrier will hold." When the USA attacks the Bering Sea
    in round 1, after Japan moved, the fighters aboard defend with their carrier (they were
    sent to land elsewhere, leaving the carrier alone); those that survive on a surviving
    carrier still fly to Alaska in round 2."""
    game = plot_phase("alaska-defended")
    clear(game, "Japan Sea Zone")
    game.pos.place("Japan Sea Zone", JAP, {"carrier": 1, "fighter": 2, "transport": 1})
    game.pos.place("West Canada Sea Zone", USA, {"submarine": 1})
    form = FORM_HEADER + ("1\tBering\tcv, 2f, trn\tSea of Japan\t+2 i from Japan\n"
                          "2\tAlaska\t2f, 2i\tBering\t\n")
    act(game, JAP, "plot-paste", text=form)
    act(game, USA, "plot-move", round=1, units="sub", from_area="West Canada Sea Zone",
        to="Alaska Sea Zone")
    submit_all(game)
    until_revealed(game, JAP, 1)
    act(game, JAP, "execute")
    until_revealed(game, USA, 1)
    events = act(game, USA, "execute")
    assert not any(e.kind == "landed" for e in events)
    battle = next(e.text for e in events if e.kind == "battle")
    assert "against 2 fighters, 1 carrier, 1 transport" in battle
    events += run_deadlines_while(game, lambda: game.battle is not None)
    left = units_at(game, "Alaska Sea Zone", JAP)
    if left.get("carrier"):
        # Still aboard, and still to fly their plotted move.
        assert all(not f["landed"] for f in game.flights if f["power"] == JAP)
    else:
        # Their carrier sank: the survivors landed at once, or were lost.
        assert left.get("fighter", 0) == 0


def test_defending_fighters_whose_carrier_sinks_land_at_once() -> None:
    """Aircraft Landing, condition 1: "Opposing units move into the aircraft's area and the
    area is unfriendly to the aircraft"; a sea zone is friendly to fighters only for as many
    as its carriers hold. The US carrier at Hawaii sinks under a Japanese attack while its
    fighter survives: the fighter lands at once at the nearest place (D-4) instead of
    staying at sea with no carrier."""
    game = plot_phase("carrier-sunk")
    clear(game, "Hawaii Sea Zone")
    game.pos.place("Hawaii Sea Zone", USA, {"carrier": 1, "fighter": 1})
    game.pos.place("Midway Sea Zone", JAP, {"battleship": 1})
    act(game, JAP, "plot-move", round=1, units="bb", from_area="Midway Sea Zone",
        to="Hawaii Sea Zone")
    submit_all(game)
    until_revealed(game, JAP, 1)
    act(game, JAP, "orders", battle="press on")  # Japan fights it out
    events = act(game, JAP, "execute")
    for _ in range(30):
        if game.battle is None:
            break
        choice = game.battle.pending[0] if game.battle.pending else None
        if choice is not None and choice.power == USA:
            events += act(game, USA, "casualties",
                          units="carrier" if choice.count == 1 else "carrier, fighter")
        else:
            seat, action, params = game.timeout_actions()[0]
            events += act(game, seat, action, **params)
    assert units_at(game, "Hawaii Sea Zone", USA).get("carrier", 0) == 0
    assert units_at(game, "Hawaii Sea Zone", USA).get("fighter", 0) == 0
    assert any(e.kind in ("landed", "crashed") and e.data.get("power") == USA
               for e in events)


def test_no_full_range_flight_into_a_sea_zone_without_a_carrier() -> None:
    """Plotting Aircraft Movement: "If a friendly country doesn't control the destination,
    you may not plot the aircraft to move its full range and there must be a friendly area
    available for landing." No country controls a sea zone: a fighter may not be plotted 4
    areas from Ukraine into the empty West Spain Sea Zone (it was accepted, and could never
    execute); into the North Sea, 3 away, it may (1 move left to land)."""
    game = plot_phase("full-range-sea")
    clear(game, "West Spain Sea Zone")
    with pytest.raises(NotAllowed, match="may not plot its full range"):
        act(game, GER, "plot-move", round=1, units="f", from_area="Ukraine",
            to="West Spain Sea Zone")
    act(game, GER, "plot-move", round=1, units="f", from_area="Ukraine", to="North Sea")
