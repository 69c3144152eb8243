//! `POST /v1/cadastro` (public): the sign-up (name, e-mail, mobile, CPF and the
//! accepted terms, validated by the product's sign-up rules). Creates a Básico investor
//! with a random temporary password (the first login then answers tipoResposta
//! 'trocarsenha') and mails the credentials to the outbox (`GET /caixa-de-saida`).

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::domain::status::CadastroStatus;
use crate::domain::validate::{
    EMAIL_MAX_CHARS, MSG_CELULAR_INVALIDO, MSG_CPF_INVALIDO, MSG_EMAIL_INVALIDO, MSG_NOME_INVALIDO,
    MSG_PREENCHER_CAMPOS, NAME_MAX_CHARS, digits_only, is_valid_cpf, is_valid_email, is_valid_name,
    normalize_name, split_phone,
};
use crate::sandbox::autenticacao::senha;
use crate::sandbox::cadastro::store::{self, NovoInvestidor};
use crate::sandbox::cadastro::{BasicosJson, TelefoneJson};
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, caixa, site, tempo};

/// The platform's refusal for a CPF or e-mail already registered (the web app looks for
/// 'Prospect com cadastro em andamento' in it).
pub(crate) const EM_ANDAMENTO: &str =
    "Prospect com cadastro em andamento para o CPF/e-mail informado.";

const ASSUNTO: &str = "Seus dados de acesso à Colheita";

