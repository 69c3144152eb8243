// XIRR oracle: Formula.js (@formulajs/formulajs), the spreadsheet functions in JavaScript,
// computes the rate of each set of cash flows as a spreadsheet's XIRR would (Newton's method,
// days / 365). Newton's method may not converge from the usual first guess (10 %) for a heavy
// loss, so, as a spreadsheet user would, further guesses are tried until one converges. Each input is a JSON string of {"valores": ["-1000.00", …], "datas":
// ["2025-01-01", …]}; the verdict is {"taxa": number}, or {"taxa": null} when it finds none.
"use strict";
const { XIRR } = require("@formulajs/formulajs");

require("./lib.js")((s) => {
  const { valores, datas } = JSON.parse(s);
  for (const guess of [0.1, -0.1, -0.3, -0.5, -0.7, -0.9, 0.5, 1]) {
    const r = XIRR(valores.map(Number), datas, guess);
    if (typeof r === "number" && Number.isFinite(r)) return { taxa: r };
  }
  return { taxa: null };
});
