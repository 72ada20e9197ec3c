# How this machine (Linux x86-64) runs the binary of each target, for
# .ci/dist/check.sh and benches/dist.sh (sourced; needs $root).
#   runner TARGET          the command that runs TARGET's binary, into the array `run`: nothing (natively),
#                          qemu-user (arm64; the glibc binary with Debian's arm64 loader), or wine (Windows)
#   stop_signal TARGET     how its sandbox is stopped: TERM, or INT on Windows (wine turns SIGINT into the
#                          console's CTRL_C_EVENT, which is how a Windows console program is stopped)
#   field TARGET KEY       a field of TARGET's entry in npm/payctl/platforms.json
#   wine_prefix DIR        a Wine prefix in DIR for the Windows binary, exported as WINEPREFIX
#   wine_stop              stops that prefix's wineserver and programs
#   podman_env DIR         podman and buildah with their storage in DIR (not the machine's), exported
#   podman_clean DIR       removes every container podman and buildah keep in DIR's storage and unmounts
#                          whatever is still mounted under DIR, so that DIR can be removed: what a trap runs
#                          whichever step failed, and what runs before DIR is made afresh

# Debian's wine64 package keeps its programs out of PATH (the `wine` package links them).
wine=/usr/lib/wine/wine64 wineserver=/usr/lib/wine/wineserver64
[[ -x $wine ]] || wine=wine64 wineserver=wineserver

runner() {
    case $1 in
        x86_64-unknown-linux-gnu | x86_64-unknown-linux-musl) run=() ;;
        aarch64-unknown-linux-gnu) run=(qemu-aarch64 -L /usr/aarch64-linux-gnu) ;;
        aarch64-unknown-linux-musl) run=(qemu-aarch64) ;;
        x86_64-pc-windows-gnu) run=("$wine") ;;
        *) echo "no way to run $1 here" >&2; return 1 ;;
    esac
}

stop_signal() { if [[ $1 == *-windows-* ]]; then echo INT; else echo TERM; fi; }

field() {
    python3 -c 'import json, sys; print(next(e for e in json.load(open(sys.argv[1])) if e["rust_target"] == sys.argv[2]).get(sys.argv[3], ""))' \
        "$root/npm/payctl/platforms.json" "$1" "$2"
}

# Debian 12's Wine 8.0 lacks bcryptprimitives.dll, which Rust's standard
# library loads: the prefix gets the stand-in of .ci/dist/wine/.
wine_prefix() {
    export WINEPREFIX="$1" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    "$wine" wineboot --init >/dev/null 2>&1 || { echo "wineboot failed" >&2; return 1; }
    x86_64-w64-mingw32-gcc -O2 -shared -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
        "$root/.ci/dist/wine/bcryptprimitives.c" "$root/.ci/dist/wine/bcryptprimitives.def" -lbcrypt
}

wine_stop() {
    if [[ -n ${WINEPREFIX:-} && -d $WINEPREFIX ]]; then "$wineserver" -k 2>/dev/null || true; fi
}

# Two settings for machines like CI's too: runc (crun refuses a host with
# cgroup v1 and v2 controllers mounted side by side) and limits within the
# caller's own (podman asks for 1048576 open files by default, which needs
# CAP_SYS_RESOURCE).
podman_env() {
    mkdir -p "$1"
    printf '[storage]\ndriver = "overlay"\ngraphroot = "%s"\nrunroot = "%s"\n' "$1/storage" "$1/state" \
        >"$1/storage.conf"
    printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n' \
        "$(ulimit -Hn)" "$(ulimit -Hn)" >"$1/containers.conf"
    export CONTAINERS_STORAGE_CONF="$1/storage.conf" CONTAINERS_CONF="$1/containers.conf"
}

podman_clean() {
    local dir=$1 mount
    [[ -d $dir ]] || return 0
    for conf in "$dir"/*/storage.conf "$dir/storage.conf"; do
        [[ -f $conf ]] || continue
        CONTAINERS_STORAGE_CONF="$conf" CONTAINERS_CONF="$(dirname "$conf")/containers.conf" \
            podman rm --all --force --time 0 >/dev/null 2>&1 || true
        CONTAINERS_STORAGE_CONF="$conf" buildah rm --all >/dev/null 2>&1 || true
    done
    # Deepest first: an overlay's merged directory, then the storage's own mounts.
    while read -r mount; do
        umount "$mount" 2>/dev/null || umount --lazy "$mount" 2>/dev/null || true
    done < <(awk -v dir="$(realpath "$dir")" 'index($2, dir) == 1 { print $2 }' /proc/self/mounts | sort -r)
}
