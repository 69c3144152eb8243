// CPF oracle (shared/data/oracles.md (a)): brazilian-utils isValidCpf, which
// defines the product rule, plus cpf-cnpj-validator loose and strict for
// information.
"use strict";
const { isValidCpf } = require("@brazilian-utils/brazilian-utils");
const { cpf } = require("cpf-cnpj-validator");

require("./lib.js")((s) => ({
  brazilian_utils: isValidCpf(s),
  cpf_cnpj_validator: cpf.isValid(s),
  cpf_cnpj_validator_strict: cpf.isValid(s, true),
}));
