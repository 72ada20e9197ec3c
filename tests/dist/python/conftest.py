"""Checks around the plugin tests: the fixtures come from the installed
wheel's `pytest11` entry point (not from this directory), and when the
session is over the sandbox it started has exited 0 and its port is closed."""

import socket
import sys
from urllib.parse import urlsplit

import payctl_testing
import pytest

SANDBOX = pytest.StashKey()


@pytest.fixture(autouse=True)
def _remember_the_sandbox(request: pytest.FixtureRequest) -> None:
    if "payctl_sandbox" in request.fixturenames:
        request.config.stash[SANDBOX] = request.getfixturevalue("payctl_sandbox")


def pytest_configure(config: pytest.Config) -> None:
    assert config.pluginmanager.has_plugin("payctl"), "the payctl pytest11 entry point is not registered"
    assert payctl_testing.__file__.startswith(sys.prefix), f"not the installed package: {payctl_testing.__file__}"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    sandbox = session.config.stash.get(SANDBOX, None)
    if sandbox is None:
        return
    problems = []
    if sandbox.process.returncode != 0:
        problems.append(f"the sandbox's exit code is {sandbox.process.returncode}, not 0")
    address = urlsplit(sandbox.base_url)
    try:
        socket.create_connection((address.hostname, address.port), timeout=2).close()
        problems.append(f"{sandbox.base_url} still accepts connections")
    except OSError:
        pass
    if problems:
        print("\nafter the session: " + "; ".join(problems), file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    else:
        print(f"\nafter the session: the sandbox exited 0 and {sandbox.base_url} is closed", file=sys.stderr)
