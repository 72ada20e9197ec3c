#!/usr/bin/env bash
# One partner using up what every partner shares, against another partner's
# latency, for this build and (with BASELINE) another, alternating in one
# run; prints a Markdown table of medians (also written to
# target/bounds-report.md, every run's JSON to target/bounds-runs.jsonl).
#
#   BASELINE=/path/to/older/payctl benches/bounds.sh
#   THIS=/path/to/payctl LOADGEN=target/debug/examples/load benches/bounds.sh   # builds made elsewhere
#   REVIEW_ROUNDS=5 REVIEW_ARGS="--requests 10000 --seconds 8" LOADS=review benches/bounds.sh
#   ROUNDS=3 LOADS="partners review rules held usernames" benches/bounds.sh   # defaults shown
#
# Each load runs against a fresh in-memory sandbox (`--rate-limit off`)
# started with the usual soft limit of 1,024 open files (`ulimit -Sn 1024`),
# by the load generator's `bounds` measures (`benches/load/bounds.rs`):
# - partners: 40 applications of partner A, 4 endpoints each at a port that
#   never accepts, 10 events each; partner B's 20 deliveries, trigger to
#   arrival;
# - review: 50,000 logged requests reviewed (time, peak memory), 2,000 of
#   60 KB URLs reviewed, and partner B's writes alone, beside 4 looping
#   reviews of A with nothing new, and beside 4 looping reviews while A logs,
#   in REVIEW_ROUNDS rounds (default 5) of 10 s phases: alone, beside
#   reviews, beside as many looping plain GETs (the same traffic without a
#   review), beside reviews while A logs; each round's figures are printed
#   too;
# - rules: partner B's reads with no rule, then with up to 10,000 small
#   rules of A; then 200 rules of A with 900 KB paths and the memory after;
# - held: 1,100 requests of A held by a one-minute latency fault, then 1,100
#   sign-ins whose body stops arriving, and B's reads meanwhile;
# - usernames: 450 failed sign-ins with 1 MB usernames from rotating
#   127.0.x.y addresses (memory), then 60 wrong passwords from 60 loopback
#   addresses (how many are checked);
# - bodies and bodies-file (not in the default LOADS): 1,000 requests of A
#   with 500 KB bodies over four applications, and the sandbox's memory
#   before and after (its in-memory database holds what the log keeps of
#   them); bodies-file the same on a database file, and the file's size
#   (with its WAL) after.
#
# Needs python3. Builds the release binary and the load generator itself.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/lib.sh

rounds="${ROUNDS:-3}"
loads="${LOADS:-partners review rules held usernames}"

# THIS and LOADGEN name builds made elsewhere (the release build is then not made here).
if [[ -z ${THIS:-} || -z ${LOADGEN:-} ]]; then cargo build --release --quiet --bin payctl --example load; fi
loadgen="${LOADGEN:-$PWD/target/release/examples/load}"
builds=("this=${THIS:-$PWD/target/release/payctl}")
[[ -n "${BASELINE:-}" ]] && builds+=("baseline=$BASELINE")
scratch
runs="target/bounds-runs.jsonl"
: > "$runs"

# A fresh sandbox of build $1 with the usual soft limit on open files, in
# memory, or on the database file $2.
start() {
    ready="$work/ready.json"
    : > "$ready"
    local storage=(--in-memory)
    [[ -z ${2:-} ]] || { rm -f "$2" "$2"-*; storage=(--db "$2"); }
    (ulimit -Sn 1024; exec "$1" sandbox "${storage[@]}" --json --listen 127.0.0.1:0 --rate-limit off) \
        > "$ready" 2> "$work/sandbox.log" &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 200); do [[ -s "$ready" ]] && break; sleep 0.05; done
    [[ -s "$ready" ]] || { cat "$work/sandbox.log" >&2; exit 1; }
}
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
# Arguments of a load beyond its defaults.
load_args() { [[ $1 != review ]] || echo "--rounds ${REVIEW_ROUNDS:-5} ${REVIEW_ARGS:-}"; }

