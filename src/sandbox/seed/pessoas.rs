//! The seeded investors: the four demo logins listed at start-up plus a few more whose
//! pending reservations make up the offerings' `reservado`. Every datum passes the
//! product's own validation: CPF check digits (computed here, never typed), mobile phones
//! with real area codes and the 9 prefix, real CEPs, 3-digit bank codes.

mod cadastros;

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use crate::sandbox::autenticacao::senha;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::{DEMO_PASSWORD, tempo};
use cadastros::{PARCIAIS, PESSOAS};

/// The ids the reservation planner hands reservations to.
pub(in super::super) struct Usuarios {
    pub(in super::super) investidor: i64,
    pub(in super::super) ativa: i64,
    /// Background investors holding the pending reservations that make up `reservado`.
    pub(in super::super) outros: Vec<i64>,
}

pub(super) fn inserir(tx: &Transaction<'_>, agora: Timestamp) -> Result<Usuarios, SandboxError> {
    let mut usuarios = Usuarios {
        investidor: 0,
        ativa: 0,
        outros: Vec::new(),
    };
    for p in PESSOAS {
        let cpf = cpf_com_digitos(p.cpf_base)
            .ok_or_else(|| SandboxError::Seed(format!("CPF base inválida de {}", p.nome)))?;
        let email = if p.email.contains('@') {
            p.email.to_owned()
        } else {
            format!("{}@investidores.colheita.dev", p.email)
        };
        let d = p.dados.as_ref();
        tx.execute(
            "INSERT INTO usuarios (codigo, email, senha_hash, cadastro, permite_liquidacao_ativa,
                saldo_centavos, nome, telefone_ddd, telefone_numero, cpf, genero, data_nascimento,
                estado_nascimento, nacionalidade, pais, rg_numero, rg_estado, rg_emissor,
                cep, rua, numero, complemento, bairro, cidade, estado, pais_endereco,
                banco, agencia, digito_agencia, conta, digito_conta, tipo_conta, conta_corretora,
                criado_em)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34)",
            params![
                p.codigo,
                email,
                senha::gerar_hash(DEMO_PASSWORD),
                p.cadastro,
                p.permite_ativa,
                p.saldo_centavos,
                p.nome,
                p.ddd,
                p.celular,
                cpf,
                d.map(|d| d.genero),
                d.map(|d| d.nascimento),
                d.map(|d| d.estado_nascimento),
                d.map(|_| "Brazilian"),
                d.map(|_| "BRA"),
                d.map(|d| d.rg),
                d.map(|d| d.rg_estado),
                d.map(|d| d.rg_emissor),
                d.map(|d| d.endereco.cep),
                d.map(|d| d.endereco.rua),
                d.map(|d| d.endereco.numero),
                d.map(|d| d.endereco.complemento),
                d.map(|d| d.endereco.bairro),
                d.map(|d| d.endereco.cidade),
                d.map(|d| d.endereco.uf),
                d.map(|_| "BRA"),
                d.map(|d| d.banco.codigo),
                d.map(|d| d.banco.agencia),
                d.map(|d| d.banco.digito_agencia),
                d.map(|d| d.banco.conta),
                d.map(|d| d.banco.digito_conta),
                d.map(|d| d.banco.tipo),
                d.map(|d| d.conta_corretora),
                tempo::ms(agora),
            ],
        )?;
        let id = tx.last_insert_rowid();
        match email.as_str() {
            "investidor@colheita.dev" => usuarios.investidor = id,
            "ativa@colheita.dev" => usuarios.ativa = id,
            e if e.ends_with("@investidores.colheita.dev") => usuarios.outros.push(id),
            _ => {}
        }
    }
    for p in PARCIAIS {
        tx.execute(
            "UPDATE usuarios SET genero = ?1, data_nascimento = ?2, estado_nascimento = ?3,
                nacionalidade = 'Brazilian', pais = 'BRA', rua = ?4, bairro = ?5, cidade = ?6,
                estado = ?7, pais_endereco = 'BRA'
             WHERE email = ?8",
            params![
                p.genero,
                p.nascimento,
                p.estado_nascimento,
                p.rua,
                p.bairro,
                p.cidade,
                p.uf,
                p.email
            ],
        )?;
    }
    Ok(usuarios)
}

/// Appends the two mod-11 check digits to nine CPF digits.
pub(crate) fn cpf_com_digitos(base: &str) -> Option<String> {
    let mut digitos: Vec<u32> = base
        .chars()
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()?;
    if digitos.len() != 9 {
        return None;
    }
    for _ in 0..2 {
        digitos.push(digito_verificador(&digitos));
    }
    Some(
        digitos
            .iter()
            .filter_map(|d| char::from_digit(*d, 10))
            .collect(),
    )
}

/// The check digit following `digitos` (weights n+1 down to 2; remainder 10 becomes 0).
fn digito_verificador(digitos: &[u32]) -> u32 {
    let peso_inicial = u32::try_from(digitos.len()).unwrap_or(0) + 1;
    let soma: u32 = digitos
        .iter()
        .zip((2..=peso_inicial).rev())
        .map(|(d, peso)| d * peso)
        .sum();
    (soma * 10 % 11) % 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::validate::is_valid_cpf;

    #[test]
    fn digitos_do_cpf_conferem_com_calculo_independente() {
        // Check digits computed by hand (textbook mod-11) for every seeded base.
        let esperados = [
            "38251794609",
            "41709362804",
            "25984637146",
            "60372815480",
            "74126503943",
            "15837496246",
            "92648135782",
            "83415072690",
            "47061928387",
        ];
        let calculados: Vec<String> = PESSOAS
            .iter()
            .filter_map(|p| cpf_com_digitos(p.cpf_base))
            .collect();
        assert_eq!(calculados, esperados);
        assert!(calculados.iter().all(|c| is_valid_cpf(c)));
    }

    #[test]
    fn celulares_e_ceps_tem_formato_valido() {
        for p in PESSOAS {
            assert_eq!(p.celular.len(), 9, "{}", p.nome);
            assert!(p.celular.starts_with('9'), "{}", p.nome);
            assert_eq!(p.ddd.len(), 2);
            if let Some(d) = &p.dados {
                assert_eq!(d.endereco.cep.len(), 8);
                assert_eq!(d.banco.codigo.len(), 3);
            }
        }
    }
}
