"""Dice renderers for quick rulings anywhere: a roll's dice and an odds table (-> PNG)."""

from __future__ import annotations

from render.dice.chart import render_distribution, render_odds
from render.dice.dice import DiceGroup, render_dice
from render.dice.odds import render_table

__all__ = ["DiceGroup", "render_dice", "render_distribution", "render_odds", "render_table"]
