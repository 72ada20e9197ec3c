// Where the payctl binary is: PAYCTL_BINARY_PATH when set, else the
// platform package npm installed as an optional dependency (one per
// platform, listed in platforms.json, as esbuild and Biome ship theirs).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const PLATFORMS = require("../platforms.json");
const { version } = require("../package.json");

/** The launcher's exit code when it finds no binary to run (a shell's "command not found"). */
const NOT_FOUND_EXIT = 127;

class BinaryNotFound extends Error {
  constructor(message) {
    super(message);
    this.name = "BinaryNotFound";
    this.exitCode = NOT_FOUND_EXIT;
  }
}

/** This machine as platforms.json names it: os, cpu and, on Linux, libc. */
function currentPlatform() {
  const current = { os: process.platform, cpu: process.arch };
  if (process.platform === "linux") {
    // glibcVersionRuntime is absent where Node runs on musl (Alpine). The
    // report's network section is the slow part and not needed.
    process.report.excludeNetwork = true;
    const header = process.report.getReport().header;
    current.libc = header.glibcVersionRuntime ? "glibc" : "musl";
  }
  return current;
}

function describe(platform) {
  return [platform.os, platform.cpu, platform.libc].filter(Boolean).join(" ");
}

/** The platforms.json entry for this machine, or undefined. */
function platformEntry(current = currentPlatform()) {
  return PLATFORMS.find(
    (entry) => entry.os === current.os && entry.cpu === current.cpu && (!entry.libc || entry.libc === current.libc),
  );
}

/**
 * The absolute path of the payctl binary to run; throws BinaryNotFound
 * (exitCode 127) with what to do about it.
 */
function findBinary() {
  const override = process.env.PAYCTL_BINARY_PATH;
  if (override) {
    if (!fs.existsSync(override)) {
      throw new BinaryNotFound(`PAYCTL_BINARY_PATH is "${override}", which does not exist.`);
    }
    return path.resolve(override);
  }
  const current = currentPlatform();
  const entry = platformEntry(current);
  if (!entry) {
    throw new BinaryNotFound(
      `no payctl binary is published for this platform (${describe(current)}); the npm packages cover ` +
        `${PLATFORMS.map(describe).join(", ")}. Build it from source (cargo install --path . in the payctl ` +
        "repository) and set PAYCTL_BINARY_PATH to it.",
    );
  }
  let manifest;
  try {
    manifest = require.resolve(`${entry.package}/package.json`);
  } catch {
    throw new BinaryNotFound(
      `the package "${entry.package}" is not installed. It holds the payctl binary for this platform ` +
        `(${describe(current)}) and is an optional dependency of "payctl", which npm skips when optional ` +
        `dependencies are omitted (--omit=optional, --no-optional) or cannot be fetched. Install it ` +
        `(npm install ${entry.package}@${version}), or set PAYCTL_BINARY_PATH to a payctl binary.`,
    );
  }
  const installed = require(manifest).version;
  if (installed !== version) {
    process.emitWarning(
      `${entry.package} is version ${installed} but payctl is ${version}; running ${installed}. ` +
        `Install matching versions (npm install payctl@${version} ${entry.package}@${version}).`,
      { code: "PAYCTL_VERSION_MISMATCH" },
    );
  }
  const binary = path.join(path.dirname(manifest), "bin", entry.binary);
  if (!fs.existsSync(binary)) {
    throw new BinaryNotFound(`${entry.package} is installed but has no ${binary}; reinstall it.`);
  }
  return binary;
}

module.exports = { BinaryNotFound, NOT_FOUND_EXIT, currentPlatform, findBinary, platformEntry };
