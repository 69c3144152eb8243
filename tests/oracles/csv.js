// CSV oracle: Papa Parse reads the statement's .csv file the way a spreadsheet does with
// `;` as the separator; the verdict says whether it starts with a UTF-8 BOM and gives the
// rows (header first) with the parse errors.
"use strict";
const Papa = require("papaparse");

require("./lib.js")((text) => {
  const bom = text.charCodeAt(0) === 0xfeff;
  const r = Papa.parse(bom ? text.slice(1) : text, { delimiter: ";", skipEmptyLines: true });
  return { bom, rows: r.data, errors: r.errors.map((e) => e.message) };
});
