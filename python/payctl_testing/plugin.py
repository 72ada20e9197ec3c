"""The pytest plugin (entry point `pytest11`), active once the wheel is installed.

- `payctl_sandbox` (session): one `payctl sandbox --in-memory` for the test
  session, started on first use and stopped (SIGTERM, clean exit checked)
  when the session ends. Attributes: the ready line's fields.
- `payctl_app` (function): a fresh TEST application and API key for each
  test, so tests never see each other's data and each moves its own clock.

Options: `--payctl-binary PATH` (else `PAYCTL_BINARY_PATH`, else the wheel's
binary) and the ini option `payctl_sandbox_args` (more `payctl sandbox`
arguments, such as `--rate-limit off` or `--seed fixtures/onboarding.json`).
"""

from __future__ import annotations

import os
import shlex
from typing import Iterator

import pytest

from ._sandbox import App, Sandbox


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("payctl")
    group.addoption(
        "--payctl-binary",
        metavar="PATH",
        help="payctl binary for the payctl_sandbox fixture (default: PAYCTL_BINARY_PATH, else the installed one)",
    )
    parser.addini(
        "payctl_sandbox_args",
        "more arguments for `payctl sandbox` in the payctl_sandbox fixture (shell syntax)",
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


@pytest.fixture
def payctl_app(payctl_sandbox: Sandbox, request: pytest.FixtureRequest) -> App:
    """A new TEST application with an API key, named after the test."""
    name = "".join(ch for ch in f"pytest {request.node.name}" if ch.isprintable())[:128]
    return payctl_sandbox.new_app(name)
