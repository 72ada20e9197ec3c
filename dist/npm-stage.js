// Stages the npm packages for `npm pack`: the main `payctl` package
// (npm/payctl with its version and one optional dependency per platform of
// platforms.json) and one binary package per built target (npm/cli-platform
// with name, os, cpu and libc from platforms.json, and the binary).
//
//   node dist/npm-stage.js STAGE_DIR VERSION RUST_TARGET=BINARY...
//
// Prints the staged directories, one a line: the main package first.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const [stage, version, ...built] = process.argv.slice(2);
if (built.length === 0 || built.some((pair) => !pair.includes("="))) {
  console.error("usage: node dist/npm-stage.js STAGE_DIR VERSION RUST_TARGET=BINARY...");
  process.exit(2);
}
const root = path.resolve(__dirname, "..");
const platforms = JSON.parse(fs.readFileSync(path.join(root, "npm/payctl/platforms.json"), "utf8"));
const readme = path.join(root, "dist/PACKAGE.md");
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const main = path.join(stage, "payctl");
fs.rmSync(main, { recursive: true, force: true });
fs.cpSync(path.join(root, "npm/payctl"), main, { recursive: true });
const template = JSON.parse(fs.readFileSync(path.join(main, "package.json"), "utf8"));
writeJson(path.join(main, "package.json"), {
  name: template.name,
  version,
  ...template,
  optionalDependencies: Object.fromEntries(platforms.map((entry) => [entry.package, version])),
});
fs.copyFileSync(readme, path.join(main, "README.md"));
fs.chmodSync(path.join(main, "bin/payctl.js"), 0o755);
console.log(main);

const cliTemplate = JSON.parse(fs.readFileSync(path.join(root, "npm/cli-platform/package.json"), "utf8"));
for (const pair of built) {
  const [rustTarget, binary] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
  const platform = platforms.find((entry) => entry.rust_target === rustTarget);
  if (!platform) {
    console.error(`no entry for ${rustTarget} in npm/payctl/platforms.json`);
    process.exit(1);
  }
  const cli = path.join(stage, platform.package.split("/").pop());
  fs.rmSync(cli, { recursive: true, force: true });
  fs.mkdirSync(path.join(cli, "bin"), { recursive: true });
  writeJson(path.join(cli, "package.json"), {
    name: platform.package,
    version,
    ...cliTemplate,
    os: [platform.os],
    cpu: [platform.cpu],
    ...(platform.libc ? { libc: [platform.libc] } : {}),
  });
  fs.copyFileSync(readme, path.join(cli, "README.md"));
  fs.copyFileSync(binary, path.join(cli, "bin", platform.binary));
  fs.chmodSync(path.join(cli, "bin", platform.binary), 0o755);
  console.log(cli);
}
