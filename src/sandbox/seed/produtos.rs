//! The category search's catalogue: a few real-looking fixed-income products for each
//! category 1–9 (real issuers, rates as quoted in Brazil: % do CDI, IPCA + x%, prefixado);
//! COE (10) has none. Maturities are counted in months from the seeding day (always on
//! the 15th), so they stay in the future; `{ano}` in a name is the maturity's year.

use jiff::Timestamp;
use jiff::ToSpan;
use jiff::civil::date;
use rusqlite::{Transaction, params};

use crate::domain::dates;
use crate::sandbox::erro::SandboxError;

/// (category, name, issuer, rate, months to maturity, minimum in cents, liquidity)
type Produto = (
    i64,
    &'static str,
    &'static str,
    &'static str,
    i64,
    i64,
    &'static str,
);

const NO_VENCIMENTO: &str = "No vencimento";
const D1: &str = "Diária (D+1)";

const CATALOGO: &[Produto] = &[
    (
        1,
        "CDB Banco Inter {ano}",
        "Banco Inter S.A.",
        "104% do CDI",
        24,
        50_000,
        NO_VENCIMENTO,
    ),
    (
        1,
        "CDB BTG Pactual {ano}",
        "Banco BTG Pactual S.A.",
        "IPCA + 6,10% a.a.",
        36,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        1,
        "CDB Banco Daycoval {ano}",
        "Banco Daycoval S.A.",
        "Prefixado 13,45% a.a.",
        18,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        1,
        "CDB Banco Pine {ano}",
        "Banco Pine S.A.",
        "112% do CDI",
        12,
        500_000,
        NO_VENCIMENTO,
    ),
    (
        2,
        "LC Omni Financeira {ano}",
        "Omni S.A. Crédito, Financiamento e Investimento",
        "118% do CDI",
        24,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        2,
        "LC Portocred {ano}",
        "Portocred S.A. Crédito, Financiamento e Investimento",
        "Prefixado 14,20% a.a.",
        18,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        2,
        "LC Agibank Financeira {ano}",
        "Agibank Financeira S.A. Crédito, Financiamento e Investimento",
        "IPCA + 7,00% a.a.",
        36,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        3,
        "LCA Banco do Brasil {ano}",
        "Banco do Brasil S.A.",
        "94% do CDI",
        18,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        3,
        "LCA Rabobank {ano}",
        "Banco Rabobank International Brasil S.A.",
        "96% do CDI",
        12,
        500_000,
        NO_VENCIMENTO,
    ),
    (
        3,
        "LCA Sicredi {ano}",
        "Banco Cooperativo Sicredi S.A.",
        "Prefixado 11,80% a.a.",
        24,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        3,
        "LCA Banco do Nordeste {ano}",
        "Banco do Nordeste do Brasil S.A.",
        "IPCA + 5,20% a.a.",
        36,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        4,
        "LCI Caixa {ano}",
        "Caixa Econômica Federal",
        "92% do CDI",
        24,
        500_000,
        NO_VENCIMENTO,
    ),
    (
        4,
        "LCI Banco Inter {ano}",
        "Banco Inter S.A.",
        "95% do CDI",
        12,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        4,
        "LCI Itaú {ano}",
        "Itaú Unibanco S.A.",
        "IPCA + 5,00% a.a.",
        36,
        1_000_000,
        NO_VENCIMENTO,
    ),
    (
        5,
        "CDB Liquidez Diária Nubank",
        "Nu Financeira S.A.",
        "100% do CDI",
        24,
        100,
        "Diária (D+0)",
    ),
    (
        5,
        "CDB Liquidez Diária Banco Inter",
        "Banco Inter S.A.",
        "100% do CDI",
        30,
        10_000,
        "Diária (D+0)",
    ),
    (
        5,
        "CDB Liquidez Diária PicPay",
        "PicPay Bank – Banco Múltiplo S.A.",
        "102% do CDI",
        12,
        100,
        "Diária (D+0)",
    ),
    (
        6,
        "Debênture Rumo Malha Paulista {ano}",
        "Rumo Malha Paulista S.A.",
        "IPCA + 6,35% a.a.",
        84,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        6,
        "Debênture Sabesp {ano}",
        "Companhia de Saneamento Básico do Estado de São Paulo – Sabesp",
        "IPCA + 6,05% a.a.",
        60,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        6,
        "Debênture Energisa {ano}",
        "Energisa S.A.",
        "IPCA + 6,50% a.a.",
        96,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        6,
        "Debênture AutoBAn {ano}",
        "Concessionária do Sistema Anhanguera-Bandeirantes S.A.",
        "IPCA + 6,70% a.a.",
        72,
        100_000,
        NO_VENCIMENTO,
    ),
    (
        7,
        "Tesouro Selic {ano}",
        "Tesouro Nacional",
        "Selic + 0,08% a.a.",
        36,
        17_000,
        D1,
    ),
    (
        7,
        "Tesouro Prefixado {ano}",
        "Tesouro Nacional",
        "Prefixado 13,60% a.a.",
        48,
        3_500,
        D1,
    ),
    (
        7,
        "Tesouro IPCA+ {ano}",
        "Tesouro Nacional",
        "IPCA + 7,45% a.a.",
        96,
        3_500,
        D1,
    ),
    (
        7,
        "Tesouro IPCA+ com Juros Semestrais {ano}",
        "Tesouro Nacional",
        "IPCA + 7,30% a.a.",
        120,
        4_500,
        D1,
    ),
    (
        8,
        "LTN {ano}",
        "Tesouro Nacional",
        "Prefixado 13,70% a.a.",
        24,
        100_000,
        D1,
    ),
    (
        8,
        "LFT {ano}",
        "Tesouro Nacional",
        "Selic + 0,05% a.a.",
        30,
        100_000,
        D1,
    ),
    (
        8,
        "NTN-B {ano}",
        "Tesouro Nacional",
        "IPCA + 7,40% a.a.",
        60,
        500_000,
        D1,
    ),
    (
        8,
        "NTN-F {ano}",
        "Tesouro Nacional",
        "Prefixado 13,50% a.a.",
        84,
        100_000,
        D1,
    ),
    (
        9,
        "LF Itaú Unibanco {ano}",
        "Itaú Unibanco S.A.",
        "106% do CDI",
        24,
        15_000_000,
        NO_VENCIMENTO,
    ),
    (
        9,
        "LF Santander {ano}",
        "Banco Santander (Brasil) S.A.",
        "CDI + 0,95% a.a.",
        36,
        15_000_000,
        NO_VENCIMENTO,
    ),
    (
        9,
        "LF Bradesco {ano}",
        "Banco Bradesco S.A.",
        "IPCA + 6,20% a.a.",
        48,
        15_000_000,
        NO_VENCIMENTO,
    ),
    (
        9,
        "LF Subordinada BTG Pactual {ano}",
        "Banco BTG Pactual S.A.",
        "CDI + 1,90% a.a.",
        72,
        30_000_000,
        NO_VENCIMENTO,
    ),
];

/// The FGC (deposit insurance) covers bank deposits: CDB, LC, LCA, LCI, CDB Diário.
fn garantido_fgc(categoria: i64) -> bool {
    (1..=5).contains(&categoria)
}

pub(super) fn inserir(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), SandboxError> {
    let hoje = dates::today_in_sao_paulo(agora);
    let mut q = tx.prepare(
        "INSERT INTO produtos (codigo_setor, nome, emissor, rentabilidade, vencimento,
            aplicacao_minima_centavos, liquidez, garantido_fgc)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for (categoria, nome, emissor, taxa, meses, minimo, liquidez) in CATALOGO {
        let mes = hoje
            .checked_add(meses.months())
            .map_err(|e| SandboxError::Seed(format!("produto {nome}: {e}")))?;
        let vencimento = date(mes.year(), mes.month(), 15);
        let nome = nome.replace("{ano}", &vencimento.year().to_string());
        q.execute(params![
            categoria,
            nome,
            emissor,
            taxa,
            vencimento.to_string(),
            minimo,
            liquidez,
            garantido_fgc(*categoria),
        ])?;
    }
    Ok(())
}
