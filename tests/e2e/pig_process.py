"""The Pig cog for a bot started as its own process (`python -m bot` in the crash tests):
registers the test-only Pig variant, then loads its commands."""

from __future__ import annotations

import tests.support.pig  # noqa: F401  (registers the "pig" variant)
from tests.support.pig_cog import setup

__all__ = ["setup"]
