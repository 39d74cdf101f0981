"""Tests of the RISK building blocks (engine.risk)."""
