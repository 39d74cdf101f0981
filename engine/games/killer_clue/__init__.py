"""Killer Clue (`killer-clue`): the Clue expansion with a secret killer among the players.

- `board`: the mansion grid, doors, passages, the Blackout ring and movement (KC-6, KC-2).
- `cards`: the Clue, Intrigue and Danger cards as printed.
- `words`: the answers besides a card and small pieces of players' words.
- `base`: the state and the flow of a game turn; `suspect`: pawns, weapons, leaving the game.
- `decisions`: the decisions on the stack and the answering of suggestions (KC-4).
- `investigation`, `intrigue`, `danger`: the rounds.
- `game`: the `KillerClue` game (registered in `engine.VARIANTS`).
"""

from engine.games.killer_clue.game import KillerClue

__all__ = ["KillerClue"]
