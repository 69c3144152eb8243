//! /minha-conta, the personal data and address sub-tabs, and the verification request.

mod endereco;

pub use endereco::{view_endereco_get, view_endereco_post};

use crate::web::extract::Form;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::json;

use super::campos::{self, Text};
use super::{
    DADOS_TITLE, SAVED_TEXT, SAVED_TITLE, TITLE, account, load_registration, refresh_summary,
    registration, registration_for_form,
};
use crate::api::models::{Cadastro, CadastroDocumento};
use crate::domain::reference::{EmissorRg, Genero, Nacionalidade, TipoDocumento};
use crate::domain::status::CadastroStatus;
use crate::domain::validate::cadastro::{
    PersonalInput, RG_MAX_CHARS, validate_address, validate_personal, verification,
};
use crate::domain::validate::{
    EMAIL_MAX_CHARS, FormError, NAME_MAX_CHARS, PHONE_INPUT_MAX_CHARS, format_cpf, format_phone_br,
};
use crate::web::error::OnPage;
use crate::web::ui::{Page, island};
use crate::web::{Ctx, PageError, PageResult, routes};
use endereco::stored_address;

pub const VERIFY_TITLE: &str = "Parabéns!";
pub const VERIFY_TEXT: &str = "Perfil enviado para análise. Em breve você já poderá investir.";

/// `GET /minha-conta`: the tabs and where each leads.
pub async fn view_minha_conta_get(ctx: Ctx) -> PageResult {
    let r = load_registration(&ctx, TITLE).await?;
    let main = account(
        routes::MINHA_CONTA,
        html! {
            (super::profile_state(r.view()))
            ul.lista-conta {
                li { a href=(routes::DADOS_PESSOAIS) { "Informações pessoais" } " — nome, celular, RG e declarações." }
                li { a href=(routes::DADOS_ENDERECO) { "Endereço" } " — onde você mora." }
                li { a href=(routes::DADOS_PERFIL) { "Perfil do investidor" } " — o questionário que indica as operações adequadas a você." }
                li { a href=(routes::DADOS_DOCUMENTOS) { "Documentos" } " — documento de identidade e selfie." }
                li { a href=(routes::CONTA_BANCARIA) { "Conta bancária" } " — para onde vão os seus recebimentos." }
                li { a href=(routes::MEUS_TERMOS) { "Meus termos" } " — termos, políticas e o informe para o imposto de renda." }
            }
        },
    );
    Ok(ctx.page(TITLE, main))
}

#[derive(Debug, Default, Deserialize)]
pub struct PessoaisForm {
    #[serde(default)]
    nome: String,
    #[serde(default)]
    celular: String,
    #[serde(default)]
    genero: String,
    #[serde(default)]
    estado: String,
    #[serde(default)]
    nacionalidade: String,
    #[serde(default)]
    rg_numero: String,
    #[serde(default)]
    rg_estado: String,
    #[serde(default)]
    rg_emissor: String,
    #[serde(default)]
    politicamente_exposto: Option<String>,
}

/// The form as stored: the platform's names turned into the form's codes.
fn stored_personal(r: &Cadastro) -> PersonalInput {
    let v = r.view();
    let p = &v.dados_pessoais;
    let rg = v.rg();
    let code = |s: &Option<String>, f: fn(&str) -> Option<&'static str>| {
        s.as_deref().and_then(f).unwrap_or_default().to_owned()
    };
    PersonalInput {
        cpf: p.documento.clone().unwrap_or_default(),
        nome: v.dados_basicos.nome.clone(),
        genero: code(&p.genero, |a| Genero::from_api(a).map(Genero::code)),
        email: v.dados_basicos.email.clone().unwrap_or_default(),
        celular: format_phone_br(&v.phone()),
        estado: p.estado.clone().unwrap_or_default(),
        nacionalidade: code(&p.nacionalidade, |a| {
            Nacionalidade::from_api(a).map(Nacionalidade::code)
        }),
        rg_numero: rg.numero.unwrap_or_default(),
        rg_estado: rg.estado_emissao.unwrap_or_default(),
        rg_emissor: code(&rg.emissor, |a| EmissorRg::from_api(a).map(EmissorRg::code)),
        politicamente_exposto: v.declaracao.politicamente_exposto,
    }
}

fn options<T: Copy>(
    all: &[T],
    code: fn(T) -> &'static str,
    label: fn(T) -> &'static str,
) -> Vec<(String, String)> {
    all.iter()
        .map(|v| (code(*v).to_owned(), label(*v).to_owned()))
        .collect()
}

