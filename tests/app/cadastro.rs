//! Sign-up (/quero-investir), the sandbox outbox, the first access with a temporary
//! password and the password change (/minha-conta/alterar-senha).

mod formulario;
mod plataforma;
mod primeiro_acesso;

use colheita::web::routes;
use std::time::Duration;

use scraper::{Html, Selector};
use serde_json::json;
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

const PREENCHER: &str = "Necessário preencher todos os campos para prosseguir.";
const TERMOS: &str = "Necessário aceitar os termos e condições e de uso para prosseguir.";
const NOME: &str = "Por favor, informe um nome válido para prosseguir.";
const EMAIL: &str = "Por favor, informe um e-mail válido para prosseguir.";
const CELULAR: &str = "Por favor, informe um celular válido para prosseguir.";
const CPF: &str = "Por favor, informe um CPF válido para prosseguir.";
const EM_ANDAMENTO: &str = "Já existe um cadastro em andamento com os dados informados. Efetue o login ou recupere sua senha para prosseguir.";
const GENERICO: &str = "Ocorreu um erro. Tente novamente.";

/// A valid CPF nobody has (random base, check digits computed).
fn new_cpf() -> String {
    loop {
        let mut d: Vec<u32> = (0..9).map(|_| rand::random_range(0..10)).collect();
        if d.iter().all(|x| *x == d[0]) {
            continue;
        }
        for _ in 0..2 {
            let n = d.len() as u32 + 1;
            let sum: u32 = d.iter().zip((2..=n).rev()).map(|(x, w)| x * w).sum();
            d.push(sum * 10 % 11 % 10);
        }
        return d
            .iter()
            .map(|x| char::from_digit(*x, 10).unwrap())
            .collect();
    }
}

struct Signup<'a> {
    nome: &'a str,
    email: &'a str,
    celular: &'a str,
    cpf: &'a str,
    termos: bool,
}

impl Signup<'_> {
    fn form(&self) -> Vec<(&str, &str)> {
        let mut f = vec![
            ("nome", self.nome),
            ("email", self.email),
            ("celular", self.celular),
            ("cpf", self.cpf),
        ];
        if self.termos {
            f.push(("termos", "sim"));
        }
        f
    }
}

async fn sign_up(app: &TestApp, s: &Signup<'_>) -> reqwest::Response {
    app.post_form(routes::QUERO_INVESTIR, &s.form()).await
}

fn attr(doc: &Html, selector: &str, name: &str) -> Option<String> {
    let sel = Selector::parse(selector).unwrap();
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr(name).map(str::to_owned))
}

fn exists(doc: &Html, selector: &str) -> bool {
    doc.select(&Selector::parse(selector).unwrap())
        .next()
        .is_some()
}

/// The 'Atenção!' alert with `message`.
fn assert_alert(doc: &Html, message: &str) {
    assert_eq!(text(doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(text(doc, "dialog.alerta #alerta-mensagem"), message);
}

/// Every typed value is back in the form, the checkbox too.
fn assert_kept(doc: &Html, s: &Signup<'_>) {
    assert_eq!(
        attr(doc, "#cadastro-nome", "value").unwrap_or_default(),
        s.nome
    );
    assert_eq!(
        attr(doc, "#cadastro-email", "value").unwrap_or_default(),
        s.email
    );
    assert_eq!(
        attr(doc, "#cadastro-celular", "value").unwrap_or_default(),
        s.celular
    );
    assert_eq!(
        attr(doc, "#cadastro-cpf", "value").unwrap_or_default(),
        s.cpf
    );
    assert_eq!(exists(doc, "#cadastro-termos[checked]"), s.termos);
}
