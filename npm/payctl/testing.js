// require("payctl/testing"): a throwaway `payctl sandbox` for tests.
//
// startSandbox() runs `payctl sandbox --in-memory --json --listen
// 127.0.0.1:0`, waits for the ready line (the first line on stdout) and
// resolves with its fields (base_url, test_api_key, control_token, ...) and
// stop(). newApp() gives a test its own TEST application and key, so its
// data and clock are its own. A sandbox still running when Node exits is
// sent SIGTERM.
"use strict";

const { spawn } = require("node:child_process");
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

/** A TEST application with an API key: id, api_key, api_key_id, name. */
function app(base_url, id, api_key, api_key_id, name) {
  const self = {
    base_url,
    id,
    api_key,
    api_key_id,
    name,
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
  };
  return self;
}

/**
 * Starts a sandbox and resolves once it is ready.
 * Options: args (more `payctl sandbox` arguments), binary (default:
 * PAYCTL_BINARY_PATH, else the installed platform package's), timeoutMs
 * (default 30000), env (added to process.env).
 */
async function startSandbox({ args = [], binary, timeoutMs = 30000, env = {} } = {}) {
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
      return app(ready.base_url, ready.test_application_id, ready.test_api_key, null, null);
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
      return app(ready.base_url, id, client_secret, api_key_id, name);
    },
  };
  return sandbox;
}

module.exports = { startSandbox, request };
