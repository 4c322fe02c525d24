"""Optional Prometheus metrics: `REDLINE_METRICS_PORT=9464` serves GET /metrics (text format
0.0.4) on REDLINE_METRICS_HOST (127.0.0.1 unless set). Off by default; read-only; no secrets.
"""

from __future__ import annotations

import asyncio
import logging
import math
import sqlite3
import time
from collections.abc import Callable, Mapping
from contextlib import closing
from typing import TYPE_CHECKING, Any

from aiohttp import web

from runtime import logs
from runtime.settings import Settings
from storage import backup as store

if TYPE_CHECKING:
    from bot.shutdown import Drain
    from runtime.render_slots import RenderStats

log = logging.getLogger(__name__)

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
STARTED = time.time()


def _sessions_by_status(settings: Settings) -> dict[str, int]:
    path = settings.database_path
    if settings.uses_postgres or not path.is_file():  # PostgreSQL: its own exporter's job
        return {}
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            db.execute("PRAGMA busy_timeout = 1000")
            rows = db.execute("SELECT status, COUNT(*) FROM sessions GROUP BY status").fetchall()
    except sqlite3.Error:
        return {}
    return {str(status): int(n) for status, n in rows}


def _file_bytes(settings: Settings) -> int:
    total = 0
    for suffix in ("", "-wal", "-shm"):
        p = settings.database_path.with_name(settings.database_path.name + suffix)
        if p.is_file():
            total += p.stat().st_size
    return total


def render(settings: Settings, bot: Any, drain: Drain | None) -> str:
    """The metrics text; `bot` is a RedlineBot (duck-typed so tests can pass a stand-in)."""
    lines: list[str] = []

    def metric(name: str, kind: str, help_: str, samples: list[tuple[str, float]]) -> None:
        lines.append(f"# HELP {name} {help_}")
        lines.append(f"# TYPE {name} {kind}")
        for labels, value in samples:
            lines.append(f"{name}{labels} {value:g}")

    metric("redline_info", "gauge", "Redline version", [(f'{{version="{logs.version()}"}}', 1)])
    metric("redline_start_time_seconds", "gauge", "Process start (unix time)", [("", STARTED)])
    gateway_problem = getattr(bot, "gateway_problem", lambda: None)
    ready = bool(bot is not None and bot.is_ready() and gateway_problem() is None)
    metric(
        "redline_ready", "gauge", "1 while every shard is connected and ready", [("", int(ready))]
    )
    latency = getattr(bot, "latency", math.nan)
    if isinstance(latency, float) and math.isfinite(latency):
        metric("redline_gateway_latency_seconds", "gauge", "Gateway heartbeat", [("", latency)])
    if ready:
        metric("redline_guilds", "gauge", "Servers the bot is in", [("", len(bot.guilds))])
    service = getattr(bot, "service", None)
    if service is not None:
        ok = getattr(service, "storage_problem", None) is None
        metric("redline_storage_ok", "gauge", "1 while the database takes writes", [("", int(ok))])
    if drain is not None:
        metric("redline_interactions_total", "counter", "Interactions taken", [("", drain.taken)])
        metric(
            "redline_interactions_refused_total",
            "counter",
            "Interactions refused while stopping",
            [("", drain.refused)],
        )
        metric("redline_interactions_in_flight", "gauge", "Being handled", [("", drain.in_flight)])
    renderer = getattr(getattr(bot, "table", None), "renderer", None)
    if renderer is not None:
        _render_metrics(metric, renderer.stats())
    sessions = _sessions_by_status(settings)
    metric(
        "redline_sessions",
        "gauge",
        "Sessions in the database by status",
        [(f'{{status="{s}"}}', n) for s, n in sorted(sessions.items())],
    )
    if not settings.uses_postgres:  # an SQLite file left in DATA_DIR is not the database
        metric(
            "redline_database_bytes",
            "gauge",
            "Database with -wal/-shm",
            [("", _file_bytes(settings))],
        )
    backups = store.list_backups(settings.backup_dir)
    if backups:
        newest = max(p.stat().st_mtime for p in backups)
        metric("redline_last_backup_time_seconds", "gauge", "Newest backup", [("", newest)])
    return "\n".join(lines) + "\n"


def _render_metrics(metric: Callable[..., None], stats: RenderStats) -> None:
    def by_drawing(counts: Mapping[tuple[str, str], int]) -> list[tuple[str, float]]:
        return [(f'{{game="{g}",kind="{k}"}}', n) for (g, k), n in sorted(counts.items())]

    metric(
        "redline_render_deadline_passed_total",
        "counter",
        "Drawings that passed their deadline (REDLINE_RENDER_TIMEOUT): shown in text",
        by_drawing(stats.passed),
    )
    metric(
        "redline_render_skipped_total",
        "counter",
        "Drawings shown in text at once: the same session's drawing of that kind is stuck",
        by_drawing(stats.skipped),
    )
    metric(
        "redline_render_stuck_threads",
        "gauge",
        "Render threads still stuck in a drawing past its deadline",
        [("", stats.stuck_threads)],
    )
    metric(
        "redline_render_replacements_total",
        "counter",
        "Render processes replaced (killed at a deadline, or died)",
        [("", stats.replacements)],
    )


async def serve_metrics(settings: Settings, bot: Callable[[], Any], drain: Drain | None) -> None:
    """Serve /metrics until cancelled; `bot()` is the client once the process has built it
    (None while storage is still opening)."""

    async def handle(request: web.Request) -> web.Response:
        text = await asyncio.to_thread(render, settings, bot(), drain)
        return web.Response(body=text.encode(), headers={"Content-Type": CONTENT_TYPE})

    app = web.Application()
    app.router.add_get("/metrics", handle)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, settings.metrics_host, settings.metrics_port)
        await site.start()
        log.info("metrics on http://%s:%s/metrics", settings.metrics_host, settings.metrics_port)
        await asyncio.Event().wait()
    except OSError as exc:
        log.error(
            "cannot serve metrics on %s:%s (%s); REDLINE_METRICS_PORT needs a free port",
            settings.metrics_host,
            settings.metrics_port,
            exc,
        )
    finally:
        await runner.cleanup()
