"""Killer Clue (`killer-clue`): the Clue expansion with a secret killer among the players.

- `board`: the mansion grid, doors, passages, the Blackout ring and movement (KC-6, KC-2).
- `cards`: the Clue, Intrigue and Danger cards as printed.
- `game`: the `KillerClue` game (registered in `engine.VARIANTS`).
"""

from engine.games.killer_clue.game import KillerClue

__all__ = ["KillerClue"]
