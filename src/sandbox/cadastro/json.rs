//! The registration as the platform answers it (`GET /v1/cadastro`, and after `PUT`).

use serde::Serialize;

use crate::domain::status::CadastroStatus;
use crate::domain::validate::format_phone_br;
use crate::sandbox::cadastro::store::Registro;

/// The phone kind the platform uses for a mobile.
const CELULAR: u8 = 2;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RegistroJson {
    id: i64,
    codigo: String,
    cadastro: CadastroStatus,
    dados_basicos: BasicosJson,
    dados_pessoais: PessoaisJson,
    declaracao: DeclaracaoJson,
    dados_complementares: ComplementaresJson,
    dados_financeiros: FinanceirosJson,
    observacao: Option<String>,
    contas: Vec<ContaJson>,
    /// 0 while the registration is Básico, 1 once submitted for (or past) analysis.
    status: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BasicosJson {
    pub(crate) nome: String,
    pub(crate) email: String,
    pub(crate) telefones: Vec<TelefoneJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TelefoneJson {
    tipo: u8,
    codigo_area: String,
    numero: String,
    telefone_completo: String,
}

impl TelefoneJson {
    pub(crate) fn celular(ddd: &str, numero: &str) -> TelefoneJson {
        TelefoneJson {
            tipo: CELULAR,
            codigo_area: ddd.to_owned(),
            numero: numero.to_owned(),
            telefone_completo: format_phone_br(&format!("{ddd}{numero}")),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PessoaisJson {
    documento: String,
    genero: Option<String>,
    data_nascimento: Option<String>,
    estado: Option<String>,
    nacionalidade: Option<String>,
    pais: Option<String>,
    documento_identidade: Vec<IdentidadeJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct IdentidadeJson {
    numero: String,
    estado_emissao: Option<String>,
    emissor: Option<String>,
    pais: &'static str,
    tipo: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeclaracaoJson {
    politicamente_exposto: bool,
}

#[derive(Serialize)]
struct ComplementaresJson {
    endereco: EnderecoJson,
}

#[derive(Serialize)]
struct EnderecoJson {
    cep: Option<String>,
    rua: Option<String>,
    numero: Option<String>,
    complemento: Option<String>,
    bairro: Option<String>,
    cidade: Option<String>,
    estado: Option<String>,
    pais: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FinanceirosJson {
    contas_bancarias: Vec<ContaBancariaJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContaBancariaJson {
    tipo_conta: Option<String>,
    banco: String,
    agencia: Option<String>,
    digito_agencia: Option<String>,
    conta: Option<String>,
    digito_conta: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContaJson {
    codigo_cliente: String,
    conta: String,
}

impl From<Registro> for RegistroJson {
    fn from(r: Registro) -> RegistroJson {
        let telefones = match (&r.telefone_ddd, &r.telefone_numero) {
            (Some(ddd), Some(numero)) => vec![TelefoneJson::celular(ddd, numero)],
            _ => Vec::new(),
        };
        let documento_identidade = r
            .rg_numero
            .map(|numero| IdentidadeJson {
                numero,
                estado_emissao: r.rg_estado,
                emissor: r.rg_emissor,
                pais: "BRA",
                tipo: "RG",
            })
            .into_iter()
            .collect();
        let contas_bancarias = r
            .banco
            .map(|banco| ContaBancariaJson {
                tipo_conta: r.tipo_conta,
                banco,
                agencia: r.agencia,
                digito_agencia: r.digito_agencia,
                conta: r.conta,
                digito_conta: r.digito_conta,
            })
            .into_iter()
            .collect();
        // A birth date is a calendar day, not an instant: written as that day at midnight
        // with the contract's fixed -03:00, whatever summer time São Paulo had back then.
        let data_nascimento = r
            .data_nascimento
            .and_then(|d| d.parse::<jiff::civil::Date>().ok())
            .map(|d| format!("{d}T00:00:00-03:00"));
        let contas = r
            .conta_corretora
            .map(|conta| ContaJson {
                codigo_cliente: r.codigo.clone(),
                conta,
            })
            .into_iter()
            .collect();
        let status = u8::from(r.cadastro != CadastroStatus::Basico);
        RegistroJson {
            id: r.id,
            codigo: r.codigo,
            cadastro: r.cadastro,
            dados_basicos: BasicosJson {
                nome: r.nome,
                email: r.email,
                telefones,
            },
            dados_pessoais: PessoaisJson {
                documento: r.cpf,
                genero: r.genero,
                data_nascimento,
                estado: r.estado_nascimento,
                nacionalidade: r.nacionalidade,
                pais: r.pais,
                documento_identidade,
            },
            declaracao: DeclaracaoJson {
                politicamente_exposto: r.politicamente_exposto,
            },
            dados_complementares: ComplementaresJson {
                endereco: EnderecoJson {
                    cep: r.cep,
                    rua: r.rua,
                    numero: r.numero,
                    complemento: r.complemento,
                    bairro: r.bairro,
                    cidade: r.cidade,
                    estado: r.estado,
                    pais: r.pais_endereco,
                },
            },
            dados_financeiros: FinanceirosJson { contas_bancarias },
            observacao: r.observacao,
            contas,
            status,
        }
    }
}
