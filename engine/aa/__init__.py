"""Axis & Allies building blocks: the 1984 board, names, units, movement, combat, exact odds.

Pure and game-agnostic: who holds what and which units stand where are passed in as a
`Position`, and all luck comes from the `engine.rng.Rng` given to the functions that roll.
Used by the A&A games (`aa-classic`, `plotted-aa`), as `engine.risk` serves the RISK games.
"""
