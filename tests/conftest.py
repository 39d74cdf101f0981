"""Shared fixtures: the tiny Pig game is registered for every test, and `table` (the real
bot against the sandbox Discord) is available to every test module.

Tiny Guess (tests/support/tiny.py) is registered here too, in this one line, as a new game is
added: every test that reads the registries (the engine's games, the renders' pictures, the
demo's scripts) covers it with no list edited."""

import tests.support.pig  # noqa: F401  (registers the "pig" variant)
import tests.support.tiny  # noqa: F401  (registers "tiny-guess": its rules, picture and demo)

pytest_plugins = ["tests.support.table", "tests.support.postgres"]