fn personal_form(i: &PersonalInput, error: Option<&FormError>) -> Markup {
    let states = campos::state_options();
    let cpf = format_cpf(&i.cpf);
    html! {
        form.formulario method="post" action=(routes::DADOS_PESSOAIS) novalidate {
            p.texto-secundario { "Todos os campos são obrigatórios. CPF e e-mail não podem ser alterados por aqui." }
            (campos::text("cpf", "CPF", Text { readonly: true, ..Text::new(&cpf, 14) }, error))
            (campos::text("nome", "Nome completo", Text { autocomplete: "name", ..Text::new(&i.nome, NAME_MAX_CHARS) }, error))
            // The order of the required fields, gender third.
            (campos::select("genero", "Gênero", &i.genero, &options(Genero::ALL, Genero::code, Genero::label), error))
            (campos::text("email", "E-mail", Text { readonly: true, ..Text::new(&i.email, EMAIL_MAX_CHARS) }, error))
            div.campo {
                label for="campo-celular" { "Celular" }
                (island::mount(&island::MascaraProps {}, html! {
                    input #campo-celular type="tel" name="celular" value=(i.celular)
                        maxlength=(PHONE_INPUT_MAX_CHARS) autocomplete="tel" inputmode="tel"
                        placeholder="(11) 91234-5678" required aria-describedby="campo-celular-ajuda"
                        aria-invalid=[campos::invalid(error)("celular")];
                }))
                p.campo-ajuda #campo-celular-ajuda { "Com DDD, no formato (##) #####-####." }
            }
            (campos::select("estado", "Estado de nascimento", &i.estado, &states, error))
            (campos::select("nacionalidade", "Nacionalidade", &i.nacionalidade, &options(Nacionalidade::ALL, Nacionalidade::code, Nacionalidade::label), error))
            fieldset {
                legend { "Documento de identidade (RG)" }
                (campos::text("rg_numero", "Número do RG", Text::new(&i.rg_numero, RG_MAX_CHARS), error))
                (campos::select("rg_estado", "Estado emissor", &i.rg_estado, &states, error))
                (campos::select("rg_emissor", "Órgão emissor", &i.rg_emissor, &options(EmissorRg::ALL, EmissorRg::code, EmissorRg::label), error))
            }
            div.campo.campo-checkbox {
                input #campo-pep type="checkbox" name="politicamente_exposto" value="sim" checked[i.politicamente_exposto];
                label for="campo-pep" { "Sou pessoa politicamente exposta (ocupo ou ocupei cargo público relevante nos últimos 5 anos, ou sou parente próximo de quem ocupa)." }
            }
            div.form-acoes { button.botao.botao-primario type="submit" { "Salvar informações" } }
        }
    }
}

fn personal_page(r: &Cadastro, i: &PersonalInput, error: Option<&FormError>) -> Page {
    Page::new(
        DADOS_TITLE,
        registration(
            r.view(),
            routes::DADOS_PESSOAIS,
            html! {
                section aria-labelledby="pessoais-titulo" {
                    h2 #pessoais-titulo { "Informações pessoais" }
                    (personal_form(i, error))
                }
            },
        ),
    )
    .with_islands()
}

/// `GET /minha-conta/dados-cadastrais` and `…/informacoes-pessoais`.
pub async fn view_pessoais_get(ctx: Ctx) -> PageResult {
    let r = load_registration(&ctx, DADOS_TITLE).await?;
    Ok(ctx.render(personal_page(&r, &stored_personal(&r), None)))
}

