"""Errors a cog can tell apart.

Every message is written for the player who acted, from that seat's view only:
an error must never leak a secret either.
"""

from __future__ import annotations

from collections.abc import Sequence


class RuleError(Exception):
    """An action the rules refuse. The game state is left exactly as it was."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Unreadable(RuleError):
    """The input could not be understood (an unknown name, a missing option)."""


class NotAllowed(RuleError):
    """The input was understood, but the rules forbid it now (wrong seat, wrong phase)."""


class Ambiguous(RuleError):
    """The input matches several things; `candidates` lets the cog offer a select menu."""

    def __init__(self, message: str, candidates: Sequence[str]) -> None:
        super().__init__(message)
        self.candidates = list(candidates)
