#!/usr/bin/env bash
# What fault rules cost a request they do not match: GET /v1/customers/{id}
# throughput with no rule installed, and with RULES rules of the same TEST
# application that do not match it (other operations, other methods, other
# paths), in ROUNDS rounds that alternate the two on one sandbox process, so
# the same binary and the same warm process serve both columns and drift over
# the run shows in neither alone. Prints a Markdown table (also written to
# target/bench-faults.md).
#
#   benches/faults.sh                       # 5 rounds, 10 s of load each way
#   ROUNDS=9 DURATION=20 RULES=100 benches/faults.sh
#
# Needs python3 and curl; installs wrk with apt-get when it is missing (or set
# WRK). Builds the release binary itself.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-5}"
duration="${DURATION:-10}"
rules="${RULES:-100}"
connections="${CONNECTIONS:-50}"
threads="${THREADS:-2}"

# shellcheck source=benches/lib.sh
source benches/lib.sh
wrk="${WRK:-wrk}"; [[ -n "${WRK:-}" ]] || need wrk wrk

cargo build --release --quiet --bin payctl
payctl="$PWD/target/release/payctl"

scratch

start_sandbox "$payctl" "$work/ready"
base_url="$(ready_field "$work/ready" base_url)"
key="$(ready_field "$work/ready" test_api_key)"
target="$base_url/v1/customers/$(bench_customer "$base_url" "$key")"

# RULES rules of the key's application, none of which matches the GET:
# by operation id (the others of the partner API), by method, by path.
install() {
    python3 - "$base_url" "$key" "$rules" <<'PY'
import http.client, json, sys
base, key, count = sys.argv[1].removeprefix("http://"), sys.argv[2], int(sys.argv[3])
ops = ["createCustomer", "listCustomers", "createTransaction", "listTransactions", "getTransaction",
       "createBeneficiary", "listBeneficiaries", "getBeneficiary", "createWebhook", "listWebhooks", "getWebhook",
       "updateWebhook", "deleteWebhook", "createPayin", "createPayout", "createBridge", "createSwap", "getSwap",
       "listBalances", "createAccount", "listAccounts", "getAccount", "createTransactionQuote", "getTransactionQuote"]
paths = ["/v1/transactions/{id}", "/v1/webhooks/{id}", "/v1/beneficiaries/{id}", "/v1/accounts/{id}"]
methods = ["POST", "PATCH", "DELETE"]
conn = http.client.HTTPConnection(base, timeout=10)
for n in range(count):
    match = [{"operation_id": ops[n % len(ops)]}, {"method": methods[n % len(methods)]},
             {"path": paths[n % len(paths)]}][n % 3]
    body = json.dumps({"match": match, "fault": {"kind": "error", "status": 503}})
    conn.request("POST", "/sandbox/faults", body, {"X-API-Key": key, "Content-Type": "application/json"})
    response = conn.getresponse()
    answer = response.read()
    if response.status != 201:
        sys.exit(f"rule {n}: {response.status} {answer!r}")
PY
}
remove_rules() { curl -fsS -X DELETE "$base_url/sandbox/faults" -H "X-API-Key: $key"; }
# Matched, fired: what the installed rules saw of the load (both must be 0).
seen() {
    curl -fsS "$base_url/sandbox/faults" -H "X-API-Key: $key" |
        python3 -c "import json,sys; d = json.load(sys.stdin)['data']; print(len(d), sum(r['matched'] for r in d), sum(r['hits'] for r in d))"
}

# The sandbox's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$sandbox_pid/stat"; }

# wrk's report (requests per second, p50, p99 in ms, non-2xx answers) and
# the sandbox's CPU time per request in microseconds. Other processes on a
# shared machine move the first three from run to run; they barely move the
# last, which counts only what the sandbox itself spent.
load() {
    local before after rps p50 p99 errors requests
    before="$(cpu_ticks)"
    "$wrk" -t"$threads" -c"$connections" -d"${duration}s" --latency -H "X-API-Key: $key" "$target" >"$work/wrk.out"
    after="$(cpu_ticks)"
    read -r rps p50 p99 errors requests <<<"$(wrk_report "$work/wrk.out")"
    echo "$rps $p50 $p99 $errors $(python3 -c "print(f'{($after - $before) / $(getconf CLK_TCK) * 1e6 / max($requests, 1):.2f}')")"
}

load >/dev/null # warm-up
: >"$work/rounds"
for _ in $(seq 1 "$rounds"); do
    read -r none_rps none_p50 none_p99 none_errors none_cpu <<<"$(load)"
    install
    read -r with_rps with_p50 with_p99 with_errors with_cpu <<<"$(load)"
    read -r installed matched hits <<<"$(seen)"
    remove_rules
    echo "$none_rps $none_p50 $none_p99 $none_errors $with_rps $with_p50 $with_p99 $with_errors $installed $matched $hits" \
        "$none_cpu $with_cpu" >>"$work/rounds"
done
summary="$(python3 - "$work/rounds" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = lambda i: statistics.median(r[i] for r in rows)
ratios = [r[4] / r[0] for r in rows]
cpu = [r[11] / r[12] for r in rows]
print(f"{med(0):.0f} {med(1):.2f} {med(2):.2f} {med(4):.0f} {med(5):.2f} {med(6):.2f} "
      f"{100 * med(4) / med(0):.1f} {100 * statistics.median(ratios):.1f} "
      f"{100 * min(ratios):.1f} {100 * max(ratios):.1f} "
      f"{sum(r[3] + r[7] for r in rows):.0f} {min(r[8] for r in rows):.0f} {sum(r[9] + r[10] for r in rows):.0f} "
      f"{med(11):.2f} {med(12):.2f} {100 * med(11) / med(12):.1f} {100 * min(cpu):.1f} {100 * max(cpu):.1f}")
PY
)"
read -r none_rps none_p50 none_p99 with_rps with_p50 with_p99 pct pct_rounds pct_min pct_max errors installed seen_total \
    none_cpu with_cpu cpu_pct cpu_min cpu_max <<<"$summary"

cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
report="$(cat <<MD
Machine: $(nproc) CPUs ($cpu), $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(date -u +%Y-%m-%d).
Load: wrk, $threads threads, $connections connections, ${duration} s per run, $rounds rounds alternating the two rows on one sandbox (in-memory, \`--rate-limit off\`).

| GET /v1/customers/{id} (X-API-Key) | median req/s | p50 | p99 | sandbox CPU per request |
| --- | --- | --- | --- | --- |
| no fault rule | ${none_rps} | ${none_p50} ms | ${none_p99} ms | ${none_cpu} µs |
| ${rules} rules of the application that do not match it | ${with_rps} | ${with_p50} ms | ${with_p99} ms | ${with_cpu} µs |
| with rules / without (target: within 5 %) | ${pct} % (medians); per round: median ${pct_rounds} %, ${pct_min} to ${pct_max} % | | | ${cpu_pct} % of the throughput a CPU-second buys (medians); per round ${cpu_min} to ${cpu_max} % |

${errors} non-2xx answers; ${installed} rules installed in each round, which matched and fired ${seen_total} times in all.
MD
)"
mkdir -p target
printf '%s\n' "$report" | tee target/bench-faults.md
