"""Seat and owner colours stay apart for colour-blind players (issue 14).

Issue 14: "Under a deuteranopia simulation, Sackson (red) and Festival (green), rebels and
mutants, Miss Scarlet and Mr. Green become the same colour. Choose palettes that stay
distinct". The check: every two colours a game shows together are at least
`palette.MIN_DISTANCE` (10) apart in CIEDE2000, with normal vision and under the Machado,
Oliveira & Fernandes (2009) severity-1.0 simulations of deuteranopia, protanopia and
tritanopia.
"""

from __future__ import annotations

import pytest

from engine.games.cold_cash_risk.market import COLOURS as CORPORATION_COLOURS
from engine.games.killer_clue.board import COLOURS as SUSPECT_COLOURS
from renders import dictators, hf, killer_clue, palette, risk_map

EDITIONS = {
    "2008": ["Worldwide", "Sackson", "Festival", "Imperial", "American", "Continental", "Tower"],
    "other": ["Luxor", "Zeta", "Hydra", "Fusion", "America", "Phoenix", "Quantum"],
}


def apart(colours: list[palette.RGB]) -> None:
    distance, vision, a, b = palette.closest_pair(colours)
    assert distance >= palette.MIN_DISTANCE, (vision, a, b, round(distance, 1))


def test_the_simulation_and_distance_are_the_published_ones() -> None:
    """Pure red and green are 86.6 apart (CIEDE2000); the old map's red and green come
    together under deuteranopia."""
    assert palette.delta_e((255, 0, 0), (255, 0, 0)) == 0
    red, green = palette.simulate((214, 39, 40), "deuteranopia"), \
        palette.simulate((44, 160, 44), "deuteranopia")
    assert palette.delta_e(red, green) < palette.MIN_DISTANCE  # the old pair failed
    assert palette.delta_e((255, 0, 0), (0, 255, 0)) == pytest.approx(86.6, abs=0.1)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_cold_cash_risk_corporations_and_mom_and_pops(edition: str) -> None:
    """Sackson and Festival (red and green), and every other pair of one edition, with the
    Mom & Pops' grey."""
    colours = [palette.seat_colour(CORPORATION_COLOURS[c], 0) for c in EDITIONS[edition]]
    apart(colours + [risk_map.EXTRA[0]])


def test_killer_clue_suspects() -> None:
    """Miss Scarlet and Mr. Green, and every other pair of pawns."""
    apart([killer_clue.PAWN[c] for c in SUSPECT_COLOURS.values()])


@pytest.mark.parametrize("seats", range(2, 11))
def test_seats_by_index(seats: int) -> None:
    """RISK-like games give seats colours in turn: up to ten seats and a neutral."""
    apart([palette.seat_colour(i, i) for i in range(seats)] + [palette.NEUTRALS[0]])


def test_rebels_and_mutants_and_verdicts() -> None:
    """Rebels and mutants (different shapes and letters too); applied and ignored draws."""
    apart([palette.COLOURS["red"], palette.COLOURS["blue"]])
    apart([hf.APPLIED, hf.IGNORED])


def test_illuminati_seats_and_marks() -> None:
    """Illuminati: each seat's colour against the Groups' edges; puppet and vacant arrows."""
    from renders import illuminati
    for i in range(8):
        apart([palette.seat_colour(None, i), illuminati.EDGE])
    apart([illuminati.LINK, illuminati.VACANT, illuminati.PAPER])


@pytest.mark.parametrize("seats", range(2, 6))
def test_dictators_meeples_and_the_nuclear_zones(seats: int) -> None:
    """Revenge of the Dictators: the meeples of 2 to 5 seats stay apart (each also lettered),
    and so do the four nuclear zones' badges (each also carrying its digit)."""
    apart(list(dictators.seat_colours([f"p{i}" for i in range(seats)]).values()))
    apart(list(dictators.NUCLEAR.values()))
