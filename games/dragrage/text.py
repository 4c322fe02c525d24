"""The rules as `/game rules` shows them (markdown, kept under Discord's limits)."""

from __future__ import annotations

RULES_TEXT = """\
# Drag Rage — two drivers, best of three heats
**Track**: two lanes of 26 spaces. Cars start on space 1; the finish line is after space 22, so \
you cross on space 23 or more. **Counters** 2–12 are ONE shared set: pick any free one; each is \
used once per heat. Each driver has one **nitro** die per heat; two free dice are shared.

**Your turn — do one:**
• **Advance**: take a free counter and move that many spaces. You may not go past space 26 \
while another counter fits (landing on 26 is fine). If none fits you must still take one.
• **Let's Roll**: challenge your opponent's previous move. They declare 2 dice, or 3 (adding \
their nitro, spent for the heat), then the bot rolls. Total ≥ the counter: the move stands. \
Lower: they **spin out** back to where they were, the counter stays used and still counts \
against them, and you advance now (with a new counter).
• After a **failed** challenge: turn in your nitro die and advance, or **pass** — then your \
opponent must advance and may not challenge your previous move. No nitro left: you can only pass.

**Winning a heat**: fewest counters to cross wins (spun-out ones count; turns spent \
challenging don't). Equal counters: landing on or nearest space 23 wins. Same counters and same \
space: **dead heat**, re-run. **Catch-up**: when a car crosses, a car that has played fewer \
counters keeps going until it has played as many. First to win 2 heats wins the race. Each \
heat is set up like the first: all counters and nitro back, and a coin flip for who starts.

**Rulings** (where the text is silent or unclear)
1. Start is space 1 (you need 22+ to cross); "beyond the track" means beyond space 26.
2. Nobody can challenge on the first move of a heat: there is nothing to challenge.
3. A crossing can be challenged: the opponent's next turn may call Let's Roll on it; a spin-out \
puts the car back and the heat goes on. If the heat would be decided by a move, the other \
driver first gets that one chance to challenge it (or pass to accept).
4. You declare 2 or 3 dice before the roll. There is one nitro die each; the free pair is \
always rolled.
5. **Broken chute**: if every free counter would carry you past space 26, you must still take \
one (or call Let's Roll instead, if you can): your car goes off the end of the track, the counter \
counts, and your chute is broken. You win only if the other car fails to finish; both broken → \
dead heat. A spin-out brings an overshooting car back onto the track.
6. **Blown engine** (the designer's test): if you need more spaces to reach 23 than all the \
free counters add up to (none left counts too), you cannot win; both blown → dead heat. A car \
that can cross only by overshooting is not blown: that is a broken chute, and a broken chute \
beats a blown engine.
7. A car that has crossed or is out still takes turns, only to challenge the other car's latest \
move or pass. A pass to a car that cannot move hands the turn straight back.
8. The bot flips a coin (a seeded roll, shown in the log) to pick who starts every heat, \
re-runs of a dead heat included.
9. **Take-backs** (`/game undo`): you may take back an advance until your opponent reacts, if \
they agree. Let's Roll, a declaration (dice), nitro and a pass always stand.
Odds to survive a challenge: 8 needs luck on 2 dice (42%) but is fair on 3 (84%); 12 is 3% / 38%.

**Playing here**: press the buttons under the board, or type `/dragrage advance counter:8`, \
`/dragrage letsroll`, `/dragrage declare dice:3`, `/dragrage nitro` (turn in nitro after a \
failed challenge, then advance) and `/dragrage pass`. When you have only one move (a pass \
after a failed challenge, 2 dice without nitro, the one counter that fits), the table makes it \
for you at once and the turn message says so.
"""
