"""Axis & Allies classic (`aa-classic`), on the `engine.aa` blocks.

- `base`: the turn's state and the helpers every phase uses.
- `turn`: weapons development, purchase, placement, income, the next power, victory.
- `transports`: loading, cargo sailing with its transports, unloading, amphibious assaults.
- `moves`: combat and non-combat movement, aircraft that can't land.
- `battles`: strategic bombing and the battles, with casualty and retreat decisions.
- `game`: the `AAClassic` game: prompts, deadline, views. Registered in `engine.VARIANTS`
  when this package is imported.

State (`state()["game"]`, all public: classic A&A has no secrets):

| key | value |
|---|---|
| `position` | `engine.aa.position.Position.to_json()`: `owner` (land territory -> power), `units` (area -> power -> kind -> count), `start_owner` (control at the start of the turn), `captured` (territories taken this turn), `treasury`, `techs`, `cargo` (sea zone -> power -> land units aboard) |
| `round`, `current` | the round (from 1) and the index of the power whose turn it is (USSR 0 ... USA 4) |
| `stage` | `research`, `purchase`, `combat-move`, `combat`, `noncombat-move`, `place` |
| `bought`, `placed` | units bought and not yet placed; units placed per complex this turn |
| `moved` | area -> units of the power that moved there this turn (they move no more) |
| `flights` | aircraft that flew this turn: `kind`, `at`, `used` (moves used), `engaged` (it attacked or raided `at`: it moves again only to land) |
| `to_pick` | breakthroughs still to choose (option research: pick) |
| `rockets_fired` | areas whose AA gun fired its rocket this turn |
| `declared` | landings declared from contested sea zones: [sea zone, territory, units] |
| `built` | territories where the power built a complex this turn (it produces next turn) |
| `ditching` | defending fighters whose carrier was sunk, still to land: [power, sea zone, count] |
| `attacks`, `raids` | battle area -> territories its land attackers came from (retreats); area -> bombers raiding it (after the raid, the survivors: they fight no battle there) |
| `amphibious`, `landings` | battle area -> units landed from the sea; -> the sea zones they came from (bombardment) |
| `battles`, `battle` | areas still to fight; the battle being fought (`engine.aa.combat.Battle.to_json()`) |
| `loss_orders` | power -> kinds, cheapest loss first (the deadline's casualty choice) |
| `arrows` | this turn's moves as [from, to, power], for the map |

Unit kinds in the state: infantry, armour, fighter, bomber, battleship, carrier, transport,
submarine, aa_gun, factory. Weapons developments: jet_power, rockets, super_submarines,
long_range_aircraft, industrial_technology, heavy_bombers.
"""

from engine.games.aa_classic.game import AAClassic

__all__ = ["AAClassic"]
