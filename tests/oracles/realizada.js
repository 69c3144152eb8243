// The realised rate so far, rebuilt with Formula.js (@formulajs/formulajs), the spreadsheet
// functions in JavaScript, as a spreadsheet user would: the schedule's own rate is the XIRR
// of the money paid on the first day of yield against every instalment on its due date; the
// balance still invested is the XNPV, at that rate and on today, of what is still owed of the
// instalments not yet due; the rate so far is the XIRR of the money paid on its settlement
// days, every payment on its day and that balance today. Each input is a JSON string of
// {"aportes": [["2025-01-01", "1000.00"], …], "inicio": "2025-01-10", "hoje": "2025-06-01",
// "parcelas": [{"vencimento", "valor", "pago", "pagoEm"}, …]} (earliest settlement first);
// the verdict is {"taxa": number}, or {"taxa": null} when Newton's method finds none.
"use strict";
const { XIRR, XNPV } = require("@formulajs/formulajs");

function xirr(valores, datas) {
  for (const guess of [0.1, -0.1, -0.3, -0.5, -0.7, -0.9, 0.5, 1]) {
    const r = XIRR(valores, datas, guess);
    if (typeof r === "number" && Number.isFinite(r)) return r;
  }
  return null;
}

require("./lib.js")((s) => {
  const { aportes, inicio, hoje, parcelas } = JSON.parse(s);
  const pago = aportes.reduce((t, [, v]) => t + Number(v), 0);
  const taxa = xirr(
    [-pago, ...parcelas.map((p) => Number(p.valor))],
    [inicio, ...parcelas.map((p) => p.vencimento)],
  );
  if (taxa === null) return { taxa: null };
  const aVencer = parcelas.filter((p) => p.vencimento >= hoje && Number(p.valor) > Number(p.pago));
  const saldo = XNPV(
    taxa,
    [0, ...aVencer.map((p) => Number(p.valor) - Number(p.pago))],
    [hoje, ...aVencer.map((p) => p.vencimento)],
  );
  const recebidos = parcelas.filter((p) => Number(p.pago) > 0);
  return {
    taxa: xirr(
      [...aportes.map(([, v]) => -Number(v)), ...recebidos.map((p) => Number(p.pago)), saldo],
      [...aportes.map(([d]) => d), ...recebidos.map((p) => p.pagoEm), hoje],
    ),
  };
});
