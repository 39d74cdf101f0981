"""Shared fixtures: the tiny Pig game is registered for every test, and `table` (the real
bot against the sandbox Discord) is available to every test module."""

import tests.support.pig  # noqa: F401  (registers the "pig" variant)

pytest_plugins = ["tests.support.table"]
