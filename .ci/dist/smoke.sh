#!/usr/bin/env bash
# One installed payctl, run: `--version` (PAYCTL_EXPECTED_VERSION), a
# sandbox start (`--in-memory --json --listen 127.0.0.1:0`), one API call
# with the ready line's TEST key (200, no customers), the key stored with
# `config init` (in the platform's OS keyring, else the file store: which
# one is printed) and used from there, then SIGNAL: exit 0 and the port
# closed. COMMAND is the binary, or an emulator and the binary.
#
#   .ci/dist/smoke.sh LABEL SIGNAL COMMAND...     # SIGNAL: TERM, or INT (Ctrl-C, for Windows under wine)
#
# Files go to SMOKE_DIR (default: a temporary directory). Used by
# .ci/dist/check.sh and the release workflow (bash 3, for macOS).
set -euo pipefail
label=$1 signal=$2
shift 2
dir="${SMOKE_DIR:-$(mktemp -d)}"
mkdir -p "$dir"
fail() { echo "smoke: $label: $*" >&2; exit 1; }
json_field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

got="$("$@" --version)"
[[ $got == "payctl ${PAYCTL_EXPECTED_VERSION:?}" ]] || fail "--version printed '$got', not 'payctl $PAYCTL_EXPECTED_VERSION'"
echo "$label: $got"

ready="$dir/$label-ready.json" log="$dir/$label-sandbox.log"
get_customers() { curl -sS -o "$dir/$label-customers.json" -w '%{http_code}' -H "X-API-Key: $key" "$base/v1/customers"; }
# Starts the sandbox and reads its ready line (a file left by an earlier
# run is removed first, so it is never read for this one's).
start_sandbox() {
    rm -f "$ready" "$log"
    "$@" sandbox --in-memory --json --listen 127.0.0.1:0 >"$ready" 2>"$log" &
    pid=$!
    for _ in $(seq 600); do [[ -s $ready ]] && break; sleep 0.1; done
    [[ -s $ready ]] || fail "no ready line in 60 s: $(cat "$log")"
    base="$(json_field "$ready" base_url)"
    key="$(json_field "$ready" test_api_key)"
}
# A refused connection names what the sandbox did: died (its exit code
# and log), or is alive and not accepting, which is retried for 5 s with a
# line saying so. A sandbox alive and unreachable for 5 s after its ready
# line has been seen twice in CI runs (once natively, once under wine) and
# not reproduced since: the sockets listening then are printed, and the
# sandbox is started once more, saying so; a second time fails.
reach() {
    status="$(get_customers)" && return 0
    local code=$?
    for _ in $(seq 50); do
        if ! kill -0 "$pid" 2>/dev/null; then
            exited=0
            wait "$pid" || exited=$?
            fail "curl exited $code: the sandbox exited $exited after its ready line: $(cat "$log")"
        fi
        echo "$label: curl exited $code with the sandbox alive; retrying" >&2
        sleep 0.1
        status="$(get_customers)" && return 0
    done
    return 1
}
trap 'kill "$pid" 2>/dev/null || true' EXIT
start_sandbox "$@"
if ! reach; then
    echo "$label: WARNING: the sandbox (pid $pid) printed $base and did not accept connections for 5 s; its log: \
$(cat "$log"); listening sockets: $(ss -ltnp 2>/dev/null | grep -E "payctl|wine|qemu" || true). Starting it again." >&2
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    start_sandbox "$@"
    reach || fail "curl could not reach $base for 5 s with the sandbox alive, twice: $(cat "$log")"
fi
[[ $status == 200 ]] || fail "GET /v1/customers answered $status: $(cat "$dir/$label-customers.json")"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["data"] == [], "customers listed"' \
    "$dir/$label-customers.json"
# The key kept in this platform's secret store (its OS keyring, else the
# file store), then used from there.
config="$dir/$label-config"
PAYCTL_CONFIG_DIR="$config" "$@" config init --base-url "$base" --api-key "$key" \
    --app "$(json_field "$ready" test_application_id)" >/dev/null 2>"$dir/$label-config.log" ||
    fail "config init: $(cat "$dir/$label-config.log")"
PAYCTL_CONFIG_DIR="$config" "$@" customers list --json >"$dir/$label-stored.json" 2>>"$dir/$label-config.log" ||
    fail "customers list with the stored key: $(cat "$dir/$label-config.log")"
store="$(sed -n 's/^credential_store = "\(.*\)"/\1/p' "$config/config.toml")"
[[ $store == keyring || $store == file ]] || fail "config.toml names no credential store: $(cat "$config/config.toml")"
kill -s "$signal" "$pid"
code=0
wait "$pid" || code=$?
trap - EXIT
[[ $code == 0 ]] || fail "the sandbox exited $code on SIG$signal: $(cat "$log")"
! curl -s -o /dev/null "$base/health" || fail "$base still answers after the sandbox stopped"
echo "$label: sandbox at $base answered GET /v1/customers 200 (the key also from the $store store) and stopped cleanly on SIG$signal"
