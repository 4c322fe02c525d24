"""Apocalypse Road (GMT Games 2020): team car racing with cards, linked lines and combat."""
