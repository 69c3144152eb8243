//! /minha-conta/conta-bancaria, 'Dados Bancários': where the investor's payments go.

use crate::web::extract::Form;
use axum::response::{IntoResponse, Redirect};
use maud::html;
use serde::Deserialize;
use serde_json::json;

use super::campos::{self, Text};
use super::{
    SAVED_TEXT, SAVED_TITLE, account, load_registration, refresh_summary, registration_for_form,
};
use crate::api::models::Cadastro;
use crate::domain::reference::{self, TipoConta};
use crate::domain::validate::FormError;
use crate::domain::validate::cadastro::{
    ACCOUNT_MAX_CHARS, AGENCY_MAX_CHARS, BankInput, DIGIT_MAX_CHARS, validate_bank,
};
use crate::web::ui::Page;
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Dados Bancários";

#[derive(Debug, Default, Deserialize)]
pub struct BancoForm {
    #[serde(default)]
    banco: String,
    #[serde(default)]
    tipo_conta: String,
    #[serde(default)]
    agencia: String,
    #[serde(default)]
    digito_agencia: String,
    #[serde(default)]
    conta: String,
    #[serde(default)]
    digito_conta: String,
}

fn stored(r: &Cadastro) -> BankInput {
    let b = r.view().bank();
    let s = |v: Option<String>| v.unwrap_or_default();
    BankInput {
        banco: s(b.banco),
        tipo_conta: s(b.tipo_conta),
        agencia: s(b.agencia),
        digito_agencia: s(b.digito_agencia),
        conta: s(b.conta),
        digito_conta: s(b.digito_conta),
    }
}

fn page(i: &BankInput, error: Option<&FormError>) -> Page {
    let banks: Vec<(String, String)> = reference::banks()
        .iter()
        .map(|b| (b.code.clone(), format!("{} — {}", b.code, b.name)))
        .collect();
    let types: Vec<(String, String)> = TipoConta::ALL
        .iter()
        .map(|t| (t.code().to_owned(), t.label().to_owned()))
        .collect();
    let digits = |v| Text {
        inputmode: Some("numeric"),
        ..Text::new(v, 0)
    };
    Page::new(
        TITLE,
        account(
            routes::CONTA_BANCARIA,
            html! {
                section aria-labelledby="banco-titulo" {
                    h2 #banco-titulo { (TITLE) }
                    form.formulario method="post" action=(routes::CONTA_BANCARIA) novalidate {
                        p.texto-secundario { "Banco, agência e conta são obrigatórios. A conta deve estar no seu CPF." }
                        (campos::select("banco", "Banco", &i.banco, &banks, error))
                        (campos::select("tipo_conta", "Tipo de conta", &i.tipo_conta, &types, error))
                        div.campos-linha {
                            (campos::text("agencia", "Agência", Text { max: AGENCY_MAX_CHARS, ..digits(&i.agencia) }, error))
                            (campos::text("digito_agencia", "Dígito da agência", Text { max: DIGIT_MAX_CHARS, required: false, ..digits(&i.digito_agencia) }, error))
                        }
                        div.campos-linha {
                            (campos::text("conta", "Conta", Text { max: ACCOUNT_MAX_CHARS, ..digits(&i.conta) }, error))
                            (campos::text("digito_conta", "Dígito da conta", Text { max: DIGIT_MAX_CHARS, required: false, ..digits(&i.digito_conta) }, error))
                        }
                        div.form-acoes { button.botao.botao-primario type="submit" { "Salvar dados bancários" } }
                    }
                }
            },
        ),
    )
}

/// `GET /minha-conta/conta-bancaria`.
pub async fn view_conta_bancaria_get(ctx: Ctx) -> PageResult {
    let r = load_registration(&ctx, TITLE).await?;
    Ok(ctx.render(page(&stored(&r), None)))
}

/// `POST /minha-conta/conta-bancaria`: the rules, then the account in the user object.
pub async fn view_conta_bancaria_post(ctx: Ctx, Form(f): Form<BancoForm>) -> PageResult {
    let typed = BankInput {
        banco: f.banco,
        tipo_conta: f.tipo_conta,
        agencia: f.agencia,
        digito_agencia: f.digito_agencia,
        conta: f.conta,
        digito_conta: f.digito_conta,
    };
    let mut r = registration_for_form(&ctx, TITLE, |_| page(&typed, None)).await?;
    let b = validate_bank(&typed)
        .map_err(|e| PageError::refused(page(&typed, Some(&e)), e.message()))?;
    r.set(&["dadosFinanceiros", "contasBancarias"],
        json!([{ "tipoConta": b.tipo_conta.api(), "banco": b.banco, "agencia": b.agencia,
                 "digitoAgencia": b.digito_agencia, "conta": b.conta, "digitoConta": b.digito_conta }]),
    );
    ctx.app
        .api
        .update_cadastro(ctx.token()?, &r)
        .await
        .map_err(|e| PageError::form_failed(page(&typed, None), &e))?;
    refresh_summary(&ctx, r.view());
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    Ok(Redirect::to(routes::CONTA_BANCARIA).into_response())
}
