#!/usr/bin/env bash
# Property-based fuzzing of a running sandbox with schemathesis: every
# operation of GET /v1/openapi.json, default checks plus the stateful phase,
# each operation authenticated by the scheme its document names (X-API-Key
# with the TEST key, a dashboard bearer from the password grant, or the
# control token). Exits non-zero when schemathesis finds a failure.
#
#   benches/fuzz.sh [--max-examples N] [extra schemathesis options...]
#
# Environment: FUZZ_VENV (default: target/fuzz-venv) holds schemathesis;
# SCHEMATHESIS_VERSION pins it (default: the 4.x line); PAYCTL_BIN picks the binary
# (default: a release build of this checkout).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${FUZZ_VENV:-target/fuzz-venv}"
if [[ ! -x "$venv/bin/st" ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "schemathesis${SCHEMATHESIS_VERSION:-~=4.3}"
fi

bin="${PAYCTL_BIN:-target/release/payctl}"
if [[ -z "${PAYCTL_BIN:-}" ]]; then
    cargo build --release --quiet --bin payctl
fi

work="$(mktemp -d)"
sandbox_pid=""
cleanup() {
    if [[ -n "$sandbox_pid" ]]; then
        kill "$sandbox_pid" 2>/dev/null || true
        wait "$sandbox_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

"$bin" sandbox --in-memory --json --listen 127.0.0.1:0 --rate-limit off >"$work/ready" 2>"$work/sandbox.log" &
sandbox_pid=$!
for _ in $(seq 1 100); do
    [[ -s "$work/ready" ]] && break
    sleep 0.1
done
[[ -s "$work/ready" ]] || { echo "sandbox did not print its ready line" >&2; cat "$work/sandbox.log" >&2; exit 1; }

field() { python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())[sys.argv[2]])" "$work/ready" "$1"; }
base_url="$(field base_url)"
auth_url="$(field auth_url)"
token="$(curl -fsS "$auth_url/protocol/openid-connect/token" \
    --data-urlencode grant_type=password --data-urlencode "client_id=$(field client_id)" \
    --data-urlencode "username=$(field username)" --data-urlencode "password=$(field password)" |
    python3 -c "import json,sys; print(json.load(sys.stdin)['access_token'])")"

# Each security scheme of the document gets its own credential; schemathesis
# sends the one each operation declares.
export FUZZ_API_KEY="$(field test_api_key)" FUZZ_BEARER="$token" FUZZ_CONTROL="$(field control_token)"
cat >"$work/schemathesis.toml" <<'TOML'
[auth.openapi.api_key]
api_key = "${FUZZ_API_KEY}"

[auth.openapi.bearer]
bearer = "${FUZZ_BEARER}"

[auth.openapi.control]
bearer = "${FUZZ_CONTROL}"
TOML

args=("$@")
[[ " ${args[*]} " == *" --max-examples "* ]] || args=(--max-examples 25 "${args[@]}")
"$venv/bin/st" --config-file "$work/schemathesis.toml" run "$base_url/v1/openapi.json" \
    --phases examples,coverage,fuzzing,stateful --workers 2 --no-color "${args[@]}"
