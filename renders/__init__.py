"""Pictures drawn from a game's public view only, and the registry the bot reads them from.

`PICTURES` maps each variant to its `Pictures` (`renders/registry.py`): the board and the
optional market, zoom, per-announcement boards and private preview. Each game's module
declares its own entry; importing this package imports them all, so the registry is full
whenever anything of `renders` is used. Renders import only the engine.
"""

from renders.registry import PICTURES, Pictures, register

# Each module registers its game's pictures when imported (the last lines of each).
from renders import (  # noqa: E402, F401  isort: skip
    aa_classic,
    cold_cash_risk,
    dictators,
    hf,
    illuminati,
    killer_clue,
    one_world_dominion,
    plotted_aa,
)

__all__ = ["PICTURES", "Pictures", "register"]
