//! The statement's files, with the filter of the page: CSV and OFX written here from every
//! movement of the filter (read page after page from the platform, up to
//! `exportar::LIMITE`), and the PDF the platform writes (`/v1/reservas/extrato/exportar/Pdf`).

use jiff::Timestamp;
use maud::{Markup, html};

use super::{ExtratoQuery, TITLE, View, codes, listed_accounts, page};
use crate::api::models::{ContaCliente, ExtratoLinha};
use crate::domain::dates;
use crate::domain::extrato::exportar::{self, Cabecalho, Movimento};
use crate::domain::extrato::{self, Filter};
use crate::web::error::OnPage;
use crate::web::extract::Query;
use crate::web::ui::download;
use crate::web::{Ctx, PageError, PageResult, routes};

const CSV_TYPE: &str = "text/csv; charset=utf-8";
const OFX_TYPE: &str = "application/x-ofx";

/// The export links of the page, each with the page's filter.
pub(super) fn links(query: &str) -> Markup {
    html! {
        div.extrato-exportar {
            span.texto-secundario { "Exportar o período filtrado:" }
            a.botao.botao-secundario href=(routes::extrato_exportar(routes::EXTRATO_CSV, query)) { "Baixar CSV" }
            a.botao.botao-secundario href=(routes::extrato_exportar(routes::EXTRATO_OFX, query)) { "Baixar OFX" }
            a.botao.botao-secundario href=(routes::extrato_exportar(routes::EXTRATO_PDF, query)) { "Baixar PDF" }
        }
    }
}

fn movimento(l: &ExtratoLinha) -> Movimento {
    Movimento {
        id: l.id,
        data: l.data.as_deref().and_then(dates::parse_platform_datetime),
        valor: l.valor.unwrap_or_default(),
        descricao: l.descricao.clone().unwrap_or_default(),
        tipo: l.tipo.clone().unwrap_or_default(),
        status: l.status.clone().unwrap_or_default(),
        banco: l.banco.clone().unwrap_or_default(),
    }
}

/// What an export needs: the filter read and checked the way the page does it (a refusal
/// is the page again with its message), the token and the investor's code.
struct Pedido<'a> {
    ctx: &'a Ctx,
    token: &'a str,
    filter: Filter,
}

async fn pedido<'a>(ctx: &'a Ctx, q: ExtratoQuery) -> PageResult<Pedido<'a>> {
    let token = ctx.token()?;
    let own = ctx
        .session
        .as_ref()
        .and_then(|s| s.user.codigo.clone())
        .unwrap_or_default();
    let typed = q.typed();
    let today = dates::today_in_sao_paulo(Timestamp::now());
    let refused = |accounts: &[ContaCliente], message: &'static str| {
        let view = View {
            typed: &typed,
            filter: None,
            result: None,
            accounts,
            own: &own,
        };
        PageError::refused(page(ctx, view), message)
    };
    let filter = extrato::resolve(&typed, &own, today).map_err(|m| refused(&[], m))?;
    if filter.codigo_cliente != own {
        let listed = listed_accounts(ctx, token).await;
        let checked =
            extrato::check_account(&filter.codigo_cliente, &own, codes(&listed).as_deref());
        checked.map_err(|m| refused(&listed.unwrap_or_default(), m))?;
    }
    Ok(Pedido { ctx, token, filter })
}

/// The statement page with the filter read and `message` (422).
fn refused_with_filter(p: &Pedido<'_>, message: &'static str) -> PageError {
    let view = View {
        typed: &Default::default(),
        filter: Some(&p.filter),
        result: None,
        accounts: &[],
        own: &p.filter.codigo_cliente,
    };
    PageError::refused(page(p.ctx, view), message)
}

/// Every movement of the filter, page after page; past the cap, the page with the cap's
/// message (422).
async fn todos(p: &Pedido<'_>) -> PageResult<Vec<Movimento>> {
    let mut f = p.filter.clone();
    f.page = 1;
    f.page_size = exportar::POR_PAGINA;
    let api = &p.ctx.app.api;
    let first = api.extrato(p.token, &f).await.on_page(TITLE)?;
    exportar::cabe(first.total_de_registros).map_err(|m| refused_with_filter(p, m))?;
    let mut lines: Vec<Movimento> = first.dados.iter().map(movimento).collect();
    for n in 2..=exportar::paginas(first.total_de_registros) {
        f.page = n;
        let next = api.extrato(p.token, &f).await.on_page(TITLE)?;
        if next.dados.is_empty() {
            break;
        }
        lines.extend(next.dados.iter().map(movimento));
    }
    // A platform that sends more than it counted still gets no more than the cap.
    lines.truncate(usize::try_from(exportar::LIMITE).unwrap_or(usize::MAX));
    Ok(lines)
}

/// `GET /minha-conta/extrato.csv`.
pub async fn view_extrato_csv_get(ctx: Ctx, Query(q): Query<ExtratoQuery>) -> PageResult {
    let p = pedido(&ctx, q).await?;
    let lines = todos(&p).await?;
    let (inicio, fim) = exportar::dias(&p.filter, dates::today_in_sao_paulo(Timestamp::now()));
    Ok(download::generated(
        exportar::csv(&lines),
        CSV_TYPE,
        &exportar::arquivo(inicio, fim, "csv"),
    ))
}

/// `GET /minha-conta/extrato.ofx`.
pub async fn view_extrato_ofx_get(ctx: Ctx, Query(q): Query<ExtratoQuery>) -> PageResult {
    let p = pedido(&ctx, q).await?;
    let lines = todos(&p).await?;
    let agora = Timestamp::now();
    let (inicio, fim) = exportar::dias(&p.filter, dates::today_in_sao_paulo(agora));
    let cab = Cabecalho {
        conta: p.filter.codigo_cliente.clone(),
        inicio,
        fim,
        agora,
    };
    Ok(download::generated(
        exportar::ofx(&cab, &lines),
        OFX_TYPE,
        &exportar::arquivo(inicio, fim, "ofx"),
    ))
}

/// `GET /minha-conta/extrato.pdf`: the platform writes it; the count is asked first, so
/// past the cap the investor gets the same message as for the other files.
pub async fn view_extrato_pdf_get(ctx: Ctx, Query(q): Query<ExtratoQuery>) -> PageResult {
    let p = pedido(&ctx, q).await?;
    let mut f = p.filter.clone();
    f.page = 1;
    f.page_size = 1;
    let api = &ctx.app.api;
    let count = api.extrato(p.token, &f).await.on_page(TITLE)?;
    exportar::cabe(count.total_de_registros).map_err(|m| refused_with_filter(&p, m))?;
    let (inicio, fim) = exportar::dias(&p.filter, dates::today_in_sao_paulo(Timestamp::now()));
    let back = {
        let view = View {
            typed: &Default::default(),
            filter: Some(&p.filter),
            result: None,
            accounts: &[],
            own: &p.filter.codigo_cliente,
        };
        page(&ctx, view)
    };
    download::answer(
        api.extrato_pdf(p.token, &p.filter).await,
        back,
        &exportar::arquivo(inicio, fim, "pdf"),
        false,
        Some(download::FAILED),
    )
}
