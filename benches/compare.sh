#!/usr/bin/env bash
# Two payctl binaries against each other in one run, so a regression shows
# as a ratio however busy the machine is; prints a Markdown table (also
# written to target/compare-report.md).
#
#   benches/compare.sh OLD NEW              # e.g. binaries built from two commits
#   ROUNDS=5 DURATION=10 RUNS=20 benches/compare.sh OLD NEW
#   HELLO=path/to/hello LOADGEN=path/to/load benches/compare.sh OLD NEW   # no build
#   BUSY=1 benches/compare.sh OLD NEW       # with a competing process, below
#
# Every measure alternates OLD and NEW (OLD, NEW, OLD, NEW...), so drift over
# the run touches both columns alike:
# - start-up: spawning `payctl sandbox` to the first 200 of GET /health,
#   with --in-memory and with a new database file, RUNS times each way;
# - idle memory: VmRSS one second after the ready line, and its private
#   (anonymous) part, each start from a binary read from disk (from_disk in
#   benches/lib.sh), RUNS times each way;
# - the authenticated GET /v1/customers/{id} (X-API-Key; wrk, THREADS
#   threads, CONNECTIONS connections, DURATION s) in ROUNDS rounds, each
#   round also running the bare axum server (`--example hello`) so each
#   binary's ratio to it is known;
# - full flows (benches/load, FLOW_WORKERS workers, file database) in
#   ROUNDS rounds: flows per second and the p99 of every request.
# The request log and authentication are on as shipped; the rate limiter is
# on with the highest limits it takes (RATE_LIMIT, default 1000000/1000000),
# so every request pays its check.
# BUSY=1 runs a busy loop at the lowest priority (nice 19) beside the GET
# and flow rounds, as another program on a developer's machine or a shared
# CI runner would: a server whose requests hop between threads suffers
# more from it than one that answers on the thread that read the request.
# Medians per column; the ratio column is NEW / OLD of the medians (for
# times, below 1 is faster).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 2 ]] || { echo "usage: benches/compare.sh OLD_PAYCTL NEW_PAYCTL" >&2; exit 2; }
old="$(realpath "$1")"; new="$(realpath "$2")"

runs="${RUNS:-20}"
rounds="${ROUNDS:-5}"
duration="${DURATION:-10}"
connections="${CONNECTIONS:-50}"
threads="${THREADS:-2}"
flow_workers="${FLOW_WORKERS:-64}"
rate_limit="${RATE_LIMIT:-1000000/1000000}"

# shellcheck source=benches/lib.sh
source benches/lib.sh
wrk="${WRK:-wrk}"; [[ -n "${WRK:-}" ]] || need wrk wrk

# HELLO and LOADGEN name prebuilt ones (say, of the older commit).
if [[ -z "${HELLO:-}" || -z "${LOADGEN:-}" ]]; then
    cargo build --release --quiet --example hello --example load
fi
hello="${HELLO:-$PWD/target/release/examples/hello}"
loadgen="${LOADGEN:-$PWD/target/release/examples/load}"

scratch