for round in $(seq "$rounds"); do
    # Alternate which build goes first, so drift over the run touches both alike.
    order=("${builds[@]}")
    if (( round % 2 == 0 )) && (( ${#builds[@]} > 1 )); then order=("${builds[1]}" "${builds[0]}"); fi
    for load in $loads; do
        for build in "${order[@]}"; do
            name="${build%%=*}"; payctl="${build#*=}"
            # The bodies load twice: in memory (the process's memory holds
            # the database), then on a file (its size on disk).
            db=
            if [[ $load == bodies-file ]]; then db="$work/bodies.db"; fi
            start "$payctl" "$db"
            echo "round $round: $load, $name" >&2
            out="$("$loadgen" --base-url "$(ready_field "$ready" base_url)" --key "$(ready_field "$ready" test_api_key)" \
                bounds --username "$(ready_field "$ready" username)" --password "$(ready_field "$ready" password)" \
                --control "$(ready_field "$ready" control_token)" --pid "$pid" "${load%-file}" $(load_args "$load") ||
                echo '{"error": "the load failed"}')"
            if [[ -n $db ]]; then
                out="$(python3 -c 'import glob, json, os, sys; r = json.loads(sys.argv[1]); r["db_mb"] = round(sum(os.path.getsize(f) for f in glob.glob(sys.argv[2] + "*")) / 1048576, 1); print(json.dumps(r))' "$out" "$db")"
            fi
            stop
            printf '{"round": %s, "build": "%s", "load": "%s", "result": %s}\n' "$round" "$name" "$load" "$out" >> "$runs"
        done
    done
done

report="target/bounds-report.md"
python3 - "$runs" <<'PY' | tee "$report"
import json, statistics, subprocess, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
def med(values):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    m = statistics.median(values)
    return f"{m:.1f}" if isinstance(m, float) else str(m)
def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None
def get(r, path):
    for k in path.split("."):
        if not isinstance(r, dict) or k not in r:
            return None
        r = r[k]
    return num(r) if not isinstance(r, (dict, list)) else r
rows = [
    ("partners", "B's deliveries behind A's 160 hanging endpoints: p50 late (ms)", "b_late.p50_ms"),
    ("partners", "B's deliveries: max late (ms)", "b_late.max_ms"),
    ("partners", "B's deliveries arrived (of 20)", "b_delivered"),
    ("review", "review of 50,000 logged requests (ms)", "review.ms"),
    ("review", "peak RSS over it (MB)", "review.peak_mb"),
    ("review", "review of 2,000 requests with 60 KB URLs (ms)", "long_review.ms"),
    ("review", "peak RSS over it (MB)", "long_review.peak_mb"),
    ("review", "B's writes alone: p50 / p99 (ms)", ("b_writes_alone.p50_ms", "b_writes_alone.p99_ms")),
    ("review", "B's writes beside 4 looping reviews, nothing new logged: p50 / p99 (ms)",
     ("b_writes_beside_reviews_nothing_new.p50_ms", "b_writes_beside_reviews_nothing_new.p99_ms")),
    ("review", "B's writes beside 4 clients looping on GET /v1/customers (no review): p50 / p99 (ms)",
     ("b_writes_beside_looping_gets.p50_ms", "b_writes_beside_looping_gets.p99_ms")),
    ("review", "B's writes beside 4 looping reviews while A logs: p50 / p99 (ms)",
     ("b_writes_beside_reviews_while_logging.p50_ms", "b_writes_beside_reviews_while_logging.p99_ms")),
    ("rules", "B's reads, no rule: p50 / p95 (ms)", ("b_reads_no_rules.p50_ms", "b_reads_no_rules.p95_ms")),
    ("rules", "small rules of A accepted (of 10,000 asked)", "small_rules_accepted"),
    ("rules", "B's reads with A's rules: p50 / p95 (ms)", ("b_reads_with_rules.p50_ms", "b_reads_with_rules.p95_ms")),
    ("rules", "rules with 900 KB paths accepted (of 200)", "big_rules_accepted"),
    ("rules", "RSS before / after them (MB)", ("rss_before_big_mb", "rss_after_big_mb")),
    ("held", "A's held requests answered at once (of 1,100)", "answered_at_once"),
    ("held", "B's reads while A holds them: answered (of 5), p50 (ms)", ("b_reads_while_held.n", "b_reads_while_held.p50_ms")),
    ("held", "B's reads while 1,100 sign-in bodies hang: answered (of 5), p50 (ms)",
     ("b_reads_while_partial_bodies.n", "b_reads_while_partial_bodies.p50_ms")),
    ("usernames", "450 sign-ins with 1 MB usernames: seconds", "seconds"),
    ("usernames", "RSS before / after / peak (MB)", ("rss_before_mb", "rss_after_mb", "peak_mb")),
    ("usernames", "wrong passwords from 60 loopback addresses: checked", "rotating_addresses.checked"),
    ("bodies", "1,000 bodies of 500 KB over 4 applications: seconds", "seconds"),
    ("bodies", "RSS before / after / peak (MB)", ("rss_before_mb", "rss_after_mb", "peak_mb")),
    ("bodies-file", "the same on a database file: seconds", "seconds"),
    ("bodies-file", "database file with its WAL after (MB)", "db_mb"),
]
builds = []
for r in runs:
    if r["build"] not in builds:
        builds.append(r["build"])
rounds = max(r["round"] for r in runs)
load = subprocess.run(["cat", "/proc/loadavg"], capture_output=True, text=True).stdout.split()[:3]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"Machine: {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} CPUs ({cpu}), "
      f"load average {' '.join(load)} at the end. {rounds} round(s), builds alternating; medians of the rounds.")
print()
print("| load | measure | " + " | ".join(builds) + " |")
print("| --- | --- | " + " | ".join("---" for _ in builds) + " |")
for load, label, path in rows:
    cells = []
    for b in builds:
        results = [r["result"] for r in runs if r["build"] == b and r["load"] == load]
        paths = path if isinstance(path, tuple) else (path,)
        cells.append(" / ".join(med([get(x, p) for x in results]) for p in paths))
    if any(c.strip("-/ ") for c in cells):
        print(f"| {load} | {label} | " + " | ".join(cells) + " |")
phases = [("b_writes_alone", "alone"), ("b_writes_beside_reviews_nothing_new", "beside reviews"),
          ("b_writes_beside_looping_gets", "beside looping GETs"),
          ("b_writes_beside_reviews_while_logging", "beside reviews while A logs")]
inner = [r for r in runs if r["load"] == "review" and isinstance(r["result"].get("rounds"), list)]
if inner:
    print()
    print("B's writes, p50 / p99 (ms), each phase of each round in the order run:")
    print()
    print("| build | round | " + " | ".join(label for _, label in phases) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in phases) + " |")
    for r in inner:
        for i, one in enumerate(r["result"]["rounds"], 1):
            cells = [f"{float(one[p]['p50_ms']):.1f} / {float(one[p]['p99_ms']):.1f}" for p, _ in phases]
            print(f"| {r['build']} | {r['round']}.{i} | " + " | ".join(cells) + " |")
PY
