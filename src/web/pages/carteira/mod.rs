//! Minha carteira (/carteira): one accordion per offering with its reservations, the
//! allocation PDF, and per reservation the cash flow, the attached documents and the
//! contract; plus /carteira/alocacao, /carteira/simulador, /carteira/rentabilidade (the realised return and
//! the diversification) and /carteira/agenda (the
//! payment calendar, also as a calendar file) and /carteira/investimentos/{url} (one
//! holding: its situation, story and the issuer's updates).

mod agenda;
mod alocacao;
mod arquivos;
mod desistencia;
mod investimento;
mod rentabilidade;
mod simulador;
mod view;

use crate::web::extract::Query;
use maud::Markup;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::api::models::{Parcela, Reserva, Skipped};

use crate::web::error::OnPage;
use crate::web::ui::Page;
use crate::web::{Ctx, PageError, PageResult};

pub use agenda::{view_agenda_get, view_agenda_ics_get};
pub use alocacao::view_alocacao_get;
pub use arquivos::{view_alocacao_pdf_get, view_contrato_get, view_documento_get};
pub use desistencia::{view_desistencia_get, view_desistencia_post};
pub use investimento::{view_investimento_get, view_relatorio_get};
pub use rentabilidade::view_rentabilidade_get;
pub use simulador::view_simulador_get;
pub use view::{late_totals, withdrawal};

pub const TITLE: &str = "Minha carteira";

#[derive(Deserialize, Default)]
pub struct WalletQuery {
    #[serde(default)]
    toggle: Option<String>,
    #[serde(default)]
    fluxo: Option<String>,
    #[serde(default)]
    documentos: Option<String>,
}

/// Which side panel the address asks for.
pub enum Panel {
    None,
    CashFlow(i64),
    Documents(i64),
}

pub async fn view_carteira_get(ctx: Ctx, Query(q): Query<WalletQuery>) -> PageResult {
    let token = ctx.token()?;
    let open_all = q.toggle.as_deref() == Some("true");
    let id = |s: &Option<String>| s.as_deref().and_then(|v| v.parse::<i64>().ok());
    let panel = match (id(&q.fluxo), id(&q.documentos)) {
        (Some(r), _) => Panel::CashFlow(r),
        (None, Some(r)) => Panel::Documents(r),
        _ => Panel::None,
    };
    // The payment schedules are read only for the panel that shows one.
    let main = match panel {
        Panel::CashFlow(_) => page::<Parcela>(&ctx, token, open_all, &panel).await?,
        _ => page::<Skipped>(&ctx, token, open_all, &panel).await?,
    };
    Ok(ctx.render(Page::new(TITLE, main)))
}

async fn page<P>(ctx: &Ctx, token: &str, open_all: bool, panel: &Panel) -> Result<Markup, PageError>
where
    P: view::Schedule + DeserializeOwned + Default,
{
    let api = &ctx.app.api;
    let (allocation, documents, cancelled) = tokio::join!(
        api.alocacao_resumida::<Reserva<P>>(token),
        async {
            match panel {
                Panel::Documents(r) => Some(api.reserva_documentos(token, *r).await),
                _ => None,
            }
        },
        api.reservas_canceladas(token)
    );
    let allocation = allocation.on_page(TITLE)?;
    Ok(view::wallet(
        ctx,
        &allocation,
        open_all,
        panel,
        documents.as_ref(),
        &cancelled,
    ))
}
