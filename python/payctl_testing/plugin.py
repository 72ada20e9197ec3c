"""The pytest plugin (entry point `pytest11`), active once the wheel is installed.

- `payctl_sandbox` (session): one `payctl sandbox --in-memory` for the test
  session, started on first use and stopped (SIGTERM, clean exit checked)
  when the session ends. Attributes: the ready line's fields.
- `payctl_app` (function): a fresh TEST application and API key for each
  test, so tests never see each other's data and each moves its own clock;
  deleted with its world when the test ends.
- `payctl_template` (session): the session's template application, seeded
  from the snapshot or fixture file of `--payctl-template` / the ini option
  `payctl_template` (else empty, for a session fixture to build a world in).
- `payctl_fork` (function): `payctl_fork(app=None, name=None)` forks `app`
  (by default `payctl_template`) into a new application with its own key,
  ids and clock; every fork it made is deleted when the test ends.

Options: `--payctl-binary PATH` (else `PAYCTL_BINARY_PATH`, else the wheel's
binary), the ini option `payctl_sandbox_args` (more `payctl sandbox`
arguments, such as `--rate-limit off` or `--seed fixtures/onboarding.json`)
and `payctl_template` (a file, relative to the ini file).
"""

from __future__ import annotations

import os
import shlex
from typing import Callable, Iterator, List, Optional

import pytest

from ._sandbox import App, Sandbox


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("payctl")
    group.addoption(
        "--payctl-binary",
        metavar="PATH",
        help="payctl binary for the payctl_sandbox fixture (default: PAYCTL_BINARY_PATH, else the installed one)",
    )
    group.addoption(
        "--payctl-template",
        metavar="FILE",
        help="snapshot or fixture file the payctl_template application is seeded from (overrides the ini option)",
    )
    parser.addini(
        "payctl_sandbox_args",
        "more arguments for `payctl sandbox` in the payctl_sandbox fixture (shell syntax)",
        default="",
    )
    parser.addini(
        "payctl_template",
        "snapshot or fixture file the payctl_template application is seeded from (relative to the ini file)",
        default="",
    )


@pytest.fixture(scope="session")
def payctl_sandbox(pytestconfig: pytest.Config) -> Iterator[Sandbox]:
    """One sandbox for the session; its ready line's fields are attributes."""
    args = shlex.split(pytestconfig.getini("payctl_sandbox_args"))
    sandbox = Sandbox.start(args, binary=pytestconfig.getoption("payctl_binary"))
    try:
        yield sandbox
    finally:
        code = sandbox.stop()
        # On Windows a terminated process exits 1 whatever it did.
        if code != 0 and os.name == "posix":
            pytest.fail(f"payctl sandbox exited with {code} when stopped: {sandbox.stderr()[-2000:]}", pytrace=False)


def _test_name(request: pytest.FixtureRequest, prefix: str) -> str:
    return "".join(ch for ch in f"{prefix} {request.node.name}" if ch.isprintable())[:128]


@pytest.fixture
def payctl_app(payctl_sandbox: Sandbox, request: pytest.FixtureRequest) -> Iterator[App]:
    """A new TEST application with an API key, named after the test; deleted when the test ends."""
    app = payctl_sandbox.new_app(_test_name(request, "pytest"))
    yield app
    if payctl_sandbox.running:
        payctl_sandbox.delete_app(app, missing_ok=True)


def _template_file(config: pytest.Config) -> Optional[str]:
    given = config.getoption("payctl_template")
    if given:
        return os.path.abspath(given)
    ini = config.getini("payctl_template")
    if not ini:
        return None
    base = config.inipath.parent if config.inipath else config.rootpath
    return os.path.join(base, ini)


@pytest.fixture(scope="session")
def payctl_template(payctl_sandbox: Sandbox, pytestconfig: pytest.Config) -> App:
    """The session's template application: seeded from `payctl_template`'s file, else empty."""
    return payctl_sandbox.new_template(_template_file(pytestconfig), name="pytest template")


@pytest.fixture
def payctl_fork(payctl_sandbox: Sandbox, request: pytest.FixtureRequest) -> Iterator[Callable[..., App]]:
    """`payctl_fork(app=None, name=None)`: a fork of `app` (default: `payctl_template`), deleted after the test."""
    made: List[App] = []

    def fork(app: Optional[App] = None, name: Optional[str] = None) -> App:
        original = app if app is not None else request.getfixturevalue("payctl_template")
        forked = payctl_sandbox.fork(original, name or _test_name(request, "pytest fork"))
        made.append(forked)
        return forked

    yield fork
    if payctl_sandbox.running:
        for forked in made:
            payctl_sandbox.delete_app(forked, missing_ok=True)
