"""Plotted A&A: every power plots its whole turn in secret; the bot reveals one action per
power per round (shared/rules/plotted-aa.md). Built on the `engine.aa` blocks."""
