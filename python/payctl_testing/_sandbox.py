"""A `payctl sandbox` process for tests, and TEST applications in it.

`Sandbox.start()` runs `payctl sandbox --in-memory --json --listen
127.0.0.1:0`, reads the ready line (the first line on stdout) and exposes its
fields as attributes; `stop()` sends SIGTERM and waits for the clean exit.
`Sandbox.new_app()` creates a TEST application and a key with the ready
line's dashboard login, so each test gets its own application, data and clock.
`Sandbox.fork(app)` (or `app.fork()`) copies an application's whole world into
a new one in milliseconds, `Sandbox.new_template(path)` makes an application from
a snapshot or fixture file, and `Sandbox.delete_app(app)` (or `app.delete()`)
removes an application with its world. Only the standard library is used.
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
    """A TEST application with an API key: `id`, `api_key`, `api_key_id`, `name`.

    A fork (or an application loaded from a snapshot) also has `ids`, which
    maps each id of the world it was copied from to its copy's, and
    `forked_from`; for other applications `ids` is empty.
    """

    def __init__(
        self,
        base_url: str,
        id: str,
        api_key: str,
        api_key_id: Optional[str],
        name: Optional[str],
        *,
        sandbox: Optional["Sandbox"] = None,
        ids: Optional[Mapping[str, str]] = None,
        forked_from: Optional[str] = None,
    ):
        self.base_url = base_url
        self.id = id
        self.api_key = api_key
        self.api_key_id = api_key_id
        self.name = name
        self.ids: Dict[str, str] = dict(ids or {})
        self.forked_from = forked_from
        self._sandbox = sandbox

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

    def fork(self, name: Optional[str] = None) -> "App":
        """`POST /sandbox/fork` with this application's key: a new TEST application holding a copy of its world.

        The fork's `ids` maps each of this application's ids to its copy's. Delete it with `delete()` when
        done (the pytest fixture `payctl_fork` does so as each test ends).
        """
        body = {} if name is None else {"name": name}
        answer = self.request("POST", "/sandbox/fork", body, headers={"Idempotency-Key": str(uuid.uuid4())})
        return _new_world(self.base_url, _expect(answer, f"forking {self.id}"), self._sandbox)

    def snapshot(self, redact: bool = False) -> Dict[str, Any]:
        """`GET /sandbox/snapshot`: this application's world as a `payctl-snapshot/1` document (no secret in it)."""
        path = "/sandbox/snapshot" + ("?redact=true" if redact else "")
        return _expect(self.request("GET", path), f"saving a snapshot of {self.id}")

    def delete(self) -> Dict[str, Any]:
        """Deletes this TEST application and its whole world (`DELETE /sandbox/applications/{id}`)."""
        if self._sandbox is None:
            raise SandboxError(f"{self.id} was not made through a Sandbox: use Sandbox.delete_app")
        return self._sandbox.delete_app(self)

    def __repr__(self) -> str:
        return f"<App {self.id} {self.name!r}>"


def _new_world(base_url: str, answer: Dict[str, Any], sandbox: Optional["Sandbox"]) -> App:
    """The application of a fork's or a snapshot load's answer."""
    application = answer["application"]
    key = answer.get("api_key") or {}
    return App(
        base_url,
        application["id"],
        key.get("client_secret"),
        key.get("api_key_id"),
        application["name"],
        sandbox=sandbox,
        ids=answer.get("ids"),
        forked_from=answer.get("forked_from"),
    )


