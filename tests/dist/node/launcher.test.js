// The npm package's `payctl` launcher (bin/payctl.js), run as npm links it
// in node_modules/.bin. Run from the project where both tarballs were
// installed; PAYCTL_NO_PLATFORM_PROJECT names a project that has only the
// main package (.ci/dist/check.sh makes both).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn, spawnSync } = require("node:child_process");
const { childrenOf, closed, eventually, running } = require("./support.js");

const launcher = path.resolve("node_modules/.bin/payctl");
const binary = path.resolve("node_modules/@payctl/cli-linux-x64-gnu/bin/payctl");
const version = process.env.PAYCTL_EXPECTED_VERSION;

function run(command, args, env = {}) {
  const { PAYCTL_BINARY_PATH, ...inherited } = process.env;
  return spawnSync(command, args, { encoding: "utf8", env: { ...inherited, ...env } });
}

test("--version through the launcher: the binary's, the packages' and Cargo.toml's version", () => {
  const result = run(launcher, ["--version"]);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, `payctl ${version}\n`);
  assert.equal(require("payctl/package.json").version, version);
  assert.equal(require("@payctl/cli-linux-x64-gnu/package.json").version, version);
});

test("the binary's exit code and streams come back unchanged", () => {
  const result = run(launcher, ["--no-such-flag"]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--no-such-flag/);
  assert.equal(result.stdout, "");
});

test("PAYCTL_BINARY_PATH is run instead of the platform package's binary", () => {
  const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "payctl-fake-")), "payctl");
  fs.writeFileSync(fake, '#!/bin/sh\necho "fake payctl: $*"\nexit 7\n', { mode: 0o755 });
  const result = run(launcher, ["sandbox", "--json"], { PAYCTL_BINARY_PATH: fake });
  assert.equal(result.status, 7);
  assert.equal(result.stdout, "fake payctl: sandbox --json\n");

  const missing = run(launcher, ["--version"], { PAYCTL_BINARY_PATH: `${fake}-gone` });
  assert.equal(missing.status, 127);
  assert.equal(missing.stderr, `payctl: PAYCTL_BINARY_PATH is "${fake}-gone", which does not exist.\n`);
});

test("without the platform package: exit 127 and a message naming it; PAYCTL_BINARY_PATH still works", () => {
  const project = process.env.PAYCTL_NO_PLATFORM_PROJECT;
  assert.ok(project, "PAYCTL_NO_PLATFORM_PROJECT is not set");
  assert.equal(fs.existsSync(path.join(project, "node_modules/@payctl/cli-linux-x64-gnu")), false);
  const bare = path.join(project, "node_modules/.bin/payctl");
  const result = run(bare, ["--version"]);
  assert.equal(result.status, 127);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /^payctl: the package "@payctl\/cli-linux-x64-gnu" is not installed\./);
  assert.match(result.stderr, /--omit=optional/);
  assert.match(result.stderr, new RegExp(`npm install @payctl/cli-linux-x64-gnu@${version.replace(/\./g, "\\.")}`));
  assert.match(result.stderr, /PAYCTL_BINARY_PATH/);

  const pointed = run(bare, ["--version"], { PAYCTL_BINARY_PATH: binary });
  assert.equal(pointed.status, 0, pointed.stderr);
  assert.equal(pointed.stdout, `payctl ${version}\n`);
});

/** Starts `payctl sandbox` through the launcher; resolves once its ready line is read. */
async function sandboxThroughLauncher() {
  const child = spawn(launcher, ["sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const ready = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
    });
    exited.then(() => reject(new Error("the sandbox exited before its ready line")));
  });
  const [sandboxPid] = childrenOf(child.pid);
  assert.ok(sandboxPid, "the launcher has no child");
  assert.equal(fs.realpathSync(`/proc/${sandboxPid}/exe`), fs.realpathSync(binary));
  assert.equal((await fetch(`${ready.base_url}/health`)).status, 200);
  return { child, exited, ready, sandboxPid };
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  test(`${signal} to the launcher stops the sandbox cleanly: exit 0, no process left, the port closed`, async () => {
    const { child, exited, ready, sandboxPid } = await sandboxThroughLauncher();
    child.kill(signal);
    assert.deepEqual(await exited, { code: 0, signal: null });
    assert.equal(running(sandboxPid), false, `sandbox ${sandboxPid} still running`);
    assert.equal(await closed(ready.base_url), true);
  });
}

test("a binary killed by a signal: the launcher ends by the same signal", async () => {
  const { exited, ready, sandboxPid } = await sandboxThroughLauncher();
  process.kill(sandboxPid, "SIGKILL");
  assert.deepEqual(await exited, { code: null, signal: "SIGKILL" });
  assert.equal(await eventually(() => closed(ready.base_url)), true);
});
