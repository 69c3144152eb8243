// Pix BR Code oracle (shared/data/oracles.md (b)): pix-utils parsePix and its
// CRC, plus brazilian-utils isValidPixPayload as a second opinion.
"use strict";
const p = require("pix-utils");
const { computeCRC } = require("pix-utils/dist/main/crc");
const { isValidPixPayload } = require("@brazilian-utils/brazilian-utils");

require("./lib.js")((s) => {
  const r = p.parsePix(s);
  const crc_ok = /6304[0-9A-F]{4}$/.test(s) && computeCRC(s) === s.slice(-4);
  const err = p.hasError(r);
  return {
    ok: !err && crc_ok,
    crc_ok,
    error: err ? r.message : null,
    pixKey: err ? null : r.pixKey,
    merchantName: err ? null : r.merchantName,
    merchantCity: err ? null : r.merchantCity,
    transactionAmount: err || r.transactionAmount === undefined ? null : r.transactionAmount,
    infoAdicional: err || r.infoAdicional === undefined ? null : r.infoAdicional,
    txid: err ? null : r.txid,
    brazilian_utils_ok: isValidPixPayload(s),
  };
});
