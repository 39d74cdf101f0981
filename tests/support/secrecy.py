"""Twin positions: the same public position with different secrets (issue 11).

"What is announced publicly may depend on a seat's private information only where the rules
make the action reveal it." A game's secrecy test builds, from a real position, a *twin*
whose secrets differ (any seat's, the acting seat's own included) while everything public is
the same, then checks with `check_twin` that the two positions wait the same way and that the
same action announces the same thing in both.
"""

from __future__ import annotations

from typing import Any

from engine import Event, Game, RuleError


def public_record(events: list[Event]) -> list[tuple[str, str]]:
    """What an action told everyone: the kinds and texts of its public events."""
    return [(e.kind, e.text) for e in events if e.public]


def waits_alike(game: Game, twin: Game) -> None:
    """Both positions show the same public view and wait for the same seats."""
    assert twin.view(None) == game.view(None)
    assert sorted(twin.prompts()) == sorted(game.prompts())


def check_twin(game: Game, twin: Game, seat: str, action: str, params: dict[str, Any], *,
               reveals: frozenset[str] = frozenset()) -> list[Event] | None:
    """Apply the same action to both positions and compare what became public.

    Returns the real game's events, or None if either position refused the action (the
    acting seat's own secrets may make a choice legal in one and not in the other: its prompt
    may differ, never what everyone else sees). Event kinds in `reveals` are those the rules
    make public with the secret they depend on (a card played face up, a die's result): when
    one of them occurs the positions may part, and the comparison stops there."""
    waits_alike(game, twin)
    try:
        events = game.act(seat, action, **params)
    except RuleError:
        return None
    try:
        twin_events = twin.act(seat, action, **params)
    except RuleError:
        return events
    if any(e.kind in reveals for e in events + twin_events):
        return events
    assert public_record(twin_events) == public_record(events), \
        (seat, action, params, public_record(events), public_record(twin_events))
    waits_alike(game, twin)
    return events
