#!/usr/bin/env bash
# Builds what partners install without a Rust toolchain, into target/dist/:
#   payctl-VERSION-py3-none-TAG.whl          one wheel per target (maturin, `bindings = "bin"`): `payctl`
#                                            on PATH, plus the pytest plugin (python/payctl_testing)
#   payctl-VERSION.tgz                       the npm package: launcher, require("payctl/testing")
#   payctl-cli-PLATFORM-VERSION.tgz          one npm package per target, holding its binary
#   payctl-VERSION-image-linux-ARCH.tar      with --image: the container image (docker-archive,
#                                            for `docker load` / `podman load`)
# VERSION is the workspace's (Cargo.toml); each npm binary is its wheel's own.
# The targets, their wheel tags and npm packages are npm/payctl/platforms.json.
#
#   dist/build.sh                    release build of this machine's own target
#   dist/build.sh --target T ...     release build of the targets named (repeatable)
#   dist/build.sh --all              every target this machine builds: on Linux the four Linux
#                                    ones (x86-64 and arm64, glibc and musl, linked with zig:
#                                    manylinux2014 = glibc 2.17, musllinux_1_2 = static) and
#                                    Windows x86-64 (x86_64-pc-windows-gnu, linked by Debian's
#                                    MinGW-w64); on macOS the two macOS ones
#   --image                          also the container image from the static musl binary of
#                                    each Linux architecture built (x86-64 at least), with
#                                    buildah: tagged localhost/payctl:VERSION-ARCH, and
#                                    localhost/payctl:VERSION for this machine's architecture
#   --profile dev                    CI's: for this machine's target the debug build `cargo
#                                    test` already compiled (stripped), for the others the
#                                    cheapest build (Cargo.toml's dist-ci profile: nothing
#                                    optimised); for CI's install tests only, never for users
#   --out DIR                        write somewhere else than target/dist
#   --list                           print the targets and whether this machine builds them
#
# maturin and zig are pinned in dist/requirements.txt and installed here in
# target/dist-tools/venv; a missing Rust standard library is added with
# `rustup target add`. Needs python3, node and npm, a Rust toolchain, and
# for Windows x86_64-w64-mingw32-gcc (Debian: gcc-mingw-w64-x86-64), for
# --image buildah.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

fail() { echo "dist/build.sh: $*" >&2; exit 2; }

profile=release
out="$root/target/dist"
targets=()
all=0
image=0
list=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) profile="${2:?--profile needs release or dev}"; shift 2 ;;
        --out) out="$(mkdir -p "${2:?--out needs a directory}" && cd "$2" && pwd)"; shift 2 ;;
        --target) targets+=("${2:?--target needs a Rust target}"); shift 2 ;;
        --all) all=1; shift ;;
        --image) image=1; shift ;;
        --list) list=1; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) fail "unknown argument $1 (see --help)" ;;
    esac
done
[[ $profile == release || $profile == dev ]] || fail "--profile is release or dev"

host="$(rustc -vV | sed -n 's/^host: //p')"
# What this machine builds: zig links every Linux target from any Linux
# machine, MinGW-w64 the Windows one; macOS needs Apple's SDK, so a Mac.
case $host in
    *-linux-gnu | *-linux-musl)
        here=(x86_64-unknown-linux-gnu x86_64-unknown-linux-musl aarch64-unknown-linux-gnu
            aarch64-unknown-linux-musl x86_64-pc-windows-gnu) ;;
    *-apple-darwin) here=(x86_64-apple-darwin aarch64-apple-darwin) ;;
    *) here=() ;;
esac
builds_here() {
    local target
    for target in ${here[@]+"${here[@]}"}; do [[ $target == "$1" ]] && return 0; done
    return 1
}
platforms="$root/npm/payctl/platforms.json"
known="$(python3 -c 'import json, sys; print(" ".join(e["rust_target"] for e in json.load(open(sys.argv[1]))))' "$platforms")"

if [[ $list == 1 ]]; then
    for target in $known; do
        if builds_here "$target"; then echo "$target  builds here"; else echo "$target  not on $host"; fi
    done
    exit 0
fi
if [[ $all == 1 ]]; then
    targets=(${here[@]+"${here[@]}"})
elif [[ ${#targets[@]} -eq 0 ]]; then
    targets=("$host")
fi
if [[ $image == 1 ]]; then
    musl="$(uname -m)-unknown-linux-musl"
    musl="${musl/arm64-/aarch64-}"
    case " ${targets[*]} " in *" $musl "*) ;; *) targets+=("$musl") ;; esac
fi
for target in "${targets[@]}"; do
    case " $known " in *" $target "*) ;; *) fail "$target is not a target of npm/payctl/platforms.json ($known)" ;; esac
    builds_here "$target" || fail "$target is not built on $host (see --list): Linux builds the Linux and Windows packages, a Mac the macOS ones"
done

tools="$root/target/dist-tools/venv"
[[ -d $tools ]] || python3 -m venv "$tools"
bin="$tools/bin"
"$bin/python" -m pip install --quiet --disable-pip-version-check -r dist/requirements.txt
# maturin finds zig through the ziglang module of the Python first on PATH.
export PATH="$bin:$PATH"

