//! Every page and every form of the product, as the matrix drives them: who opens it, what
//! is typed, and the seeded ids they need (found on the pages themselves, so a changed
//! seed shows up as a page that could not be driven, never as a silent skip).

use colheita::web::routes;
use scraper::{Html, Selector};

/// The offering the order flow uses (room for every reservation the matrix makes).
pub const OFFER: &str = "fazenda-santa-luzia-soja-2027";
pub const PASSWORD: &str = "colheita123";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    Visitor,
    /// The demo investor, profile Completo.
    Investidor,
    /// A Básico profile: the only one that may send documents.
    Basico,
}

impl Who {
    pub fn email(self) -> &'static str {
        match self {
            Who::Visitor | Who::Investidor => "investidor@colheita.dev",
            Who::Basico => "basico@colheita.dev",
        }
    }
}

/// Where a form is drawn and where it is sent.
#[derive(Clone, Debug)]
pub enum FormAt {
    /// The form page and the form's action.
    Page { page: String, action: String },
    /// The term of a reservation made just before (step 2 of the order).
    NewReservationTerm,
    /// The confirmation of a reservation made and signed just before (step 3).
    SignedReservation,
}

#[derive(Clone, Debug)]
pub enum Action {
    Get(String),
    /// The login callback, with a code the provider just gave.
    Callback,
    Post {
        at: FormAt,
        /// What the investor types over the form's own values.
        edits: Vec<(&'static str, String)>,
        /// A file sent in this multipart part (a document upload).
        upload: Option<&'static str>,
    },
}

#[derive(Clone, Debug)]
pub struct Case {
    pub who: Who,
    pub action: Action,
    /// Run after every other case, one at a time, each run with its own login: the case
    /// changes what the others rely on (the profile state, the platform session) or
    /// calls the login provider, whose calls carry no token to tell lanes apart.
    pub serial: bool,
}

impl Case {
    pub fn name(&self) -> String {
        let who = format!("{:?}", self.who);
        match &self.action {
            Action::Get(p) => format!("{who} GET {p}"),
            Action::Callback => format!("{who} GET {}?code=…", routes::AUTENTICACAO),
            Action::Post { at, .. } => match at {
                FormAt::Page { action, .. } => format!("{who} POST {action}"),
                FormAt::NewReservationTerm => format!("{who} POST /reservas/{{nova}}/termos"),
                FormAt::SignedReservation => format!("{who} POST /reservas/{{nova}}/confirmar"),
            },
        }
    }
}

/// The seeded ids the pages need, read from the pages that link to them.
pub struct Ids {
    /// A reservation at its term, not signed.
    pub reserva: i64,
    /// A reservation signed, waiting for its confirmation.
    pub reserva_assinada: i64,
    pub carteira_reserva: i64,
    pub carteira_documento: String,
    /// A holding's page, and the report of one of its issuer's updates.
    pub investimento: String,
    pub relatorio: String,
    pub notificacao: String,
    pub ano_ir: String,
}

fn get(p: impl Into<String>) -> Action {
    Action::Get(p.into())
}

fn form(page: &str, action: &str, edits: &[(&'static str, &str)]) -> Action {
    Action::Post {
        at: FormAt::Page {
            page: page.to_owned(),
            action: action.to_owned(),
        },
        edits: edits.iter().map(|(k, v)| (*k, (*v).to_owned())).collect(),
        upload: None,
    }
}

fn case(who: Who, action: Action) -> Case {
    Case {
        who,
        action,
        serial: false,
    }
}

pub fn all(ids: &Ids) -> Vec<Case> {
    use Who::*;
    let offer_pages = [
        routes::INVESTIR.to_owned(),
        routes::captacao(OFFER),
        routes::captacao_documento(OFFER),
        routes::captacao_simular(OFFER),
        routes::POLITICA_PRIVACIDADE.to_owned(),
        routes::ANTES_DE_INVESTIR.to_owned(),
    ];
    let mut cases: Vec<Case> = offer_pages
        .iter()
        .flat_map(|p| {
            [
                case(Visitor, get(p.clone())),
                case(Investidor, get(p.clone())),
            ]
        })
        .collect();
    for p in [routes::QUERO_INVESTIR, routes::QUERO_INVESTIR_SUCESSO] {
        cases.push(case(Visitor, get(p)));
    }
    let r = ids.reserva;
    let c = ids.carteira_reserva;
    for p in [
        routes::HOME.to_owned(),
        routes::home_reserva(r),
        routes::captacao_reservar(OFFER),
        routes::preview(1),
        routes::reserva(r),
        routes::reserva_termos(r),
        routes::reserva_confirmar(ids.reserva_assinada),
        routes::CARTEIRA.to_owned(),
        routes::carteira_expandida(),
        routes::carteira_fluxo(c),
        routes::carteira_documentos(c),
        routes::CARTEIRA_ALOCACAO.to_owned(),
        routes::CARTEIRA_ALOCACAO_PDF.to_owned(),
        routes::CARTEIRA_SIMULADOR.to_owned(),
        routes::CARTEIRA_AGENDA.to_owned(),
        routes::carteira_agenda("situacao=previsto"),
        routes::CARTEIRA_AGENDA_ICS.to_owned(),
        routes::carteira_contrato(c),
        routes::carteira_desistencia(c),
        ids.carteira_documento.clone(),
        ids.investimento.clone(),
        ids.relatorio.clone(),
        routes::MINHA_CONTA.to_owned(),
        routes::DADOS_CADASTRAIS.to_owned(),
        routes::DADOS_PESSOAIS.to_owned(),
        routes::DADOS_ENDERECO.to_owned(),
        routes::DADOS_PERFIL.to_owned(),
        routes::DADOS_DOCUMENTOS.to_owned(),
        routes::dados_documento("IdentityDocument"),
        routes::CONTA_BANCARIA.to_owned(),
        routes::DECLARACAO_INVESTIDOR.to_owned(),
        routes::declaracao_voltar(OFFER),
        routes::MEUS_TERMOS.to_owned(),
        routes::meus_termos_documento("termos-e-condicoes"),
        format!("{}?ano={}", routes::IMPOSTO_DE_RENDA, ids.ano_ir),
        routes::ALTERAR_SENHA.to_owned(),
        routes::EXTRATO.to_owned(),
        routes::extrato("dias=30&Page=1&PageSize=10"),
        routes::extrato_exportar(routes::EXTRATO_CSV, "dias=30"),
        routes::extrato_exportar(routes::EXTRATO_OFX, "dias=30"),
        routes::extrato_exportar(routes::EXTRATO_PDF, "dias=30"),
        routes::INFORME_RENDIMENTO.to_owned(),
        routes::INFORME_RENDIMENTO_ARQUIVO.to_owned(),
        routes::NOTIFICACOES.to_owned(),
        routes::notificacoes_aba(true, 1),
        ids.notificacao.clone(),
        routes::renda_variavel("3", 1, 10),
        "/pagina-que-nao-existe".to_owned(),
    ] {
        cases.push(case(Investidor, get(p)));
    }
    cases.push(case(Basico, get(routes::DADOS_DOCUMENTOS)));
    cases.extend(forms());
    cases
}

fn forms() -> Vec<Case> {
    use Who::*;
    let valor = [("valor", "2.000,00")];
    let order = routes::captacao_reservar(OFFER);
    let mut cases = vec![
        case(
            Visitor,
            form(
                routes::QUERO_INVESTIR,
                routes::QUERO_INVESTIR,
                &[
                    ("nome", "Joana Pereira"),
                    ("email", "joana.falhas@exemplo.com.br"),
                    ("celular", "(11) 91234-5678"),
                    ("cpf", "529.982.247-25"),
                    ("termos", "sim"),
                ],
            ),
        ),
        case(Investidor, form(&order, &order, &valor)),
        case(
            Investidor,
            Action::Post {
                at: FormAt::NewReservationTerm,
                edits: vec![
                    ("aceite", "sim".to_owned()),
                    ("ciencia_risco", "sim".to_owned()),
                ],
                upload: None,
            },
        ),
        case(
            Investidor,
            Action::Post {
                at: FormAt::SignedReservation,
                edits: vec![],
                upload: None,
            },
        ),
        case(
            Investidor,
            form(
                routes::DADOS_PESSOAIS,
                routes::DADOS_PESSOAIS,
                &[("nome", "Ana Beatriz Carvalho Matriz")],
            ),
        ),
        case(
            Investidor,
            form(
                routes::DADOS_ENDERECO,
                routes::DADOS_ENDERECO,
                &[("complemento", "Apto 42 da matriz")],
            ),
        ),
        case(
            Investidor,
            form(routes::DADOS_PERFIL, routes::DADOS_PERFIL, &[]),
        ),
        case(
            Investidor,
            form(routes::CONTA_BANCARIA, routes::CONTA_BANCARIA, &[]),
        ),
        // The declaration as stored, declared again (the same values: the other lanes'
        // room never changes).
        case(
            Investidor,
            form(
                routes::DECLARACAO_INVESTIDOR,
                routes::DECLARACAO_INVESTIDOR,
                &[("veracidade", "sim")],
            ),
        ),
        // A wrong current password: the platform is called and refuses, so the
        // password of the lanes never changes.
        case(
            Investidor,
            form(
                routes::ALTERAR_SENHA,
                routes::ALTERAR_SENHA,
                &[
                    ("senha_atual", "Errada2026"),
                    ("nova_senha", "Safra2027"),
                    ("confirmacao_senha", "Safra2027"),
                ],
            ),
        ),
        case(
            Investidor,
            form(
                routes::NOTIFICACOES,
                routes::NOTIFICACOES_CONFIGURACOES,
                &[],
            ),
        ),
        case(Investidor, form(routes::HOME, routes::VISIBILIDADE, &[])),
        case(
            Basico,
            Action::Post {
                at: FormAt::Page {
                    page: routes::DADOS_DOCUMENTOS.to_owned(),
                    action: routes::dados_documento("IdentityDocumentBack"),
                },
                edits: vec![],
                upload: Some("documento"),
            },
        ),
    ];
    // Asking for verification turns the profile 'Em análise' (no more orders); logging
    // out ends a platform session; the login callback and the logout call the provider.
    for action in [
        form(routes::DADOS_PESSOAIS, routes::VERIFICAR_PERFIL, &[]),
        Action::Callback,
        form(routes::HOME, routes::SAIR, &[]),
    ] {
        cases.push(Case {
            serial: true,
            ..case(Investidor, action)
        });
    }
    cases
}

/// The first `href` on `doc` matching `selector`.
pub fn first_href(doc: &Html, selector: &str) -> Option<String> {
    let sel = Selector::parse(selector).unwrap();
    doc.select(&sel)
        .find_map(|e| e.value().attr("href").map(str::to_owned))
}

/// The number in `path` right after `prefix`.
pub fn id_after(path: &str, prefix: &str) -> Option<i64> {
    let rest = path.split_once(prefix)?.1;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}