def _read_world_file(path: str) -> Optional[Dict[str, Any]]:
    """The snapshot document in `path`, or None when it is not a snapshot (a fixture file)."""
    with open(path, "rb") as file:
        text = file.read()
    try:
        document = json.loads(text)
    except ValueError:
        return None
    if isinstance(document, dict) and str(document.get("format", "")).startswith("payctl-snapshot/"):
        return document
    return None


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

    def __init__(self, process: subprocess.Popen, ready: Dict[str, Any], stderr: Any, binary: str = "payctl"):
        self.process = process
        #: The payctl binary this sandbox runs (fixture files are run with it).
        self.binary = binary
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
        sandbox = cls(process, json.loads(line), stderr, command[0])
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
        return App(self.base_url, self.test_application_id, self.test_api_key, None, None, sandbox=self)

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
        return App(self.base_url, app_id, key_body["client_secret"], key_body["api_key_id"], name, sandbox=self)

    def fork(self, app: App, name: Optional[str] = None) -> App:
        """A new TEST application holding a copy of `app`'s world, ready in milliseconds: `app.fork(name)`."""
        return App.fork(app, name) if app._sandbox is self else App.fork(self._own(app), name)

    def load_snapshot(self, snapshot: Any, name: Optional[str] = None) -> App:
        """A new TEST application of the ready line's partner holding a snapshot's world.

        `snapshot` is a document (`App.snapshot()`) or the path of a file (`payctl sandbox snapshot save`).
        """
        document = snapshot if isinstance(snapshot, dict) else _read_world_file(os.fspath(snapshot))
        if document is None:
            raise SandboxError(f"{snapshot} is not a payctl snapshot")
        query = urllib.parse.urlencode({"partner_id": self.partner_id, **({"name": name} if name else {})})
        answer = request(
            "POST", f"{self.base_url}/sandbox/snapshot?{query}", document, headers=self._control_headers()
        )
        return _new_world(self.base_url, _expect(answer, "loading a snapshot"), self)

    def new_template(self, path: Any = None, name: str = "payctl_testing template") -> App:
        """A new TEST application holding the world of `path`: a snapshot (loaded) or a fixture file.

        A fixture file runs with `payctl fixtures run` against the new application (its `test_key` steps use
        the application's key). Without `path`, an empty application to build a world in through the API.
        Fork it for each test (`payctl_fork(template)`).
        """
        document = None if path is None else _read_world_file(os.fspath(path))
        if document is not None:
            return self.load_snapshot(document, name)
        app = self.new_app(name)
        if path is not None:
            self._run_fixture(os.fspath(path), app)
        return app

    def delete_app(self, app: Any, missing_ok: bool = False) -> Optional[Dict[str, Any]]:
        """Deletes a TEST application (an `App` or its id) and its whole world, with the control token.

        Its key is refused and its reads answer 404 from then on. Answers `{id, deleted}` (rows per table);
        with `missing_ok`, None for an application already gone.
        """
        app_id = app.id if isinstance(app, App) else str(app)
        path = f"{self.base_url}/sandbox/applications/{urllib.parse.quote(app_id, safe='')}"
        answer = request("DELETE", path, headers=self._control_headers())
        if missing_ok and answer.status == 404:
            return None
        return _expect(answer, f"deleting {app_id}")

    def _control_headers(self) -> Dict[str, str]:
        return {"Authorization": f"Bearer {self.control_token}", "Idempotency-Key": str(uuid.uuid4())}

    def _own(self, app: App) -> App:
        return App(app.base_url, app.id, app.api_key, app.api_key_id, app.name, sandbox=self, ids=app.ids)

    def _run_fixture(self, path: str, app: App) -> None:
        ready = {**self.ready, "test_application_id": app.id, "test_api_key": app.api_key}
        # A config directory of its own: no profile or stored login of the user's reaches the run.
        with tempfile.TemporaryDirectory(prefix="payctl-template-") as directory:
            ready_file = os.path.join(directory, "ready.json")
            with open(ready_file, "w") as file:
                json.dump(ready, file)
            env = {k: v for k, v in os.environ.items() if not k.startswith("PAYCTL_")}
            run = subprocess.run(
                [self.binary, "fixtures", "run", path, "--ready", ready_file, "-o", "json"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                env={**env, "PAYCTL_CONFIG_DIR": directory},
                timeout=300,
            )
        if run.returncode != 0:
            raise SandboxError(f"payctl fixtures run {path} exited {run.returncode}: {run.stderr.decode()[-2000:]}")

    def __repr__(self) -> str:
        state = "running" if self.running else f"exited {self.process.returncode}"
        return f"<Sandbox {self.base_url} {state}>"


def _tail(stderr: Any, limit: Optional[int] = 4000) -> str:
    stderr.seek(0)
    text = stderr.read().decode(errors="replace")
    stderr.seek(0, os.SEEK_END)
    return text if limit is None else text[-limit:]