# A field of a target's entry in platforms.json.
field() {
    python -c 'import json, sys; print(next(e for e in json.load(open(sys.argv[1])) if e["rust_target"] == sys.argv[2]).get(sys.argv[3], ""))' \
        "$platforms" "$1" "$2"
}

version="$(cargo metadata --no-deps --format-version 1 --locked |
    python -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "payctl"))')"

# The wheel of one target, into DIR.
build_wheel() {
    local target=$1 dir=$2 args=(--release)
    if [[ $profile == dev && $target == "$host" ]]; then
        # No --target, no zig: the very build `cargo test` made in target/debug.
        maturin build --profile dev --out "$dir"
        return
    fi
    [[ $profile == dev ]] && args=(--profile dist-ci)
    if [[ $target != "$host" ]] && command -v rustup >/dev/null &&
        ! rustup target list --installed | grep -qx "$target"; then
        rustup target add "$target"
    fi
    args+=(--target "$target")
    case $target in
        *-linux-*)
            # The wheel's tag without its architecture: manylinux2014, musllinux_1_2.
            local compat
            compat="$(field "$target" wheel)"
            compat="${compat%_x86_64}"
            compat="${compat%_aarch64}"
            args+=(--zig --compatibility "$compat")
            ;;
        *-windows-gnu)
            command -v x86_64-w64-mingw32-gcc >/dev/null ||
                fail "$target links with MinGW-w64's x86_64-w64-mingw32-gcc (Debian: apt-get install gcc-mingw-w64-x86-64)"
            ;;
    esac
    maturin build "${args[@]}" --out "$dir"
}

rm -rf "$out"
mkdir -p "$out"
stage="$root/target/dist-stage"
rm -rf "$stage"
mkdir -p "$stage"
binaries=()
for target in "${targets[@]}"; do
    echo "dist/build.sh: $target ($profile)" >&2
    build_wheel "$target" "$stage/$target"
    # The wheel's name carries the version in PEP 440 form (0.2.0b1 for 0.2.0-beta.1).
    wheels=("$stage/$target"/payctl-*.whl)
    [[ ${#wheels[@]} -eq 1 && -f ${wheels[0]} ]] || fail "expected one wheel in $stage/$target"
    mv "${wheels[0]}" "$out/"
    exe="$(field "$target" binary)"
    python - "$out/$(basename "${wheels[0]}")" "$exe" "$stage/$target/$exe" <<'PY'
import shutil, sys, zipfile
wheel, name, target = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    [member] = [m for m in archive.namelist() if m.endswith(f".data/scripts/{name}")]
    with archive.open(member) as source, open(target, "wb") as sink:
        shutil.copyfileobj(source, sink)
PY
    binaries+=("$target=$stage/$target/$exe")
done

while IFS= read -r package; do
    npm pack --silent --pack-destination "$out" "$package" >/dev/null
done < <(node dist/npm-stage.js "$stage/npm" "$version" "${binaries[@]}")

if [[ $image == 1 ]]; then
    command -v buildah >/dev/null || fail "--image needs buildah (Debian: apt-get install buildah)"
    context="$stage/image"
    mkdir -p "$context/tmp"
    chmod 1777 "$context/tmp"
    tar -C "$context" --owner=0 --group=0 --numeric-owner -cf "$context/tmp.tar" tmp
    cp dist/Containerfile "$context/"
    # The commit's time, not the build's: the same commit builds the same image.
    created="$(git log -1 --format=%ct 2>/dev/null || date +%s)"
    native="$(uname -m)"
    for target in "${targets[@]}"; do
        case $target in
            x86_64-unknown-linux-musl) arch=amd64 ;;
            aarch64-unknown-linux-musl) arch=arm64 ;;
            *) continue ;;
        esac
        cp "$stage/$target/payctl" "$context/payctl-linux-$arch"
        chmod 0555 "$context/payctl-linux-$arch"
        name="localhost/payctl:$version-$arch"
        buildah build --quiet --format docker --platform "linux/$arch" --build-arg "TARGETARCH=$arch" \
            --timestamp "$created" --tag "$name" --file "$context/Containerfile" "$context" >/dev/null
        # Named as it will be published, so that `podman load` / `docker load` gives payctl:VERSION.
        archive="$out/payctl-$version-image-linux-$arch.tar"
        buildah push --quiet "$name" "docker-archive:$archive:payctl:$version"
        if [[ $arch == amd64 && $native == x86_64 ]] || [[ $arch == arm64 && $native =~ ^(aarch64|arm64)$ ]]; then
            buildah tag "$name" "localhost/payctl:$version"
        fi
        echo "dist/build.sh: image $name" >&2
    done
fi

echo "dist/build.sh: payctl $version ($profile, ${targets[*]}) in $out:"
(cd "$out" && for file in *; do printf '  %-72s %7s KiB\n' "$file" "$(($(wc -c <"$file") / 1024))"; done)
