"""Rules version 2 loads and plays on states saved by version 1 (stored games survive a deploy).

The JSON below was written by the version-1 code (`SPEC.dump_state`) before the model changed.
"""

from __future__ import annotations

from games.dragrage import SPEC
from games.dragrage.state import Advance, Declare, LetsRoll, Pass
from tests.games.dragrage.helpers import ANN, BOB, act, kinds

# Mid-heat 1: Ann played 8 then 6 (on 15); Bob's 12 spun out (back on 1); Bob to move.
V1_MID_HEAT = (
    '{"schema_version":1,"players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],'
    '"coin_flip":{"kind":"dice_rolled","who":null,"why":"coin flip: 1 = Ann starts, 2 = Bob '
    'starts","dice":[1],"sides":2},"heat":1,"heat_starter":0,"lanes":[{"position":15,'
    '"counters":[{"value":8,"from_space":1,"to_space":9,"spun_out":false},{"value":6,'
    '"from_space":9,"to_space":15,"spun_out":false}],"nitro":true,"status":"racing"},'
    '{"position":1,"counters":[{"value":12,"from_space":1,"to_space":13,"spun_out":true}],'
    '"nitro":true,"status":"racing"}],"free":[2,3,4,5,7,9,10,11],"active":1,"phase":"move",'
    '"challengeable":{"seat":0,"counter":6,"from_space":9,"to_space":15},"challenge":null,'
    '"last_advance":{"seat":0,"counter":6,"from_space":9,"to_space":15},"heat_wins":[0,0],'
    '"results":[],"winner":null,"last":["Ann played the 6: space 9 → 15"]}'
)

# Version 1 stopped Ann on 20 with a "broken chute" (only 7 and 9 free); Ann to move.
V1_STOPPED_CHUTE = (
    '{"schema_version":1,"players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],'
    '"coin_flip":{"kind":"dice_rolled","who":null,"why":"coin flip","dice":[1],"sides":2},'
    '"heat":1,"heat_starter":0,"lanes":[{"position":20,"counters":[{"value":12,"from_space":1,'
    '"to_space":13,"spun_out":true},{"value":8,"from_space":1,"to_space":9,"spun_out":false},'
    '{"value":11,"from_space":9,"to_space":20,"spun_out":false}],"nitro":true,'
    '"status":"broken_chute"},{"position":19,"counters":[{"value":2,"from_space":1,'
    '"to_space":3,"spun_out":true},{"value":10,"from_space":1,"to_space":11,"spun_out":true},'
    '{"value":4,"from_space":1,"to_space":5,"spun_out":false},{"value":5,"from_space":5,'
    '"to_space":10,"spun_out":false},{"value":6,"from_space":10,"to_space":16,'
    '"spun_out":false},{"value":3,"from_space":16,"to_space":19,"spun_out":false}],'
    '"nitro":true,"status":"racing"}],"free":[7,9],"active":0,"phase":"move",'
    '"challengeable":{"seat":1,"counter":3,"from_space":16,"to_space":19},"challenge":null,'
    '"last_advance":{"seat":1,"counter":3,"from_space":16,"to_space":19},"heat_wins":[0,0],'
    '"results":[],"winner":null,"last":["Bob played the 3: space 16 → 19","Ann has a broken '
    "chute: every free counter overshoots space 26 (wins only if the other car fails to "
    'finish)"]}'
)


def test_v1_mid_heat_state_loads_and_plays_on() -> None:
    """A version-1 state loads unchanged but for its schema version, and the race goes on."""
    state = SPEC.load_state(V1_MID_HEAT)
    assert state.schema_version == 2
    assert [ln.position for ln in state.lanes] == [15, 1] and state.active == 1
    assert SPEC.load_state(SPEC.dump_state(state)) == state
    state = act(state, BOB, LetsRoll()).state
    state = act(state, ANN, Declare(dice=2), dice=[6, 6]).state
    state = act(state, BOB, Pass()).state
    state = act(state, ANN, Advance(counter=11)).state
    assert state.lanes[0].position == 26 and state.lanes[0].status == "crossed"
    assert SPEC.legal_actions(state, BOB)


def test_v1_stopped_broken_chute_must_overshoot_under_v2() -> None:
    """Source line 20: a car version 1 stopped on 20 is racing again and must take the 7 or the
    9 (or call Let's Roll); the overshoot is a broken chute."""
    state = SPEC.load_state(V1_STOPPED_CHUTE)
    assert [ln.status for ln in state.lanes] == ["racing", "racing"]
    assert SPEC.legal_actions(state, ANN) == (Advance(counter=7), Advance(counter=9), LetsRoll())
    step = act(state, ANN, Advance(counter=9))
    assert kinds(step.events) == ["advanced", "broken_chute"]
    assert step.state.lanes[0].position == 29


def test_v1_blown_engine_that_is_only_a_subset_failure_races_again() -> None:
    """Ruling 5.3.9: a version-1 "blown engine" on 12 with {5, 10} free is racing under the
    designer's sum test; a car the sum test blows stays blown."""
    raw = V1_STOPPED_CHUTE.replace('"position":20', '"position":12').replace(
        '"free":[7,9]', '"free":[5,10]'
    )
    assert SPEC.load_state(raw).lanes[0].status == "racing"
    blown = raw.replace('"position":12', '"position":2')
    assert SPEC.load_state(blown).lanes[0].status == "blown_engine"
