#!/usr/bin/env bash
# What `payctl proxy` adds to a call, on the machine this runs on: the
# latency of GET /v1/customers/{id} straight to a sandbox and through a proxy
# in front of it (contract checks on, no recording), one request at a time on
# a kept-alive connection, in alternating blocks of one run; prints a
# Markdown table (also written to target/bench-proxy.md).
#
#   benches/proxy.sh                  # 5,000 requests each way
#   REQUESTS=20000 benches/proxy.sh
#
# Needs python3. Builds the release binary and the load generator
# (`--example load`, its `latency` measure) itself.
set -euo pipefail
cd "$(dirname "$0")/.."

requests="${REQUESTS:-5000}"

# shellcheck source=benches/lib.sh
source benches/lib.sh

cargo build --release --quiet --bin payctl --example load
payctl="$PWD/target/release/payctl"
loadgen="$PWD/target/release/examples/load"

scratch

"$payctl" sandbox --in-memory --json --listen 127.0.0.1:0 --rate-limit off >"$work/ready" 2>/dev/null &
pids+=($!)
for _ in $(seq 1 100); do [[ -s "$work/ready" ]] && break; sleep 0.05; done
read -r base_url key <<<"$(python3 -c "import json,sys; r = json.loads(open(sys.argv[1]).readline()); print(r['base_url'], r['test_api_key'])" "$work/ready")"

"$payctl" proxy --upstream "$base_url" --listen 127.0.0.1:0 2>"$work/proxy.err" &
pids+=($!)
for _ in $(seq 1 100); do grep -q '^Proxy listening on ' "$work/proxy.err" 2>/dev/null && break; sleep 0.05; done
proxy_url="$(sed -n 's/^Proxy listening on \(http:[^,]*\),.*/\1/p' "$work/proxy.err")"

result="$("$loadgen" --base-url "$base_url" --key "$key" latency --proxy "$proxy_url" --requests "$requests")"
read -r n d50 d99 p50 p99 a50 a99 errors violations <<<"$(python3 -c "import json,sys; r = json.loads(sys.argv[1]); print(*(r[k] for k in ['requests','direct_p50_ms','direct_p99_ms','proxy_p50_ms','proxy_p99_ms','added_p50_ms','added_p99_ms','errors','violations']))" "$result")"

mem_total="$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
report="$(cat <<MD
Machine: $(nproc) CPUs ($cpu), $mem_total RAM, $(uname -sr); $(date -u +%Y-%m-%d).
GET /v1/customers/{id} with X-API-Key, $n requests each way, one at a time on one kept-alive connection, alternating blocks.

| measure | p50 | p99 | target |
| --- | --- | --- | --- |
| straight to the sandbox | ${d50} ms | ${d99} ms | |
| through payctl proxy (checks on, no recording) | ${p50} ms | ${p99} ms | |
| added by the proxy | ${a50} ms | ${a99} ms | p50 < 1 ms |

Errors: ${errors}; answers through the proxy reporting a violation: ${violations}.
MD
)"
mkdir -p target
printf '%s\n' "$report" | tee target/bench-proxy.md