/// Letters and digits that cannot be mistaken for one another when read from an e-mail.
const ALFABETO: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Pedido {
    dados_basicos: Basicos,
    dados_pessoais: Pessoais,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Basicos {
    nome: String,
    email: String,
    telefones: Vec<Telefone>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Telefone {
    codigo_area: String,
    numero: String,
    telefone_completo: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Pessoais {
    documento: String,
}

/// A sign-up that passed the rules.
struct Novo {
    nome: String,
    email: String,
    ddd: String,
    numero: String,
    cpf: String,
}

/// The platform re-checks what the form checked: CPF, e-mail, name, phone.
fn validar(p: Pedido) -> Result<Novo, ApiError> {
    let Pedido {
        dados_basicos: b,
        dados_pessoais: d,
    } = p;
    let telefone = b.telefones.into_iter().next().map(|t| {
        if t.codigo_area.trim().is_empty() || t.numero.trim().is_empty() {
            t.telefone_completo
        } else {
            format!("{}{}", t.codigo_area.trim(), t.numero.trim())
        }
    });
    let telefone = telefone.unwrap_or_default();
    if [&b.nome, &b.email, &telefone, &d.documento]
        .iter()
        .any(|c| c.trim().is_empty())
    {
        return Err(ApiError::requisicao(MSG_PREENCHER_CAMPOS));
    }
    if !is_valid_cpf(&d.documento) {
        return Err(ApiError::requisicao(MSG_CPF_INVALIDO));
    }
    if b.email.trim().chars().count() > EMAIL_MAX_CHARS || !is_valid_email(&b.email) {
        return Err(ApiError::requisicao(MSG_EMAIL_INVALIDO));
    }
    if b.nome.chars().count() > NAME_MAX_CHARS || !is_valid_name(&b.nome) {
        return Err(ApiError::requisicao(MSG_NOME_INVALIDO));
    }
    let (ddd, numero) =
        split_phone(&telefone).ok_or_else(|| ApiError::requisicao(MSG_CELULAR_INVALIDO))?;
    Ok(Novo {
        nome: normalize_name(b.nome.trim()),
        email: b.email.trim().to_owned(),
        ddd,
        numero,
        cpf: digits_only(&d.documento),
    })
}

/// Ten characters with letters and digits, so it also passes the password rule.
fn senha_temporaria() -> String {
    loop {
        let s: String = (0..10)
            .map(|_| {
                let i = rand::random_range(0..ALFABETO.len());
                char::from(ALFABETO[i])
            })
            .collect();
        if s.chars().any(|c| c.is_ascii_digit()) && s.chars().any(|c| c.is_ascii_alphabetic()) {
            return s;
        }
    }
}

/// Where the e-mail tells the investor to log in: `/entrar` on the web app that sent the
/// sign-up (its `Origin`), as the real platform links to its own site.
fn link_de_acesso(headers: &HeaderMap) -> Option<String> {
    let origem = headers.get(header::ORIGIN)?.to_str().ok()?;
    let url = url::Url::parse(origem).ok()?;
    (matches!(url.scheme(), "http" | "https") && url.has_host())
        .then(|| format!("{}{}", url.origin().ascii_serialization(), site::ENTRAR))
}

fn corpo_do_email(n: &Novo, senha: &str, link: Option<&str>) -> String {
    let primeiro = n.nome.split(' ').next().unwrap_or_default();
    let acesso = match link {
        Some(l) => format!("Para entrar, acesse: {l}"),
        None => "Para entrar, acesse o site da Colheita e clique em Entrar.".to_owned(),
    };
    format!(
        "Olá, {primeiro}!\n\
         \n\
         Recebemos o seu cadastro na Colheita. Estes são os seus dados de acesso:\n\
         \n\
         E-mail: {email}\n\
         {rotulo}{senha}\n\
         \n\
         {acesso}\n\
         No primeiro acesso você vai criar uma senha só sua.\n\
         \n\
         Se não foi você quem pediu este cadastro, ignore esta mensagem.",
        email = n.email,
        rotulo = caixa::ROTULO_SENHA,
    )
}

/// `POST /v1/cadastro`; the registration's own routes share its path (`cadastro::routes`).
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/cadastro", post(quero_investir))
}

/// The created investor, as the sign-up answers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CriadoJson {
    id: i64,
    codigo: String,
    cadastro: CadastroStatus,
    status: u8,
    dados_basicos: BasicosJson,
    dados_pessoais: DocumentoJson,
}

#[derive(Serialize)]
struct DocumentoJson {
    documento: String,
}

/// `POST /v1/cadastro` → 201 with the created investor (incl. `id`); 400 with the
/// platform's message for invalid data or a CPF/e-mail already registered.
pub(crate) async fn quero_investir(
    State(sandbox): State<Sandbox>,
    headers: HeaderMap,
    corpo: Bytes,
) -> Result<(StatusCode, JsonExato), ApiError> {
    let pedido: Pedido = serde_json::from_slice(&corpo).map_err(|_| {
        ApiError::requisicao("Requisição inválida.")
            .com_detalhe("Envie o registro de cadastro em JSON (dadosBasicos, dadosPessoais).")
    })?;
    let novo = validar(pedido)?;
    let senha = senha_temporaria();
    // Hashing is deliberately slow: done before taking the write lock.
    let hash = senha::gerar_hash(&senha);
    let link = link_de_acesso(&headers);
    let email_texto = corpo_do_email(&novo, &senha, link.as_deref());
    let agora = tempo::agora();
    let criado = sandbox
        .db()
        .write(move |tx| {
            if store::cpf_ou_email_em_uso(tx, &novo.cpf, &novo.email)? {
                return Err(ApiError::requisicao(EM_ANDAMENTO));
            }
            let codigo = codigo_livre(tx)?;
            let id = store::inserir(
                tx,
                &NovoInvestidor {
                    codigo: &codigo,
                    email: &novo.email,
                    senha_hash: &hash,
                    nome: &novo.nome,
                    ddd: &novo.ddd,
                    numero: &novo.numero,
                    cpf: &novo.cpf,
                    criado_em: tempo::ms(agora),
                },
            )?;
            caixa::enviar(tx, &novo.email, ASSUNTO, &email_texto, agora)?;
            Ok(CriadoJson {
                id,
                codigo,
                cadastro: CadastroStatus::Basico,
                status: 0,
                dados_basicos: BasicosJson {
                    telefones: vec![TelefoneJson::celular(&novo.ddd, &novo.numero)],
                    nome: novo.nome,
                    email: novo.email,
                },
                dados_pessoais: DocumentoJson {
                    documento: novo.cpf,
                },
            })
        })
        .await?;
    tracing::info!(
        id = criado.id,
        "sandbox: novo cadastro (senha temporária na caixa de saída)"
    );
    Ok((StatusCode::CREATED, resposta::json(&criado)?))
}

/// A six-digit client code nobody has.
fn codigo_livre(c: &Connection) -> Result<String, ApiError> {
    for _ in 0..50 {
        let codigo = format!("{:06}", rand::random_range(100_000..1_000_000));
        if !store::codigo_em_uso(c, &codigo)? {
            return Ok(codigo);
        }
    }
    Err(ApiError::interno("sem código de cliente livre"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pedido(nome: &str, email: &str, ddd: &str, numero: &str, cpf: &str) -> Pedido {
        Pedido {
            dados_basicos: Basicos {
                nome: nome.into(),
                email: email.into(),
                telefones: vec![Telefone {
                    codigo_area: ddd.into(),
                    numero: numero.into(),
                    telefone_completo: String::new(),
                }],
            },
            dados_pessoais: Pessoais {
                documento: cpf.into(),
            },
        }
    }

    fn mensagem(r: Result<Novo, ApiError>) -> String {
        match r {
            Ok(_) => "ok".into(),
            Err(e) => e.mensagem().to_owned(),
        }
    }

    #[test]
    fn valida_cpf_email_nome_e_celular() {
        let ok = || {
            pedido(
                "Joana  Pereira",
                "joana@exemplo.com.br",
                "11",
                "987654321",
                "52998224725",
            )
        };
        let n = validar(ok()).map_err(|e| e.mensagem().to_owned());
        assert!(n.is_ok());
        if let Ok(n) = n {
            assert_eq!(
                (n.nome.as_str(), n.ddd.as_str(), n.cpf.as_str()),
                ("Joana Pereira", "11", "52998224725")
            );
        }
        assert_eq!(
            mensagem(validar(pedido(
                "",
                "a@b.com",
                "11",
                "987654321",
                "52998224725"
            ))),
            MSG_PREENCHER_CAMPOS
        );
        assert_eq!(
            mensagem(validar(pedido(
                "Joana Pereira",
                "a@b.com",
                "11",
                "987654321",
                "52998224724"
            ))),
            MSG_CPF_INVALIDO
        );
        assert_eq!(
            mensagem(validar(pedido(
                "Joana Pereira",
                "a@",
                "11",
                "987654321",
                "52998224725"
            ))),
            MSG_EMAIL_INVALIDO
        );
        assert_eq!(
            mensagem(validar(pedido(
                "Joana",
                "a@b.com",
                "11",
                "987654321",
                "52998224725"
            ))),
            MSG_NOME_INVALIDO
        );
        assert_eq!(
            mensagem(validar(pedido(
                "Joana Pereira",
                "a@b.com",
                "10",
                "987654321",
                "52998224725"
            ))),
            MSG_CELULAR_INVALIDO
        );
    }

    #[test]
    fn senha_temporaria_tem_letras_e_numeros() {
        for _ in 0..200 {
            let s = senha_temporaria();
            assert_eq!(s.len(), 10);
            assert_eq!(
                crate::domain::validate::validate_new_password("x", &s, &s)
                    .map_err(|e| e.message()),
                Ok(())
            );
        }
    }

    #[test]
    fn o_link_vem_da_origem_do_pedido() {
        let mut h = HeaderMap::new();
        assert_eq!(link_de_acesso(&h), None);
        h.insert(
            header::ORIGIN,
            "http://127.0.0.1:3000"
                .parse()
                .unwrap_or(axum::http::HeaderValue::from_static("x")),
        );
        assert_eq!(
            link_de_acesso(&h).as_deref(),
            Some("http://127.0.0.1:3000/entrar")
        );
        h.insert(header::ORIGIN, axum::http::HeaderValue::from_static("null"));
        assert_eq!(link_de_acesso(&h), None);
    }
}
