// Preloaded (node --require) into the npm launcher to make it meet another
// platform on this machine: PAYCTL_FAKE_PLATFORM ("linux arm64 musl",
// "win32 x64") is what process.platform, process.arch and the glibc field
// of process.report say. The binary the launcher then spawns is written to
// PAYCTL_FAKE_RECORD and run through PAYCTL_FAKE_EMULATOR (a JSON array:
// ["qemu-aarch64"], ["wine64"]; empty runs it directly), as binfmt_misc
// would on a machine set up for it. Only the launcher is deceived: Node,
// npm's choice of package and the binary are all real.
"use strict";

const childProcess = require("node:child_process");
const fs = require("node:fs");

const [os, cpu, libc] = process.env.PAYCTL_FAKE_PLATFORM.split(" ");
Object.defineProperty(process, "platform", { value: os });
Object.defineProperty(process, "arch", { value: cpu });
const getReport = process.report.getReport.bind(process.report);
process.report.getReport = (...args) => {
  const report = getReport(...args);
  if (libc === "glibc") report.header.glibcVersionRuntime ||= "2.36";
  else delete report.header.glibcVersionRuntime;
  return report;
};

const emulator = JSON.parse(process.env.PAYCTL_FAKE_EMULATOR || "[]");
const spawn = childProcess.spawn;
childProcess.spawn = (command, args, options) => {
  if (process.env.PAYCTL_FAKE_RECORD) fs.writeFileSync(process.env.PAYCTL_FAKE_RECORD, command);
  return emulator.length === 0
    ? spawn(command, args, options)
    : spawn(emulator[0], [...emulator.slice(1), command, ...args], options);
};
