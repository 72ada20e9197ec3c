#!/usr/bin/env bash
# What dist/build.sh and .ci/dist/check.sh need besides Rust, Python,
# Node.js and curl, on Debian 12 as root (or with sudo), installed when
# missing: the Rust standard library of each target (rustup), and from
# Debian, at its versions (the glob takes Debian 12's security updates):
#   gcc-mingw-w64-x86-64-win32  links the Windows binary (x86_64-pc-windows-gnu)
#   qemu-user, libc6-arm64-cross  run the arm64 binaries (the glibc one with Debian's arm64 loader)
#   wine64                       runs the Windows binary
#   buildah                      builds the image (dist/build.sh --image)
#   podman, runc                 run it (runc: crun refuses hosts with cgroup v1 and v2 side by side)
#   file, binutils               what the binaries are (file, readelf)
#   jq                           the README's GitHub Actions step, run against the image
# Run by .ci/run and the release workflow.
set -euo pipefail

targets=(x86_64-unknown-linux-musl aarch64-unknown-linux-gnu aarch64-unknown-linux-musl x86_64-pc-windows-gnu)
packages=(
    "gcc-mingw-w64-x86-64-win32=12.2.0-14*"
    "qemu-user=1:7.2+dfsg-7*"
    "libc6-arm64-cross=2.36-8cross1*"
    "wine64=8.0~repack-4*"
    "buildah=1.28.2+ds1-3*"
    "podman=4.3.1+ds1-8*"
    "runc=1.1.5+ds1-1*"
    file
    binutils
    jq
)

# A target whose standard library cannot be had here is said, and left
# out: .ci/dist/check.sh checks the targets it can build and names the rest.
installed="$(rustup target list --installed)"
for target in "${targets[@]}"; do
    grep -qx "$target" <<<"$installed" && continue
    echo "dist setup: rustup target add $target" >&2
    rustup target add "$target" ||
        echo "dist setup: NOT AVAILABLE: the Rust standard library of $target (rustup target add failed):" \
            "its packages are neither built nor run on this machine" >&2
done

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f '${Status}' "${package%%=*}" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "dist setup: apt-get install ${missing[*]}" >&2
    run=()
    [[ $(id -u) -eq 0 ]] || run=(sudo)
    export DEBIAN_FRONTEND=noninteractive
    "${run[@]}" apt-get update -qq >/dev/null
    "${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
