// What the Node tests check processes and ports with (Linux: /proc).
"use strict";

const fs = require("node:fs");
const net = require("node:net");

/** Resolves true when nothing accepts connections on the URL's port any more. */
function closed(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** The state letter and parent pid of a process, or null when there is none. */
function stat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Whether a process runs (a zombie waiting for its reaper does not). */
function running(pid) {
  const found = stat(pid);
  return found !== null && found.state !== "Z";
}

/** The pids of a process's children. */
function childrenOf(pid) {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && stat(name)?.ppid === pid)
    .map(Number);
}

/** Polls `check` every 100 ms for up to `ms`; resolves its last answer. */
async function eventually(check, ms = 10000) {
  const end = Date.now() + ms;
  let answer = await check();
  while (!answer && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await check();
  }
  return answer;
}

module.exports = { childrenOf, closed, eventually, running };
