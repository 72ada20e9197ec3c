#!/usr/bin/env node
// The `payctl` command of the npm package: runs the platform's binary with
// the same arguments and standard streams, passes on the signals a process
// manager or CI runner sends (so SIGTERM stops `payctl sandbox` cleanly
// instead of orphaning it), and ends the way the binary ended: its exit
// code, or the same signal. Without a binary it exits 127 and says which
// package is missing.
"use strict";

const { spawn } = require("node:child_process");
const os = require("node:os");
const { findBinary } = require("../lib/binary.js");

const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR2", "SIGBREAK"].filter(
  (signal) => signal in os.constants.signals,
);

let binary;
try {
  binary = findBinary();
} catch (error) {
  if (error.exitCode === undefined) throw error;
  process.stderr.write(`payctl: ${error.message}\n`);
  process.exit(error.exitCode);
}

const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });

const forward = (signal) => {
  // The child may have exited between the signal and this handler.
  try {
    child.kill(signal);
  } catch {}
};
for (const signal of FORWARDED) process.on(signal, forward);

child.on("error", (error) => {
  process.stderr.write(`payctl: cannot run ${binary}: ${error.message}\n`);
  process.exit(error.code === "ENOENT" || error.code === "EACCES" ? 127 : 1);
});

child.on("exit", (code, signal) => {
  for (const forwarded of FORWARDED) process.off(forwarded, forward);
  if (signal === null) {
    process.exit(code);
  }
  // Die of the same signal, so the caller's shell or runner sees what the
  // binary saw; 128 + its number should the signal be ignored here.
  process.kill(process.pid, signal);
  setTimeout(() => process.exit(128 + (os.constants.signals[signal] || 0)), 1000);
});
