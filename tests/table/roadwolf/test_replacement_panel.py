"""CHASE on the Cops' private panel: a replacement cop's token and entry edge (text line 207:
"a replacement vehicle of equal value may enter the board from any board edge, and may take ONE
crew or equipment token from the list below")."""

from __future__ import annotations

from games.roadwolf import SPEC
from games.roadwolf.model import TokenAction
from table.answers import Picture
from table.roadwolf.ids import label
from table.roadwolf.panel import own_view, vehicle_menu
from table.roadwolf.setup import place_menu
from table.snapshot import Snapshot
from tests.bot.records import started
from tests.games.roadwolf.helpers import P1, P2
from tests.games.roadwolf.test_mission_chase import _two_down

RECORD = started("roadwolf", [(P1, "Ann"), (P2, "Bob")])


def test_the_cops_panel_offers_the_replacement_tokens_and_an_entry_edge() -> None:
    state, (first, second) = _two_down()
    snap = Snapshot(RECORD, SPEC, state)
    actions = list(snap.legal_actions(P2))
    text, (buttons, _) = vehicle_menu(snap, own_view(snap, P2), actions, second)
    labels = [b.label for b in buttons]
    for token in ("Nitro", "Gunner", "Shotgun", "Spikes"):  # rank 2: ranks 1 and 2
        assert f"🎒 {token} for {second}" in labels, labels
    assert "🎒 Veteran for " + second not in labels
    assert "📍 Enter from…" in labels and "A replacement" in text
    spikes = TokenAction(vehicle=second, token="spikes")
    assert label(snap, spikes) == f"🎒 Spikes for {second}"  # what `/roadwolf do` matches
    menu = place_menu(snap, P2, first)  # the entry spots, numbered on a picture
    assert isinstance(menu.image, Picture)
    spots = menu.image.args[2]
    h, w = state.vehicle(first).h, state.vehicle(first).w
    assert spots and all(x in (0, 24 - w) or y in (0, 48 - h) for x, y in spots), spots
    assert [b.label for b in menu.buttons][: len(spots)] == [str(i + 1) for i in range(len(spots))]
    # the Runners see no such buttons
    assert not any(isinstance(a, TokenAction) for a in snap.legal_actions(P1))
