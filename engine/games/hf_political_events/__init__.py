"""High Frontier political events (`hf-political-events`): the fan-made event deck.

- `cards`: the 24 cards as data, and the events the repetition rule compares (HF-1).
- `words`: small pieces of players' words, and `/hf history` told from the log.
- `table`: the state and the facts of the real table the events depend on (HF-4).
- `decisions`: the walk around the table, the tally and the Sec-Gen's choice, on the stack.
- `effects`: a drawn card's condition and what its event does.
- `deck`: the turn, Seniority, the reshuffles and the draw (HF-2, HF-3), and `/hf deck`.
- `bookkeeping`: what players tell the bot of the table (HF-4).
- `statecheck`: what an imported state must be.
- `game`: the `HighFrontierEvents` game (registered in `engine.VARIANTS`).
"""

from engine.games.hf_political_events.game import HighFrontierEvents

__all__ = ["HighFrontierEvents"]
