"""A `payctl sandbox` process for tests, and TEST applications in it.

`Sandbox.start()` runs `payctl sandbox --in-memory --json --listen
127.0.0.1:0`, reads the ready line (the first line on stdout) and exposes its
fields as attributes; `stop()` sends SIGTERM and waits for the clean exit.
`Sandbox.new_app()` creates a TEST application and a key with the ready
line's dashboard login, so each test gets its own application, data and clock.
Only the standard library is used.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, Iterable, Mapping, Optional

from ._binary import find_payctl

#: The ready line's fields, each an attribute of `Sandbox`.
READY_FIELDS = (
    "base_url",
    "auth_url",
    "console_url",
    "client_id",
    "username",
    "password",
    "partner_id",
    "test_application_id",
    "test_api_key",
    "live_application_id",
    "live_api_key",
    "control_token",
    "database",
    "version",
)

SANDBOX_ARGS = ("sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0")


class SandboxError(RuntimeError):
    """The sandbox did not start, or answered a helper's call with an error."""


class Response:
    """An answer from the sandbox: `status`, `headers`, `body` (parsed JSON, or None)."""

    def __init__(self, status: int, headers: Mapping[str, str], text: str):
        self.status = status
        self.headers = headers
        self.text = text
        try:
            self.body = json.loads(text) if text else None
        except ValueError:
            self.body = None

    def __repr__(self) -> str:
        return f"<Response {self.status} {self.text[:200]!r}>"


def request(
    method: str,
    url: str,
    body: Any = None,
    *,
    headers: Optional[Mapping[str, str]] = None,
    form: Optional[Mapping[str, str]] = None,
    timeout: float = 30.0,
) -> Response:
    """One HTTP request; an error status is returned, not raised."""
    sent = dict(headers or {})
    data = None
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=sent, method=method.upper())
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return Response(answer.status, answer.headers, answer.read().decode())
    except urllib.error.HTTPError as answer:
        return Response(answer.code, answer.headers, answer.read().decode())


def _expect(response: Response, what: str) -> Dict[str, Any]:
    if not 200 <= response.status < 300 or not isinstance(response.body, dict):
        raise SandboxError(f"{what}: HTTP {response.status}: {response.text[:500]}")
    return response.body


class App:
    """A TEST application with an API key: `id`, `api_key`, `api_key_id`, `name`."""

    def __init__(self, base_url: str, id: str, api_key: str, api_key_id: Optional[str], name: Optional[str]):
        self.base_url = base_url
        self.id = id
        self.api_key = api_key
        self.api_key_id = api_key_id
        self.name = name

    def request(
        self, method: str, path: str, body: Any = None, *, headers: Optional[Mapping[str, str]] = None
    ) -> Response:
        """A request with this application's key (`X-API-Key`); `path` starts with `/`."""
        sent = {"X-API-Key": self.api_key, **(headers or {})}
        return request(method, self.base_url + path, body, headers=sent)

    def clock(self) -> Dict[str, Any]:
        """`GET /sandbox/clock`: `{now, offset_seconds, scope, application_id, global_offset_seconds}`."""
        return _expect(self.request("GET", "/sandbox/clock"), "reading the clock")

    def advance_clock(self, seconds: int) -> Dict[str, Any]:
        """Moves this application's clock (and only its) forward; due moves are applied before it returns."""
        answer = self.request(
            "POST",
            "/sandbox/clock/advance",
            {"seconds": seconds},
            headers={"Idempotency-Key": str(uuid.uuid4())},
        )
        return _expect(answer, f"advancing the clock by {seconds} s")

    def __repr__(self) -> str:
        return f"<App {self.id} {self.name!r}>"


class Sandbox:
    """A running `payctl sandbox`; the ready line's fields are attributes (`base_url`, `test_api_key`, ...)."""

    base_url: str
    auth_url: str
    console_url: str
    client_id: str
    username: str
    password: str
    partner_id: str
    test_application_id: str
    test_api_key: str
    live_application_id: str
    live_api_key: str
    control_token: str
    database: str
    version: str

    def __init__(self, process: subprocess.Popen, ready: Dict[str, Any], stderr: Any):
        self.process = process
        #: The whole ready line, including fields newer than this package.
        self.ready = ready
        self._stderr = stderr
        for field in READY_FIELDS:
            setattr(self, field, ready.get(field))

    @classmethod
    def start(
        cls,
        args: Iterable[str] = (),
        *,
        binary: Optional[str] = None,
        timeout: float = 30.0,
        env: Optional[Mapping[str, str]] = None,
    ) -> "Sandbox":
        """Starts a sandbox and waits for its ready line.

        `args` are added to `sandbox --in-memory --json --listen 127.0.0.1:0`
        (`["--rate-limit", "off"]`, `["--seed", "fixtures/onboarding.json"]`).
        """
        command = [binary or find_payctl(), *SANDBOX_ARGS, *args]
        stderr = tempfile.TemporaryFile()
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env={**os.environ, **(env or {})},
        )
        lines: list = []
        reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        line = lines[0] if lines else b""
        if not line.strip():
            if process.poll() is None:
                process.kill()
            code = process.wait()
            reason = f"exited with {code}" if lines else f"printed no ready line in {timeout:g} s"
            raise SandboxError(f"{' '.join(command)} {reason}: {_tail(stderr)}")
        sandbox = cls(process, json.loads(line), stderr)
        atexit.register(sandbox._stop_at_exit)
        return sandbox

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM, then the exit code (0 for a clean stop); killed after `timeout` seconds."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        atexit.unregister(self._stop_at_exit)
        return self.process.returncode

    def stderr(self) -> str:
        """What the sandbox wrote on stderr so far (its log with `PAYCTL_LOG=info`)."""
        return _tail(self._stderr, limit=None)

    def _stop_at_exit(self) -> None:
        if self.process.poll() is None:
            self.stop()

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.stop()

    @property
    def test_app(self) -> App:
        """The ready line's TEST application and key, shared by everything using this sandbox."""
        return App(self.base_url, self.test_application_id, self.test_api_key, None, None)

    def dashboard_token(self) -> str:
        """An access token of the ready line's dashboard user (password grant; valid 300 s)."""
        answer = request(
            "POST",
            f"{self.auth_url}/protocol/openid-connect/token",
            form={
                "grant_type": "password",
                "client_id": self.client_id,
                "username": self.username,
                "password": self.password,
            },
        )
        return _expect(answer, "dashboard login")["access_token"]

    def new_app(self, name: str = "payctl_testing") -> App:
        """A fresh TEST application with one API key: its own data and its own clock."""
        auth = {"Authorization": f"Bearer {self.dashboard_token()}"}
        created = request(
            "POST", f"{self.base_url}/v1/applications", {"name": name, "environment": "TEST"}, headers=auth
        )
        app_id = _expect(created, "creating a TEST application")["id"]
        key = request("POST", f"{self.base_url}/v1/applications/{app_id}/keys", {}, headers=auth)
        key_body = _expect(key, "creating an API key")
        return App(self.base_url, app_id, key_body["client_secret"], key_body["api_key_id"], name)

    def __repr__(self) -> str:
        state = "running" if self.running else f"exited {self.process.returncode}"
        return f"<Sandbox {self.base_url} {state}>"


def _tail(stderr: Any, limit: Optional[int] = 4000) -> str:
    stderr.seek(0)
    text = stderr.read().decode(errors="replace")
    stderr.seek(0, os.SEEK_END)
    return text if limit is None else text[-limit:]
