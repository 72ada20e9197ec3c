#!/usr/bin/env bash
# `payctl mcp` through the official Python MCP client, as coding agents meet
# it: the client (mcp) and pytest, pinned in tests/mcp/requirements.txt, are
# installed into a virtual environment under target/, then tests/mcp runs
# against the debug binary `cargo test` built.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/mcp-venv"
started=$SECONDS

cargo build --quiet --bin payctl --manifest-path "$root/Cargo.toml"
[[ -x $venv/bin/python ]] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/tests/mcp/requirements.txt"
cd "$root/tests/mcp"
PAYCTL_BIN="$root/target/debug/payctl" timeout --kill-after=10 600 \
    "$venv/bin/python" -m pytest -p no:cacheprovider --rootdir . -v -s .
echo "mcp: passed in $((SECONDS - started)) s" >&2
