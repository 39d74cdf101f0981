"""Weapons development: dice bought at 5 IPCs each, every 6 a breakthrough.

Reference ("Weapons development"): in the classic model a breakthrough is assigned at
random among the developments the power doesn't have yet (the same as rolling on the 1-6
chart and rolling again on a duplicate); the revised-era reading, where the player picks,
is the option `pick=True` (then `ResearchResult.to_pick` says how many to choose).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine.aa.units import DEVELOPMENT_NAMES, DEVELOPMENTS
from engine.errors import NotAllowed
from engine.rng import Rng

DIE_COST = 5


@dataclass(frozen=True)
class ResearchResult:
    rolls: tuple[int, ...]
    gained: tuple[str, ...]  # developments won (random ones, classic)
    to_pick: int = 0  # breakthroughs the player chooses (option `pick`)

    @property
    def breakthroughs(self) -> int:
        return sum(1 for r in self.rolls if r == 6)


def check_research(dice: int, treasury: int, owned: Collection[str]) -> int:
    """The price of `dice` research dice, or a refusal saying why."""
    if dice < 1:
        raise NotAllowed("Buy at least one research die (5 IPCs each), or skip research.")
    if set(DEVELOPMENTS) <= set(owned):
        raise NotAllowed("You already have all six developments.")
    price = dice * DIE_COST
    if price > treasury:
        raise NotAllowed(f"{dice} research dice cost {price} IPCs; you have {treasury}.")
    return price


def research(rng: Rng, dice: int, owned: Collection[str], *, pick: bool = False
             ) -> ResearchResult:
    """Roll `dice` research dice; each 6 gains a development not owned yet."""
    rolls = tuple(rng.roll(dice, label="weapons development"))
    hits = sum(1 for r in rolls if r == 6)
    missing = [d for d in DEVELOPMENTS if d not in owned]
    if pick:
        return ResearchResult(rolls, (), min(hits, len(missing)))
    gained: list[str] = []
    for _ in range(min(hits, len(missing))):
        choice = rng.choice(missing, label="development")
        missing.remove(choice)
        gained.append(choice)
    return ResearchResult(rolls, tuple(gained))


def describe(development: str) -> str:
    return DEVELOPMENT_NAMES[development]
