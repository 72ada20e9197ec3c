"""Throwaway `payctl` sandboxes for tests.

The wheel puts the `payctl` binary on PATH; this package starts it as a
sandbox from Python and, as a pytest plugin, gives the fixtures
`payctl_sandbox` (one sandbox per session), `payctl_app` (a fresh TEST
application and key per test), `payctl_template` (the session's template
application, seeded from a snapshot or fixture file) and `payctl_fork` (a
fork per test, deleted as it ends). Without pytest:

    from payctl_testing import Sandbox
    with Sandbox.start() as sandbox:
        app = sandbox.new_app()
        print(app.request("GET", "/v1/customers").body)
"""

from ._binary import PayctlNotFound, find_payctl
from ._sandbox import App, Response, Sandbox, SandboxError, request

__all__ = ["App", "PayctlNotFound", "Response", "Sandbox", "SandboxError", "find_payctl", "request"]
