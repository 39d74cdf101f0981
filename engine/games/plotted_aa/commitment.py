"""The commitment of a plot: proof, after the turn, that no plot changed after submission.

At submit the bot draws a salt and publishes `sha256(salt + canonical JSON of the plot)`.
The salt keeps the digest from being guessed (a short plot could otherwise be found by
trying every plausible plot); after the turn the plot and the salt are published, and
anyone can run `verify_commitment` (or the same three lines of any language) on them.

>>> plot = '[{"area":null,"build":{},"kind":"noop","notes":[],"round":1,"sources":[]}]'
>>> digest = commit(plot, "00ff")
>>> verify_commitment(plot, "00ff", digest), verify_commitment(plot + " ", "00ff", digest)
(True, False)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from engine.games.plotted_aa.form import Action
from engine.rng import Rng


def canonical_plot(actions: Sequence[Action]) -> str:
    """The plot as canonical JSON: actions by round, keys sorted, no spaces."""
    ordered = sorted(actions, key=lambda a: a.round)
    return json.dumps([a.to_json() for a in ordered], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)


def commit(plot_json: str, salt: str) -> str:
    """The published digest: sha256 of the salt followed by the plot's canonical JSON."""
    return hashlib.sha256((salt + plot_json).encode("utf-8")).hexdigest()


def verify_commitment(plot_json: str, salt: str, digest: str) -> bool:
    """The check anyone can run after the turn: does this plot, with this salt, give the
    digest published when the power submitted? One changed character makes it False.

    In a shell: `printf '%s%s' "$SALT" "$PLOT_JSON" | sha256sum`.
    """
    return commit(plot_json, salt) == digest.strip().lower()


def draw_salt(rng: Rng) -> str:
    """128 random bits from the step's generator, as 32 hex digits."""
    return f"{rng.randint(0, 2**128 - 1, label='plot salt'):032x}"