# Start-up, alternating: "old_ms new_ms" per line, in-memory then file.
startup() {
    python3 - "$old" "$new" "$runs" "$work" "$1" <<'PY'
import http.client, json, os, shutil, statistics, subprocess, sys, time
old, new, runs, work, storage = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
def first_200(payctl, n):
    if storage == "memory":
        where = ["--in-memory"]
    else:
        d = os.path.join(work, f"start-{n}")
        shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
        where = ["--db", os.path.join(d, "sandbox.db")]
    t0 = time.perf_counter()
    p = subprocess.Popen([payctl, "sandbox", *where, "--json", "--listen", "127.0.0.1:0"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    host = json.loads(p.stdout.readline())["base_url"].removeprefix("http://")
    while True:
        try:
            c = http.client.HTTPConnection(host, timeout=2)
            c.request("GET", "/health")
            if c.getresponse().status == 200:
                break
        except OSError:
            pass
    t = (time.perf_counter() - t0) * 1000
    p.terminate(); p.wait()
    return t
times = {old: [], new: []}
for n in range(runs + 1):
    for payctl in (old, new):
        t = first_200(payctl, n)
        if n:  # the first round warms the page cache for both
            times[payctl].append(t)
print(f"{statistics.median(times[old]):.1f} {statistics.median(times[new]):.1f}")
PY
}
read -r mem_old mem_new <<<"$(startup memory)"
read -r file_old file_new <<<"$(startup file)"

# Idle memory, alternating: VmRSS (and its private part) one second after
# the ready line, each start from a binary read from disk (see from_disk),
# median of RUNS each way; "old_rss new_rss old_anon new_anon" in MB.
idle_memory() {
    local side pid rss
    : >"$work/rss.runs"
    for _ in $(seq 1 "$runs"); do
        for side in "$old" "$new"; do
            from_disk "$side"
            "$side" sandbox --in-memory --json --listen 127.0.0.1:0 >"$work/rss.ready" 2>/dev/null &
            pid=$!
            for _ in $(seq 1 100); do [[ -s "$work/rss.ready" ]] && break; sleep 0.05; done
            sleep 1
            rss="$(awk '/^VmRSS:/ { r = $2 } /^RssAnon:/ { a = $2 } END { print r / 1024, a / 1024 }' "/proc/$pid/status")"
            kill "$pid"; wait "$pid" 2>/dev/null || true
            printf '%s ' "$rss" >>"$work/rss.runs"
        done
        echo >>"$work/rss.runs"
    done
    python3 - "$work/rss.runs" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
med = lambda i: statistics.median(r[i] for r in rows)
print(f"{med(0):.1f} {med(2):.1f} {med(1):.1f} {med(3):.1f}")
PY
}
read -r rss_old rss_new anon_old anon_new <<<"$(idle_memory)"

sandbox_on() {
    : >"$2"
    "$1" sandbox --in-memory --json --listen 127.0.0.1:0 --rate-limit "$rate_limit" >"$2" 2>/dev/null &
    pids+=($!); sandbox_pid=$!
    for _ in $(seq 1 100); do [[ -s "$2" ]] && break; sleep 0.05; done
}
wrk_rps() {
    "$wrk" -t"$threads" -c"$connections" -d"${duration}s" --latency "$@" >"$work/wrk.out"
    wrk_report "$work/wrk.out"
}

if [[ "${BUSY:-0}" == 1 ]]; then
    nice -n 19 sh -c 'while :; do :; done' &
    pids+=($!)
fi

"$hello" 127.0.0.1:0 >"$work/hello" &
pids+=($!)
for _ in $(seq 1 100); do [[ -s "$work/hello" ]] && break; sleep 0.05; done
hello_url="$(head -n1 "$work/hello")"

# The GET: rounds of old, hello, new, each sandbox fresh with one customer
# (a key's hourly budget, 1,000,000 at most, would otherwise run out within
# a few rounds of a fast build, and its 429s are cheap answers).
declare -A url key customer
: >"$work/get.runs"
for _ in $(seq 1 "$rounds"); do
    sandbox_on "$old" "$work/old.ready"; old_pid=$sandbox_pid
    sandbox_on "$new" "$work/new.ready"; new_pid=$sandbox_pid
    for side in old new; do
        url[$side]="$(ready_field "$work/$side.ready" base_url)"
        key[$side]="$(ready_field "$work/$side.ready" test_api_key)"
        customer[$side]="$(bench_customer "${url[$side]}" "${key[$side]}")"
    done
    read -r o _ _ o_err _ <<<"$(wrk_rps -H "X-API-Key: ${key[old]}" "${url[old]}/v1/customers/${customer[old]}")"
    read -r h _ <<<"$(wrk_rps "$hello_url/")"
    read -r n _ _ n_err _ <<<"$(wrk_rps -H "X-API-Key: ${key[new]}" "${url[new]}/v1/customers/${customer[new]}")"
    echo "$o $h $n $o_err $n_err" >>"$work/get.runs"
    kill "$old_pid" "$new_pid"; wait "$old_pid" "$new_pid" 2>/dev/null || true
done

# Full flows: a fresh sandbox on a new file database for every run.
flows() {
    rm -rf "$work/flows"; mkdir "$work/flows"
    "$1" sandbox --db "$work/flows/sandbox.db" --json --listen 127.0.0.1:0 --rate-limit "$rate_limit" \
        >"$work/flows.ready" 2>/dev/null &
    local pid=$!; pids+=("$pid")
    for _ in $(seq 1 100); do [[ -s "$work/flows.ready" ]] && break; sleep 0.05; done
    local out
    out="$("$loadgen" --base-url "$(ready_field "$work/flows.ready" base_url)" \
        --key "$(ready_field "$work/flows.ready" test_api_key)" flows --concurrency "$flow_workers" --seconds "$duration")"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    python3 -c "import json,sys; r = json.loads(sys.argv[1]); print(r['flows_per_s'], r['p99_ms'], r['errors'])" "$out"
}
: >"$work/flow.runs"
for _ in $(seq 1 "$rounds"); do
    echo "$(flows "$old") $(flows "$new")" >>"$work/flow.runs"
done

report="$(python3 - "$work/get.runs" "$work/flow.runs" "$mem_old" "$mem_new" "$file_old" "$file_new" \
    "$rss_old" "$rss_new" "$anon_old" "$anon_new" <<'PY'
import statistics, sys
get = [list(map(float, l.split())) for l in open(sys.argv[1])]
flow = [list(map(float, l.split())) for l in open(sys.argv[2])]
mem_old, mem_new, file_old, file_new, rss_old, rss_new, anon_old, anon_new = map(float, sys.argv[3:11])
med = statistics.median
o, h, n = (med([r[i] for r in get]) for i in range(3))
old_errors = sum(r[3] for r in get) + sum(r[2] for r in flow)
new_errors = sum(r[4] for r in get) + sum(r[5] for r in flow)
ratios = [r[2] / r[0] for r in get]
rows = [
    ("start-up to first 200, --in-memory (ms)", mem_old, mem_new),
    ("start-up to first 200, new database file (ms)", file_old, file_new),
    ("idle RSS, binary read from disk (MB)", rss_old, rss_new),
    ("of which private, anonymous (MB)", anon_old, anon_new),
    ("GET /v1/customers/{id} (req/s)", o, n),
    ("the GET / bare axum in the same round", med([r[0] / r[1] for r in get]), med([r[2] / r[1] for r in get])),
    ("full flows (flows/s)", med([r[0] for r in flow]), med([r[3] for r in flow])),
    ("full flows, p99 per request (ms)", med([r[1] for r in flow]), med([r[4] for r in flow])),
]
print("| measure | OLD | NEW | NEW / OLD |")
print("| --- | --- | --- | --- |")
for name, a, b in rows:
    fmt = (lambda v: f"{v:.2f}") if a < 10 else (lambda v: f"{v:,.0f}" if a >= 100 else f"{v:.1f}")
    print(f"| {name} | {fmt(a)} | {fmt(b)} | {b / a:.2f} |")
print()
print(f"GET per round NEW / OLD: {', '.join(f'{r:.2f}' for r in ratios)}; bare axum median {h:,.0f} req/s; "
      f"non-2xx answers or flow errors: OLD {old_errors:.0f}, NEW {new_errors:.0f} (any makes its column's rate suspect).")
PY
)"
machine="Machine: $(nproc) CPUs ($(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)), $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(date -u +%Y-%m-%d)."
setup="Runs: start-up $runs each way; GET and flows $rounds rounds of ${duration} s each way (wrk -t$threads -c$connections; $flow_workers flow workers); rate limits $rate_limit."
[[ "${BUSY:-0}" == 1 ]] && setup="$setup A busy loop at nice 19 ran beside the GET and flow rounds."
mkdir -p target
printf '%s\n%s\n\n%s\n' "$machine" "$setup" "$report" | tee target/compare-report.md
