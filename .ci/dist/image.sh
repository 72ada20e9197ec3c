#!/usr/bin/env bash
# The container image as a CI service or a Testcontainers test meets it,
# from the archive dist/build.sh --image wrote and nothing else: loaded into
# podman (storage under WORK), inspected (one layer holding /payctl and
# /tmp only: no shell; user 65532; port 4242; a health check that runs
# /payctl, not a shell), run with its default command (the banner with the
# demo login and the TEST key; one authenticated request through the
# published port), health-checked, the README's GitHub Actions step run
# against it, the README's GitLab service (its `command:`, healthy, the same
# login against it addressed to its alias, `Host: payctl:4242`, and another
# Host refused), stopped with `podman stop` (SIGTERM: exit 0 well before the
# kill), then the README's Testcontainers example through podman's
# Docker-compatible API.
#
#   .ci/dist/image.sh WORK VERSION ARCHIVE      (run by .ci/dist/check.sh)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work=$1 version=$2 archive=$3
started=$SECONDS
step() { printf '\n== image: %s (at %ds)\n' "$*" "$((SECONDS - started))"; }
fail() { echo "image: $*" >&2; exit 1; }

# shellcheck source=.ci/dist/lib.sh
source "$here/lib.sh"
containers="$work/containers"
podman_env "$containers/run"
name=payctl-check
service=
cleanup() {
    [[ -z $service ]] || kill "$service" 2>/dev/null || true
    # Every container, the Testcontainers example's included, and their mounts.
    podman_clean "$containers"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step "podman load -i $(basename "$archive") ($(($(wc -c <"$archive") / 1024)) KiB)"
loaded="$(podman load --quiet -i "$archive")"
echo "$loaded"
image="$(sed -n "s|^Loaded image: \(.*/payctl:$version\)\$|\1|p" <<<"$loaded" | head -1)"
[[ -n $image ]] || fail "the archive holds no payctl:$version"

step "what the image holds and declares"
python3 - "$archive" "$(podman image inspect --format json "$image")" <<'PY'
import json, sys, tarfile
archive, inspected = sys.argv[1], json.loads(sys.argv[2])[0]
with tarfile.open(archive) as outer:
    manifest = json.load(outer.extractfile("manifest.json"))[0]
    files = set()
    for layer in manifest["Layers"]:
        with tarfile.open(fileobj=outer.extractfile(layer)) as inner:
            files |= {m.name.strip("./") + ("/" if m.isdir() else "") for m in inner.getmembers()}
files.discard("/")
assert files == {"payctl", "tmp/"}, f"the image holds {sorted(files)}: nothing but /payctl and /tmp"
config = inspected["Config"]
expect = {
    "User": "65532:65532",
    "ExposedPorts": {"4242/tcp": {}},
    "Entrypoint": ["/payctl"],
    "Cmd": ["sandbox", "--listen", "0.0.0.0:4242", "--in-memory"],
}
for key, value in expect.items():
    assert config.get(key) == value, f"{key} is {config.get(key)!r}, not {value!r}"
health = inspected.get("Healthcheck") or config.get("Healthcheck")
assert health and health["Test"][:4] == ["CMD", "/payctl", "sandbox", "wait"], f"health check {health!r}"
assert "PAYCTL_SANDBOX_READY_FILE=/tmp/payctl-ready.json" in config.get("Env", []), config.get("Env")
print(f"files {sorted(files)}; user {config['User']}; ports {list(config['ExposedPorts'])}; "
      f"health {' '.join(health['Test'][1:])}; {inspected['Architecture']}/{inspected['Os']}")
PY

step "podman run (the default command), published on loopback"
# podman runs health checks from systemd timers, which this machine lacks:
# the check is run by hand below instead (and podman logs an error about
# the timer for every container of the image, harmless here).
podman run --detach --name "$name" --publish 127.0.0.1::4242 --health-interval disable "$image" >/dev/null
port=
for _ in $(seq 300); do
    if podman logs "$name" 2>&1 | grep -q "is ready"; then
        port="$(podman port "$name" 4242/tcp | sed 's/.*://')"
        break
    fi
    sleep 0.1
done
[[ -n $port ]] || fail "no banner in 30 s: $(podman logs "$name" 2>&1)"
banner="$(podman logs "$name" 2>&1)"
grep -q "password      payctl-demo-password" <<<"$banner" || fail "the banner has no demo password: $banner"
key="$(sed -n 's/^ *TEST API key *\(sk_test_[^ ]*\).*/\1/p' <<<"$banner")"
[[ -n $key ]] || fail "the banner has no TEST API key: $banner"
status="$(curl -sS -o "$work/image-customers.json" -w '%{http_code}' -H "X-API-Key: $key" "http://127.0.0.1:$port/v1/customers")"
[[ $status == 200 ]] || fail "GET /v1/customers answered $status"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["data"] == []' "$work/image-customers.json"
pid="$(podman inspect --format '{{.State.Pid}}' "$name")"
uid="$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")"
[[ $uid == 65532 ]] || fail "the sandbox runs as uid $uid, not 65532"
echo "127.0.0.1:$port answered GET /v1/customers 200 with the banner's TEST key; the sandbox runs as uid $uid"

