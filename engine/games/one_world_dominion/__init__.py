"""One World Dominion (RISK with 44 action cards) and the standard RISK game."""

from engine.games.one_world_dominion.game import OneWorldDominion

__all__ = ["OneWorldDominion"]
