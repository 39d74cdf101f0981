"""The demo scripts, one module per game, and the registry `python -m bot demo` plays.

A script plays a game through a DemoTable (slash commands and clicks, as players would)
and returns a line saying what it showed; each runs with a fixed seed and its players.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from demo.scripts.aa_classic import aa_script
from demo.scripts.cold_cash_risk import ccr_script
from demo.scripts.dictators import dictators_script
from demo.scripts.hf_political_events import hf_script
from demo.scripts.illuminati import ill_script
from demo.scripts.killer_clue import clue_script
from demo.scripts.one_world_dominion import owd_script
from demo.scripts.plotted_aa import paa_script
from demo.table import DemoTable

Script = Callable[[DemoTable], Awaitable[str]]

SCRIPTS: dict[str, tuple[Script, str, tuple[str, ...]]] = {
    "hf-political-events": (hf_script, "demo-2", ("ann", "bob", "cy", "dee")),
    "killer-clue": (clue_script, "demo-kc-0", ("ann", "bob", "cy", "dee")),
    "cold-cash-risk": (ccr_script, "demo-ccr-0", ("ann", "bob", "cy")),
    "aa-classic": (aa_script, "demo-aa-0", ("ann", "bob", "cy")),
    "one-world-dominion": (owd_script, "demo-owd-7", ("ann", "bob", "cy", "dee")),
    "plotted-aa": (paa_script, "demo-paa-0", ("ann", "bob", "cy")),
    "dictators": (dictators_script, "demo-dict-0", ("ann", "bob", "cy")),
    "illuminati": (ill_script, "demo-ill-0", ("ann", "bob", "cy")),
}

