"""Events: what happened, and who may know it.

The engine alone decides what is secret. An event's `audience` is either
`PUBLIC` or a frozenset of seats; the bot posts public events to the game's
channel and sends the others by DM, and never composes secret text itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

Seat = str
PUBLIC: Final = "public"

Audience = str | frozenset[Seat]


@dataclass(frozen=True)
class Event:
    """One thing that happened. `data` is JSON-ready and machine-readable."""

    audience: Audience
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.audience == PUBLIC

    def visible_to(self, seat: Seat | None) -> bool:
        """True if `seat` (None: everyone) may see this event."""
        if self.audience == PUBLIC:
            return True
        return seat is not None and seat in self.audience

    def to_json(self) -> dict[str, Any]:
        audience: Any = PUBLIC if self.public else sorted(self.audience)
        return {"audience": audience, "kind": self.kind, "text": self.text, "data": self.data}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        aud = raw["audience"]
        audience: Audience = PUBLIC if aud == PUBLIC else frozenset(aud)
        return cls(audience, raw["kind"], raw["text"], dict(raw.get("data", {})))


def public(kind: str, text: str, **data: Any) -> Event:
    """An event everyone sees."""
    return Event(PUBLIC, kind, text, data)


def private(seats: Seat | frozenset[Seat] | set[Seat] | list[Seat], kind: str, text: str,
            **data: Any) -> Event:
    """An event only `seats` see."""
    audience = frozenset([seats]) if isinstance(seats, str) else frozenset(seats)
    return Event(audience, kind, text, data)