/// `POST …/informacoes-pessoais`: the rules, then the whole user object with the new
/// values (country and RG country BRA, RG type RG), then the header refreshed.
pub async fn view_pessoais_post(ctx: Ctx, Form(f): Form<PessoaisForm>) -> PageResult {
    let mut r = registration_for_form(&ctx, DADOS_TITLE, |known| {
        personal_page(known, &typed_personal(known, &f), None)
    })
    .await?;
    let typed = typed_personal(&r, &f);
    let v = match validate_personal(&typed) {
        Ok(v) => v,
        Err(e) => {
            return Err(PageError::refused(
                personal_page(&r, &typed, Some(&e)),
                e.message(),
            ));
        }
    };
    let form_again = personal_page(&r, &typed, None);
    let telefone = format!("{}{}", v.codigo_area, v.numero);
    r.set(&["dadosBasicos", "nome"], json!(v.nome));
    r.set(
        &["dadosBasicos", "telefones"],
        json!([{ "tipo": 2, "codigoArea": v.codigo_area, "numero": v.numero,
                 "telefoneCompleto": format_phone_br(&telefone) }]),
    );
    r.set(&["dadosPessoais", "genero"], json!(v.genero.api()));
    r.set(&["dadosPessoais", "estado"], json!(v.estado));
    r.set(
        &["dadosPessoais", "nacionalidade"],
        json!(v.nacionalidade.api()),
    );
    r.set(&["dadosPessoais", "pais"], json!("BRA"));
    r.set(
        &["dadosPessoais", "documentoIdentidade"],
        json!([{ "numero": v.rg_numero, "estadoEmissao": v.rg_estado,
                 "emissor": v.rg_emissor.code(), "pais": "BRA", "tipo": "RG" }]),
    );
    r.set(
        &["declaracao", "politicamenteExposto"],
        json!(v.politicamente_exposto),
    );
    saved(&ctx, &r, form_again, routes::DADOS_PESSOAIS).await
}

/// What was typed, over the CPF and e-mail the form cannot change.
fn typed_personal(r: &Cadastro, f: &PessoaisForm) -> PersonalInput {
    let stored = stored_personal(r);
    PersonalInput {
        cpf: stored.cpf,
        email: stored.email,
        nome: f.nome.clone(),
        genero: f.genero.clone(),
        celular: f.celular.clone(),
        estado: f.estado.clone(),
        nacionalidade: f.nacionalidade.clone(),
        rg_numero: f.rg_numero.clone(),
        rg_estado: f.rg_estado.clone(),
        rg_emissor: f.rg_emissor.clone(),
        politicamente_exposto: f.politicamente_exposto.is_some(),
    }
}

/// Sends the user object; on success the header is refreshed, 'Parabéns!' shown and the
/// sub-tab shown again.
pub(super) async fn saved(ctx: &Ctx, r: &Cadastro, form_again: Page, back: &str) -> PageResult {
    ctx.app
        .api
        .update_cadastro(ctx.token()?, r)
        .await
        .map_err(|e| PageError::form_failed(form_again, &e))?;
    refresh_summary(ctx, r.view());
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    Ok(Redirect::to(back).into_response())
}

/// Whether the stored registration has every personal field the verification needs.
fn personal_complete(r: &Cadastro) -> bool {
    validate_personal(&stored_personal(r)).is_ok()
}

fn address_complete(r: &Cadastro) -> bool {
    validate_address(&stored_address(r)).is_ok()
}

fn mandatory_documents(docs: &[CadastroDocumento]) -> bool {
    TipoDocumento::UPLOADABLE
        .iter()
        .filter(|t| t.mandatory())
        .all(|t| {
            docs.iter()
                .any(|d| TipoDocumento::from_api(&d.tipo_documento) == Some(*t))
        })
}

/// `GET …/verificar`: the request is only ever a form's POST; an address typed, reloaded or
/// bookmarked goes to the registration page instead of an empty "method not allowed".
pub async fn view_verificar_get() -> PageResult {
    Ok(Redirect::to(routes::DADOS_CADASTRAIS).into_response())
}

/// `POST …/verificar` ('Verificar perfil'): the three checks with their messages, then
/// the platform; the state becomes Em análise everywhere.
pub async fn view_verificar_post(ctx: Ctx) -> PageResult {
    let token = ctx.token()?;
    let (r, docs) = tokio::join!(
        load_registration(&ctx, DADOS_TITLE),
        ctx.app.api.cadastro_documentos(token)
    );
    let mut r = r?;
    let docs = docs.on_page(DADOS_TITLE)?;
    let here = || personal_page(&r, &stored_personal(&r), None);
    if let Err(message) = verification(
        personal_complete(&r),
        address_complete(&r),
        mandatory_documents(&docs),
    ) {
        return Err(PageError::refused(here(), message));
    }
    ctx.app
        .api
        .request_verification(token)
        .await
        .map_err(|e| PageError::form_failed(here(), &e))?;
    r.set(&["cadastro"], json!(CadastroStatus::EmAnalise));
    refresh_summary(&ctx, r.view());
    ctx.jar.set_flash(VERIFY_TITLE, VERIFY_TEXT);
    Ok(Redirect::to(routes::DADOS_CADASTRAIS).into_response())
}
