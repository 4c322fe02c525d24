"""Pure renderers: a game's view (or a dice roll, or an odds table) -> PNG bytes.

One package per game (`render.dragrage`, `render.spacetruckin`, `render.rushncrush`) beside the
shared toolkit (`palette`, `fonts`, `shapes`, `encode`, `toolkit`) and `render.dice` for dice
rolls and odds tables. `render.registry.RENDERERS` is the one list of game renderers by key;
nothing registers itself on import.
"""
