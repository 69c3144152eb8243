//! The seeded investors: the four demo logins of DESIGN §3 plus a few more whose pending
//! reservations make up the offerings' `reservado`. Every datum is valid by the rules of
//! spec §5: CPF check digits (computed here, never typed), mobile phones with real area
//! codes and the 9 prefix, real CEPs, 3-digit bank codes.

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use super::super::auth::senha;
use super::super::erro::SandboxError;
use super::super::{DEMO_PASSWORD, tempo};

struct Endereco {
    cep: &'static str,
    rua: &'static str,
    numero: &'static str,
    complemento: &'static str,
    bairro: &'static str,
    cidade: &'static str,
    uf: &'static str,
}

struct Banco {
    codigo: &'static str,
    agencia: &'static str,
    digito_agencia: &'static str,
    conta: &'static str,
    digito_conta: &'static str,
    tipo: &'static str,
}

struct Completo {
    genero: &'static str,
    nascimento: &'static str,
    estado_nascimento: &'static str,
    rg: &'static str,
    rg_estado: &'static str,
    rg_emissor: &'static str,
    endereco: Endereco,
    banco: Banco,
    conta_corretora: &'static str,
}

struct Pessoa {
    email: &'static str,
    nome: &'static str,
    codigo: &'static str,
    /// The first nine CPF digits; the two check digits are computed.
    cpf_base: &'static str,
    cadastro: &'static str,
    permite_ativa: bool,
    saldo_centavos: i64,
    ddd: &'static str,
    celular: &'static str,
    /// `None` for the Básico investor, who only went through sign-up.
    dados: Option<Completo>,
}

const PESSOAS: &[Pessoa] = &[
    Pessoa {
        email: "investidor@colheita.dev",
        nome: "Ana Beatriz Carvalho",
        codigo: "204817",
        cpf_base: "382517946",
        cadastro: "Completo",
        permite_ativa: false,
        saldo_centavos: 0,
        ddd: "11",
        celular: "987416352",
        dados: Some(Completo {
            genero: "Female",
            nascimento: "1986-03-14",
            estado_nascimento: "SP",
            rg: "324187659",
            rg_estado: "SP",
            rg_emissor: "SSP",
            endereco: Endereco {
                cep: "01310100",
                rua: "Avenida Paulista",
                numero: "1000",
                complemento: "Apto 121",
                bairro: "Bela Vista",
                cidade: "São Paulo",
                uf: "SP",
            },
            banco: Banco {
                codigo: "341",
                agencia: "0912",
                digito_agencia: "",
                conta: "45873",
                digito_conta: "2",
                tipo: "CheckingAccount",
            },
            conta_corretora: "0204817-3",
        }),
    },
    Pessoa {
        email: "ativa@colheita.dev",
        nome: "Rafael Moreira Lima",
        codigo: "318452",
        cpf_base: "417093628",
        cadastro: "Completo",
        permite_ativa: true,
        saldo_centavos: 1_850_000,
        ddd: "65",
        celular: "996587412",
        dados: Some(Completo {
            genero: "Male",
            nascimento: "1979-09-02",
            estado_nascimento: "MT",
            rg: "18427635",
            rg_estado: "MT",
            rg_emissor: "SSP",
            endereco: Endereco {
                cep: "78085630",
                rua: "Avenida Santo Antônio",
                numero: "1250",
                complemento: "",
                bairro: "Coxipó",
                cidade: "Cuiabá",
                uf: "MT",
            },
            banco: Banco {
                codigo: "001",
                agencia: "2845",
                digito_agencia: "3",
                conta: "38112",
                digito_conta: "7",
                tipo: "CheckingAccount",
            },
            conta_corretora: "0318452-1",
        }),
    },
    Pessoa {
        email: "basico@colheita.dev",
        nome: "Carlos Eduardo Souza",
        codigo: "427391",
        cpf_base: "259846371",
        cadastro: "Básico",
        permite_ativa: false,
        saldo_centavos: 0,
        ddd: "41",
        celular: "991827364",
        dados: None,
    },
    Pessoa {
        email: "analise@colheita.dev",
        nome: "Juliana Ferreira Alves",
        codigo: "509264",
        cpf_base: "603728154",
        cadastro: "Em análise",
        permite_ativa: false,
        saldo_centavos: 0,
        ddd: "41",
        celular: "998761234",
        dados: Some(Completo {
            genero: "Female",
            nascimento: "1992-11-27",
            estado_nascimento: "PR",
            rg: "98765432",
            rg_estado: "PR",
            rg_emissor: "PC",
            endereco: Endereco {
                cep: "80020310",
                rua: "Rua XV de Novembro",
                numero: "700",
                complemento: "Sala 4",
                bairro: "Centro",
                cidade: "Curitiba",
                uf: "PR",
            },
            banco: Banco {
                codigo: "260",
                agencia: "0001",
                digito_agencia: "",
                conta: "8472915",
                digito_conta: "3",
                tipo: "CheckingAccount",
            },
            conta_corretora: "0509264-8",
        }),
    },
    extra("marcos.rocha", "Marcos Vinícius Rocha", "611203", "741265039", "62", "998134276",
        "Male", "1975-05-19", "GO", "74333010", "Avenida T 9", "455", "Jardim Planalto", "Goiânia", "GO", "756"),
    extra("patricia.ribeiro", "Patrícia Gomes Ribeiro", "611487", "158374962", "65", "999812347",
        "Female", "1983-08-08", "MT", "78048135", "Avenida República do Líbano", "2100", "Despraiado", "Cuiabá", "MT", "748"),
    extra("fernando.batista", "Fernando Henrique Batista", "612056", "926481357", "65", "981234765",
        "Male", "1969-01-30", "MT", "78058160", "Rua Chupim", "87", "Morada da Serra", "Cuiabá", "MT", "237"),
    extra("luciana.costa", "Luciana Martins Costa", "612390", "834150726", "65", "992345876",
        "Female", "1990-06-12", "MT", "78075300", "Rua Sabiá", "230", "Recanto dos Pássaros", "Cuiabá", "MT", "104"),
    extra("gustavo.prado", "Gustavo Almeida Prado", "612771", "470619283", "65", "984561239",
        "Male", "1981-12-03", "MT", "78005000", "Rua Engenheiro Ricardo Franco", "318", "Centro-Norte", "Cuiabá", "MT", "001"),
];

