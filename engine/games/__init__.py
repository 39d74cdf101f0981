"""One module per game; importing this package registers them all in `engine.VARIANTS`."""

from engine.games import cold_cash_risk, hf_political_events, killer_clue, plotted_aa  # noqa: F401
