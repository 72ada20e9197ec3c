#!/usr/bin/env bash
# One partner's trouble against everyone else, on the machine this runs on;
# prints a Markdown table (also written to target/isolation-report.md).
#
#   benches/isolation.sh
#   BASELINE=/path/to/older/payctl benches/isolation.sh   # the same loads against another build, in the same run
#   BACKLOG=500 COUNT=200 BURST=256 benches/isolation.sh   # defaults shown
#
# - webhook fairness: partner A's receiver never answers and has BACKLOG
#   deliveries pending; partner B's COUNT deliveries are timed from the
#   trigger to their arrival, and 20 retries from their due time;
# - sign-ins: BURST concurrent wrong passwords for one username while another
#   user signs in, the same spread over BURST usernames, and one client
#   guessing one username for 10 s; the sandbox's peak RSS (VmHWM) over it.
#
# Needs python3. Builds the release binary and the load generator
# (`--example load`) itself.
set -euo pipefail
cd "$(dirname "$0")/.."

backlog="${BACKLOG:-500}"
count="${COUNT:-200}"
burst="${BURST:-256}"

cargo build --release --quiet --bin payctl --example load
loadgen="$PWD/target/release/examples/load"
builds=("$PWD/target/release/payctl")
[[ -n "${BASELINE:-}" ]] && builds+=("$BASELINE")

work="$(mktemp -d)"
pid=""
cleanup() {
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
kb_mb() { awk -v k="$2" '$1 == k":" { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# Starts a fresh in-memory sandbox of build $1; sets pid and ready.
start() {
    ready="$work/ready.json"
    : > "$ready"
    "$1" sandbox --in-memory --json --listen 127.0.0.1:0 --rate-limit off > "$ready" 2> "$work/sandbox.log" &
    pid=$!
    for _ in $(seq 200); do [[ -s "$ready" ]] && break; sleep 0.05; done
    [[ -s "$ready" ]] || { cat "$work/sandbox.log" >&2; exit 1; }
}

stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

report="target/isolation-report.md"
{
    echo "Machine: $(nproc) CPUs, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, $(uname -sr); $(date -u +%F)."
    echo
    echo "| build | measure | result |"
    echo "| --- | --- | --- |"
    for payctl in "${builds[@]}"; do
        name="$( [[ "$payctl" == "${builds[0]}" ]] && echo this || echo baseline )"

        start "$payctl"
        out="$("$loadgen" --base-url "$(field "$ready" base_url)" --key "$(field "$ready" test_api_key)" fairness \
            --username "$(field "$ready" username)" --password "$(field "$ready" password)" \
            --backlog "$backlog" --count "$count")"
        stop
        python3 - "$name" "$out" <<'PY'
import json, sys
name, r = sys.argv[1], json.loads(sys.argv[2])
print(f"| {name} | partner B's deliveries while partner A's receiver hangs with {r['backlog']} pending (trigger sent to arrival) "
      f"| {r['deliveries']} of {r['deliveries'] + r['missing']}; p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms, max {r['max_ms']} ms |")
print(f"| {name} | partner B's retries, late after their due time (1 s after a refused attempt) "
      f"| {r['retries']} retries; p50 {r['retry_late_p50_ms']} ms, max {r['retry_late_max_ms']} ms |")
PY

        start "$payctl"
        rss_before="$(kb_mb "$pid" VmRSS)"
        out="$("$loadgen" --base-url "$(field "$ready" base_url)" --key "$(field "$ready" test_api_key)" logins \
            --control "$(field "$ready" control_token)" --username "$(field "$ready" username)" --burst "$burst")"
        peak="$(kb_mb "$pid" VmHWM)"
        stop
        python3 - "$name" "$out" "$rss_before" "$peak" <<'PY'
import json, sys
name, r, before, peak = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], sys.argv[4]
for key, what in (("one_username", "for one username"), ("many_usernames", "each for another username, from another address")):
    b = r[key]
    answers = ", ".join(f"{n} × {a}" for a, n in sorted(b["answers"].items()))
    print(f"| {name} | {b['burst']} concurrent wrong passwords {what} | {answers}; over in {b['burst_ms']} ms |")
    print(f"| {name} | another user's sign-in during it | {b['good_login_status']} in {b['good_login_ms']} ms |")
g = r["guessing"]
print(f"| {name} | one client guessing one username for {g['seconds']} s | {g['checked']} guesses checked "
      f"({g['checked_per_s']}/s), {g['refused']} refused unchecked |")
print(f"| {name} | RSS before the sign-in loads, and at its peak | {before} MB, {peak} MB |")
PY
    done
} | tee "$report"
