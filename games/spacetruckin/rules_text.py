"""The player-facing rules, with every house ruling (detail in docs/games/space-truckin.md)."""

RULES_TEXT = """\
# Space Truckin'
Chart a route, build a truck out of tetrominoes, deliver. **Reach 20 VP to win.**

**Setup.** Roll 2d6, keep one die as your captain: 1 Cartographer (chart with 2 dice, keep \
one), 2 Engineer (Reactors/Quarters place anywhere), 3 Artificer (start with an Artifact), 4 \
Grizzled (+2 VP per system destroyed by a consequence or pirates), 5 Smuggler (skip Pirate \
Space, sell cargo as one more), 6 Physicist (Reactor pips are wild too). Pick a truck: \
Sparrowhawk, Countess, Mauler or Hammerhead.

**1. Star chart (shared).** Roll 1 die, put its terrain on a free letter A-G; the last \
letter's terrain is chosen. 1 Asteroids, 2 Event, 3 Rocky Planet, 4 Gas Giant, 5 Comet, 6 \
Derelict Ship.

**2. Shipyard (everyone at once, own dice).** Roll 2d6: one die is the system, the other the \
shape. 1 Reactor/I, 2 Quarters/L, 3 Engine/T, 4 Weapons/S, 5 Cargo/O, 6 = any. Place with `B4 \
r1 f` (top-left grid, quarter turns, flip): inside the hull, no overlap. Reactor: a grid \
within 1 column of the centreline. Quarters: next to a Bridge grid. Engine/Weapon-required \
grids take only that system. Then draw 1 pip, not next to another pip (a placement with no \
room for a pip is illegal). Once, set one die to any face. Stop when you like; you stop at the \
first roll nothing fits. A complete truck scores 1 VP.

**3. Delivery (A to G, everyone together).** Fill the 2 rows of 4 boxes (3 in easy mode), 2 \
dice per roll. Result = top - bottom. Once per location (lobby option `manipulations each`: \
each ability once): spend a Weapons pip to reroll a die or a Reactor pip to flip it (7 - \
face); a Quarters pip (Physicist: a Reactor pip too) does either while that system still has \
an open pip.
- **< 1** (0 too): 1 Bridge damage. **1-2**: both rewards. **3-10**: the first reward.
- **11-100**: roll 2d6, pick a die: destroy a system it matches as system *or* as shape.
- **101+**: roll 2d6, one die destroys a system type, the other a shape (two systems).
- A 6 matches anything; with no match the Bridge takes the hit.

Rewards (first / extra on 1-2): Asteroids cargo/cargo, Event VP/artifact, Rocky Planet \
cargo/artifact, Gas Giant cargo/VP, Comet artifact/VP, Derelict Ship Quarters pip/artifact. \
Cargo dots an empty cargo pip. An artifact does too, then adds a pip to an empty grid next to \
it (any system). A Quarters pip goes on any empty Quarters grid. No room = reward lost. One \
pip per grid. Destroyed systems lose all their pips and cargo.

**Jump** after A-F: spend an Engine pip (or a wild while Engines have pips), +2 VP.
**Pirates** on reaching F: give up one cargo (the pip empties) or lose your aft-most system. \
After G sell cargo: 1/2/3/4/5 = 2/4/8/16/32 VP (2^n).

**Out** when: both Bridge grids damaged, no open Engine or Quarters pip (spent or destroyed), \
an unserviceable truck, or (solo) under 20 VP after the sale. **Multiplayer:** the first to 20 \
VP wins; else the most VP after G (ties share); or the last trucker still in.

**Rulings** (where the text is silent or unclear)
- Chart: Cartographers chart the 6 rolled letters in turn, 2 dice each time; with none, seats \
take turns. The first player chooses the 7th.
- 20 VP wins at the move that reaches it, even mid-location, even if that move also ends your \
truck: its VP count first.
- Outs are settled once everyone has finished the shipyard or the location; only then does the \
last trucker still in win. All out there = no winner.
- Unserviceable: a required grid uncovered or a system type missing.
- 11-100: a die that matches nothing (your pick) = 1 Bridge damage.
- Example of a result: top 6135 - bottom 1133 = **5002**.
- A Smuggler with no cargo sells it as 1 = 2 VP.
- Take-backs: none. Everyone writes on their own sheet at once, so every move stands.
- Sheets are open, as on paper: anyone at the table (a spectator too) may look at a \
trucker's sheet with `/game sheet player:`; only its trucker can play on it.

**Playing here**: press **Show my sheet** under the board: your sheet comes privately with \
buttons and menus for your next choice (a system: choose where it starts in a menu, then tap \
its pip in the preview; while your truck still lacks a system, the menu also offers it built \
with your free choice, 🎲). In the last two boxes each choice says the result and what \
follows: accept it in the same choice, or reroll or flip first; an artifact's cargo box \
names the grid for its extra pip too; when the jump comes next with nothing left to roll, \
the choice before it (the last dice, accepting, a reward's box, a loss, two losses) also \
names the pip that pays the jump. Where the menus cannot list \
every such choice (the last dice with a reroll or flip, two losses with the jump), ⚡ makes \
the one the bot would make for you in one tap; the menus still offer every choice step by \
step. Or type `/spacetruckin place spot:B4 r1 f`, \
`/spacetruckin fill first:top1 second:bot2` or `/spacetruckin move` (the list shows every \
move open to you). `/game sheet` shows your sheet again at any time. When you have only one \
move (doubles for the last two boxes with nothing to manipulate with, a pip that fits one \
grid only), the table makes it for you at once and the turn message says so.
"""
