#!/usr/bin/env bash
# Builds what partners install without a Rust toolchain, into target/dist/:
#   payctl-VERSION-py3-none-PLATFORM.whl   the wheel (maturin, `bindings = "bin"`): `payctl` on PATH,
#                                          plus the pytest plugin (python/payctl_testing)
#   payctl-VERSION.tgz                     the npm package: launcher, require("payctl/testing")
#   payctl-cli-PLATFORM-VERSION.tgz        the npm package holding this platform's binary
# VERSION is the workspace's (Cargo.toml); the npm binary is the wheel's own.
#
#   dist/build.sh                  release build; on Linux with zig for the manylinux2014
#                                  (glibc 2.17) tag, on macOS and Windows natively
#   dist/build.sh --profile dev    the debug build `cargo test` already compiled (stripped):
#                                  for CI's install tests only, never for users
#   --out DIR                      write somewhere else than target/dist
#
# maturin and zig are pinned in dist/requirements.txt and installed here in
# target/dist-tools/venv. Needs python3, node and npm, and a Rust toolchain.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

profile=release
out="$root/target/dist"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) profile="${2:?--profile needs release or dev}"; shift 2 ;;
        --out) out="$(mkdir -p "${2:?--out needs a directory}" && cd "$2" && pwd)"; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "dist/build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[[ $profile == release || $profile == dev ]] || { echo "dist/build.sh: --profile is release or dev" >&2; exit 2; }

tools="$root/target/dist-tools/venv"
[[ -d $tools ]] || python3 -m venv "$tools"
bin="$tools/bin"
[[ -d $tools/Scripts ]] && bin="$tools/Scripts" # a virtual environment on Windows
"$bin/python" -m pip install --quiet --disable-pip-version-check -r dist/requirements.txt
# maturin finds zig through the ziglang module of the Python first on PATH.
export PATH="$bin:$PATH"

version="$(cargo metadata --no-deps --format-version 1 --locked |
    python -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "payctl"))')"
host="$(rustc -vV | sed -n 's/^host: //p')"
exe=""
[[ $host == *windows* ]] && exe=".exe"

rm -rf "$out"
mkdir -p "$out"
if [[ $profile == release ]]; then
    portable=()
    [[ $host == *-linux-gnu ]] && portable=(--zig --compatibility manylinux2014)
    # (The expansion form keeps bash 3's `set -u` quiet about an empty array.)
    maturin build --release ${portable[@]+"${portable[@]}"} --out "$out"
else
    maturin build --profile dev --out "$out"
fi
# The wheel's name carries the version in PEP 440 form (0.2.0b1 for 0.2.0-beta.1).
wheels=("$out"/payctl-*.whl)
[[ ${#wheels[@]} -eq 1 && -f ${wheels[0]} ]] || { echo "dist/build.sh: expected one wheel in $out" >&2; exit 1; }

stage="$root/target/dist-stage"
rm -rf "$stage"
mkdir -p "$stage/wheel-binary"
binary="$stage/wheel-binary/payctl$exe"
python - "${wheels[0]}" "payctl$exe" "$binary" <<'PY'
import shutil, sys, zipfile
wheel, name, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    [member] = [m for m in archive.namelist() if m.endswith(f".data/scripts/{name}")]
    with archive.open(member) as source, open(target, "wb") as sink:
        shutil.copyfileobj(source, sink)
PY
staged="$(node dist/npm-stage.js "$stage" "$version" "$host" "$binary")"
while IFS= read -r package; do
    npm pack --silent --pack-destination "$out" "$package" >/dev/null
done <<<"$staged"

echo "dist/build.sh: payctl $version ($profile, $host) in $out:"
(cd "$out" && for file in *.whl *.tgz; do printf '  %-56s %7s KiB\n' "$file" "$(($(wc -c <"$file") / 1024))"; done)
