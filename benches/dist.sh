#!/usr/bin/env bash
# What a CI pipeline pays to get a sandbox from the packages, on every
# platform whose files are in DIST (dist/build.sh --all --image writes them
# all): the size of each wheel, npm package, installed binary and image; the
# time from the start of `pip install` (or `npm install`, or `podman run`)
# to the first 200 from the sandbox it installed (ready line, then
# GET /v1/customers with the ready line's TEST key); Linux arm64 under
# qemu-user and Windows under wine, marked emulated (.ci/dist/lib.sh runs
# them as .ci/dist/check.sh does). Fresh install directory, npm project and
# npm cache every run; nothing but the files is reachable (pip --no-index;
# npm from a registry of the built tarballs, .ci/dist/registry.py, as the
# platform with --os/--cpu/--libc).
#
#   dist/build.sh --all --image && benches/dist.sh     # the release files in target/dist
#   RUNS=10 benches/dist.sh other/dist/dir
#
# Prints a Markdown table (also written to target/dist-bench-report.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$(cd "${1:-$root/target/dist}" && pwd)"
export RUNS="${RUNS:-5}"
work="$(mktemp -d)"
# shellcheck source=.ci/dist/lib.sh
source "$root/.ci/dist/lib.sh"
registry_pid=
cleanup() {
    [[ -z $registry_pid ]] || kill "$registry_pid" 2>/dev/null || true
    wine_stop
    rm -rf "$work"
}
trap cleanup EXIT

# Each target with files in DIST: its emulator (JSON), stop signal and npm platform flags.
targets="$work/targets.json"
echo '[]' >"$targets"
for target in $(python3 -c 'import json, sys; print(" ".join(e["rust_target"] for e in json.load(open(sys.argv[1]))))' \
    "$root/npm/payctl/platforms.json"); do
    ls "$dist"/payctl-*-py3-none-"$(field "$target" wheel)"*.whl >/dev/null 2>&1 || continue
    runner "$target" || continue
    [[ $target != *-windows-* || -n ${WINEPREFIX:-} ]] || wine_prefix "$work/wine"
    python3 - "$targets" "$target" "$(stop_signal "$target")" ${run[@]+"${run[@]}"} <<'PY'
import json, sys
file, target, signal, *emulator = sys.argv[1:]
table = json.load(open(file))
table.append({"target": target, "signal": signal, "emulator": emulator})
json.dump(table, open(file, "w"))
PY
done
python3 "$root/.ci/dist/registry.py" "$dist" >"$work/registry.url" &
registry_pid=$!
for _ in $(seq 100); do [[ -s $work/registry.url ]] && break; sleep 0.1; done

python3 - "$dist" "$root" "$targets" "$(cat "$work/registry.url")" "$root/target/dist-bench-report.md" <<'PY'
import glob, json, os, re, signal, statistics, subprocess, sys, tempfile, time, urllib.request, zipfile

dist, root, targets_file, registry, report = sys.argv[1:]
runs = int(os.environ["RUNS"])
platforms = {e["rust_target"]: e for e in json.load(open(f"{root}/npm/payctl/platforms.json"))}
targets = json.load(open(targets_file))
version = re.search(r"payctl-([^-]+)\.tgz$", next(p for p in glob.glob(f"{dist}/payctl-*.tgz") if "-cli-" not in p))[1]
clean_env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
clean_env["PIP_CONFIG_FILE"] = os.devnull
mib = lambda n: f"{n / 1048576:.1f} MiB"


def get_200(base_url, key):
    request = urllib.request.Request(f"{base_url}/v1/customers", headers={"X-API-Key": key})
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 200


