//! `/v1/cadastro`: the investor's registration as the platform returns it (personal,
//! address and bank data) plus `id`, `codigo` and `cadastro`, and its editing; the
//! sign-up; the verification request; the registration documents; the investor profile
//! (suitability); the partner-debit permission; and the password change
//! (`/v2/seguranca/senha`).

pub(crate) mod atualizar;
pub(crate) mod declaracao;
pub(crate) mod documentos;
pub(crate) mod novo;
pub(crate) mod senha;
pub(crate) mod suitability;
pub(crate) mod verificar;

use axum::extract::{DefaultBodyLimit, State};
use axum::handler::Handler;
use axum::routing::{get, put};
use axum::{Json, Router};
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

use crate::domain::validate::format_phone_br;
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};

/// The investor's registration: reading and editing it, the sign-up, the verification
/// request, the documents, the investor profile, the partner-debit permission and the
/// password change.
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/cadastro/meucadastro", get(meu_cadastro))
        .route(
            "/v1/cadastro",
            get(meu_cadastro)
                .post(novo::cadastrar)
                .put(atualizar::atualizar),
        )
        .route("/v1/cadastro/validate", put(verificar::solicitar))
        .route(
            "/v1/cadastro/declaracao-investidor",
            get(declaracao::ler).put(declaracao::declarar),
        )
        .route(
            "/v1/cadastro/registros",
            get(crate::sandbox::registro::listar),
        )
        .route(
            "/v1/cadastro/suitability",
            get(suitability::ler).put(suitability::responder),
        )
        .route(
            "/v1/cadastro/documentos",
            get(documentos::listar)
                .post(documentos::enviar.layer(DefaultBodyLimit::max(documentos::LIMITE_CORPO))),
        )
        .route("/v1/cadastro/documentos/{id}", get(documentos::baixar))
        .route(
            "/v1/cadastro/permiteLiquidacaoViaAtiva",
            get(permite_liquidacao),
        )
        .route("/v2/seguranca/senha", put(senha::alterar))
}

/// `GET /v1/cadastro/meucadastro` and `GET /v1/cadastro`: the whole registration.
pub(crate) async fn meu_cadastro(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let id = investidor.usuario_id;
    sandbox.db().ler(move |c| usuario(c, id).map(Json)).await
}

/// The registration JSON of user `id`, as GET answers it.
pub(crate) fn usuario(c: &Connection, id: i64) -> Result<Value, ApiError> {
    c.query_row(
        "SELECT id, codigo, cadastro, nome, email, telefone_ddd, telefone_numero, cpf,
            genero, data_nascimento, estado_nascimento, nacionalidade, pais, rg_numero,
            rg_estado, rg_emissor, politicamente_exposto, cep, rua, numero, complemento,
            bairro, cidade, estado, pais_endereco, banco, agencia, digito_agencia, conta,
            digito_conta, tipo_conta, conta_corretora, observacao
         FROM usuarios WHERE id = ?1",
        params![id],
        usuario_json,
    )
    .optional()?
    // The session outlived its user (a reset database): same as an invalid token.
    .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// `GET /v1/cadastro/permiteLiquidacaoViaAtiva`: whether the investor may pay by debit at
/// the partner brokerage.
async fn permite_liquidacao(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<bool>, ApiError> {
    let id = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            c.query_row(
                "SELECT permite_liquidacao_ativa FROM usuarios WHERE id = ?1",
                params![id],
                |r| r.get::<_, bool>(0),
            )
            .optional()?
            .map(Json)
            .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
        })
        .await
}

fn usuario_json(r: &Row<'_>) -> rusqlite::Result<Value> {
    let codigo: String = r.get(1)?;
    let ddd: Option<String> = r.get(5)?;
    let numero: Option<String> = r.get(6)?;
    let telefones = match (&ddd, &numero) {
        (Some(ddd), Some(numero)) => json!([{
            "tipo": 2,
            "codigoArea": ddd,
            "numero": numero,
            "telefoneCompleto": format_phone_br(&format!("{ddd}{numero}")),
        }]),
        _ => json!([]),
    };
    let rg: Option<String> = r.get(13)?;
    let documento_identidade = match rg {
        Some(numero) => json!([{
            "numero": numero,
            "estadoEmissao": r.get::<_, Option<String>>(14)?,
            "emissor": r.get::<_, Option<String>>(15)?,
            "pais": "BRA",
            "tipo": "RG",
        }]),
        None => json!([]),
    };
    let banco: Option<String> = r.get(25)?;
    let contas_bancarias = match banco {
        Some(banco) => json!([{
            "tipoConta": r.get::<_, Option<String>>(30)?,
            "banco": banco,
            "agencia": r.get::<_, Option<String>>(26)?,
            "digitoAgencia": r.get::<_, Option<String>>(27)?,
            "conta": r.get::<_, Option<String>>(28)?,
            "digitoConta": r.get::<_, Option<String>>(29)?,
        }]),
        None => json!([]),
    };
    let nascimento: Option<String> = r.get(9)?;
    // A birth date is a calendar day, not an instant: written as that day at midnight
    // with the contract's fixed -03:00, whatever summer time São Paulo had back then.
    let nascimento = nascimento
        .and_then(|d| d.parse::<jiff::civil::Date>().ok())
        .map(|d| format!("{d}T00:00:00-03:00"));
    let conta_corretora: Option<String> = r.get(31)?;
    let contas = match conta_corretora {
        Some(conta) => json!([{ "codigoCliente": codigo, "conta": conta }]),
        None => json!([]),
    };
    let cadastro: String = r.get(2)?;
    Ok(json!({
        "id": r.get::<_, i64>(0)?,
        "codigo": codigo,
        "cadastro": cadastro,
        "dadosBasicos": {
            "nome": r.get::<_, String>(3)?,
            "email": r.get::<_, String>(4)?,
            "telefones": telefones,
        },
        "dadosPessoais": {
            "documento": r.get::<_, String>(7)?,
            "genero": r.get::<_, Option<String>>(8)?,
            "dataNascimento": nascimento,
            "estado": r.get::<_, Option<String>>(10)?,
            "nacionalidade": r.get::<_, Option<String>>(11)?,
            "pais": r.get::<_, Option<String>>(12)?,
            "documentoIdentidade": documento_identidade,
        },
        "declaracao": { "politicamenteExposto": r.get::<_, bool>(16)? },
        "dadosComplementares": {
            "endereco": {
                "cep": r.get::<_, Option<String>>(17)?,
                "rua": r.get::<_, Option<String>>(18)?,
                "numero": r.get::<_, Option<String>>(19)?,
                "complemento": r.get::<_, Option<String>>(20)?,
                "bairro": r.get::<_, Option<String>>(21)?,
                "cidade": r.get::<_, Option<String>>(22)?,
                "estado": r.get::<_, Option<String>>(23)?,
                "pais": r.get::<_, Option<String>>(24)?,
            }
        },
        "dadosFinanceiros": { "contasBancarias": contas_bancarias },
        "observacao": r.get::<_, Option<String>>(32)?,
        "contas": contas,
        // 0 while the registration is Básico, 1 once submitted for (or past) analysis.
        "status": if cadastro == "Básico" { 0 } else { 1 },
    }))
}
