// require("payctl/testing"): a throwaway `payctl sandbox` for tests.
//
// startSandbox() runs `payctl sandbox --in-memory --json --listen
// 127.0.0.1:0`, waits for the ready line (the first line on stdout) and
// resolves with its fields (base_url, test_api_key, control_token, ...) and
// stop(). newApp() gives a test its own TEST application and key, so its
// data and clock are its own; app.fork() copies an application's whole world
// into a new one in milliseconds, newTemplate(file) makes one from a snapshot
// or fixture file (startSandbox({template}) makes sandbox.template), and
// app.delete() removes an application with its world. A sandbox still
// running when Node exits is sent SIGTERM.
"use strict";

const { spawn, execFile } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { randomUUID } = require("node:crypto");
const { findBinary } = require("./lib/binary.js");

const SANDBOX_ARGS = ["sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0"];
const STDERR_KEPT = 64 * 1024;

/** One HTTP request; an error status is returned, not thrown. */
async function request(method, url, { body, headers = {}, form } = {}) {
  const sent = { ...headers };
  let payload;
  if (form !== undefined) {
    payload = new URLSearchParams(form).toString();
    sent["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    sent["Content-Type"] = "application/json";
  }
  const answer = await fetch(url, { method, headers: sent, body: payload });
  const text = await answer.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: answer.status, headers: answer.headers, body: parsed, text };
}

