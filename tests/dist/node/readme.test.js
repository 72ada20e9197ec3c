// The README's example, as it is there.
const test = require("node:test"), assert = require("node:assert");
const { startSandbox } = require("payctl/testing");        // npm i -D payctl
test("customers", async (t) => {
  const sandbox = await startSandbox(); t.after(() => sandbox.stop());
  assert.equal((await sandbox.testApp.request("GET", "/v1/customers")).status, 200);
});
