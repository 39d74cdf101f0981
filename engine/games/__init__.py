"""One module per game; importing this package registers them all in `engine.VARIANTS`."""

from engine.games import (  # noqa: F401
    aa_classic,
    cold_cash_risk,
    dictators,
    hf_political_events,
    illuminati,
    killer_clue,
    one_world_dominion,
    plotted_aa,
)
