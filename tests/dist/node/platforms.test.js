// Every platform package built here, installed the way partners install
// it: `npm install payctl` from a registry holding the built tarballs
// (.ci/dist/registry.py), with npm's --os, --cpu and --libc set to the
// platform, so that npm picks the optional dependency by the package's
// own os, cpu and libc fields. Then the launcher, told it runs on that
// platform (fake-platform.js), must run that package's binary (under qemu
// or wine where it is not native) and, without it, name it.
// PAYCTL_PLATFORM_PROJECTS is a JSON file written by .ci/dist/check.sh:
// [{target, package, os, cpu, libc, binary, project, emulator}], and
// PAYCTL_NO_PLATFORM_PROJECT a project with the main package only.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const platforms = JSON.parse(fs.readFileSync(process.env.PAYCTL_PLATFORM_PROJECTS, "utf8"));
const version = process.env.PAYCTL_EXPECTED_VERSION;
const bare = process.env.PAYCTL_NO_PLATFORM_PROJECT;
const preload = path.join(__dirname, "fake-platform.js");

/** Runs PROJECT's launcher as on PLATFORM; answers the result and the binary it spawned. */
function launch(project, platform, emulator, args) {
  const record = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "payctl-launch-")), "spawned");
  const { PAYCTL_BINARY_PATH, ...inherited } = process.env;
  const result = spawnSync(
    process.execPath,
    ["--require", preload, path.join(project, "node_modules/payctl/bin/payctl.js"), ...args],
    {
      encoding: "utf8",
      timeout: 120000,
      env: {
        ...inherited,
        PAYCTL_FAKE_PLATFORM: platform,
        PAYCTL_FAKE_EMULATOR: JSON.stringify(emulator),
        PAYCTL_FAKE_RECORD: record,
      },
    },
  );
  const spawned = fs.existsSync(record) ? fs.readFileSync(record, "utf8") : null;
  return { ...result, spawned };
}

const describe = (p) => [p.os, p.cpu, p.libc].filter(Boolean).join(" ");

test("the table covers each platform once", () => {
  const names = platforms.map(describe);
  assert.equal(new Set(names).size, names.length, names.join(", "));
  assert.ok(platforms.length >= 1);
});

for (const p of platforms) {
  test(`${describe(p)}: npm installs ${p.package} alone, and the launcher runs its binary`, () => {
    const scope = path.join(p.project, "node_modules/@payctl");
    assert.deepEqual(fs.readdirSync(scope), [p.package.split("/")[1]], `npm's choice for ${describe(p)}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(scope, p.package.split("/")[1], "package.json"), "utf8"));
    assert.deepEqual(manifest.os, [p.os]);
    assert.deepEqual(manifest.cpu, [p.cpu]);
    assert.deepEqual(manifest.libc, p.libc ? [p.libc] : undefined);

    const result = launch(p.project, describe(p), p.emulator, ["--version"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim(), `payctl ${version}`);
    assert.equal(result.spawned, path.join(scope, p.package.split("/")[1], "bin", p.binary));
  });

  test(`${describe(p)}: without ${p.package}, exit 127 naming it`, () => {
    const result = launch(bare, describe(p), p.emulator, ["--version"]);
    assert.equal(result.status, 127);
    assert.equal(result.spawned, null);
    assert.equal(result.stdout, "");
    assert.match(
      result.stderr,
      new RegExp(`^payctl: the package "${p.package.replace("/", "\\/")}" is not installed\\. .*\\(${describe(p)}\\)`),
    );
    assert.match(result.stderr, new RegExp(`npm install ${p.package.replace("/", "\\/")}@${version.replace(/\./g, "\\.")}`));
  });
}

test("a platform without a package: exit 127 listing those that exist", () => {
  for (const platform of ["linux riscv64 glibc", "freebsd x64", "win32 arm64"]) {
    const result = launch(bare, platform, [], ["--version"]);
    assert.equal(result.status, 127, platform);
    assert.match(result.stderr, new RegExp(`no payctl binary is published for this platform \\(${platform}\\)`));
    assert.match(result.stderr, /linux x64 musl/);
    assert.match(result.stderr, /win32 x64/);
  }
});
