"""Illuminati (the basic game of the current box), played on a card set."""

from engine.games.illuminati.game import Illuminati

__all__ = ["Illuminati"]