function expect(answer, what) {
  if (answer.status < 200 || answer.status > 299 || answer.body === null || typeof answer.body !== "object") {
    throw new Error(`${what}: HTTP ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  return answer.body;
}

/**
 * A TEST application with an API key: id, api_key, api_key_id, name; a fork
 * (or a loaded snapshot) also has ids (each original id to its copy's) and
 * forked_from. `owner` is the sandbox it was made through, for delete().
 */
function app(base_url, id, api_key, api_key_id, name, owner, { ids = {}, forked_from = null } = {}) {
  const self = {
    base_url,
    id,
    api_key,
    api_key_id,
    name,
    ids,
    forked_from,
    /** A request with this application's key (X-API-Key); path starts with "/". */
    request: (method, path, body, headers = {}) =>
      request(method, base_url + path, { body, headers: { "X-API-Key": api_key, ...headers } }),
    /** GET /sandbox/clock: {now, offset_seconds, scope, application_id, global_offset_seconds}. */
    clock: async () => expect(await self.request("GET", "/sandbox/clock"), "reading the clock"),
    /** Moves this application's clock (and only its) forward; due moves are applied before it resolves. */
    advanceClock: async (seconds) =>
      expect(
        await self.request("POST", "/sandbox/clock/advance", { seconds }, { "Idempotency-Key": randomUUID() }),
        `advancing the clock by ${seconds} s`,
      ),
    /** POST /sandbox/fork with this key: a new TEST application holding a copy of this one's world. */
    fork: async ({ name } = {}) => {
      const answer = await self.request("POST", "/sandbox/fork", name === undefined ? {} : { name }, {
        "Idempotency-Key": randomUUID(),
      });
      return world(base_url, expect(answer, `forking ${id}`), owner);
    },
    /** GET /sandbox/snapshot: this application's world as a payctl-snapshot/1 document (no secret in it). */
    snapshot: async ({ redact = false } = {}) =>
      expect(await self.request("GET", `/sandbox/snapshot${redact ? "?redact=true" : ""}`), `saving ${id}`),
    /** Deletes this TEST application and its whole world (DELETE /sandbox/applications/{id}). */
    delete: async () => {
      if (!owner) throw new Error(`${id} was not made through a sandbox: use sandbox.deleteApp(id)`);
      return owner.deleteApp(self);
    },
  };
  return self;
}

/** The application of a fork's or a snapshot load's answer. */
function world(base_url, answer, owner) {
  const key = answer.api_key || {};
  return app(base_url, answer.application.id, key.client_secret, key.api_key_id, answer.application.name, owner, {
    ids: answer.ids || {},
    forked_from: answer.forked_from || null,
  });
}

/** The snapshot document in `file`, or null when it is not one (a fixture file). */
function readSnapshot(file) {
  try {
    const document = JSON.parse(fs.readFileSync(file, "utf8"));
    if (document && typeof document.format === "string" && document.format.startsWith("payctl-snapshot/")) {
      return document;
    }
  } catch (error) {
    if (error.code) throw error;
  }
  return null;
}

/**
 * Starts a sandbox and resolves once it is ready.
 * Options: args (more `payctl sandbox` arguments), binary (default:
 * PAYCTL_BINARY_PATH, else the installed platform package's), timeoutMs
 * (default 30000), env (added to process.env), template (a snapshot or
 * fixture file: sandbox.template is a new TEST application holding its
 * world, to fork for each test).
 */
async function startSandbox({ args = [], binary, timeoutMs = 30000, env = {}, template } = {}) {
  const command = binary || findBinary();
  const child = spawn(command, [...SANDBOX_ARGS, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const killOnExit = () => child.kill("SIGTERM");
  process.on("exit", killOnExit);

  let ready;
  try {
    ready = await new Promise((resolve, reject) => {
      let stdout = "";
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`payctl sandbox printed no ready line in ${timeoutMs} ms: ${stderr}`));
      }, timeoutMs);
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`cannot run ${command}: ${error.message}`));
      });
      exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`payctl sandbox exited (${signal || code}) before it was ready: ${stderr}`));
      });
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        const end = stdout.indexOf("\n");
        if (end >= 0) {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(stdout.slice(0, end)));
          } catch (error) {
            child.kill("SIGKILL");
            reject(new Error(`payctl sandbox printed a ready line that is not JSON: ${error.message}`));
          }
        }
      });
    });
  } catch (error) {
    process.off("exit", killOnExit);
    throw error;
  }
  // A test that forgets stop() must not keep Node running: the exit hook
  // above stops the sandbox instead.
  child.unref();
  child.stdout.unref();
  child.stderr.unref();

  const sandbox = {
    ...ready,
    /** The whole ready line, including fields newer than this package. */
    ready,
    process: child,
    pid: child.pid,
    /** What the sandbox wrote on stderr (the last 64 KiB). */
    stderr: () => stderr,
    /** SIGTERM, then {code, signal} once it has exited ({code: 0, signal: null} for a clean stop); SIGKILL after timeoutMs. */
    async stop({ timeoutMs: stopTimeoutMs = 10000 } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
        await exited;
        clearTimeout(timer);
      }
      process.off("exit", killOnExit);
      return exited;
    },
    /** The ready line's TEST application and key, shared by everything using this sandbox. */
    get testApp() {
      return app(ready.base_url, ready.test_application_id, ready.test_api_key, null, null, sandbox);
    },
    /** An access token of the ready line's dashboard user (password grant; valid 300 s). */
    async dashboardToken() {
      const answer = await request("POST", `${ready.auth_url}/protocol/openid-connect/token`, {
        form: {
          grant_type: "password",
          client_id: ready.client_id,
          username: ready.username,
          password: ready.password,
        },
      });
      return expect(answer, "dashboard login").access_token;
    },
    /** A fresh TEST application with one API key: its own data and its own clock. */
    async newApp(name = "payctl/testing") {
      const headers = { Authorization: `Bearer ${await sandbox.dashboardToken()}` };
      const created = await request("POST", `${ready.base_url}/v1/applications`, {
        body: { name, environment: "TEST" },
        headers,
      });
      const id = expect(created, "creating a TEST application").id;
      const key = await request("POST", `${ready.base_url}/v1/applications/${id}/keys`, { body: {}, headers });
      const { client_secret, api_key_id } = expect(key, "creating an API key");
      return app(ready.base_url, id, client_secret, api_key_id, name, sandbox);
    },
    /** A new TEST application holding a copy of `original`'s world: original.fork(). */
    async fork(original, { name } = {}) {
      const own = app(ready.base_url, original.id, original.api_key, original.api_key_id, original.name, sandbox);
      return own.fork({ name });
    },
    /** A new TEST application of the ready line's partner holding a snapshot's world (a document or a file). */
    async loadSnapshot(snapshot, { name } = {}) {
      const document = typeof snapshot === "string" ? readSnapshot(snapshot) : snapshot;
      if (!document) throw new Error(`${snapshot} is not a payctl snapshot`);
      const query = new URLSearchParams({ partner_id: ready.partner_id, ...(name ? { name } : {}) });
      const answer = await request("POST", `${ready.base_url}/sandbox/snapshot?${query}`, {
        body: document,
        headers: controlHeaders(),
      });
      return world(ready.base_url, expect(answer, "loading a snapshot"), sandbox);
    },
    /**
     * A new TEST application holding the world of `file`: a snapshot (loaded), or a fixture file run with
     * `payctl fixtures run` against it. Without a file, an empty one to build a world in.
     */
    async newTemplate(file, { name = "payctl/testing template" } = {}) {
      const document = file === undefined ? null : readSnapshot(file);
      if (document) return sandbox.loadSnapshot(document, { name });
      const made = await sandbox.newApp(name);
      if (file !== undefined) await runFixture(file, made);
      return made;
    },
    /** Deletes a TEST application (an app or its id) and its whole world, with the control token. */
    async deleteApp(target) {
      const id = typeof target === "string" ? target : target.id;
      const answer = await request("DELETE", `${ready.base_url}/sandbox/applications/${encodeURIComponent(id)}`, {
        headers: controlHeaders(),
      });
      return expect(answer, `deleting ${id}`);
    },
  };
  const controlHeaders = () => ({ Authorization: `Bearer ${ready.control_token}`, "Idempotency-Key": randomUUID() });
  const runFixture = async (file, made) => {
    // A config directory of its own: no profile or stored login of the user's reaches the run.
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "payctl-template-"));
    try {
      const readyFile = path.join(directory, "ready.json");
      fs.writeFileSync(readyFile, JSON.stringify({ ...ready, test_application_id: made.id, test_api_key: made.api_key }));
      const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PAYCTL_")));
      await new Promise((resolve, reject) =>
        execFile(
          command,
          ["fixtures", "run", file, "--ready", readyFile, "-o", "json"],
          { env: { ...clean, PAYCTL_CONFIG_DIR: directory }, timeout: 300000, maxBuffer: 64 * 1024 * 1024 },
          (error, _stdout, stderr) =>
            error ? reject(new Error(`payctl fixtures run ${file} failed: ${stderr.slice(-2000)}`)) : resolve(),
        ),
      );
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  };
  if (template !== undefined) {
    try {
      sandbox.template = await sandbox.newTemplate(template);
    } catch (error) {
      await sandbox.stop();
      throw error;
    }
  }
  return sandbox;
}

module.exports = { startSandbox, request };
