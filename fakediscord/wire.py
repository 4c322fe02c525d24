"""The wire format of the fake's REST answers and requests, as discord.py 2.7.1 sends and
expects them: JSON with the exact content type, or multipart `payload_json` + `files[n]`."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import BodyPartReader, web

from fakediscord.store import Upload

MAX_REQUEST = 256 * 1024 * 1024  # aiohttp's default (1 MiB) would refuse normal image uploads


def json_response(status: int, body: Any) -> web.Response:
    if body is None or status == 204:
        return web.Response(status=204)
    # discord.py only parses JSON when the header is exactly this (no "; charset=utf-8")
    return web.Response(
        status=status, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or multipart `payload_json` + `files[n]`."""
    if request.content_type == "multipart/form-data":
        payload: Any = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            raw = await part.read(decode=False)
            if name == "payload_json":
                payload = json.loads(raw)
            elif name.startswith("files["):
                index = int(name[len("files[") : -1])
                filename = part.filename or f"file{index}"
                content_type = part.headers.get("Content-Type")
                uploads.append(Upload(index, filename, bytes(raw), content_type))
        return payload, uploads
    if not request.can_read_body:
        return {}, []
    return json.loads(await request.read()), []