step "the health check (podman healthcheck run: the image's /payctl sandbox wait)"
podman healthcheck run "$name" || fail "unhealthy: $(podman logs "$name" 2>&1 | tail -5)"
echo "healthy"
# And unhealthy where no sandbox serves: a container kept up by a wait on a file that never comes.
podman run --detach --name "$name-idle" --health-interval disable "$image" \
    sandbox wait --ready-file /tmp/never.json --timeout 60s >/dev/null
if podman healthcheck run "$name-idle" >/dev/null 2>&1; then fail "healthy without a sandbox"; fi
podman rm --force --time 0 "$name-idle" >/dev/null
echo "unhealthy without a sandbox"

step "the README's GitHub Actions step against it (localhost:4242 is the published port here)"
python3 - "$root/README.md" "$port" >"$work/github-step.sh" <<'PY'
import sys
readme, port = sys.argv[1:]
block = open(readme).read().split("**GitHub Actions**", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
step = block.split("- run: |\n", 1)[1]
lines = [line[10:] for line in step.splitlines()]
assert lines[-1].endswith(" npm test"), lines[-1]
# The job's own tests, here: one call with what the step gives them.
lines[-1] = lines[-1][: -len("npm test")] + 'sh -c \'curl -sf "$PAYCTL_BASE_URL/v1/customers" -H "X-API-Key: $PAYCTL_API_KEY"\''
print("set -euo pipefail")
print("\n".join(lines).replace("localhost:4242", f"127.0.0.1:{port}"))
PY
answer="$(bash "$work/github-step.sh")"
[[ $answer == '{"data":[],"next_cursor":null}' ]] || fail "the GitHub Actions step's key got: $answer"
echo "logged in as the demo user, made an application and a key, listed customers with it: $answer"

step "the README's GitLab service: its command: replacing the default one, healthy, then the same login and key"
# GitLab runs the service as the image with `command:` for CMD, and reaches
# it by its alias on the port of that command; here the port is published
# on loopback instead.
gitlab_line="$(python3 - "$root/README.md" <<'PY'
import json, re, sys
block = open(sys.argv[1]).read().split("**GitLab CI**", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
command = json.loads(re.search(r"^ +command: (\[.*\])$", block, re.M)[1])
base = re.search(r"^ +PAYCTL_BASE_URL: http://(\w+):(\d+)$", block, re.M)
alias = re.search(r"^ +alias: (\w+)$", block, re.M)[1]
assert base and base[1] == alias, "PAYCTL_BASE_URL names the service's alias"
assert f"0.0.0.0:{base[2]}" in command, f"the command listens on {base[2]}, the port PAYCTL_BASE_URL names"
print(" ".join(command))
PY
)"
read -r -a gitlab_command <<<"$gitlab_line"
podman run --detach --name "$name-gitlab" --publish 127.0.0.1::4242 --health-interval disable "$image" \
    "${gitlab_command[@]}" >/dev/null
healthy=0
for _ in $(seq 60); do
    if podman healthcheck run "$name-gitlab" >/dev/null 2>&1; then healthy=1; break; fi
    sleep 0.5
done
[[ $healthy == 1 ]] || fail "the GitLab service never turned healthy: $(podman logs "$name-gitlab" 2>&1 | tail -5)"
gitlab_port="$(podman port "$name-gitlab" 4242/tcp | sed 's/.*://')"
# Every request of the job as GitLab's network delivers it: to the alias,
# `Host: payctl:4242`, which the command's --allowed-host admits.
alias_host="$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).netloc)' \
    "$(sed -n 's/^ *PAYCTL_BASE_URL: \(http:[^ ]*\)$/\1/p' "$root/README.md" | head -1)")"
[[ $alias_host == payctl:4242 ]] || fail "the README's GitLab PAYCTL_BASE_URL names $alias_host"
answer="$(sed "s/127.0.0.1:$port/127.0.0.1:$gitlab_port/g; s/curl -sf /curl -sf -H \"Host: $alias_host\" /g" \
    "$work/github-step.sh" | bash)"