def first_200(command, stop):
    """Starts `command sandbox ...`; answers the seconds to its first 200, then stops it cleanly."""
    start = time.perf_counter()
    process = subprocess.Popen([*command, "sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    ready = json.loads(process.stdout.readline())
    get_200(ready["base_url"], ready["test_api_key"])
    seconds = time.perf_counter() - start
    process.send_signal(getattr(signal, f"SIG{stop}"))
    assert process.wait(30) == 0
    return seconds


def pip_run(work, target, emulator, stop):
    entry = platforms[target]
    [wheel] = glob.glob(f"{dist}/payctl-*-py3-none-{entry['wheel']}*.whl")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--quiet", "--disable-pip-version-check",
                    "--platform", entry["wheel"], "--only-binary=:all:", "--target", work, wheel],
                   check=True, env=clean_env)
    install = time.perf_counter() - started
    return install, install + first_200([*emulator, f"{work}/bin/{entry['binary']}"], stop)


def npm_run(work, target, emulator, stop):
    entry = platforms[target]
    with open(f"{work}/package.json", "w") as f:
        f.write('{"private": true}\n')
    flags = ["--os", entry["os"], "--cpu", entry["cpu"]] + (["--libc", entry["libc"]] if "libc" in entry else [])
    started = time.perf_counter()
    subprocess.run(["npm", "install", "--registry", registry, "--cache", f"{work}/cache", "--no-audit", "--no-fund",
                    "--loglevel=error", *flags, f"payctl@{version}"], check=True, cwd=work, stdout=subprocess.DEVNULL)
    install = time.perf_counter() - started
    # This machine's own package runs through the npm launcher, as `npx payctl` does; the others' binaries directly.
    native = not emulator and entry["rust_target"] == "x86_64-unknown-linux-gnu"
    command = [f"{work}/node_modules/.bin/payctl"] if native else \
        [*emulator, f"{work}/node_modules/{entry['package']}/bin/{entry['binary']}"]
    return install, install + first_200(command, stop)


def median(values):
    return f"{statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})"


rows = []
for t in targets:
    target, emulator, stop = t["target"], t["emulator"], t["signal"]
    entry = platforms[target]
    how = {(): "native", ("qemu-aarch64",): "qemu-user, emulated"}.get(tuple(emulator[:1]), "")
    how = how or ("wine, emulated" if "wine" in emulator[0] else " ".join(emulator))
    [wheel] = glob.glob(f"{dist}/payctl-*-py3-none-{entry['wheel']}*.whl")
    tgz = f"{dist}/payctl-cli-{entry['package'].split('/cli-')[1]}-{version}.tgz"
    with zipfile.ZipFile(wheel) as archive:
        binary = max(i.file_size for i in archive.infolist() if "/scripts/" in i.filename)
    samples = {"pip": [], "npm": []}
    for _ in range(runs):
        for kind, run in (("pip", pip_run), ("npm", npm_run)):
            with tempfile.TemporaryDirectory() as work:
                samples[kind].append(run(work, target, emulator, stop))
    rows.append((f"{target} ({how})",
                 f"wheel {mib(os.path.getsize(wheel))}, npm {mib(os.path.getsize(tgz))}, binary {mib(binary)}",
                 median([s[1] for s in samples["pip"]]), median([s[0] for s in samples["pip"]]),
                 median([s[1] for s in samples["npm"]]), median([s[0] for s in samples["npm"]])))

table = (f"{runs} runs each; times are medians.\n\n"
         "| target (how it runs here) | sizes | pip install to first 200 | of it, pip install | "
         "npm install to first 200 | of it, npm install |\n| --- | --- | --- | --- | --- | --- |\n"
         + "".join("| " + " | ".join(row) + " |\n" for row in rows))
main_tgz = f"{dist}/payctl-{version}.tgz"
table += f"\nnpm main package `payctl-{version}.tgz`: {os.path.getsize(main_tgz) / 1024:.1f} KiB.\n"
print(table)
with open(report, "w") as f:
    f.write(table)
PY

images=("$dist"/payctl-*-image-linux-amd64.tar)
if [[ -f ${images[0]} ]] && command -v podman >/dev/null; then
    bash "$root/benches/image.sh" "${images[0]}" | tee -a "$root/target/dist-bench-report.md"
fi
