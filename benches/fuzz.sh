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
export FUZZ_TEST_APPLICATION="$(field test_application_id)" FUZZ_PARTNER="$(field partner_id)"
# A second TEST application for what the control token may only do to one
# named application (the `control` scheme's description): the drill and the
# fault rules the fuzzer makes land there, so they never fault the requests
# the run makes with the TEST key.
FUZZ_SPARE_APPLICATION="$(curl -fsS "$base_url/v1/applications" -H "Authorization: Bearer $token" \
    -H "Idempotency-Key: $(python3 -c 'import uuid; print(uuid.uuid4())')" -H 'Content-Type: application/json' \
    -d '{"name": "fuzz spare", "environment": "TEST"}' |
    python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")"
export FUZZ_SPARE_APPLICATION
cat >"$work/schemathesis.toml" <<'TOML'
[auth.openapi.api_key]
api_key = "${FUZZ_API_KEY}"

[auth.openapi.bearer]
bearer = "${FUZZ_BEARER}"

[auth.openapi.control]
bearer = "${FUZZ_CONTROL}"

# Cursors are opaque and only the API mints them: any other value is 400 by
# design (the `cursor` parameter says so). Send the empty cursor, the first
# page; the unit tests cover forged cursors.
[parameters]
"query.cursor" = ""

# The run holds one bearer token, valid 5 minutes of sandbox time, and this
# operation moves sandbox time: small steps keep the token alive. The
# coverage phase would send its own boundary values, so it is left out here.
[[operations]]
include-name = "POST /sandbox/clock/advance"
parameters = { "body.seconds" = 1 }
phases.coverage.enabled = false

# Schemathesis calls the trigger with the control token, which must name the
# application whose endpoints receive the event: the TEST application (its
# description says so; the coverage phase would send its own value).
[[operations]]
include-name = "POST /sandbox/events/trigger"
parameters = { "body.application_id" = "${FUZZ_TEST_APPLICATION}" }
phases.coverage.enabled = false

# Operations under /sandbox that act on one application need
# `application_id` with the control token (the `control` scheme says so; no
# JSON Schema form states a requirement that depends on the credential):
# each names the spare TEST application. A snapshot loads into a new
# application of the demo partner.
[[operations]]
include-name = ["POST /sandbox/drill", "POST /sandbox/faults", "POST /sandbox/fork"]
parameters = { "body.application_id" = "${FUZZ_SPARE_APPLICATION}" }

[[operations]]
include-name = ["DELETE /sandbox/drill", "GET /sandbox/review", "GET /sandbox/snapshot"]
parameters = { "query.application_id" = "${FUZZ_SPARE_APPLICATION}" }

[[operations]]
include-name = "POST /sandbox/snapshot"
parameters = { "query.partner_id" = "${FUZZ_PARTNER}" }

# Rules between two parameters have no JSON Schema form (their descriptions
# state them): the upper bounds are pinned so the other filters stay fuzzed.
[[operations]]
include-name = "GET /v1/logs"
parameters = { "query.status_code_lte" = "599", "query.to_date" = "9999-12-31T23:59:59Z" }

[[operations]]
include-name = "GET /v1/payments"
parameters = { "query.to_date" = "9999-12-31" }

# Where the document cannot say which requests succeed, schemathesis's
# positive data is refused by design, and its positive_data_acceptance check
# is off for these operations alone; every other check still runs on them.
# Their descriptions state each rule:
# - checksums and formats per network (IBAN mod-97, EIP-55, base58check...):
#   the IBANs and wallet addresses the fuzzer invents are refused (quotes of
#   the GET form, self-custody wallets, beneficiaries, partner wallets);
# - transfers: which fields each side takes depends on the kind and the
#   asset (fiat, or a stablecoin with a network and an address on it), and
#   so does the form of the amount;
# - rules between fields: min_fee not above max_fee (markups), a destination
#   other than the source (rates); and integers written as whole floats
#   (`1852.0`) are refused, since amounts are never floats, though JSON
#   Schema and schemathesis count them as integers (markups, corridor quotes);
# - rules on state: a pair is priced only if the sandbox has a rate for it
#   (table or override) and runs on the corridor; a FLAT markup applies only
#   to its own currency; a key's expiry must be in the future of the sandbox
#   clock; a refresh token must be one the endpoint issued (an unknown one
#   is 400 invalid_grant, as RFC 6749 says);
# - alternatives and agreements between fields: a fault rule's
#   `match.operation_id`, `method` and `path` must agree on at least one
#   operation (422 otherwise); a snapshot loads into a new application of
#   `partner_id` or into `application_id`, not both.
[[operations]]
include-name = [
    "GET /v1/quotes", "POST /v1/accounts", "POST /v1/beneficiaries", "PUT /v1/partner-wallets",
    "POST /v1/transfers", "POST /v1/payins", "POST /v1/payouts", "POST /v1/bridging", "POST /v1/onchain-fx",
    "PUT /v1/pricing/markup", "PUT /v1/pricing/customers/{id}/markup", "PUT /sandbox/rates",
    "POST /v1/quotes", "POST /v1/transactions/quote", "GET /v1/pricing/simulate",
    "POST /v1/applications/{id}/keys", "POST /auth/realms/sandbox/protocol/openid-connect/token",
    "POST /sandbox/faults", "POST /sandbox/snapshot",
]
checks.positive_data_acceptance.enabled = false
TOML

args=("$@")
[[ " ${args[*]} " == *" --max-examples "* ]] || args=(--max-examples 25 "${args[@]}")
"$venv/bin/st" --config-file "$work/schemathesis.toml" run "$base_url/v1/openapi.json" \
    --phases examples,coverage,fuzzing,stateful --workers 2 --no-color "${args[@]}"
