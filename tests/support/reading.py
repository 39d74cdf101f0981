"""Reading events in tests, the same way for every game."""

from __future__ import annotations

from engine import Event


def public_texts(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.public]


def private_to(events: list[Event], seat: str) -> list[Event]:
    return [e for e in events if not e.public and seat in e.audience]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
