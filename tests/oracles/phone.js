// Mobile-phone oracle (shared/data/oracles.md (c)): libphonenumber-js/max
// says "valid MOBILE for BR", plus the app's repeated-digit and letter policy.
// `ok` equals the `valid` column of phone_vectors.json.
"use strict";
const { parsePhoneNumber } = require("libphonenumber-js/max");

require("./lib.js")((s) => {
  let mobile = false;
  try {
    const x = parsePhoneNumber(s, "BR");
    mobile = x.isValid() && x.getType() === "MOBILE";
  } catch (_) {
    mobile = false;
  }
  const d = s.replace(/\D/g, "").replace(/^55(?=\d{11}$)/, "");
  const repeated = /^(\d)\1{8}$/.test(d.slice(2));
  return { libphonenumber_js_mobile: mobile, repeated_subscriber: repeated, ok: mobile && !repeated && !/[A-Za-z]/.test(s) };
});
