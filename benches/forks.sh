#!/usr/bin/env bash
# Forks, snapshots and a fork-per-test pytest suite, with the release build;
# prints Markdown tables (BENCHMARKS.md, "Forks and snapshots").
#
#   benches/forks.sh                      # worlds of 100, 500, 1,000 and 10,000; 5 runs of each figure
#   SIZES=100,1000 RUNS=3 benches/forks.sh
#   BASELINE=/path/to/other/payctl SIZES=1000 RUNS=9 benches/forks.sh   # this build against another, in turn
#   POSTGRES_URL=$(bash .ci/hosted/postgres.sh start /tmp/pg 55432) benches/forks.sh   # on PostgreSQL too
#
# Needs a python3 with pytest (PYTHON=/path/to/venv/bin/python; the suites
# load the plugin from python/, not from an installed wheel).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin payctl
"${PYTHON:-python3}" benches/forks.py "$PWD/target/release/payctl" "${SIZES:-100,500,1000,10000}" "${RUNS:-5}"
