"""Axis & Allies classic (`aa-classic`), on the `engine.aa` blocks.

- `base`: the turn's state and the helpers every phase uses.
- `turn`: weapons development, purchase, placement, income, the next power, victory.
- `transports`: loading, cargo sailing with its transports, unloading, amphibious assaults.
- `moves`: combat and non-combat movement, aircraft that can't land.
- `battles`: strategic bombing and the battles, with casualty and retreat decisions.
- `game`: the `AAClassic` game (registered in `engine.VARIANTS`): prompts, deadline, views.
"""

from engine.games.aa_classic.game import AAClassic

__all__ = ["AAClassic"]
