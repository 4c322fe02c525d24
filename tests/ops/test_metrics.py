"""Optional Prometheus metrics: off unless a port is set; the text format a scraper reads."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import aiohttp

from bot.shutdown import Drain
from runtime.metrics import CONTENT_TYPE, render, serve_metrics
from runtime.settings import Settings
from storage import Repository
from tests.ops.conftest import HANG_S


class Service:
    storage_problem = None


class StandIn:
    latency = 0.042
    guilds = (object(), object())
    service = Service()

    def is_ready(self) -> bool:
        return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_metrics_are_off_by_default() -> None:
    assert Settings().metrics_port is None


async def test_render_names_the_gauges(tmp_path: Path) -> None:
    s = Settings(data_dir=tmp_path)
    repo = await Repository.open(s.database_path)
    await repo.close()
    drain = Drain()
    drain.taken = 12
    text = render(s, StandIn(), drain)
    assert "redline_ready 1" in text
    assert "redline_guilds 2" in text
    assert "redline_storage_ok 1" in text
    assert "redline_interactions_total 12" in text
    assert "redline_gateway_latency_seconds 0.042" in text
    assert 'redline_info{version="' in text
    assert "# TYPE redline_sessions gauge" in text


async def test_served_on_the_configured_port(tmp_path: Path) -> None:
    s = Settings(data_dir=tmp_path, metrics_port=free_port())
    task = asyncio.create_task(serve_metrics(s, StandIn, None))
    try:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + HANG_S  # a hang guard: the port opens within a few loop turns
        async with aiohttp.ClientSession() as http:
            while True:
                try:
                    async with http.get(f"http://127.0.0.1:{s.metrics_port}/metrics") as r:
                        assert r.status == 200
                        assert r.headers["Content-Type"] == CONTENT_TYPE
                        assert "redline_ready 1" in await r.text()
                        break
                except aiohttp.ClientConnectorError:
                    assert loop.time() < give_up, "metrics never served"
                    await asyncio.sleep(0.02)  # nothing signals the open port: ask again
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
