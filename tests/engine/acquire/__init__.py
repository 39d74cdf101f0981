"""Tests of the Acquire building blocks (engine.acquire)."""
