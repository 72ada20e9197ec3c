#!/usr/bin/env bash
# Benchmarks of the sandbox on the machine this runs on; prints a Markdown
# report (also written to target/bench-report.md).
#
#   benches/run.sh            # defaults: 20 start-ups, 10 s of load per target
#   RUNS=50 DURATION=30 benches/run.sh
#   FLOW_WORKERS=64 WEBHOOK_COUNT=500 benches/run.sh   # the flow and webhook loads
#   CONSOLE_ROUNDS=3 benches/run.sh      # runs with and without a console page open
#
# Needs python3 and curl; installs wrk and hyperfine with apt-get when they
# are missing (or set WRK/HYPERFINE to other binaries). Builds the release
# binary, the bare axum baseline (`--example hello`) and the flow and webhook
# load generator (`--example load`) itself.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-20}"
duration="${DURATION:-10}"
connections="${CONNECTIONS:-50}"
flow_workers="${FLOW_WORKERS:-64}"
webhook_count="${WEBHOOK_COUNT:-500}"
threads="${THREADS:-2}"
console_rounds="${CONSOLE_ROUNDS:-3}"

# shellcheck source=benches/lib.sh
source benches/lib.sh
wrk="${WRK:-wrk}"; [[ -n "${WRK:-}" ]] || need wrk wrk
hyperfine="${HYPERFINE:-hyperfine}"; [[ -n "${HYPERFINE:-}" ]] || need hyperfine hyperfine

cargo build --release --quiet --bin payctl --example hello --example load
payctl="$PWD/target/release/payctl"
hello="$PWD/target/release/examples/hello"
loadgen="$PWD/target/release/examples/load"

