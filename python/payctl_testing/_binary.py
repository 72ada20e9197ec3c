"""Finding the `payctl` binary this package was installed with."""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig


class PayctlNotFound(FileNotFoundError):
    """No `payctl` binary where the wheel installs it, nor on PATH."""


def find_payctl() -> str:
    """The path of the `payctl` binary.

    `PAYCTL_BINARY_PATH` wins when set (a binary built from source, another
    version). Otherwise the scripts directory of this Python, where the
    wheel put it (a virtual environment's `bin/`, `~/.local/bin` for a user
    install), then `PATH`.
    """
    override = os.environ.get("PAYCTL_BINARY_PATH")
    if override:
        if not os.path.isfile(override):
            raise PayctlNotFound(f"PAYCTL_BINARY_PATH is {override!r}, which is not a file")
        return override
    exe = "payctl" + (sysconfig.get_config_var("EXE") or "")
    candidates = [
        sysconfig.get_path("scripts"),
        sysconfig.get_path("scripts", vars={"base": sys.base_prefix}),
        sysconfig.get_path("scripts", scheme=_user_scheme()),
    ]
    seen = []
    for directory in candidates:
        if directory and directory not in seen:
            seen.append(directory)
            path = os.path.join(directory, exe)
            if os.path.isfile(path):
                return path
    on_path = shutil.which("payctl")
    if on_path:
        return on_path
    places = "\n".join(f"  - {d}" for d in seen)
    raise PayctlNotFound(
        f"cannot find the payctl binary; looked in:\n{places}\n  - PATH\n"
        "Install the wheel (pip install payctl) or set PAYCTL_BINARY_PATH."
    )


def _user_scheme() -> str:
    if hasattr(sysconfig, "get_preferred_scheme"):
        return sysconfig.get_preferred_scheme("user")
    return "nt_user" if os.name == "nt" else "posix_user"
