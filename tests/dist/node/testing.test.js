// require("payctl/testing") as a Node project uses it once `npm install`
// has put payctl and its platform package in node_modules. Run from that
// project's directory (.ci/dist/check.sh copies this file there).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const { startSandbox } = require("payctl/testing");
const { closed, eventually, running } = require("./support.js");

const CUSTOMER = {
  type: "business",
  legal_name: "Node Clock Trading LLC",
  email: "owner@example.com",
  country: "AE",
  verification_level: "standard",
  tax_id: "TRN-100200300",
};

test("startSandbox: the ready line's fields, an API call, applications with their own clocks, a clean stop", async () => {
  const sandbox = await startSandbox();
  let stopped;
  try {
    assert.match(sandbox.base_url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(sandbox.test_api_key, /^sk_test_/);
    assert.match(sandbox.control_token, /^ctl_/);
    assert.equal(sandbox.database, "memory");
    assert.equal(sandbox.version, process.env.PAYCTL_EXPECTED_VERSION);
    assert.equal(sandbox.ready.test_application_id, sandbox.test_application_id);

    const health = await fetch(`${sandbox.base_url}/health`);
    assert.equal(health.status, 200);
    const listed = await sandbox.testApp.request("GET", "/v1/customers");
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.data, []);

    // Two applications: the same e-mail in each (unique per application),
    // one clock advanced, the other untouched.
    const first = await sandbox.newApp("node first");
    const second = await sandbox.newApp("node second");
    assert.notEqual(first.id, second.id);
    const created = await first.request("POST", "/v1/customers", CUSTOMER);
    assert.equal(created.status, 201, created.text);
    assert.equal((await second.request("POST", "/v1/customers", CUSTOMER)).status, 201);

    const moved = await first.advanceClock(120);
    assert.equal(moved.scope, "application");
    assert.equal(moved.application_id, first.id);
    assert.equal(moved.offset_seconds, 120);
    assert.equal((await second.clock()).offset_seconds, 0);
    assert.equal((await sandbox.testApp.clock()).offset_seconds, 0);

    const firstCustomers = await first.request("GET", "/v1/customers");
    assert.deepEqual(
      firstCustomers.body.data.map((c) => [c.id, c.kyb_status]),
      [[created.body.id, "approved"]],
    );
    const secondCustomers = await second.request("GET", "/v1/customers");
    assert.deepEqual(
      secondCustomers.body.data.map((c) => c.kyb_status),
      ["pending"],
    );
  } finally {
    stopped = await sandbox.stop();
  }
  assert.deepEqual(stopped, { code: 0, signal: null });
  assert.equal(await closed(sandbox.base_url), true);
});

test("startSandbox rejects with the sandbox's own message when it cannot start", async () => {
  await assert.rejects(startSandbox({ args: ["--rate-limit", "fast"] }), (error) => {
    assert.match(error.message, /exited \(2\) before it was ready/);
    assert.match(error.message, /rate-limit/);
    return true;
  });
});

test("a sandbox still running when Node exits is stopped", async () => {
  // A script that starts a sandbox, prints it, and ends without stop().
  const script = `require("payctl/testing").startSandbox().then((s) => console.log(JSON.stringify({ pid: s.pid, base_url: s.base_url })))`;
  const child = spawn(process.execPath, ["-e", script], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  assert.equal(code, 0);
  const { pid, base_url } = JSON.parse(out);
  assert.equal(await eventually(() => closed(base_url)), true, `${base_url} still open`);
  assert.equal(await eventually(() => !running(pid)), true, `sandbox ${pid} still running`);
});

test("startSandbox({template}): a fixture file's world in sandbox.template, a fork per test, deleted after", async () => {
  const sandbox = await startSandbox({ template: require("node:path").join(__dirname, "onboarding.json") });
  try {
    const template = sandbox.template;
    const listed = (await template.request("GET", "/v1/customers")).body.data;
    assert.deepEqual(
      listed.map((c) => [c.legal_name, c.kyb_status]),
      [["Acme Trading LLC", "approved"]],
    );
    const fork = await template.fork({ name: "node fork" });
    assert.equal(fork.name, "node fork");
    assert.equal(fork.forked_from, template.id);
    const copy = (await fork.request("GET", "/v1/customers")).body.data;
    assert.deepEqual(copy.map((c) => c.id), [fork.ids[listed[0].id]]);
    await fork.advanceClock(600);
    assert.equal((await template.clock()).offset_seconds, 0);

    // Saved, loaded back as another application, then both deleted.
    const document = await template.snapshot();
    assert.equal(document.format, "payctl-snapshot/1");
    const loaded = await sandbox.loadSnapshot(document, { name: "node loaded" });
    assert.deepEqual(
      (await loaded.request("GET", "/v1/customers")).body.data.map((c) => c.id),
      [loaded.ids[listed[0].id]],
    );
    for (const made of [fork, loaded]) {
      const deleted = await made.delete();
      assert.equal(deleted.id, made.id);
      assert.equal((await made.request("GET", "/v1/customers")).status, 401);
    }
    assert.equal((await template.request("GET", "/v1/customers")).body.data.length, 1);
  } finally {
    assert.deepEqual(await sandbox.stop(), { code: 0, signal: null });
  }
});
