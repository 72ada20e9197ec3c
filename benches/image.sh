#!/usr/bin/env bash
# The container image's share of benches/dist.sh: its archive's size,
# `podman load` of it, and from `podman run` (the default command,
# published on loopback) to the first 200 of GET /v1/customers with the
# banner's TEST key, then `podman stop`; RUNS times (default 5), podman's
# storage in a temporary directory. Prints Markdown rows.
#
#   benches/image.sh target/dist/payctl-VERSION-image-linux-amd64.tar
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
archive="$(realpath "$1")"
runs="${RUNS:-5}"
work="$(mktemp -d)"
# shellcheck source=.ci/dist/lib.sh
source "$root/.ci/dist/lib.sh"
podman_env "$work"
name="payctl-bench-$$"
# Whichever step fails (a run, the wait for its banner, a stop), the
# containers and their mounts go before the storage does.
trap 'podman_clean "$work"; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Seconds since $1 (an $EPOCHREALTIME).
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'; }

started=$EPOCHREALTIME
image="$(podman load --quiet -i "$archive" | sed -n 's|^Loaded image: \(.*/payctl:[^-]*\)$|\1|p' | head -1)"
load=$(since "$started")

samples=()
stops=()
for _ in $(seq "$runs"); do
    started=$EPOCHREALTIME
    podman run --detach --name "$name" --publish 127.0.0.1::4242 --health-interval disable "$image" >/dev/null
    waited=0
    until podman logs "$name" 2>&1 | grep -q "TEST API key"; do
        (( waited++ < 1500 )) || { echo "no banner in 30 s: $(podman logs "$name" 2>&1 | tail -5)" >&2; exit 1; }
        sleep 0.02
    done
    port="$(podman port "$name" 4242/tcp | sed 's/.*://')"
    key="$(podman logs "$name" 2>&1 | sed -n 's/^ *TEST API key *\(sk_test_[^ ]*\).*/\1/p')"
    waited=0
    until [[ $(curl -s -o /dev/null -w '%{http_code}' -H "X-API-Key: $key" "http://127.0.0.1:$port/v1/customers") == 200 ]]; do
        (( waited++ < 1500 )) || { echo "no 200 from 127.0.0.1:$port in 30 s" >&2; exit 1; }
        sleep 0.02
    done
    samples+=("$(since "$started")")
    started=$EPOCHREALTIME
    podman stop --time 20 "$name" >/dev/null
    stops+=("$(since "$started")")
    [[ $(podman inspect --format '{{.State.ExitCode}}' "$name") == 0 ]] || { echo "exit code not 0" >&2; exit 1; }
    podman rm "$name" >/dev/null
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { m = a[int((NR + 1) / 2)]; printf "%.2f s (min %.2f, max %.2f)", m, a[1], a[NR] }'; }
echo "| image \`$(basename "$archive")\` | $(($(wc -c <"$archive") / 1048576)) MiB (uncompressed docker-archive) |"
echo "| \`podman load\` of it | $(printf '%.2f' "$load") s |"
echo "| from \`podman run\` to the first 200 (median of $runs) | $(median "${samples[@]}") |"
echo "| \`podman stop\` (SIGTERM) to exit 0 (median of $runs) | $(median "${stops[@]}") |"