scratch

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
anon_mb() { awk '/^RssAnon:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# Start-up: from spawning the process to its ready line, and to the first
# 200 from /health, fresh in-memory database each run; medians.
startup="$(python3 - "$payctl" "$runs" <<'PY'
import http.client, json, statistics, subprocess, sys, time
payctl, runs = sys.argv[1], int(sys.argv[2])
ready_ms, first_ok_ms = [], []
for _ in range(runs):
    t0 = time.perf_counter()
    p = subprocess.Popen([payctl, "sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0", "--rate-limit", "off"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = p.stdout.readline()
    t1 = time.perf_counter()
    host = json.loads(line)["base_url"].removeprefix("http://")
    while True:
        try:
            c = http.client.HTTPConnection(host, timeout=2)
            c.request("GET", "/health")
            if c.getresponse().status == 200:
                break
        except OSError:
            pass
    t2 = time.perf_counter()
    p.terminate(); p.wait()
    ready_ms.append((t1 - t0) * 1000); first_ok_ms.append((t2 - t0) * 1000)
print(f"{statistics.median(ready_ms):.1f} {statistics.median(first_ok_ms):.1f} {min(first_ok_ms):.1f} {max(first_ok_ms):.1f}")
PY
)"
read -r ready_med first_ok_med first_ok_min first_ok_max <<<"$startup"

# The sandbox under load: one customer, read by id over and over. Its idle
# memory first, started from a binary read from disk (see from_disk).
from_disk "$payctl"
start_sandbox "$payctl" "$work/ready"
field() { ready_field "$work/ready" "$1"; }
base_url="$(field base_url)"
key="$(field test_api_key)"
sleep 1
idle_rss="$(rss_mb "$sandbox_pid")"
idle_anon="$(anon_mb "$sandbox_pid")"
customer_id="$(bench_customer "$base_url" "$key")"

"$hello" 127.0.0.1:0 >"$work/hello" &
pids+=($!)
for _ in $(seq 1 100); do [[ -s "$work/hello" ]] && break; sleep 0.05; done
hello_url="$(head -n1 "$work/hello")"

# wrk's report: requests per second, p50, p99 (ms), non-2xx answers, requests.
load() {
    "$wrk" -t"$threads" -c"$connections" -d"${duration}s" --latency "$@" >"$work/wrk.out"
    wrk_report "$work/wrk.out"
}
read -r api_rps api_p50 api_p99 api_errors _ <<<"$(load -H "X-API-Key: $key" "$base_url/v1/customers/$customer_id")"
loaded_rss="$(rss_mb "$sandbox_pid")"
read -r hello_rps hello_p50 hello_p99 _ <<<"$(load "$hello_url/")"

# The same load with a console page open: a signed-in viewer refreshes the
# TEST application's request log page (the list wrk's requests land in) the
# way the page's script does, every 2 s; then 20 times as often, for the
# margin. Runs without, with, and with the busy viewer alternate, so drift
# over the run shows in no column alone; medians of CONSOLE_ROUNDS.
viewer() {
    "$loadgen" --base-url "$base_url" --key "$key" console --username "$(field username)" \
        --password "$(field password)" --application "$(field test_application_id)" \
        --seconds "$duration" --interval-ms "$1" >"$work/viewer-$1.json"
}
: >"$work/console.runs"
for _ in $(seq 1 "$console_rounds"); do
    read -r plain _ <<<"$(load -H "X-API-Key: $key" "$base_url/v1/customers/$customer_id")"
    viewer 2000 & viewer_pid=$!; pids+=("$viewer_pid")
    read -r open _ <<<"$(load -H "X-API-Key: $key" "$base_url/v1/customers/$customer_id")"
    wait "$viewer_pid"
    viewer 100 & viewer_pid=$!; pids+=("$viewer_pid")
    read -r busy _ <<<"$(load -H "X-API-Key: $key" "$base_url/v1/customers/$customer_id")"
    wait "$viewer_pid"
    echo "$plain $open $busy $(cat "$work/viewer-2000.json") $(cat "$work/viewer-100.json")" >>"$work/console.runs"
done
read -r console_plain console_open console_busy open_pct busy_pct page_p50 page_p99 busy_refreshes busy_p99 \
    console_errors <<<"$(python3 - "$work/console.runs" <<'PY'
import json, statistics, sys
rows = []
for line in open(sys.argv[1]):
    plain, open_, busy, rest = line.split(" ", 3)
    decoder = json.JSONDecoder()
    page, end = decoder.raw_decode(rest)
    hurried, _ = decoder.raw_decode(rest[end:].strip())
    rows.append((float(plain), float(open_), float(busy), page, hurried))
med = lambda xs: statistics.median(xs)
plain, open_, busy = (med([r[i] for r in rows]) for i in range(3))
pages = [r[3] for r in rows]
hurried = [r[4] for r in rows]
errors = sum(p["errors"] for p in pages + hurried)
print(f"{plain:.0f} {open_:.0f} {busy:.0f} {100 * open_ / plain:.1f} {100 * busy / plain:.1f} "
      f"{med([float(p['p50_ms']) for p in pages]):.2f} {med([float(p['p99_ms']) for p in pages]):.2f} "
      f"{med([h['refreshes'] for h in hurried]):.0f} {med([float(h['p99_ms']) for h in hurried]):.2f} {errors}")
PY
)"
ratio="$(python3 -c "print(f'{$api_rps / $hello_rps:.2f}')")"

# Full flows and webhook latency, on a file database (WAL, synchronous=FULL)
# in a fresh sandbox each: benches/load drives them (see its module doc).
flows_sandbox() {
    rm -f "$work/flows.db"* "$work/flows.ready"
    "$payctl" sandbox --db "$work/flows.db" --json --listen 127.0.0.1:0 --rate-limit off >"$work/flows.ready" 2>/dev/null &
    flows_pid=$!
    pids+=("$flows_pid")
    for _ in $(seq 1 100); do [[ -s "$work/flows.ready" ]] && break; sleep 0.05; done
    read -r sb_url sb_key <<<"$(python3 -c "import json,sys; r = json.loads(open(sys.argv[1]).readline()); print(r['base_url'], r['test_api_key'])" "$work/flows.ready")"
}
json_fields() { python3 -c "import json,sys; r = json.loads(sys.argv[1]); print(*(r[k] for k in sys.argv[2:]))" "$@"; }
flows_sandbox
flows_json="$("$loadgen" --base-url "$sb_url" --key "$sb_key" flows --concurrency "$flow_workers" --seconds "$duration")"
kill "$flows_pid"; wait "$flows_pid" 2>/dev/null || true
read -r flows_per_s flow_requests flow_p50 flow_p99 flow_errors <<<"$(json_fields "$flows_json" flows_per_s requests p50_ms p99_ms errors)"
flows_sandbox
hooks_json="$("$loadgen" --base-url "$sb_url" --key "$sb_key" webhooks --count "$webhook_count")"
kill "$flows_pid"; wait "$flows_pid" 2>/dev/null || true
read -r hook_count hook_missing hook_p50 hook_p99 hook_max <<<"$(json_fields "$hooks_json" deliveries missing p50_ms p99_ms max_ms)"

"$hyperfine" -N --warmup 5 --runs "$((runs * 5))" --export-json "$work/cli.json" "$payctl --version" >/dev/null 2>&1
cli_med="$(python3 -c "import json,sys; print(f\"{json.load(open(sys.argv[1]))['results'][0]['median'] * 1000:.1f}\")" "$work/cli.json")"

mem_total="$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
report="$(cat <<MD
Machine: $(nproc) CPUs ($cpu), $mem_total RAM, $(uname -sr); $(date -u +%Y-%m-%d).
Load: wrk, $threads threads, $connections connections, ${duration} s, on the same machine as the server.

| measure | result | target |
| --- | --- | --- |
| start-up to ready line (median of $runs) | ${ready_med} ms | |
| start-up to first 200 on /health (median of $runs; min ${first_ok_min}, max ${first_ok_max}) | ${first_ok_med} ms | < 50 ms |
| idle RSS after start (binary read from disk) | ${idle_rss} MB, of which ${idle_anon} MB private (anonymous) | < 20 MB |
| RSS after the load below | ${loaded_rss} MB | < 64 MB |
| GET /v1/customers/{id} (X-API-Key) | ${api_rps} req/s, p50 ${api_p50} ms, p99 ${api_p99} ms, ${api_errors} non-2xx | >= 25,000 req/s |
| bare axum hello (same run) | ${hello_rps} req/s, p50 ${hello_p50} ms, p99 ${hello_p99} ms | |
| ratio sandbox / hello | ${ratio} | >= 0.20 |
| the same GET, no console page open (median of $console_rounds runs alternating with the two below) | ${console_plain} req/s | |
| the same GET with a console page open (request log page refreshed every 2 s, as its script does) | ${console_open} req/s (${open_pct} %); page refresh p50 ${page_p50} ms, p99 ${page_p99} ms | no drop beyond run-to-run noise |
| the same GET with the page refreshed every 100 ms (20 times the script's rate) | ${console_busy} req/s (${busy_pct} %); ${busy_refreshes} refreshes per run, p99 ${busy_p99} ms; ${console_errors} failed refreshes | |
| full flows (quote, accept, transaction; file DB; $flow_workers workers, ${duration} s) | ${flows_per_s} flows/s; per request p50 ${flow_p50} ms, p99 ${flow_p99} ms; ${flow_errors} errors of ${flow_requests} requests | >= 2,000 flows/s, p99 < 50 ms |
| webhook delivery, POST /v1/transactions sent to receiver's 200 ($hook_count of $webhook_count; ${hook_missing} missing) | p50 ${hook_p50} ms, p99 ${hook_p99} ms, max ${hook_max} ms | p99 < 50 ms |
| payctl --version (median of $((runs * 5))) | ${cli_med} ms | < 10 ms |
MD
)"
mkdir -p target
printf '%s\n' "$report" | tee target/bench-report.md
