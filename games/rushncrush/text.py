"""Player-facing rules summary with every house ruling (the /help text; under 3,800 chars)."""

from __future__ import annotations

from typing import Final

RULES_TEXT: Final = """\
**Rush 'n' Crush** — first across the finish line wins (the first to cross in turn order, so \
there are no ties); a car is wrecked when Structure hits 0 or Heat reaches 10 (it stays on the \
road as a wreck). The last car standing also wins.

**Round**: cars go front to back; level cars go in the order they arrived (the grid is random).

**Your turn**
1. **Gear**: accelerate (one white line up or up-right), brake (one down or down-left), shift \
(same speed, another gear) or stay; then spend Turbo points (more steps up) *or* Brake points \
(more steps down), never both. You can't brake to 0; from neutral you must accelerate. Speeds \
are 4-12, 14, 16, 18 (never 1-3, 13, 15 or 17).
2. **Dice** (rolled for you): red dice by the zone you end in (blue 0, yellow 1, orange 2, red \
3), each 1-2 is +1 Heat, +1 to that range per Turbo used this turn: a Turbo into a blue gear \
rolls no red die, so it costs no heat. White dice give lane changes: speed 4-5 \
unlimited, 6-10 highest die, 11-16 lowest die, 18 none.
3. **Path**: move exactly your speed, e.g. `F F L F R F` (F ahead, L/R diagonal, costs a lane \
change; once those run out each costs a Steering point, spent for you). Steps after your \
movement is used up are refused.

**Path extras**: `M` drop a mine as you leave the space (Minelayer, no Activation). `G` \
Machine Gun, `H` Flamer, `E` Fire Extinguisher (Use now). `B`/`S` right before a side-ram step \
Uses the Side Bumper/Saw. `K1`-`K3` after the last step Uses the Rocket Booster (not after a \
Rush 'n' Crush: your move has ended). `+G +H +E +B +S +K` Arm an item.

**Equipment**: two Activations per turn: Arm (counter right) or Use (counter left); a counter \
moves once a turn, so an item armed now fires next turn. Gun and Flamer hit the nearest car in \
your lane, ahead/behind, range 1-3: roll 4-range dice, each 1-2 is 1 Structure (Gun) or 1 Heat \
(Flamer). Extinguisher: -1 Heat. Rocket Booster: 1-3 spaces straight on after moving, a heat \
die each (1-2: +1 Heat; Turbo does not widen it), normal collisions, it stops at an \
obstruction.

**Collisions**
- **Wreck or enemy mine**: roll a die, 1-3 = -1 Structure; you drive on (a mine that hurts is \
removed; your own mines never hit you). Wrecks and mines are on the road: on a loop they are \
there on every lap.
- **Obstruction** (rock, wall, or the void of a narrowing): damage = white dice with the sense \
inverted (speed 4-5: 1, 6-10 lowest, 11-16 highest, 18: 6). You stay put and your next step \
must leave the obstruction's lane: a free lane change that still costs 1 movement (L or R; \
after a diagonal hit, F back into your lane also counts). With no free space you stop.
- **Side Ram** (diagonal step into a car): roll a die (+1 with the Side Bumper, 7 counts as \
6). Far side clear and 4+: they are pushed aside and you take their space; otherwise you go \
straight on (no lane change spent). Damage, far side clear: 1-2 you, 5-6 them; blocked (car, \
wreck, obstruction): 1-2 you, 4-5 them, 6 them and the car beyond. The Saw adds a red die: 4-6 \
= 1 more to them. If you go straight on into a car, that is a Rush 'n' Crush. If you were \
swerving round an obstruction and straight on is that obstruction, you stay put (1 movement) \
and still owe the swerve: no car hits the same rock twice. After a ram the move pauses so you \
can send the rest of the path.
- **Rush 'n' Crush** (straight into a car): your move ends; roll a die per movement point left \
(this step included): each 1-2 hurts both cars, each 3 (3-4 with Combat Bumper) hurts them.
- Cars on different laps never touch each other (wrecks and mines still do).

**Option** `one_rush_per_round`: only the first Rush 'n' Crush of a round rolls; later ones \
just stop behind the car.

**Take-backs** (`/game undo`, the others agree): a gear choice rolls dice, so it always \
stands. A path or an activation that rolled no die and hit nothing can be taken back until \
the next driver acts.

House values (gear matrix, dice, tracks, cars, drivers, tiles) are reconstructions of the \
missing boards and cards, chosen to be faithful to the text.

**Playing here**: on your turn press a gear button (its label shows the speed, the Turbo or \
Brake spent and the chance of Heat); you are then shown, only to you, the suggested path (the \
one the bot would drive, arming the weapons worth keeping armed: `+G +K` first) on the road: \
press **Drive it**, or 👁 **Other path** for another suggestion, or **Edit step by step** (F \
ahead, L/R diagonal), check the preview and press **Drive it**. The preview's 🔧 Use buttons \
fire or cool first, then show your path from there. Or type \
`/rushncrush gear speed:9`, `/rushncrush move path:F F L F`, `/rushncrush arm item:…`, \
`/rushncrush use item:…`; `/rushncrush course` shows the whole course.
"""
