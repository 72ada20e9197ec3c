#!/usr/bin/env bash
# The packages as partners install them, each from its built file and
# nothing else, and each run: natively (Linux x86-64, glibc and static
# musl), under Debian's qemu-user (Linux arm64: the static musl binary as
# it is, the glibc one with Debian's arm64 loader) or under Debian's wine64
# (Windows x86-64). For every target built:
#   - its claims (claims.py): `file`, `readelf` (`objdump -p` for Windows)
#     against the wheel's platform tag and platforms.json, the npm package's
#     os/cpu/libc, the same binary in both;
#   - the wheel: `pip install --no-index --platform TAG --only-binary=:all:
#     --target DIR`, then DIR's payctl;
#   - the npm packages: `npm install payctl` from a registry holding only
#     the built tarballs (registry.py), with npm's --os/--cpu/--libc set to
#     the target's, which must install that platform's package alone; then
#     its binary, and the launcher told it runs there
#     (tests/dist/node/platforms.test.js);
#   each binary: `payctl --version` (Cargo.toml's version), a sandbox start,
#   one authenticated API call, and a clean stop (SIGTERM; on Windows
#   Ctrl-C, which wine delivers for SIGINT): exit 0 and the port closed.
# For this machine's own target also the pytest plugin's tests
# (tests/dist/python, with fixtures/onboarding.json as their template) in a
# virtual environment with the wheel, and the Node tests of
# require("payctl/testing") and the launcher (tests/dist/node) from the
# tarballs installed offline; with each, the READMEs' worked example of a
# fork per test (readme_example.py). With the image: the container image
# from its archive into podman, inspected (nothing but the binary, a
# non-root user, port 4242, a health check without a shell), run, asked,
# health-checked and stopped; the README's GitHub Actions step and its
# Testcontainers example against it (image.sh). And the release workflow
# against GitHub's schema, since it runs nowhere else before a release.
#
#   .ci/dist/check.sh                the default (.ci/run's): the debug profile, this machine's
#                                    target (the build `cargo test` made) and the other
#                                    targets of DEFAULT_TARGETS below (one arm64 target in
#                                    turn), and the image
#   .ci/dist/check.sh --release      what a release runs before publishing: the release
#                                    profile, every target this machine builds, the image
#   --profile dev|release, --target T (repeatable), --all, --no-image: any other mix
#
# Needs what .ci/run installs: qemu-user and libc6-arm64-cross (arm64),
# wine64 and gcc-mingw-w64-x86-64 (Windows), buildah, podman and runc (the
# image), python3, node, npm, curl, file, readelf. pytest and testcontainers
# are pinned in requirements.txt beside this script.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/target/dist-check"
started=$SECONDS

# The targets the default check builds besides this machine's own: the
# static musl binary (the image's), Windows (the one whose code differs
# most: cfg(windows) paths, its own signals and keyring), and one of the two
# arm64 ones, in turn: the glibc one on a commit whose count of commits is
# even, the musl one on an odd one (so consecutive commits of a branch check
# both, and a rerun of one commit checks the same). Each target costs a
# build of every dependency, and two arm64 builds with the others would take
# CI past its 40 minutes (see the README's "Building the packages"); the
# release check builds and runs all of them.
arm64_in_turn() {
    local count
    count="$(git -C "$root" rev-list --count HEAD 2>/dev/null || echo 0)"
    if ((count % 2 == 0)); then echo aarch64-unknown-linux-gnu; else echo aarch64-unknown-linux-musl; fi
}
DEFAULT_TARGETS=(x86_64-unknown-linux-musl x86_64-pc-windows-gnu "$(arm64_in_turn)")

usage() { echo "usage: .ci/dist/check.sh [--release] [--profile dev|release] [--target T]... [--all] [--no-image]" >&2; exit 2; }
profile=dev
targets=()
all=0
image=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --release) profile=release; all=1; shift ;;
        --profile) [[ ${2:-} == dev || ${2:-} == release ]] || usage; profile=$2; shift 2 ;;
        --target) targets+=("${2:?--target needs a Rust target}"); shift 2 ;;
        --all) all=1; shift ;;
        --no-image) image=0; shift ;;
        *) usage ;;
    esac
done
host="$(rustc -vV | sed -n 's/^host: //p')"
[[ $host == x86_64-unknown-linux-gnu ]] || { echo "dist: this check runs on Linux x86-64 with glibc (here: $host)" >&2; exit 2; }
if [[ $all == 1 ]]; then
    read -r -a targets <<<"$(bash "$root/dist/build.sh" --list | awk '$2 == "builds" { print $1 }' | tr '\n' ' ')"
