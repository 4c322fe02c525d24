"""What the next ROAD TURN may do to a car left somewhere: the bots' road-turn risk (shared
by `policy.py` and the missions' own bots)."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.model import RwState, Vehicle

UNSEEN = 12
"""A face-down card (GAUNTLET) that may sweep the spot: about the deck's average hazard."""

HAZARD = {"slide": 20, "slick": 20, "debris": 10, "wreck": 15}


def road_turn_risk(state: RwState, vehicle: Vehicle, box: geo.Rect) -> float:
    """What the next road turn may do to a car left at `box`: cards and objects sweep 8 rows
    toward the START; a Bridge or Tunnel reaching it while it is not within its columns."""
    risk = 0.0
    for card in state.cards:
        if card.face_down:
            risk += UNSEEN if geo.overlaps(box, geo.Rect(card.x, card.y - 8, card.w, 11)) else 0
            continue  # a face-down card's kind is not the bot's to know
        swept = geo.Rect(card.x, card.y - 8, card.w, card.h + 8)
        if card.kind in ("bridge", "tunnel"):
            if vehicle.letter in card.passed or not geo.rows_overlap(box, swept.y, swept.front):
                continue
            if geo.bridge_passage(box, swept) == "around":
                risk += 50 if card.kind == "bridge" else 90
        elif geo.overlaps(box, swept):
            if card.kind == "slide" and vehicle.surface == "dirt":
                continue
            risk += HAZARD.get(card.kind, 0)
    for obj in state.vehicles:
        if obj.is_object and obj.letter != vehicle.letter:
            swept = geo.Rect(obj.x, obj.y - 8, obj.w, obj.h + 8)
            if geo.overlaps(box, swept):
                risk += 5 * obj.size
    return risk
