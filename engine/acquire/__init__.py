"""Acquire building blocks: chains and tiers, the price chart, bonuses, the Bank,
and merger settlement. Pure data and functions, reused by Cold Cash Risk.

Money is in whole dollars. Settlement terms are parametric (`Terms`): Acquire's
2-for-1 trades at full value by default, `HOSTILE_TAKEOVER_TERMS` for Cold Cash
Risk's halved values and 4-for-1 trades (CCR-8).
"""

from engine.acquire.chart import (
    DEFAULT_EDITION,
    Chain,
    chains,
    editions,
    find_chain,
    majority_bonus,
    minority_bonus,
    share_price,
    size_bracket,
    tables,
    tier,
    tier_price,
)
from engine.acquire.ledger import Ledger, money
from engine.acquire.merger import (
    ACQUIRE_TERMS,
    HOSTILE_TAKEOVER_TERMS,
    DisposalLimits,
    MergerPlan,
    Record,
    Settlement,
    Terms,
    cash_out,
    plan_merger,
    turn_order_from,
    winners,
)
from engine.acquire.payouts import Payment, bonuses

__all__ = [
    "ACQUIRE_TERMS", "DEFAULT_EDITION", "HOSTILE_TAKEOVER_TERMS", "Chain", "DisposalLimits",
    "Ledger", "MergerPlan", "Payment", "Record", "Settlement", "Terms", "bonuses", "cash_out",
    "chains", "editions", "find_chain", "majority_bonus", "minority_bonus", "money",
    "plan_merger", "share_price", "size_bracket", "tables", "tier", "tier_price",
    "turn_order_from", "winners",
]