[[ $answer == '{"data":[],"next_cursor":null}' ]] || fail "against the GitLab service as $alias_host, the key got: $answer"
# And the Host check is on: a name the command did not allow is refused.
refused="$(curl -s -H "Host: elsewhere.example:4242" "http://127.0.0.1:$gitlab_port/health")"
[[ $refused == *'"HOST_NOT_ALLOWED"'* ]] || fail "Host: elsewhere.example:4242 was not refused: $refused"
podman stop --time 20 "$name-gitlab" >/dev/null
code="$(podman inspect --format '{{.State.ExitCode}}' "$name-gitlab")"
[[ $code == 0 ]] || fail "the GitLab service exited $code on SIGTERM"
podman rm "$name-gitlab" >/dev/null
echo "$(printf '%s ' "${gitlab_command[@]}")healthy, answered requests sent to Host $alias_host with a new key" \
    "(another Host refused: HOST_NOT_ALLOWED), stopped with exit 0"

step "podman stop: SIGTERM, exit 0"
stop_started=$SECONDS
podman stop --time 20 "$name" >/dev/null
code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
[[ $code == 0 ]] || fail "the container exited $code on SIGTERM: $(podman logs "$name" 2>&1 | tail -5)"
(( SECONDS - stop_started < 10 )) || fail "podman stop took $((SECONDS - stop_started)) s (killed after the timeout?)"
echo "exit 0 in $((SECONDS - stop_started)) s"
podman rm "$name" >/dev/null

step "the README's Testcontainers example (pytest, testcontainers from requirements.txt), through podman's API"
# Tagged as published, so the example runs as written and nothing is pulled.
published="$(sed -n 's/.*DockerContainer("\([^"]*\)").*/\1/p' "$root/README.md" | head -1)"
[[ $published == */payctl:$version ]] || fail "the README's example runs '$published', not the version $version"
podman tag "$image" "$published"
podman system service --time 0 "unix://$containers/podman.sock" &
service=$!
for _ in $(seq 100); do [[ -S $containers/podman.sock ]] && break; sleep 0.1; done
mkdir -p "$work/testcontainers"
printf '[pytest]\n' >"$work/testcontainers/pytest.ini" # not the repository's pyproject.toml
python3 - "$root/README.md" "$work/testcontainers/test_readme.py" <<'PY'
import sys
readme, target = sys.argv[1:]
text = open(readme).read()
block = text.split("<!-- testcontainers-example -->", 1)[1].split("```python", 1)[1].split("```", 1)[0]
open(target, "w").write(block)
PY
# No Ryuk (its image would come from Docker Hub; the example removes its
# container itself), and the mapped port on the Docker host: testcontainers
# takes a /.dockerenv, which some CI machines have, for running in a container.
(cd "$work/testcontainers" && DOCKER_HOST="unix://$containers/podman.sock" TESTCONTAINERS_RYUK_DISABLED=true \
    TESTCONTAINERS_CONNECTION_MODE=docker_host \
    "$work/venv/bin/python" -m pytest -p no:cacheprovider -p no:payctl --rootdir . -v test_readme.py)
[[ -z $(podman ps --all --quiet) ]] || fail "the example left a container: $(podman ps --all)"
