# What the benchmark scripts share; sourced by them, not run: installing a
# missing tool, starting a sandbox and reading its ready line, the customer
# the GET load reads, and wrk's report.

# need COMMAND PACKAGE: installs PACKAGE with apt-get when COMMAND is missing.
need() {
    command -v "$1" >/dev/null && return
    if command -v apt-get >/dev/null; then
        echo "installing $2 with apt-get" >&2
        if [[ $(id -u) -eq 0 ]]; then apt-get install -y -qq "$2" >/dev/null; else sudo apt-get install -y -qq "$2" >/dev/null; fi
    fi
    command -v "$1" >/dev/null || { echo "$1 is required (package $2)" >&2; exit 1; }
}

# scratch: a temporary directory in $work and the background processes in
# $pids (append to it), both gone when the script exits however it ends.
scratch() {
    work="$(mktemp -d)"
    pids=()
    trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
}

# from_disk FILE: FILE's pages out of the page cache, so the next start reads
# it from disk. A file just written (by the build, by pip) sits in the cache
# in large folios, which the kernel maps whole on a fault: the same program
# then shows 3-4 MB more of its code resident (BENCHMARKS.md, "Idle memory").
from_disk() {
    sync "$1"
    python3 -c 'import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$1"
}

# start_sandbox PAYCTL READY_FILE: an in-memory sandbox without rate limits
# in the background, its ready line in READY_FILE; sets sandbox_pid.
start_sandbox() {
    "$1" sandbox --in-memory --json --listen 127.0.0.1:0 --rate-limit off >"$2" 2>/dev/null &
    pids+=($!); sandbox_pid=$!
    for _ in $(seq 1 100); do [[ -s "$2" ]] && break; sleep 0.05; done
}

# ready_field FILE NAME: a field of the ready line in FILE.
ready_field() { python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())[sys.argv[2]])" "$1" "$2"; }

# bench_customer BASE_URL KEY: creates the customer the GET load reads; prints its id.
bench_customer() {
    curl -fsS "$1/v1/customers" -H "X-API-Key: $2" -H 'Content-Type: application/json' -H "Idempotency-Key: bench-$$" \
        -d '{"type":"business","legal_name":"Bench Trading LLC","email":"bench@example.com","country":"AE","verification_level":"standard","tax_id":"TRN-1"}' |
        python3 -c "import json,sys; print(json.load(sys.stdin)['id'])"
}

# wrk_report FILE: wrk's report ("Requests/sec: N" and the "Latency
# Distribution" table) as: requests per second, p50 and p99 (ms), non-2xx
# answers, requests completed.
wrk_report() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(v):
    n, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", v).groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
requests = int(re.search(r"(\d+) requests in", text).group(1))
p = {k: ms(v) for k, v in re.findall(r"^\s+(50|99)%\s+(\S+)", text, re.M)}
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{rps:.0f} {p['50']:.2f} {p['99']:.2f} {non2xx.group(1) if non2xx else 0} {requests}")
PY
}
