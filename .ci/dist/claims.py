"""Checks that a built wheel, and the npm platform package built beside it,
are what they claim: the binary's architecture and libc (as `file` and
`readelf` read them; `objdump -p` for Windows) against the wheel's platform
tag and against the target's entry in npm/payctl/platforms.json, the npm
package's os/cpu/libc against that entry, and the npm package's binary
byte for byte the wheel's.

    python3 claims.py PLATFORMS_JSON RUST_TARGET WHEEL NPM_TARBALL [--any-glibc-tag]

--any-glibc-tag accepts another manylinux tag than platforms.json's, as long
as the binary needs no newer glibc than the tag says: CI's debug build of
this machine's own target is linked against this machine's glibc, not with
zig against 2.17 (the release build is checked against the table).
"""

import hashlib
import json
import re
import subprocess
import sys
import tarfile
import zipfile

ELF_MACHINE = {"x86_64": "x86-64", "aarch64": "ARM aarch64"}
NPM_CPU = {"x86_64": "x64", "aarch64": "arm64"}
# What a binary may import on Windows: the system's DLLs only (no MinGW
# runtime DLL such as libgcc_s_seh-1.dll or libwinpthread-1.dll).
WINDOWS_SYSTEM_DLL = re.compile(
    r"^(kernel32|ntdll|advapi32|bcrypt|bcryptprimitives|crypt32|secur32|userenv|ws2_32|mswsock|ole32|oleaut32|"
    r"shell32|user32|combase|msvcrt|ucrtbase|api-ms-win-[a-z0-9-]+|ncrypt|iphlpapi|dbghelp|credui|synchronization)\.dll$",
    re.IGNORECASE,
)


def fail(message):
    sys.exit(f"claims: {message}")


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    any_glibc_tag = "--any-glibc-tag" in sys.argv
    platforms, target, wheel, npm_tarball = args
    entry = next((e for e in json.load(open(platforms)) if e["rust_target"] == target), None)
    if entry is None:
        fail(f"{target} is not in {platforms}")
    name = entry["binary"]

    # The wheel's platform tag: the file name's last part, before ".whl".
    tags = wheel.rsplit("/", 1)[-1][: -len(".whl")].split("-")[-1].split(".")
    with zipfile.ZipFile(wheel) as archive:
        [member] = [m for m in archive.namelist() if m.endswith(f".data/scripts/{name}")]
        binary = archive.read(member)
    path = f"{wheel}.{name}"
    with open(path, "wb") as out:
        out.write(binary)

    arch = target.split("-")[0]
    described = run("file", "-b", path).strip()
    said = []
    if target.endswith("-windows-gnu"):
        expect_tag = ["win_amd64"]
        if tags != expect_tag:
            fail(f"{wheel}: tag {tags}, expected {expect_tag}")
        if not described.startswith("PE32+ executable (console) x86-64") or "MS Windows" not in described:
            fail(f"{target}: file says {described!r}, not a 64-bit Windows console program")
        dlls = re.findall(r"DLL Name: (\S+)", run("x86_64-w64-mingw32-objdump", "-p", path))
        foreign = [d for d in dlls if not WINDOWS_SYSTEM_DLL.match(d)]
        if not dlls or foreign:
            fail(f"{target}: imports {foreign or 'nothing'}; only Windows' own DLLs may be needed")
        said.append(f"imports only Windows DLLs ({', '.join(sorted(set(d.lower() for d in dlls)))})")
    else:
        if not described.startswith("ELF 64-bit LSB") or ELF_MACHINE[arch] not in described:
            fail(f"{target}: file says {described!r}, not a 64-bit {ELF_MACHINE[arch]} ELF")
        program = run("readelf", "-lW", path)
        dynamic = run("readelf", "-dW", path)
        interpreter = re.search(r"Requesting program interpreter: ([^\]]+)\]", program)
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
        if target.endswith("-musl"):
            expect_tag = [f"musllinux_1_2_{arch}"]
            if tags != expect_tag:
                fail(f"{wheel}: tag {tags}, expected {expect_tag}")
            if interpreter or needed or ("statically linked" not in described and "static-pie" not in described):
                fail(f"{target}: not static: interpreter {interpreter and interpreter[1]}, needs {needed}; {described}")
            said.append("static (no interpreter, no shared library)")
        else:
            loader = {"x86_64": "/lib64/ld-linux-x86-64.so.2", "aarch64": "/lib/ld-linux-aarch64.so.1"}[arch]
            if not interpreter or interpreter[1] != loader:
                fail(f"{target}: interpreter {interpreter and interpreter[1]}, expected {loader}")
            versions = run("readelf", "-VW", path)
            needs = max(
                (tuple(map(int, v.split("."))) for v in re.findall(r"Name: GLIBC_([0-9.]+)", versions)),
                default=(2, 0),
            )
            manylinux = [t for t in tags if t.startswith("manylinux")]
            if not manylinux or not all(t.endswith(f"_{arch}") for t in tags):
                fail(f"{wheel}: tag {tags} is not a manylinux tag for {arch}")
            if not any_glibc_tag and manylinux[0] != entry["wheel"]:
                fail(f"{wheel}: tag {tags}, expected {entry['wheel']}")
            # manylinux2014 is glibc 2.17; manylinux_2_X_ARCH is glibc 2.X.
            allowed = [(2, 17) if t.startswith("manylinux2014") else tuple(map(int, t.split("_")[1:3])) for t in manylinux]
            if needs > min(allowed):
                fail(f"{target}: needs GLIBC_{'.'.join(map(str, needs))}, more than its tag {manylinux[0]} allows")
            allowed_libs = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libgcc_s.so.1",
                            "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}
            if set(needed) - allowed_libs:
                fail(f"{target}: needs {sorted(set(needed) - allowed_libs)}, outside what manylinux allows")
            said.append(f"interpreter {loader}, needs GLIBC_{'.'.join(map(str, needs))} at most, {', '.join(needed)}")
    said.insert(0, f"{tags[0]}: {described.split(',')[0]}, {ELF_MACHINE.get(arch, arch)}")

    with tarfile.open(npm_tarball) as tarball:
        manifest = json.load(tarball.extractfile("package/package.json"))
        packaged = tarball.extractfile(f"package/bin/{name}").read()
    expected = {"name": entry["package"], "os": [entry["os"]], "cpu": [entry["cpu"]]}
    if "libc" in entry:
        expected["libc"] = [entry["libc"]]
    got = {key: manifest.get(key) for key in expected}
    if got != expected or ("libc" not in entry and "libc" in manifest):
        fail(f"{npm_tarball}: package.json says {got}, expected {expected}")
    if NPM_CPU[arch] != entry["cpu"]:
        fail(f"{target}: platforms.json says cpu {entry['cpu']}")
    if hashlib.sha256(packaged).digest() != hashlib.sha256(binary).digest():
        fail(f"{npm_tarball}: bin/{name} is not the wheel's binary")
    said.append(f"npm {entry['package']} ({', '.join(f'{k} {v[0]}' for k, v in expected.items() if k != 'name')}), same binary")
    print(f"{target}: " + "; ".join(said))


if __name__ == "__main__":
    main()
