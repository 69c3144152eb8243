// OFX oracle: ofx-js parses the statement's .ofx file (XML first, SGML as its fallback);
// the verdict is the statement as a finance app would read it. ofx-js is an ES module,
// loaded by its path under NODE_PATH.
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

(async () => {
  const modules = (process.env.NODE_PATH || "").split(path.delimiter)[0];
  const { parseSync } = await import(pathToFileURL(path.join(modules, "ofx-js", "ofx.js")).href);
  const lines = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.length > 0);
  const out = lines.map((line) => {
    const text = JSON.parse(line);
    try {
      const ofx = parseSync(text).OFX;
      const rs = ofx.BANKMSGSRSV1.STMTTRNRS.STMTRS;
      const list = rs.BANKTRANLIST;
      const trn = list.STMTTRN === undefined ? [] : [].concat(list.STMTTRN);
      return {
        ok: true,
        currency: rs.CURDEF,
        account: rs.BANKACCTFROM.ACCTID,
        start: list.DTSTART,
        end: list.DTEND,
        balance: rs.LEDGERBAL.BALAMT,
        status: ofx.SIGNONMSGSRSV1.SONRS.STATUS.CODE,
        transactions: trn.map((t) => ({
          type: t.TRNTYPE,
          posted: t.DTPOSTED,
          amount: t.TRNAMT,
          fitid: t.FITID,
          name: t.NAME,
          memo: t.MEMO,
        })),
      };
    } catch (err) {
      return { ok: false, error: String(err) };
    }
  });
  fs.writeSync(1, out.join("\n") === "" ? "" : out.map((o) => JSON.stringify(o)).join("\n") + "\n");
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
