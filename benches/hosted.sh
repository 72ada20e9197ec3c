#!/usr/bin/env bash
# The hosted mode's figures (BENCHMARKS.md, "A shared sandbox on PostgreSQL"),
# in one run on one machine:
#
# - start-up: spawning `payctl sandbox` to the first 200 of GET /ready, on a
#   PostgreSQL database already migrated and seeded (the case of a process
#   joining or restarting), against a used SQLite file and --in-memory;
#   alternating, median of RUNS each;
# - throughput: the authenticated GET (wrk) and full flows (quote, accept,
#   transaction: `load flows`) through HAProxy (as .ci/hosted/haproxy.sh
#   runs it) to two processes on one PostgreSQL database, to one process on
#   it, and to one process on SQLite (the default), each for DURATION s.
#
#   benches/hosted.sh [PAYCTL]        # default target/release/payctl
#
# Needs Debian's postgresql-15 and haproxy (the .ci/hosted scripts install
# them), wrk, and the load generator (cargo build --release --example load).
# The load generator, HAProxy, the processes and PostgreSQL share the
# machine's cores: read the figures against each other, not as capacity.
set -euo pipefail
cd "$(dirname "$0")/.."
payctl="$(realpath "${1:-target/release/payctl}")"
load="$(realpath "${LOADGEN:-target/release/examples/load}")"
runs="${RUNS:-15}" duration="${DURATION:-10}" connections="${CONNECTIONS:-32}"
work="$(mktemp -d)"
chmod 755 "$work" # the postgres user goes through it to its data directory
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    bash .ci/hosted/haproxy.sh stop "$work/haproxy" >/dev/null 2>&1 || true
    bash .ci/hosted/postgres.sh stop "$work/pg" >/dev/null 2>&1 || true
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

admin="$(bash .ci/hosted/postgres.sh start "$work/pg" "$(free_port)")"
psql "$admin" -qc "CREATE SCHEMA bench" >/dev/null
pg_url="$admin?options=-csearch_path%3Dbench"
key_file="$work/sandbox.key"
sqlite_db="$work/sandbox.db"

# One start of each, so the start-ups below find the database migrated and seeded.
for db in "$pg_url" "$sqlite_db"; do
    "$payctl" sandbox --db "$db" --key-file "$key_file.$([[ $db == postgres* ]] && echo pg || echo sqlite)" \
        --json --listen 127.0.0.1:0 >"$work/first.json" 2>/dev/null &
    pid=$!
    until [[ -s $work/first.json ]]; do sleep 0.05; done
    kill "$pid"; wait "$pid" || true
    rm -f "$work/first.json"
done

startup=$(python3 - "$payctl" "$runs" "$pg_url" "$key_file" "$sqlite_db" <<'PY'
import http.client, json, statistics, subprocess, sys, time
payctl, runs, pg_url, key_file, sqlite_db = sys.argv[1], int(sys.argv[2]), *sys.argv[3:]
ways = {
    "postgresql": ["--db", pg_url, "--key-file", key_file + ".pg"],
    "sqlite": ["--db", sqlite_db, "--key-file", key_file + ".sqlite"],
    "memory": ["--in-memory"],
}
def first_ready(where):
    t0 = time.perf_counter()
    p = subprocess.Popen([payctl, "sandbox", *where, "--json", "--listen", "127.0.0.1:0"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    host = json.loads(p.stdout.readline())["base_url"].removeprefix("http://")
    while True:
        try:
            c = http.client.HTTPConnection(host, timeout=2)
            c.request("GET", "/ready")
            if c.getresponse().status == 200:
                break
        except OSError:
            pass
    t = (time.perf_counter() - t0) * 1000
    p.terminate(); p.wait()
    return t
times = {way: [] for way in ways}
for n in range(runs + 1):
    for way, where in ways.items():
        t = first_ready(where)
        if n:  # the first round warms the page cache for all
            times[way].append(t)
print(" ".join(f"{statistics.median(times[w]):.1f}" for w in ways))
PY
)
read -r start_pg start_sqlite start_memory <<<"$startup"

# start_process DB PORT KEYFILE: a process listening on PORT; waits for its ready line.
start_process() {
    "$payctl" sandbox --db "$1" --key-file "$3" --rate-limit off --json --listen "127.0.0.1:$2" \
        >"$work/ready-$2.json" 2>"$work/log-$2.txt" &
    pids+=($!)
    until [[ -s $work/ready-$2.json ]]; do sleep 0.05; done
}
stop_processes() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    pids=()
    bash .ci/hosted/haproxy.sh stop "$work/haproxy" >/dev/null 2>&1 || true
}
field() { python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())[sys.argv[2]])" "$1" "$2"; }

