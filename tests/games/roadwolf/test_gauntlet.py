"""GAUNTLET (digest 1.2 and its enemy attack table; text line 213), rule by rule."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.engine import DiceRolled, Player, Rng
from games.engine.rng import LoadedDice
from games.roadwolf import SPEC
from games.roadwolf import geometry as geo
from games.roadwolf.actions import MoveAction, ShootAction
from games.roadwolf.crash import Rammer
from games.roadwolf.data import TOKEN_KINDS, CardKind, TokenKind
from games.roadwolf.fight import is_target, shooting_targets
from games.roadwolf.missions.gauntlet import (
    SLOTS,
    after_action,
    judge,
    new_cards,
    next_vehicle,
    order,
    reveal,
)
from games.roadwolf.missions.gauntlet_enemies import enemy_turn, mutant_ram
from games.roadwolf.model import Card, RwState
from games.roadwolf.preview import preview
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from games.roadwolf.view import view
from tests.games.roadwolf.helpers import P1, P2, Car, position, texts


class Tin(LoadedDice):
    """Loaded dice that also draw tokens from the tin in a fixed order (by kind)."""

    def __init__(self, draws: Iterable[TokenKind], faces: Iterable[int] = ()) -> None:
        super().__init__(faces)
        self._draws = [TOKEN_KINDS.index(k) for k in draws]

    def randrange(self, n: int) -> int:
        assert n == len(TOKEN_KINDS), "only the tin draws here"
        return self._draws.pop(0)


def gauntlet(cars: Sequence[Car], *, deck: Sequence[CardKind] = ("clear",) * 4) -> RwState:
    state = position(cars, mission="GAUNTLET", deck=deck)
    vehicles = tuple(v.model_copy(update={"traits": ("courier",)}) for v in state.vehicles)
    return state.model_copy(update={"vehicles": vehicles})


def _played_to_start(seed: int = 3) -> RwState:
    seated = (Player(id=P1, name="Ann"), Player(id=P2, name="Bob"))
    state = SPEC.setup(seated, SPEC.parse_options({"mission": "GAUNTLET"}), Rng(seed))
    while state.phase == "build":
        actor = min(SPEC.active_players(state))
        assert SPEC.policy is not None
        state = SPEC.apply(state, actor, SPEC.policy(state, actor, Rng(0)), Rng(seed)).state
    return state


def test_setup_covers_the_road_face_down_and_gives_a_free_nitro() -> None:
    """Line 213: "Couriers start at the start of the road with 4 points of vehicles, plus one
    additional free Nitro" and "Place a road card EVERY stick ... Cover the entire road with
    cards this way before starting! Cards should NOT be revealed until they are within 3 sticks
    of the lead car." 1.3 [R]: "12 cards at setup"."""
    state = _played_to_start()
    assert [s.points for s in state.sides] == [4, 4]
    assert len(state.deck) == 12  # 24 - 12 dealt
    lead = max(v.y + v.h for v in state.vehicles)
    for card in state.cards:
        assert card.y in SLOTS
        assert card.face_down == (card.y >= lead + 3 * geo.STICK)
    assert all(
        v.y < geo.START_ROWS and not geo.is_off_road(geo.Rect(v.x, v.y, v.w, v.h))
        for v in state.vehicles
    )  # both sides at the START
    for side in (0, 1):
        nitros = sum(
            1
            for v in state.vehicles
            if v.origin == side
            for t in v.gear
            if t.kind == "nitro" and t.free
        )
        streets = sum(1 for v in state.vehicles if v.origin == side and v.surface == "street")
        assert nitros == streets + 1
    public = view(state, None)
    hidden = [c for c in public.cards if c.face_down]
    assert hidden and all(c.kind == "clear" for c in hidden)  # the kind never shows


def test_cards_turn_up_within_three_sticks_of_the_lead_car() -> None:
    """Line 213: "Cards should NOT be revealed until they are within 3 sticks of the lead car"."""
    state = gauntlet([Car("A", "coupe", 10, 10), Car("N", "coupe", 12, 4, side=1)])
    ctx = Ctx(state, Rng(0))
    ctx.cards = [
        Card(id=1, kind="slick", x=10, y=24, face_down=True),  # back row 24 < 13 + 12
        Card(id=2, kind="debris", x=10, y=25, face_down=True),  # 25: not yet
    ]
    reveal(ctx)
    assert [c.face_down for c in ctx.cards] == [False, True]


