"""Player-facing rules summary with "Playing here" and every ruling (`/game rules`, paged)."""

from __future__ import annotations

from typing import Final

RULES_TEXT: Final = """\
**Road Wolf** (Sean Patten) — vehicle combat on a deserted highway. Two sides, one player or a \
team each (seats alternate sides). The road rolls toward the START; the END is where runners \
escape.

**Missions** (`/game option mission:…`)
- **INTERCEPTOR**: Runners start at the START and go first; Interceptors (equal points) start \
on a side or the END edge. 1 pt per Runner off the END, 1 pt per Runner stopped (destroyed, \
captured, or out by the START or a side). Ends when every Runner is out or stopped; most \
points wins.
- **BREAKOUT**: the Convoy (10 pts, a Big Rig included) starts at the START and goes first; \
the Attackers have 12. The Convoy wins if the Rig leaves the END; the Attackers win the moment \
it is captured, immobilized or destroyed.
- **THE PRESIDENT**: the Enforcers (the Limo, 4 pts, and escorts) start at the START and go \
first against the Insurgents. Limo off the END: Enforcers win; captured and driven off the \
END: Insurgents win; Limo destroyed: a draw.

**Army**: spend your points on vehicles (cost = size: bikes 1, cars 2–3, Armored Car/Limo 4, \
Big Rig 5), then as many crew/gear tokens as points. Every vehicle has a free Driver, Street \
vehicles a free Nitro. Tokens are hidden from the other side until used; counts are public. \
Until both sides are done you may start your army again or place your vehicles.

**Turn**: one vehicle at a time, two actions each: MOVE (up to 1 stick = 4 cells, forward or \
sideways), BRAKE (up to 4 cells back), SHOOT (range 4 cells, in sight), MELEE (Open vehicles, \
adjacent; free after a MOVE), SPIKES, REPAIR (a 6 fixes 1), TAKEOVER, TRANSFER, PICK UP, \
TURN AROUND (immobilized), then **done**. Free: Nitro (8 cells straight ahead), a Gunner's shot, \
a Mechanic's repair, Ambush, a bike's extra stick. After both sides: the ROAD TURN — wrecks, \
immobilized vehicles and road cards drift 8 cells toward the START and ram what they hit; a \
new card enters at the END.

**Combat** is a contested roll (as `/contest`): highest die wins, then the next; overkill = \
winner's dice above the loser's best. Ram: your size (+1 with Nitro) against their remaining \
hits. Wipeout: remaining hits against the road's 2 dice: overkill 0 SKID (1 stick toward \
2 × d6 o'clock), 1 SPIN (skid, immobilized), 2 ROLL (1 damage, skid).

**Playing here**: in the lobby pick the mission and points with `/game option`. Build your army \
with the buttons (a vehicle, then tokens on it). On your turn pick a vehicle, then an action: \
a move shows the vehicle's reach; pick the end point, check the ghost, the path and the \
warnings (a ram and its dice, off-road and its wipeout check), then confirm. Or type a move: \
`/roadwolf move vehicle:A to:L2F3` = 2 cells left and 3 forward (L/R sideways, F/B \
forward/back; `B4` brakes 4, `N` fires Nitro). Shoot and melee offer only targets in range and \
in sight. `/roadwolf panel` shows your vehicles and your hidden tokens, `/roadwolf road` the \
whole road, `/roadwolf do` any action by name.

**Rulings**
- The grid: 1 cell = 1 inch, board 24 × 48, road columns 9–14, 1 stick = 4 cells; moves are \
straight, sampled every ¼ cell; a hit stops you just before overlapping (touching is not a \
hit); range is the gap between footprints, sight is blocked by a third vehicle or wreck \
(digest 1.6).
- Footprints: bike 1×2 cells, size 2–3 2×3, size 4 2×4, Big Rig 2×6; a road card 4×3 on \
columns 10–13; a wreck lies across the road (its footprint turned 90°).
- A vehicle that moves into a wreck stops and rams it; the wreck defends with its size and \
takes no damage. Objects never make wipeout checks.
- Vehicle cost = size; the deck is 24 cards (Clear 6, Slide 3, Slick 3, Debris 3, Wreck 3, \
Bridge 2, Tunnel 1, Supplies 3), reshuffled when out; Heavy vehicles are Closed.
- The END (far end) is the BACK: the deck sits there and cards drift toward the START. Leaving \
by the START or a side is out and counts as stopped or destroyed.
- A new card is placed across the road at the END edge, then moved 2 sticks toward the START.
- Ties: nothing happens (a wipeout tie holds the road). Overkill 2 or more on a wipeout is a \
ROLL. No wipeout checks while immobilized.
- Without a weapon token a vehicle shoots only through a Gunner's free 1-die shot. Spikes cost \
an action; Ambush is free, 8 cells, from the END edge or a Bridge, Tunnel, Wreck or Supplies \
card. A Shotgun that takes out crew is discarded (as written).
- One vehicle at a time, both actions, then the next (press done to end early). A team plays \
its side's turn together: any of its players may move any of its vehicles.
- A road card acts once per vehicle per round, whether it drifts under you or you drive onto \
it; a Bridge or Tunnel checks once, when its rows first reach yours: over if you are wholly \
within its columns, else around.
- Supplies: choose the token (crew within capacity) or repair 1 hit.
- An object that rams bounces sideways (d6 odd left, even right) until clear, then drifts on.
- An abandoned vehicle that survives its check is immobilized.
- Skids toward 10, 12 or 2 o'clock: the skidding car rams; toward 4, 6 or 8: the car it \
touches rams it. A bike that uses Spikes or is braked or skidded into is not destroyed.
- A move ending with no part on the road is one wipeout check (not for Dirt vehicles).
- Crew losses come while it is not your turn, so you choose in advance: set a vehicle's crew \
order (who is lost first) on your turn or while building; otherwise spare drivers, mechanics, \
brawlers, gunners go first. The driver is always last.
- Placement: while building, place your vehicles (back-left cell x,y): the first side on the \
road with its back row in 0–7, the other touching a board edge (INTERCEPTOR: not the START \
edge). Vehicles not placed are placed for you, a cell apart where possible: the START zone \
from the left of the road, the END edge from the road outward, then the sides.
- THE PRESIDENT: the Limo is paid from the Enforcers' points (at least 5). BREAKOUT is 10 \
against 12 points whatever the option says.
- Take-backs: never (a move may have revealed a hidden token or rolled dice).
"""
