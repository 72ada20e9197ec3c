#!/usr/bin/env bash
# The wheel and the npm packages as partners install them, from the built
# files and nothing else: `pip install --no-index` into a fresh virtual
# environment, `npm install --offline` of the tarballs into an empty project
# with a registry that does not answer. Through each: `payctl --version`
# (Cargo.toml's version), a sandbox start with one API call and a clean stop
# on SIGTERM; then the pytest plugin's tests (tests/dist/python) and the
# Node tests of require("payctl/testing") and the launcher (tests/dist/node).
#
# The files come from `dist/build.sh --profile dev`: the debug binary that
# `cargo test` already built, stripped, so CI pays no second (release) build
# of the workspace. Everything else about the packages is what a release
# ships. `.ci/dist/check.sh --profile release` checks the release files
# instead (what a release runs before publishing). pytest is pinned in
# requirements.txt beside this script.
set -euo pipefail
profile=dev
if [[ $# -gt 0 ]]; then
    [[ $# -eq 2 && $1 == --profile ]] || { echo "usage: .ci/dist/check.sh [--profile dev|release]" >&2; exit 2; }
    profile=$2
fi
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/target/dist-check"
started=$SECONDS

step() { printf '\n== dist: %s (at %ds)\n' "$*" "$((SECONDS - started))"; }
fail() { echo "dist: $*" >&2; exit 1; }

sandboxes=()
trap 'for pid in "${sandboxes[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT

# A sandbox start through COMMAND, one API call with the ready line's TEST
# key (200, no customers), then SIGTERM: exit 0 and the port closed.
smoke() {
    local command=$1 label=$2
    local ready="$work/$label-ready.json" log="$work/$label-sandbox.log"
    "$command" sandbox --in-memory --json --listen 127.0.0.1:0 >"$ready" 2>"$log" &
    local pid=$!
    sandboxes+=("$pid")
    for _ in $(seq 300); do [[ -s $ready ]] && break; sleep 0.1; done
    [[ -s $ready ]] || fail "$label: no ready line in 30 s: $(cat "$log")"
    local base key
    base="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["base_url"])' "$ready")"
    key="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["test_api_key"])' "$ready")"
    local status
    status="$(curl -sS -o "$work/$label-customers.json" -w '%{http_code}' -H "X-API-Key: $key" "$base/v1/customers")"
    [[ $status == 200 ]] || fail "$label: GET /v1/customers answered $status: $(cat "$work/$label-customers.json")"
    python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["data"] == [], "customers listed"' \
        "$work/$label-customers.json"
    kill -TERM "$pid"
    local code=0
    wait "$pid" || code=$?
    [[ $code == 0 ]] || fail "$label: the sandbox exited $code on SIGTERM: $(cat "$log")"
    ! curl -s -o /dev/null "$base/health" || fail "$label: $base still answers after the sandbox stopped"
    echo "$label: sandbox at $base answered GET /v1/customers 200 and stopped cleanly on SIGTERM"
}

expect_version() {
    local got
    got="$("$@" --version)"
    [[ $got == "payctl $version" ]] || fail "$* --version printed '$got', not 'payctl $version'"
    echo "$* --version: $got"
}

rm -rf "$work"
mkdir -p "$work"
version="$(cargo metadata --no-deps --format-version 1 --locked --manifest-path "$root/Cargo.toml" |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "payctl"))')"
export PAYCTL_EXPECTED_VERSION="$version"

step "build the wheel and the npm tarballs (dist/build.sh --profile $profile)"
bash "$root/dist/build.sh" --profile "$profile" --out "$work/dist"
wheel=("$work/dist/payctl-"*-py3-none-*.whl)
main_tgz="$work/dist/payctl-$version.tgz"
platform_tgz=("$work/dist/payctl-cli-"*"-$version.tgz")
[[ -f ${wheel[0]} && -f $main_tgz && -f ${platform_tgz[0]} ]] || fail "missing build output: $(ls "$work/dist")"

step "the wheel: pip install --no-index into a fresh virtual environment"
python3 -m venv "$work/venv"
# Only the wheel: no index, and none of the machine's find-links or pip config.
env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null \
    "$work/venv/bin/pip" install --no-index --disable-pip-version-check --quiet "${wheel[0]}"
expect_version "$work/venv/bin/payctl"
smoke "$work/venv/bin/payctl" wheel

step "the pytest plugin (pytest from requirements.txt, added to that environment)"
"$work/venv/bin/pip" install --disable-pip-version-check --quiet -r "$here/requirements.txt"
mkdir -p "$work/pytest-project"
cp "$root"/tests/dist/python/{*.py,pytest.ini} "$work/pytest-project/"
(cd "$work/pytest-project" && "$work/venv/bin/python" -m pytest -p no:cacheprovider --rootdir . -v .)

step "the npm tarballs: npm install --offline into an empty project, the registry unreachable"
npm_install() {
    local project=$1
    shift
    mkdir -p "$project"
    echo '{ "private": true }' >"$project/package.json"
    (cd "$project" && npm install --offline --registry http://127.0.0.1:9/ --cache "$work/npm-cache" \
        --no-audit --no-fund --loglevel=error "$@")
}
npm_install "$work/npm-project" "$main_tgz" "${platform_tgz[0]}"
npm_install "$work/npm-no-platform" "$main_tgz"
expect_version "$work/npm-project/node_modules/.bin/payctl"
(cd "$work/npm-project" && expect_version npx --offline --registry http://127.0.0.1:9/ --cache "$work/npm-cache" payctl)
smoke "$work/npm-project/node_modules/.bin/payctl" npm

step "require(\"payctl/testing\") and the launcher (node --test)"
mkdir -p "$work/npm-project/test"
cp "$root"/tests/dist/node/*.js "$work/npm-project/test/"
(cd "$work/npm-project" && PAYCTL_NO_PLATFORM_PROJECT="$work/npm-no-platform" \
    timeout --kill-after=10 300 node --test --test-concurrency=1 --test-reporter=spec \
    test/testing.test.js test/launcher.test.js test/readme.test.js)

step "passed"