def test_two_new_cards_a_road_turn_no_reshuffle_and_the_last_card() -> None:
    """1.3 [R]: "then 2 per road turn (one per stick)"; "No reshuffle in GAUNTLET"; "The empty
    deck marks the LAST card, and couriers may exit only after it (line 213)"."""
    state = gauntlet([Car("A", "coupe", 10, 10)], deck=("slick", "debris", "wreck"))
    ctx = Ctx(state, Rng(0))
    ctx.discard = ["clear"] * 5
    new_cards(ctx)
    assert sorted(c.y for c in ctx.cards) == [41, 45] and len(ctx.deck) == 1
    assert all(c.face_down for c in ctx.cards)
    new_cards(ctx)
    assert not ctx.deck and "LAST road card" in texts(ctx.events)
    assert [c.last for c in ctx.cards] == [False, False, True]  # the view and board mark it
    assert [c.last for c in view(ctx.freeze(), None).cards] == [False, False, True]
    new_cards(ctx)
    assert len(ctx.cards) == 3 and not ctx.deck


def test_the_end_is_closed_until_the_last_card() -> None:
    """Line 213: "To exit the valley, you must drive off the end of the road, but can do so ONLY
    after the LAST road card has been placed!"."""
    cars = [Car("A", "coupe", 10, 43), Car("N", "coupe", 14, 20, side=1)]
    state = gauntlet(cars, deck=("slick",))
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), Rng(1))
    a = step.state.vehicle("A")
    assert a.exited is None and a.y + a.h == geo.BOARD_LENGTH
    assert "the END is closed" in texts(step.events)
    state = gauntlet(cars, deck=())
    step = apply(state, P1, MoveAction(vehicle="A", dx=0, dy=4), Rng(1))
    assert step.state.vehicle("A").exited == "end"
    assert step.state.mission.count("first_out") == 1  # the first side out, noted


def test_turn_order_goes_by_position_lead_first() -> None:
    """Line 213: "TURN ORDER goes by VEHICLE POSITION: The LEAD vehicle goes first, then the
    next vehicle, and so on. Roll off for ties" (ties: the side that won the first roll-off);
    each slot takes the leader among the vehicles that have not moved yet this round."""
    cars = [
        Car("A", "coupe", 9, 10),
        Car("B", "coupe", 12, 20),
        Car("N", "coupe", 14, 10, side=1),
        Car("O", "street_bike", 10, 30, side=1),
    ]
    state = gauntlet(cars)
    state = state.model_copy(update={"mission": state.mission.with_count("first", 1)})
    assert order(state) == ("vehicle:*",) * 4 + ("road", "step:enemies")
    ctx = Ctx(state, Rng(0))
    assert [next_vehicle(ctx), next_vehicle(ctx)] == ["O", "B"]
    ctx.update("A", y=12.0)  # A drives past N: it is next now
    assert [next_vehicle(ctx), next_vehicle(ctx), next_vehicle(ctx)] == ["A", "N", None]


def test_each_side_draws_one_attack_the_leader_two() -> None:
    """Line 213: "each player must draw one random Gear/Crew token from their tin ... The
    vehicle in the LEAD must draw TWO tokens!" (Mechanic: "Nothing- no attack")."""
    state = gauntlet([Car("A", "coupe", 10, 30), Car("N", "coupe", 12, 10, side=1)])
    ctx = Ctx(state, Tin(["mechanic", "mechanic", "mechanic"]))
    enemy_turn(ctx)
    draws = [e for e in ctx.events if getattr(e, "kind", "") == "enemy_draw"]
    who = [str(getattr(d, "text", "")).split(" draw")[0] for d in draws]
    assert who == ["Runners", "Runners", "Interceptors"]


def test_a_mutant_appears_at_the_roadside_and_shoots_with_the_weapon() -> None:
    """Enemy table: "Ambush, Gunner, Shotgun, Molotov: Place a 1 point MUTANT on the side of the
    road closest to your lead vehicle. They attack your vehicle with that weapon!"."""
    state = gauntlet([Car("A", "coupe", 9, 30), Car("N", "coupe", 13, 10, side=1)])
    # A leads: two draws (mechanic, molotov); N: mechanic. Molotov: 3 dice against Closed 2
    ctx = Ctx(state, Tin(["mechanic", "molotov", "mechanic"], faces=[1, 1, 1, 6, 6]))
    enemy_turn(ctx)
    mutant = next(v for v in ctx.vehicles.values() if v.kind == "mutant")
    assert mutant.neutral and "enemy" in mutant.traits and mutant.size == 1
    assert mutant.x == geo.ROAD_FIRST - 1  # the left roadside, A's side of the road
    assert "Mutant Z0 fires a Molotov at Coupe A" in texts(ctx.events)


