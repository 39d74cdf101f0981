"""Plotted A&A: every power plots its whole turn in secret; the bot reveals one action per
power per round (shared/rules/plotted-aa.md). Built on the `engine.aa` blocks.

| module | concept |
|---|---|
| `form` | the plot form: read as printed, written back, described in words |
| `plotcheck` | checking a plot while it is written: errors and waits |
| `commitment` | the published digest of a plot, and `verify_commitment` |
| `base` | the game's state and shared helpers |
| `plotting` | the Plot Phase: `plot-*` actions and the plot sheet |
| `landing` | aircraft that must land, and `land` |
| `execution` | the Execution Phase: reveal, `execute`/`pass`, builds, moves, battles |
| `turn` | Develop Weapons, Final Build, Collect Income |
| `game` | the registered game: options, prompts, views, deadlines |
"""

from engine.games.plotted_aa import game  # noqa: F401
from engine.games.plotted_aa.commitment import verify_commitment

__all__ = ["verify_commitment"]
