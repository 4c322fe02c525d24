"""Player-facing rules summary with "Playing here" and every ruling (`/game rules`, paged)."""

from __future__ import annotations

from typing import Final

RULES_TEXT: Final = """\
**Road Wolf** (Sean Patten) — vehicle combat on a deserted highway. Two sides (GAUNTLET and \
DERAILED: 2 to 6), one player or a team each (seats alternate sides). The road rolls toward \
the START; the END is where runners escape.

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
- **TWO-WHEEL TERROR**: the Bikers (bikes only) start at the START against the Enforcers. \
Civilians worth the Bikers' points (letters M1, M2…) are spread along the road and never act. \
Order: Enforcers, Bikers, Civilians, Road; the Enforcers skip round 1. Bikers win when every \
civilian is immobilized, destroyed or taken over; Enforcers win when every biker is out.
- **HIJACKERS**: the custom Truck M (size 4, Closed, Street, Veteran driver) starts at the \
START and drives itself 2 sticks after the gangs until captured; Gang 1 starts on the left \
edge, Gang 2 on the right. The gang that drives the Truck off the END wins.
- **MONSTERS**: the Survivors (8 pts) start at the START and go first; the Monsters get two \
Monster Trucks (size 4, Closed, Dirt, Heavy: melee at +1 die, a ram does not end their move). \
Every survivor destroyed: Monsters win; both trucks destroyed: Survivors win; a survivor off \
the END (the BACK end): a draw.
- **CHASE**: Runners against Cops with no tokens. Bridges are BRIDGE OUT (Runners jump them; a \
Cop going over one is destroyed). Each cop destroyed or immobilized brings a replacement of \
the same class from an edge on the next cop turn, with one token of rank up to the cops lost. \
No Runner out: Cops win; Runners out and 3× the Cops' points down: Runners win; else a draw.
- **THE WAGES OF FEAR**: 14 pts each; the Explosives take two explosive trucks (size 4, \
Closed, no Nitro). A truck explodes when a ram damages it or a 1 shows in its wipeout check: \
a 6-die ram on everything within 1 stick, and a size-4 wreck. Either truck off the END \
intact: Explosives win; both destroyed or captured: Raiders win.
- **GAUNTLET**: every player a Courier side of their own (or 2–6 teams: option `teams`), 4 pts \
each plus one free Nitro, all at the START; Couriers never attack each other. A face-down card \
lies every stick along the road and turns up within 3 sticks of the lead car; 2 more enter each \
road turn, no reshuffle. Turn order by position, lead vehicle first. After each road turn each \
side draws an enemy attack against its lead vehicle (the side in the lead draws two): \
Ambush/Gunner/Shotgun/Molotov a mutant that shoots with it, Spikes, Veteran/Nitro a buggy that \
nitro-rams, Driver/Brawler a bike that melees, Mechanic nothing. Nobody leaves by the END until \
the LAST card is placed. Points: 1 to the first side out, 1 per vehicle out, 1 for the most \
enemy points destroyed; ends when every Courier is out or destroyed.
- **DERAILED**: 2–6 teams (every player on their own, or option `teams`) on a board of two roads \
with the track between them; the teams start at the START on alternate roads (the 1st on the \
left, the 2nd on the right, the 3rd on the left…). The train (Engine EN, Gondolas G1 and G2, \
2×6 each) waits 1 stick ahead of the START. Board a Gondola from \
alongside (none with rival crew aboard), fight from the front Gondola for the Engine (2 neutral \
crew), board it, then DRIVE the train 1 stick a turn. The team that drives it off the END wins.

**Army**: spend your points on vehicles (cost = size: bikes 1, cars 2–3, Armored Car/Limo 4, \
Big Rig 5), then as many crew/gear tokens as points. Every vehicle has a free Driver, Street \
vehicles a free Nitro. Tokens are hidden from the other sides until used; counts are public. \
Until your side presses ✅ Army ready (once every point and token is spent) you may start your \
army again, place your vehicles and set crew orders; play begins when every side is ready.

**Turn**: one vehicle at a time, two actions each: MOVE (up to 1 stick = 4 cells, forward or \
sideways), BRAKE (up to 4 cells back), SHOOT (range 4 cells, in sight), MELEE (Open vehicles, \
adjacent; free after a MOVE), SPIKES, REPAIR (a 6 fixes 1), TAKEOVER, TRANSFER, PICK UP, \
TURN AROUND (immobilized), then **done**. Free: Nitro (8 cells straight ahead), a Gunner's shot, \
a Mechanic's repair, Ambush, a bike's extra stick. After every side: the ROAD TURN — wrecks, \
immobilized vehicles and road cards drift 8 cells toward the START and ram what they hit; a \
new card enters at the END.

**Combat** is a contested roll (as `/contest`): highest die wins, then the next; overkill = \
winner's dice above the loser's best. Ram: your size (+1 with Nitro) against their remaining \
hits. Wipeout: remaining hits against the road's 2 dice: overkill 0 SKID (1 stick toward \
2 × d6 o'clock), 1 SPIN (skid, immobilized: no more wipeout checks, not even on its own \
skid), 2 ROLL (1 damage, skid).

**Playing here**: in the lobby pick the mission, the points and (GAUNTLET, DERAILED) the \
teams with `/game option`. Build your army with the buttons (a vehicle, then tokens on it), \
then press ✅ Army ready. On your turn pick a vehicle, then an action: ⏩ F4, ⏩ L1F3, ⏪ B4… \
preview the usual moves at once; Move… and Brake… offer every end point in reach. Check the \
ghost, the path and the warnings (a ram and its dice, off-road and its wipeout check), then \
confirm. Or type a move: `/roadwolf move vehicle:A to:L2F3` = 2 cells left and 3 forward \
(L/R sideways, F/B forward/back; `B4` brakes 4, `N` fires Nitro). Shoot and melee offer only \
targets in range and in sight. While building, 🛠 Place / crew… sets where a vehicle starts \
(tap the number of a spot on the picture of the spots the rules allow; other sides see a \
placed vehicle, never its tokens) and its 🧍 Crew order… (who is lost first; the driver \
always last); a vehicle with crew also has Crew order… on your turn. DERAILED: 🧗 Who boards \
G1… names the crew who climb into a train car; 🧗 boards, 🔍 searches the Gondola and 🚂 drives \
the train 1 stick are buttons on the vehicle or car. `/roadwolf panel` shows your vehicles \
and your hidden tokens, `/roadwolf road` the whole road, `/roadwolf do` any action by name.

**Rulings**
- Sides: GAUNTLET and DERAILED are free-for-all. Option `teams` 0 (the default) gives every \
player a side of their own; 2–6 forms that many teams (never more than the players, at least \
two); seat i plays for side i mod the number of sides. Sides play in side order (GAUNTLET: by \
position), then the ROAD TURN. With three or more sides vehicles are lettered by side: A1, A2… \
the first, B1… the second, up to F; the board colours each side. Other missions always have two \
sides (`teams` is ignored).
- GAUNTLET: the text's "each player" is each side here (every player, or a team). The free Nitro \
goes on the side's first vehicle that may use it. The roll-off: every side rolls 2 dice, the sides \
tied for the highest roll again. Each turn goes to the vehicle furthest ahead among those that \
have not moved this round (ties to the side that won the roll-off, then the sides after it in side \
order). Enemy draws are uniform over the 10 token kinds. A mutant is a 1×1 size-1 piece at the \
roadside; mutants, buggies and bikes are nobody's and any Courier may attack them. Each time a \
side holding a Skull draws an attack (not Mechanic), play waits for its players to choose: spend a \
Skull to ignore it, or take it (the other draws are made after the choice; a bot seat or a clock \
running out spends it on Spikes, a buggy, a Molotov, or an attack that could finish the lead \
vehicle). An enemy with nobody left aboard counts as destroyed (and runs away: never taken \
over). A move toward a closed END stops \
at the edge. A Courier may not shoot, melee or spike another side's Courier, nor MOVE, BRAKE or \
NITRO into one: a ram is an attack, and the preview shows it refused; collisions the road causes \
(a skid, a card) still happen. The point for enemies destroyed goes to nobody on a tie; sides tied \
for the most points share the win (every side tied: a draw). A Courier taken over (rule 43) \
scores for the side that drives it out. In a tie for the lead, the two enemy draws go to the \
side whose vehicle the turn order puts first.
- DERAILED (1.3 [R]): board columns: verge 0–4, road 5–10, track 11–12, road 13–18, verge 19–23; \
a card lies on columns 6–9 or 14–17. A Bridge or Tunnel on one road makes a vehicle on the other \
road at its rows check as off-road. Any movement touching the track strip (a move, a skid, a \
throw by the train) is a wipeout check. The \
train never drifts, takes no damage and makes no wipeout checks. Meeting the Engine's front \
face (ahead of it, across its columns), whoever moved (the train, a car braking or skidding into \
it, a wreck drifting onto it), is its 6-dice ram, then the vehicle or wreck is thrown 1 stick \
toward 2 × d6 o'clock; meeting any other face is a 3-dice ram by the train; a vehicle that beats \
the train with overkill moves it back 1 stick. BOARD: the named crew (default: all but the \
driver) climb into an adjacent car; the Engine only from the front Gondola once its crew are \
dead, 2 seats (a team holding it may fill its free seat). Crew in a car may climb back: \
BOARD an adjacent vehicle of their team with room \
(the named crew and gear; default: all who fit, and the gear if the car empties), or take over \
an abandoned one (from the Closed Engine: only an immobilized one). Nobody drives a car: a plain \
Driver takes its seat first, so a Brawler or Gunner aboard keeps its skill. The Engine's 2 \
neutral crew (plain Drivers) take no turns but defend like any crew, only against the front \
Gondola: 3 dice in melee, 2 against shots (Closed). SEARCH (an action in a Gondola) keeps a \
drawn Shotgun, Ambush, Molotov or Spikes. Train cars are never taken over, spiked or handed \
gear. Teams sharing a road take its START spots in turn (each team's first vehicle, then each \
one's second…), from the track outward, a cell apart while there is room; a full START zone goes \
on up the road. The team holding the Engine leads the score. Off the END = the Engine's front \
past the edge. Nobody left in the race: a draw.
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
- Supplies: choose the token (crew within capacity) or repair 1 hit. Only a vehicle whose own \
move (MOVE, BRAKE, Nitro) ended on the card may use it, until the card drifts in the next \
ROAD TURN (a card that drifts under you is not yours).
- SPIN: the vehicle is immobilized at once, so its spin's skid makes no wipeout check (a ram \
it loses, a Slick card, ending off the road).
- Takeover: you choose who goes across, the Driver included (then your vehicle is abandoned).
- Scores: a side's score shows as it stands after every action, not only when the turn passes.
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
edge; HIJACKERS: Gang 1 the left edge, Gang 2 the right). Vehicles not placed are placed \
for you, a cell apart where possible: the START zone \
from the left of the road, the END edge from the road outward, then the sides.
- THE PRESIDENT: the Limo is paid from the Enforcers' points (at least 5). BREAKOUT is 10 \
against 12 points whatever the option says.
- TWO-WHEEL TERROR: civilians are nobody's (an enemy of both sides); "equivalent" is read as \
equal value (a bike fills an odd point); they keep pace with the road. The losing team (the \
smaller share of its goal) rolls the road against civilians. A civilian the Bikers take over \
counts as wiped out; one off the END cannot be wiped out. Supplies that touch a damaged \
civilian repair 1 hit. The Enforcers "place first": the Bikers may place only once the \
Enforcers are done building (the Enforcers' unplaced vehicles are then placed for them).
- HIJACKERS: the Truck is nobody's until captured (kill its crew, then take it over, rule 43); \
it drives 2 moves of 1 stick straight ahead after both gangs, stopping and ramming at a hit; \
an abandoned Truck stays put. Street, not Heavy (1.4-J): it has the free Nitro. Off the END \
uncaptured, or destroyed: a draw.
- MONSTERS: a Monster Truck's ram does not end its move: once the way is clear it drives the \
rest of the move (it does not ram the same vehicle twice). It is Dirt (no off-road checks), \
Heavy for rerolls (no Veteran reroll when defending) and may fire a Nitro token (1.4-I).
- CHASE: a cop loss is counted when the Cops' turn starts (a cop turned around and immobilized \
again counts again). The replacement enters where Cops are placed for them with a default token \
(Gunner at rank 1, Shotgun at 2, Veteran at 3); its rank is the number of cops lost so far, \
so two lost before one cop turn both enter at rank 2. Until it first acts that turn the Cops \
may choose another token of rank up to the cops lost (its vehicle menu) and another edge spot \
(📍 Enter from…, or `place`), free. The Cops' bot enters nearest ahead of the leading Runner \
with the best token for that spot. Replacements "may" enter: never more than 108 cops in a \
game (every cop letter used), after which a loss still counts but nobody enters.
- THE WAGES OF FEAR: a Veteran's reroll in a truck's wipeout check is kept for a 1 (with no 1 \
the dice stand). "Within 1 stick" = a gap of 4 cells or less. Ram damage includes objects, \
road cards, Spikes and other explosions.
- Take-backs: never (a move may have revealed a hidden token or rolled dice).
"""
