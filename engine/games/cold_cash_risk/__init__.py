"""Cold Cash Risk (`cold-cash-risk`): RISK + Acquire, with hidden holdings.

- `board`: who holds each territory, security teams, sizes and hiring (CCR-3, CCR-4).
- `market`: prices, dividends, colours and the Closing Bell's conditions.
- `base`: the state and the automatic flow of the Operating Cycle.
- `placing`: Mom & Pops, founding, absorbing, mergers with consent (CCR-7).
- `stock`: buy, sell, shown and hidden shares (CCR-5), disposals, meetings and votes.
- `takeover`: hostile takeovers, one RISK turn (CCR-8, CCR-9).
- `earnings`: restructure, hire security, dividends, downsize.
- `game`: the `ColdCashRisk` game (registered in `engine.VARIANTS`).
"""

from engine.games.cold_cash_risk.game import ColdCashRisk

__all__ = ["ColdCashRisk"]