elif [[ ${#targets[@]} -eq 0 ]]; then
    targets=("$host" "${DEFAULT_TARGETS[@]}")
fi
# This machine's own target always: the plugin's and the launcher's tests run it.
case " ${targets[*]} " in *" $host "*) ;; *) targets=("$host" "${targets[@]}") ;; esac
[[ $image == 0 ]] || case " ${targets[*]} " in *" x86_64-unknown-linux-musl "*) ;; *) targets+=(x86_64-unknown-linux-musl) ;; esac
# A target whose standard library rustup could not install (.ci/dist/setup.sh
# says so) is named and left out, and the image with the musl one.
installed="$(rustup target list --installed 2>/dev/null || echo "$host")"
available=()
for target in "${targets[@]}"; do
    if grep -qx "$target" <<<"$installed"; then
        available+=("$target")
    else
        echo "dist: NOT CHECKED: $target (its Rust standard library is not installed: rustup target add $target)" >&2
        [[ $target != x86_64-unknown-linux-musl || $image == 0 ]] ||
            { image=0; echo "dist: NOT CHECKED: the image (it holds the x86_64-unknown-linux-musl binary)" >&2; }
    fi
done
targets=("${available[@]}")

step() { printf '\n== dist: %s (at %ds)\n' "$*" "$((SECONDS - started))"; }
fail() { echo "dist: $*" >&2; exit 1; }

