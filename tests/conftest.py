"""Shared fixtures: the tiny Pig game is registered for every test."""

import tests.support.pig  # noqa: F401  (registers the "pig" variant)
