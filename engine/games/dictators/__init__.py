"""Revenge of the Dictators: the race from Hawaii to the President in Washington D.C."""

from engine.games.dictators.game import Dictators

__all__ = ["Dictators"]
