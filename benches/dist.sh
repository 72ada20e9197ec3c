#!/usr/bin/env bash
# What a CI pipeline pays to get a sandbox from the packages: the sizes of
# the wheel and the npm tarballs, the install time from the local files, and
# the time from the start of `pip install` (or `npm install`) to the first
# 200 from the sandbox it installed (ready line, then GET /v1/customers with
# the ready line's TEST key). Fresh virtual environment, npm project and npm
# cache every run; nothing but the files is reachable.
#
#   dist/build.sh && benches/dist.sh          # the release files in target/dist
#   RUNS=10 benches/dist.sh other/dist/dir
#
# Prints a Markdown table (also written to target/dist-bench-report.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$(cd "${1:-$root/target/dist}" && pwd)"
export RUNS="${RUNS:-5}"
exec python3 - "$dist" "$root/target/dist-bench-report.md" <<'PY'
import glob, json, os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request, zipfile

dist, report = sys.argv[1:]
runs = int(os.environ["RUNS"])
wheel = glob.glob(f"{dist}/payctl-*.whl")[0]
main_tgz = [p for p in glob.glob(f"{dist}/payctl-*.tgz") if "payctl-cli-" not in p][0]
platform_tgz = glob.glob(f"{dist}/payctl-cli-*.tgz")[0]
clean_env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
clean_env["PIP_CONFIG_FILE"] = os.devnull


def first_200(command):
    """Starts `command sandbox ...`; returns (process, seconds to the ready line, seconds to the first 200)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [command, "sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )
    ready = json.loads(process.stdout.readline())
    at_ready = time.perf_counter()
    request = urllib.request.Request(f"{ready['base_url']}/v1/customers", headers={"X-API-Key": ready["test_api_key"]})
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 200
    return process, at_ready - start, time.perf_counter() - start


def stop(process):
    process.terminate()
    assert process.wait(10) == 0


def pip_run(work):
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", f"{work}/venv"], check=True)
    venv = time.perf_counter() - started
    started = time.perf_counter()
    subprocess.run([f"{work}/venv/bin/pip", "install", "--no-index", "--quiet", "--disable-pip-version-check", wheel],
                   check=True, env=clean_env)
    install = time.perf_counter() - started
    process, _, to_200 = first_200(f"{work}/venv/bin/payctl")
    stop(process)
    return {"venv": venv, "install": install, "first_200": install + to_200}


def npm_run(work):
    project = f"{work}/project"
    os.makedirs(project)
    with open(f"{project}/package.json", "w") as f:
        f.write('{"private": true}\n')
    started = time.perf_counter()
    subprocess.run(["npm", "install", "--offline", "--registry", "http://127.0.0.1:9/", "--cache", f"{work}/cache",
                    "--no-audit", "--no-fund", "--loglevel=error", main_tgz, platform_tgz],
                   check=True, cwd=project, stdout=subprocess.DEVNULL)
    install = time.perf_counter() - started
    process, _, to_200 = first_200(f"{project}/node_modules/.bin/payctl")
    stop(process)
    return {"install": install, "first_200": install + to_200}


def launcher_only():
    """`payctl --version` directly and through the npm launcher, to see what the launcher adds."""
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(f"{work}/project")
        with open(f"{work}/project/package.json", "w") as f:
            f.write('{"private": true}\n')
        subprocess.run(["npm", "install", "--offline", "--registry", "http://127.0.0.1:9/", "--cache", f"{work}/cache",
                        "--no-audit", "--no-fund", "--loglevel=error", main_tgz, platform_tgz],
                       check=True, cwd=f"{work}/project", stdout=subprocess.DEVNULL)
        launcher = f"{work}/project/node_modules/.bin/payctl"
        binary = glob.glob(f"{work}/project/node_modules/@payctl/*/bin/payctl")[0]
        times = {}
        for label, command in (("binary", binary), ("launcher", launcher)):
            samples = []
            for _ in range(20):
                started = time.perf_counter()
                subprocess.run([command, "--version"], check=True, stdout=subprocess.DEVNULL)
                samples.append(time.perf_counter() - started)
            times[label] = statistics.median(samples)
        return times


def summary(samples, key):
    values = [s[key] for s in samples]
    return f"{statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})"


pip_samples, npm_samples = [], []
for _ in range(runs):
    with tempfile.TemporaryDirectory() as work:
        pip_samples.append(pip_run(work))
    with tempfile.TemporaryDirectory() as work:
        npm_samples.append(npm_run(work))
versions = launcher_only()

with zipfile.ZipFile(wheel) as archive:
    binary_size = max(info.file_size for info in archive.infolist() if "/scripts/" in info.filename)
mib = lambda n: f"{n / 1048576:.1f} MiB"
rows = [
    ("wheel", f"{os.path.basename(wheel)}: {mib(os.path.getsize(wheel))}"),
    ("npm tarballs", f"{os.path.basename(main_tgz)}: {os.path.getsize(main_tgz) / 1024:.1f} KiB; "
                     f"{os.path.basename(platform_tgz)}: {mib(os.path.getsize(platform_tgz))}"),
    ("the binary, installed", mib(binary_size)),
    (f"python -m venv (median of {runs})", summary(pip_samples, "venv")),
    (f"pip install --no-index of the wheel into it (median of {runs})", summary(pip_samples, "install")),
    (f"from the start of pip install to the first 200 (median of {runs})", summary(pip_samples, "first_200")),
    (f"npm install --offline of the two tarballs into an empty project (median of {runs})", summary(npm_samples, "install")),
    (f"from the start of npm install to the first 200, through the launcher (median of {runs})", summary(npm_samples, "first_200")),
    ("payctl --version: the binary / through the npm launcher (median of 20)",
     f"{versions['binary'] * 1000:.1f} ms / {versions['launcher'] * 1000:.1f} ms"),
]
table = "| measure | result |\n| --- | --- |\n" + "".join(f"| {a} | {b} |\n" for a, b in rows)
print(table)
with open(report, "w") as f:
    f.write(table)
PY