# measure NAME DB KEYFILE PROCESSES: GET and flows through HAProxy; one line of figures.
measure() {
    local ports=() servers=() front
    for _ in $(seq "$4"); do
        local port; port=$(free_port)
        start_process "$2" "$port" "$3"
        ports+=("$port"); servers+=("127.0.0.1:$port")
    done
    front=$(free_port)
    bash .ci/hosted/haproxy.sh start "$work/haproxy" "$front" "${servers[@]}" >/dev/null
    sleep 1.5 # two passed health checks
    local base="http://127.0.0.1:$front" key
    key=$(field "$work/ready-${ports[0]}.json" test_api_key)
    local customer
    customer=$(curl -fsS "$base/v1/customers" -H "X-API-Key: $key" -H 'Content-Type: application/json' \
        -d '{"type":"business","legal_name":"Bench Trading LLC","email":"bench@example.com","country":"AE","verification_level":"standard","tax_id":"TRN-1"}' |
        python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")
    wrk -t2 -c"$connections" -d2s -H "X-API-Key: $key" "$base/v1/customers/$customer" >/dev/null # warm
    wrk -t2 -c"$connections" -d"${duration}s" --latency -H "X-API-Key: $key" "$base/v1/customers/$customer" >"$work/wrk.out"
    local get; get=$(python3 - "$work/wrk.out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(v):
    n, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", v).groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p = {k: ms(v) for k, v in re.findall(r"^\s+(50|99)%\s+(\S+)", text, re.M)}
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{rps:.0f} {p['50']:.2f} {p['99']:.2f} {non2xx.group(1) if non2xx else 0}")
PY
)
    local flows; flows=$("$load" --base-url "$base" --key "$key" flows --concurrency "$connections" --seconds "$duration" |
        python3 -c "import json,sys; d=json.load(sys.stdin); print(d['flows_per_s'], d['p50_ms'], d['p99_ms'], d['errors'])")
    stop_processes
    echo "$1 $get $flows"
}

results=()
results+=("$(measure sqlite "$work/throughput.db" "$work/throughput.key" 1)")
psql "$admin" -qc "CREATE SCHEMA one" >/dev/null
results+=("$(measure pg-1 "$admin?options=-csearch_path%3Done" "$work/one.key" 1)")
psql "$admin" -qc "CREATE SCHEMA two" >/dev/null
results+=("$(measure pg-2 "$admin?options=-csearch_path%3Dtwo" "$work/two.key" 2)")

cat <<EOF
$(date -u +%F), $(nproc) cores; payctl $("$payctl" --version | awk '{print $2}'); PostgreSQL $(psql "$admin" -tAc 'SHOW server_version' | cut -d' ' -f1); HAProxy $(haproxy -v | head -1 | awk '{print $3}')

| start-up to the first 200 of GET /ready (median of $runs) | ms |
|---|---|
| PostgreSQL, migrated and seeded | $start_pg |
| SQLite, a used database file | $start_sqlite |
| --in-memory | $start_memory |

Through HAProxy, wrk -t2 -c$connections and load flows --concurrency $connections, ${duration} s each:

| backend | GET req/s | GET p50 ms | GET p99 ms | GET non-2xx | flows/s | flow p50 ms | flow p99 ms | flow errors |
|---|---|---|---|---|---|---|---|---|
EOF
for line in "${results[@]}"; do
    read -r name rps p50 p99 bad fps fp50 fp99 ferr <<<"$line"
    case $name in
        sqlite) label="one process, SQLite (the default)" ;;
        pg-1) label="one process, PostgreSQL" ;;
        pg-2) label="two processes, one PostgreSQL database" ;;
    esac
    echo "| $label | $rps | $p50 | $p99 | $bad | $fps | $fp50 | $fp99 | $ferr |"
done