# shellcheck source=.ci/dist/lib.sh
source "$here/lib.sh"
registry_pid=
cleanup() {
    [[ -z $registry_pid ]] || kill "$registry_pid" 2>/dev/null || true
    wine_stop
    # Whichever step failed, no container or mount of buildah's or podman's
    # is left under WORK to stop the next run from removing it.
    podman_clean "$work/containers"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# LABEL SIGNAL COMMAND...: --version, a sandbox start, one API call, a clean stop.
smoke() { SMOKE_DIR="$work/smoke" bash "$here/smoke.sh" "$@"; }

expect_version() {
    local got
    got="$("$@" --version)"
    [[ $got == "payctl $version" ]] || fail "$* --version printed '$got', not 'payctl $version'"
    echo "$* --version: $got"
}

# Only the files: no index, and none of the machine's find-links or pip config.
offline_pip() { env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null "$@"; }

podman_clean "$work/containers"
rm -rf "$work"
mkdir -p "$work"
version="$(cargo metadata --no-deps --format-version 1 --locked --manifest-path "$root/Cargo.toml" |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "payctl"))')"
export PAYCTL_EXPECTED_VERSION="$version"

build_args=(--profile "$profile" --out "$work/dist")
for target in "${targets[@]}"; do build_args+=(--target "$target"); done
if [[ $image == 1 ]]; then
    # buildah keeps its images under target/, not in the machine's storage
    # (and image.sh loads the archive into a storage of its own).
    podman_env "$work/containers/build"
    build_args+=(--image)
fi
step "build (dist/build.sh ${build_args[*]})"
bash "$root/dist/build.sh" "${build_args[@]}"
unset CONTAINERS_STORAGE_CONF CONTAINERS_CONF

# The built files of TARGET: its wheel and its npm package.
files_of() {
    local tag package
    tag="$(field "$1" wheel)"
    package="$(field "$1" package)"
    if [[ $profile == dev && $1 == "$host" ]]; then tag="manylinux*_x86_64"; fi # this machine's glibc, see claims.py
    wheel=("$work/dist/payctl-"*"-py3-none-"$tag*.whl)
    platform_tgz="$work/dist/payctl-cli-${package#@payctl/cli-}-$version.tgz"
    [[ -f ${wheel[0]} && -f $platform_tgz ]] || fail "missing build output of $1: $(ls "$work/dist")"
}
main_tgz="$work/dist/payctl-$version.tgz"

step "what each package claims (file, readelf, the wheel's tag, the npm package's os/cpu/libc)"
for target in "${targets[@]}"; do
    files_of "$target"
    lenient=()
    [[ $profile == dev && $target == "$host" ]] && lenient=(--any-glibc-tag)
    python3 "$here/claims.py" "$root/npm/payctl/platforms.json" "$target" "${wheel[0]}" "$platform_tgz" \
        ${lenient[@]+"${lenient[@]}"}
done

if [[ " ${targets[*]} " == *-windows-* ]]; then
    step "a Wine prefix for the Windows binary (wineboot, and bcryptprimitives.dll: see wine/)"
    wine_prefix "$work/wine"
fi

step "the wheel of this machine: pip install --no-index into a fresh virtual environment"
files_of "$host"
python3 -m venv "$work/venv"
offline_pip "$work/venv/bin/pip" install --no-index --disable-pip-version-check --quiet "${wheel[0]}"
smoke wheel TERM "$work/venv/bin/payctl"

for target in "${targets[@]}"; do
    files_of "$target"
    runner "$target"
    tag="$(basename "${wheel[0]}" .whl)"
    tag="${tag##*-}"
    tag="${tag%%.*}"
    step "the $target wheel: pip install --platform $tag --target, run ${run[*]:-natively}"
    dir="$work/pip-$target"
    offline_pip "$work/venv/bin/pip" install --no-index --disable-pip-version-check --quiet \
        --platform "$tag" --only-binary=:all: --target "$dir" "${wheel[0]}"
    binary="$dir/bin/$(field "$target" binary)"
    smoke "pip-$target" "$(stop_signal "$target")" ${run[@]+"${run[@]}"} "$binary"
done

step "the pytest plugin (pytest from requirements.txt, added to that environment)"
"$work/venv/bin/pip" install --disable-pip-version-check --quiet -r "$here/requirements.txt"
mkdir -p "$work/pytest-project"
cp "$root"/tests/dist/python/{*.py,pytest.ini} "$root/fixtures/onboarding.json" "$work/pytest-project/"
# The READMEs' worked example of a fork per test, as they show it.
python3 "$here/readme_example.py" pytest-fork-example "$work/pytest-project/test_readme_forks.py"
(cd "$work/pytest-project" && "$work/venv/bin/python" -m pytest -p no:cacheprovider --rootdir . -v .)

step "the npm tarballs: npm install --offline into an empty project, the registry unreachable"
npm_install() {
    local project=$1
    shift
    mkdir -p "$project"
    echo '{ "private": true }' >"$project/package.json"
    (cd "$project" && npm install --offline --registry http://127.0.0.1:9/ --cache "$work/npm-cache" \
        --no-audit --no-fund --loglevel=error "$@")
}
files_of "$host"
npm_install "$work/npm-project" "$main_tgz" "$platform_tgz"
npm_install "$work/npm-no-platform" "$main_tgz"
(cd "$work/npm-project" && expect_version npx --offline --registry http://127.0.0.1:9/ --cache "$work/npm-cache" payctl)
smoke npm TERM "$work/npm-project/node_modules/.bin/payctl"

step "require(\"payctl/testing\") and the launcher (node --test)"
mkdir -p "$work/npm-project/test"
cp "$root"/tests/dist/node/*.js "$root/fixtures/onboarding.json" "$work/npm-project/test/"
python3 "$here/readme_example.py" node-fork-example "$work/npm-project/test/readme-forks.test.js"
(cd "$work/npm-project" && PAYCTL_NO_PLATFORM_PROJECT="$work/npm-no-platform" \
    timeout --kill-after=10 300 node --test --test-concurrency=1 --test-reporter=spec \
    test/testing.test.js test/launcher.test.js test/readme.test.js test/readme-forks.test.js)

step "npm install payctl from a registry of the built tarballs, as each platform"
python3 "$here/registry.py" "$work/dist" >"$work/registry.url" &
registry_pid=$!
for _ in $(seq 100); do [[ -s $work/registry.url ]] && break; sleep 0.1; done
registry="$(cat "$work/registry.url")"
projects="$work/platform-projects.json"
echo '[]' >"$projects"
for target in "${targets[@]}"; do
    runner "$target"
    os="$(field "$target" os)" cpu="$(field "$target" cpu)" libc="$(field "$target" libc)"
    package="$(field "$target" package)" exe="$(field "$target" binary)"
    project="$work/npm-$target"
    mkdir -p "$project"
    echo '{ "private": true }' >"$project/package.json"
    platform_flags=(--os "$os" --cpu "$cpu")
    [[ -n $libc ]] && platform_flags+=(--libc "$libc")
    echo "npm install payctl@$version ${platform_flags[*]}"
    (cd "$project" && npm install --registry "$registry" --cache "$work/npm-cache-registry" --no-audit --no-fund \
        --loglevel=error "${platform_flags[@]}" "payctl@$version")
    binary="$project/node_modules/$package/bin/$exe"
    [[ -f $binary ]] || fail "npm installed no $package for $os $cpu $libc: $(ls "$project/node_modules/@payctl")"
    smoke "npm-$target" "$(stop_signal "$target")" ${run[@]+"${run[@]}"} "$binary"
    python3 - "$projects" "$target" "$package" "$os" "$cpu" "$libc" "$exe" "$project" ${run[@]+"${run[@]}"} <<'PY'
import json, sys
file, target, package, os_, cpu, libc, binary, project, *emulator = sys.argv[1:]
table = json.load(open(file))
table.append({"target": target, "package": package, "os": os_, "cpu": cpu, "binary": binary, "project": project,
              "emulator": emulator, **({"libc": libc} if libc else {})})
json.dump(table, open(file, "w"), indent=2)
PY
done
(cd "$work/npm-project" && PAYCTL_PLATFORM_PROJECTS="$projects" PAYCTL_NO_PLATFORM_PROJECT="$work/npm-no-platform" \
    timeout --kill-after=10 600 node --test --test-concurrency=1 --test-reporter=spec test/platforms.test.js)

if [[ $image == 1 ]]; then
    bash "$here/image.sh" "$work" "$version" "$work/dist/payctl-$version-image-linux-amd64.tar"
fi

step "the release workflow against GitHub's workflow schema (action-validator, pinned in package-lock.json)"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error &&
    node_modules/.bin/action-validator "$root/.github/workflows/release.yml")

step "passed"