def test_mutants_defend_with_one_die_and_die_if_they_lose() -> None:
    """Line 213: "Mutants can be shot, meleed or rammed- they defend with one die, and are
    killed if they lose"."""
    state = gauntlet([Car("A", "coupe", 10, 30), Car("N", "coupe", 12, 10, side=1)])
    ctx = Ctx(state, Tin(["gunner", "mechanic", "mechanic"], faces=[1, 6, 6]))
    enemy_turn(ctx)
    mutant = next(v for v in ctx.vehicles.values() if v.kind == "mutant")
    ctx.rng = LoadedDice([3, 2, 2])  # A's 2 ram dice against the mutant's 1
    mutant_ram(ctx, Rammer("Coupe A", 2, "A"), mutant.letter, 0)
    assert not ctx.v(mutant.letter).on_board


def test_leftover_enemies_run_away_at_the_next_enemy_turn() -> None:
    """Line 213: "Any mutants, bikes or buggies left on the board at the beginning of the next
    enemy turn are removed - they run away"."""
    state = gauntlet([Car("A", "coupe", 10, 30), Car("N", "coupe", 12, 10, side=1)])
    ctx = Ctx(
        state,
        Tin(
            ["gunner", "mechanic", "mechanic", "mechanic", "mechanic", "mechanic"], faces=[1, 6, 6]
        ),
    )
    enemy_turn(ctx)
    assert any("enemy" in v.traits for v in ctx.vehicles.values())
    enemy_turn(ctx)
    assert not any("enemy" in v.traits for v in ctx.vehicles.values())
    assert "runs away" in texts(ctx.events)


def test_couriers_may_not_attack_each_other_only_enemies() -> None:
    """Line 213: "Couriers may not attack each other"."""
    state = gauntlet(
        [Car("A", "coupe", 10, 30, tokens=("shotgun",)), Car("N", "coupe", 12, 31, side=1)]
    )
    a, n = state.vehicle("A"), state.vehicle("N")
    assert not is_target(a, n) and not is_target(n, a)
    assert shooting_targets(state, a) == []
    ctx = Ctx(state, Tin(["gunner", "mechanic", "mechanic"], faces=[1, 6, 6]))
    enemy_turn(ctx)
    state = ctx.freeze()
    assert shooting_targets(state, state.vehicle("A")) == ["Z0"]


def test_a_destroyed_enemy_is_a_skull_that_ignores_a_later_attack() -> None:
    """Line 213: "For every enemy you destroy, you may ignore ONE attack (you may choose after
    drawing it)": the next real attack asks (test_gauntlet_skull.py plays the choice)."""
    state = gauntlet([Car("A", "coupe", 10, 30), Car("N", "coupe", 12, 10, side=1)])
    ctx = Ctx(state, Tin(["gunner", "mechanic", "mechanic"], faces=[1, 6, 6]))
    enemy_turn(ctx)
    mutant = next(v for v in ctx.vehicles.values() if v.kind == "mutant")
    state = ctx.freeze(turn=state.turn)
    ctx = Ctx(state, LoadedDice([3, 2, 2]))
    mutant_ram(ctx, Rammer("Coupe A", 2, "A"), mutant.letter, 0)
    after_action(ctx)
    assert ctx.mission.count("skulls:0") == 1 and ctx.mission.count("enemy_points:0") == 1
    ctx.rng = Tin(["veteran", "mechanic", "mechanic"])  # a buggy for A: the Runners choose
    turn = enemy_turn(ctx)
    assert turn is not None and turn.side == 0 and "VETERAN (a buggy rams A)" in turn.decision
    assert ctx.mission.count("skulls:0") == 1
    assert not any(v.kind == "buggy" for v in ctx.vehicles.values())


def test_the_buggy_nitro_rams_unless_you_are_off_road() -> None:
    """Enemy table: "A 2 point enemy BUGGY with a driver will NITRO into your lead vehicle from
    off-road! If you are off road, they will ram without nitro" (2 dice, +1 with Nitro)."""
    for x, dice in ((10, 3), (2, 2)):
        state = gauntlet([Car("A", "coupe", x, 30), Car("N", "coupe", 12, 10, side=1)])
        ctx = Ctx(state, Tin(["veteran", "mechanic", "mechanic"], faces=[6] * dice + [1, 1]))
        enemy_turn(ctx)
        rolls = [e for e in ctx.events if isinstance(e, DiceRolled) and "Buggy" in e.why]
        assert len(rolls[0].dice) == dice


