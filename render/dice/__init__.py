"""Dice renderers for quick rulings anywhere: a roll's dice and an odds table (-> PNG)."""

from __future__ import annotations

from render.dice.chart import draw_odds, render_distribution
from render.dice.dice import DiceGroup, render_dice
from render.dice.odds import render_table

__all__ = ["DiceGroup", "draw_odds", "render_dice", "render_distribution", "render_table"]
