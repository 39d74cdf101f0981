"""One module per game; importing this package registers them all in `engine.VARIANTS`."""

from engine.games import hf_political_events, killer_clue  # noqa: F401
