// Shared batching for the oracle scripts: read one JSON string per line from
// stdin, write one JSON verdict per line to stdout, in the same order.
// Run with NODE_PATH=$ORACLE_DIR/node_modules (tests/app/domain_oracles.rs does).
"use strict";
const fs = require("fs");

module.exports = function batch(judge) {
  const lines = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.length > 0);
  const out = lines.map((line) => JSON.stringify(judge(JSON.parse(line))));
  fs.writeSync(1, out.join("\n") + "\n");
};
