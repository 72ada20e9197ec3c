"""What the tests of `payctl mcp` share: the binary under test, a sandbox
process to point `--ready` at, and an MCP session opened by the official
Python client (`mcp`) over the server's stdio, as coding agents open it."""

import contextlib
import json
import os
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

PAYCTL = os.environ.get("PAYCTL_BIN") or str(Path(__file__).resolve().parents[2] / "target" / "debug" / "payctl")
ROOT = Path(__file__).resolve().parents[2]


def server(*args, env=None):
    """The parameters that start `payctl mcp ARGS`, with a config directory of its own."""
    config = tempfile.mkdtemp(prefix="payctl-mcp-config-")
    environment = {"PAYCTL_CONFIG_DIR": config, "PAYCTL_CREDENTIAL_STORE": "file", "NO_COLOR": "1"}
    environment.update(env or {})
    return StdioServerParameters(command=PAYCTL, args=["mcp", *args], env=environment)


@contextlib.asynccontextmanager
async def session(*args, env=None, errlog=None):
    """An initialized MCP session with `payctl mcp ARGS`."""
    log = errlog or tempfile.TemporaryFile(mode="w+")
    async with stdio_client(server(*args, env=env), errlog=log) as (read, write):
        async with ClientSession(read, write) as client:
            await client.initialize()
            yield client


def text(result):
    """A tool result's first content as JSON."""
    return json.loads(result.content[0].text)


async def call(client, name, **arguments):
    """Calls a tool that must succeed; answers its JSON."""
    result = await client.call_tool(name, arguments)
    assert not result.is_error, f"{name} failed: {result.content[0].text}"
    return text(result)


async def fails(client, name, **arguments):
    """Calls a tool that must fail; answers the JSON of its error."""
    result = await client.call_tool(name, arguments)
    assert result.is_error, f"{name} succeeded: {result.content[0].text}"
    return text(result)


def get(url, key=None):
    request = urllib.request.Request(url, headers={"X-API-Key": key} if key else {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture
def sandbox(tmp_path):
    """A `payctl sandbox` process; yields its ready line (with `path`, the file holding it)."""
    ready = tmp_path / "ready.json"
    log = open(tmp_path / "sandbox.log", "w")
    process = subprocess.Popen(
        [PAYCTL, "sandbox", "--in-memory", "--listen", "127.0.0.1:0", "--ready-file", str(ready)],
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        for _ in range(300):
            if ready.exists() and ready.stat().st_size:
                break
            time.sleep(0.1)
        line = json.loads(ready.read_text())
        line["path"] = str(ready)
        yield line
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
