//! The address sub-tab (/minha-conta/dados-cadastrais/endereco): the form with the CEP
//! mask, its rules, and the address saved in the user object.

use crate::web::extract::Form;
use maud::html;
use serde::Deserialize;
use serde_json::json;

use super::saved;
use crate::api::models::Cadastro;
use crate::domain::validate::FormError;
use crate::domain::validate::cadastro::{
    ADDRESS_NUMBER_MAX_CHARS, ADDRESS_TEXT_MAX_CHARS, AddressInput, CEP_INPUT_MAX_CHARS,
    validate_address,
};
use crate::web::pages::conta::campos::{self, Text};
use crate::web::pages::conta::{
    DADOS_TITLE, load_registration, registration, registration_for_form,
};
use crate::web::ui::{Page, island};
use crate::web::{Ctx, PageError, PageResult, routes};

#[derive(Debug, Default, Deserialize)]
pub struct EnderecoForm {
    #[serde(default)]
    cep: String,
    #[serde(default)]
    rua: String,
    #[serde(default)]
    numero: String,
    #[serde(default)]
    complemento: String,
    #[serde(default)]
    bairro: String,
    #[serde(default)]
    cidade: String,
    #[serde(default)]
    estado: String,
    #[serde(default)]
    pais: String,
}

pub(super) fn stored_address(r: &Cadastro) -> AddressInput {
    let e = &r.view().dados_complementares.endereco;
    let s = |v: &Option<String>| v.clone().unwrap_or_default();
    let cep = s(&e.cep);
    // The CEP shown with its mask, #####-###.
    let cep = if cep.len() == 8 && cep.bytes().all(|b| b.is_ascii_digit()) {
        format!("{}-{}", &cep[..5], &cep[5..])
    } else {
        cep
    };
    AddressInput {
        cep,
        rua: s(&e.rua),
        numero: s(&e.numero),
        complemento: s(&e.complemento),
        bairro: s(&e.bairro),
        cidade: s(&e.cidade),
        estado: s(&e.estado),
        pais: e
            .pais
            .clone()
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| "BRA".into()),
    }
}

fn address_page(r: &Cadastro, a: &AddressInput, error: Option<&FormError>) -> Page {
    let countries: Vec<(String, String)> = crate::domain::reference::countries()
        .iter()
        .map(|c| (c.alpha3.clone(), c.name.clone()))
        .collect();
    let t = |v, max| Text {
        autocomplete: "off",
        ..Text::new(v, max)
    };
    Page::new(
        DADOS_TITLE,
        registration(
            r.view(),
            routes::DADOS_ENDERECO,
            html! {
                section aria-labelledby="endereco-titulo" {
                    h2 #endereco-titulo { "Endereço" }
                    form.formulario method="post" action=(routes::DADOS_ENDERECO) novalidate {
                        p.texto-secundario { "Todos os campos são obrigatórios, menos o complemento." }
                        // With JS the mask island writes #####-### as the digits are typed.
                        (island::mount(&island::MascaraProps {}, campos::text("cep", "CEP", Text { autocomplete: "postal-code", inputmode: Some("numeric"), help: Some("8 números, no formato #####-###."), mascara: Some("cep"), ..Text::new(&a.cep, CEP_INPUT_MAX_CHARS) }, error)))
                        (campos::text("rua", "Rua", Text { autocomplete: "address-line1", ..Text::new(&a.rua, ADDRESS_TEXT_MAX_CHARS) }, error))
                        (campos::text("numero", "Número", t(&a.numero, ADDRESS_NUMBER_MAX_CHARS), error))
                        (campos::text("complemento", "Complemento", Text { required: false, autocomplete: "address-line2", ..Text::new(&a.complemento, ADDRESS_TEXT_MAX_CHARS) }, error))
                        (campos::text("bairro", "Bairro", t(&a.bairro, ADDRESS_TEXT_MAX_CHARS), error))
                        (campos::text("cidade", "Cidade", Text { autocomplete: "address-level2", ..Text::new(&a.cidade, ADDRESS_TEXT_MAX_CHARS) }, error))
                        (campos::select("estado", "Estado", &a.estado, &campos::state_options(), error))
                        (campos::select("pais", "País", &a.pais, &countries, error))
                        div.form-acoes { button.botao.botao-primario type="submit" { "Salvar endereço" } }
                    }
                }
            },
        ),
    )
    .with_islands()
}

/// `GET …/endereco`.
pub async fn view_endereco_get(ctx: Ctx) -> PageResult {
    let r = load_registration(&ctx, DADOS_TITLE).await?;
    Ok(ctx.render(address_page(&r, &stored_address(&r), None)))
}

/// `POST …/endereco`: the rules, then the address in the user object, status 0.
pub async fn view_endereco_post(ctx: Ctx, Form(f): Form<EnderecoForm>) -> PageResult {
    let typed = AddressInput {
        cep: f.cep,
        rua: f.rua,
        numero: f.numero,
        complemento: f.complemento,
        bairro: f.bairro,
        cidade: f.cidade,
        estado: f.estado,
        pais: f.pais,
    };
    let mut r =
        registration_for_form(&ctx, DADOS_TITLE, |known| address_page(known, &typed, None)).await?;
    let a = match validate_address(&typed) {
        Ok(a) => a,
        Err(e) => {
            return Err(PageError::refused(
                address_page(&r, &typed, Some(&e)),
                e.message(),
            ));
        }
    };
    let form_again = address_page(&r, &typed, None);
    r.set(
        &["dadosComplementares", "endereco"],
        json!({ "cep": a.cep, "rua": a.rua, "numero": a.numero, "complemento": a.complemento,
                "bairro": a.bairro, "cidade": a.cidade, "estado": a.estado, "pais": a.pais }),
    );
    r.set(&["status"], json!(0));
    saved(&ctx, &r, form_again, routes::DADOS_ENDERECO).await
}