def test_scoring_first_out_each_exit_and_most_enemy_points() -> None:
    """Line 213: "Game ends when all couriers have been destroyed or have exited the valley ...
    The first Courier to exit earns one point. Each vehicle that exits earns one point. The
    courier who destroyed the most points of enemies earns one point. Whoever has the most
    points wins!"."""
    state = gauntlet(
        [Car("A", "coupe", 10, 30), Car("B", "coupe", 13, 30), Car("N", "coupe", 12, 10, side=1)]
    )
    assert not judge(state).over
    vehicles = tuple(
        v.model_copy(update={"exited": "end" if v.letter in "AN" else "start"})
        for v in state.vehicles
    )
    mission = state.mission.with_count("first_out", 2).with_count("enemy_points:1", 3)
    state = state.model_copy(update={"vehicles": vehicles, "mission": mission})
    verdict = judge(state)
    assert verdict.over and verdict.score == (1, 3) and verdict.winner == 1


def test_the_rules_text_states_the_gauntlet_rulings() -> None:
    from games.roadwolf.text import RULES_TEXT

    text = " ".join(RULES_TEXT.split())
    for words in (
        'the text\'s "each player" is each side here',
        "play waits for its players to choose: spend a Skull to ignore it, or take it",
        "A Courier may not shoot, melee or spike another side's Courier, nor MOVE, BRAKE or NITRO "
        "into one: a ram is an attack",
        "every side rolls 2 dice, the sides tied for the highest roll again",
        "sides tied for the most points share the win (every side tied: a draw)",
        "In a tie for the lead, the two enemy draws go to the side whose vehicle the turn order "
        "puts first",
        "Nobody leaves by the END until the LAST card is placed",
        "Turn order by position, lead vehicle first",
    ):
        assert words in text


def test_the_courier_bot_shoots_an_enemy_then_drives_on() -> None:
    """GAUNTLET's bot: a Gunner's free shot (or one action) at an enemy in range for a Skull,
    and it drives toward the END, never at the other side's Couriers."""
    from games.roadwolf.policy import bot_move

    state = gauntlet(
        [
            Car("A", "rally_car", 6, 20, tokens=("gunner", "shotgun")),
            Car("N", "rally_car", 14, 22, side=1),
        ]
    )
    ctx = Ctx(state, Tin(["gunner", "mechanic", "mechanic"], faces=[1, 6, 6]))
    enemy_turn(ctx)
    state = ctx.freeze()
    action = bot_move(state, P1, Rng(0))
    assert isinstance(action, ShootAction) and action.target == "Z0"
    clear = gauntlet([Car("A", "rally_car", 6, 20), Car("N", "rally_car", 14, 22, side=1)])
    action = bot_move(clear, P1, Rng(0))
    assert isinstance(action, MoveAction) and action.dy > 0


def test_the_courier_bot_repairs_free_keeps_to_the_verge_and_rams_mutants() -> None:
    """GAUNTLET's bot, for the ~6 road turns of attacks before the LAST card (1.3 [R]: "12 cards
    at setup, then 2 per road turn"): a damaged car takes its Mechanic's free repair first
    (digest: "One free REPAIR per turn with +1 die"); a Dirt car waits on the verge (line 213:
    "If you are off road, they will ram without nitro") but not by the board's side edge nor
    against another Courier; a mutant ("they defend with one die") is worth ramming."""
    from games.roadwolf.actions import SimpleAction
    from games.roadwolf.missions.gauntlet_bot import _best_move, _place_value
    from games.roadwolf.policy import bot_move

    hurt = gauntlet(
        [
            Car("A", "rally_car", 6, 20, tokens=("mechanic",), changes={"damage": 1}),
            Car("N", "rally_car", 14, 22, side=1),
        ]
    )
    assert bot_move(hurt, P1, Rng(0)) == SimpleAction(kind="repair", vehicle="A", mechanic=True)
    car = hurt.vehicle("A")
    road, verge, edge = (geo.Rect(x, 30, 2, 3) for x in (10, 5, 0))
    assert _place_value(hurt, car, verge) > _place_value(hurt, car, road)
    assert _place_value(hurt, car, verge) > _place_value(hurt, car, edge)
    crowded = geo.Rect(16, 22, 2, 3)  # a cell from N
    assert _place_value(hurt, car, crowded) < _place_value(hurt, car, geo.Rect(19, 30, 2, 3))
    state = gauntlet([Car("A", "rally_car", 6, 20), Car("N", "rally_car", 14, 40, side=1)])
    ctx = Ctx(state, Tin(["ambush", "mechanic", "mechanic"], faces=[1, 6, 6, 6]))
    enemy_turn(ctx)  # A's side draws an Ambush: a mutant beside A, its shot misses
    state = ctx.freeze()
    mutant = next(v for v in state.vehicles if v.kind == "mutant")
    move = _best_move(state, state.vehicle("A"), list(SPEC.legal_actions(state, P1)))
    assert isinstance(move, MoveAction)
    assert preview(state, "A", "move", move.dx, move.dy).ram == mutant.letter