/// A background investor (not a demo login) with a complete registration.
#[expect(clippy::too_many_arguments, reason = "a seed table row, read as one line")]
const fn extra(
    usuario: &'static str,
    nome: &'static str,
    codigo: &'static str,
    cpf_base: &'static str,
    ddd: &'static str,
    celular: &'static str,
    genero: &'static str,
    nascimento: &'static str,
    uf_nascimento: &'static str,
    cep: &'static str,
    rua: &'static str,
    numero: &'static str,
    bairro: &'static str,
    cidade: &'static str,
    uf: &'static str,
    banco: &'static str,
) -> Pessoa {
    // The e-mail is `{usuario}@investidores.colheita.dev`; a const fn cannot format, so
    // the table passes the local part and `email_extra` joins it at insert time.
    Pessoa {
        email: usuario,
        nome,
        codigo,
        cpf_base,
        cadastro: "Completo",
        permite_ativa: false,
        saldo_centavos: 0,
        ddd,
        celular,
        dados: Some(Completo {
            genero,
            nascimento,
            estado_nascimento: uf_nascimento,
            rg: codigo,
            rg_estado: uf_nascimento,
            rg_emissor: "SSP",
            endereco: Endereco {
                cep,
                rua,
                numero,
                complemento: "",
                bairro,
                cidade,
                uf,
            },
            banco: Banco {
                codigo: banco,
                agencia: "1234",
                digito_agencia: "",
                conta: codigo,
                digito_conta: "0",
                tipo: "CheckingAccount",
            },
            conta_corretora: codigo,
        }),
    }
}

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
    Ok(usuarios)
}

/// Appends the two mod-11 check digits to nine CPF digits.
pub(crate) fn cpf_com_digitos(base: &str) -> Option<String> {
    let mut digitos: Vec<u32> = base.chars().map(|c| c.to_digit(10)).collect::<Option<_>>()?;
    if digitos.len() != 9 {
        return None;
    }
    for _ in 0..2 {
        digitos.push(digito_verificador(&digitos));
    }
    Some(digitos.iter().filter_map(|d| char::from_digit(*d, 10)).collect())
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
/// A CPF as spec §5 wants it: 11 digits, not all equal, both check digits right.
pub(crate) fn cpf_valido(cpf: &str) -> bool {
    let digitos: String = cpf.chars().filter(char::is_ascii_digit).collect();
    if digitos.len() != 11 || digitos.chars().all(|c| Some(c) == digitos.chars().next()) {
        return false;
    }
    cpf_com_digitos(&digitos[..9]).as_deref() == Some(digitos.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digitos_do_cpf_conferem_com_calculo_independente() {
        // Check digits computed by hand (textbook mod-11) for every seeded base.
        let esperados = [
            "38251794609", "41709362804", "25984637146", "60372815480", "74126503943",
            "15837496246", "92648135782", "83415072690", "47061928387",
        ];
        let calculados: Vec<String> = PESSOAS
            .iter()
            .filter_map(|p| cpf_com_digitos(p.cpf_base))
            .collect();
        assert_eq!(calculados, esperados);
        assert!(calculados.iter().all(|c| cpf_valido(c)));
    }

    #[test]
    fn cpf_valido_recusa_invalidos() {
        assert!(cpf_valido("529.982.247-25"));
        assert!(!cpf_valido("529.982.247-24"));
        assert!(!cpf_valido("111.111.111-11"));
        assert!(!cpf_valido("1234567890"));
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
