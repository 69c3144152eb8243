//! The status screen after confirmation ('Detalhe da reserva'): Pix → 'Aporte pendente'
//! with the countdown, the QR code (SVG rendered here) and the copyable code; partner
//! debit → 'Em análise' with its explanation.

use maud::{Markup, PreEscaped, html};

use crate::api::models::{PixInfo, Reserva};
use crate::domain::pix::{self, StaticPix};
use crate::domain::status::ReservaStatus;
use crate::domain::{captacao, dates};
use crate::web::error::{Id, OnPage};
use crate::web::ui::{self, Page, badge, custodia, format, island};
use crate::web::{Ctx, PageResult, routes};

pub const TITLE: &str = "Detalhe da reserva";
pub const COPY_LABEL: &str = "Copiar código Pix";
/// The QR code's caption: it is for paying from another device (a phone pays with the code).
pub const QR_CAPTION: &str =
    "Para pagar de outro aparelho, leia este QR Code com o app do seu banco.";
pub const COPY_OK: &str = "Código Pix copiado com sucesso!";
pub const COPY_FAIL: &str = "Ocorreu um erro ao copiar código Pix";

pub const EXPLAIN_ANALYSIS: &str = "Sua reserva está em análise pela corretora parceira. Se aprovada, o valor será debitado da sua conta no dia da liquidação. Se não for aprovada, o pagamento passará a ser por Pix, com um novo prazo.";
pub const EXPLAIN_APPROVED: &str = "Reserva garantida: o valor será debitado da sua conta na corretora parceira no dia da liquidação.";
pub const EXPLAIN_PIX: &str = "Pague o Pix dentro do prazo para garantir a sua reserva. Depois do prazo, a reserva é cancelada.";
pub const EXPLAIN_PAID: &str =
    "Pagamento confirmado. O rendimento começa na data de início informada.";
/// Paid, and not earning yet: held for the offering until it closes.
pub const EXPLAIN_PAID_HELD: &str = "Pagamento confirmado. O valor fica em custódia até o encerramento da oferta e só começa a render quando é repassado ao emissor.";

pub async fn view_reserva_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let r = ctx.app.api.reserva(ctx.token()?, id).await.on_page(TITLE)?;
    let (main, islands) = reserva_panel(&ctx, &r, 1);
    let page = Page::new(TITLE, main);
    Ok(ctx.render(if islands { page.with_islands() } else { page }))
}

/// What the investor pays: the Pix object's value, or the reservation's amount when the
/// platform's Pix data carries none (the QR code and the text show the same amount).
pub fn pix_amount(r: &Reserva, p: &PixInfo) -> rust_decimal::Decimal {
    p.valor.unwrap_or(r.investimento)
}

/// The Pix payload of a reservation: version 01, key, receiver, the configured merchant
/// city, message 'Captação: {name}' and value.
pub fn pix_payload(r: &Reserva, p: &PixInfo, merchant_city: &str) -> Option<String> {
    let code = StaticPix {
        key: p.chave.clone(),
        merchant_name: p.nome.clone().unwrap_or_default(),
        merchant_city: merchant_city.to_owned(),
        amount: Some(pix_amount(r, p)),
        description: Some(pix::captacao_pix_message(&r.nome_captacao)),
        txid: p.txid.clone(),
    };
    match pix::brcode(&code) {
        Ok(c) => Some(c),
        Err(e) => {
            tracing::warn!(error = %e, reserva = r.id, "no Pix code for this reserva");
            None
        }
    }
}

/// The panel; also used by the home's 'Detalhe da reserva'. Returns whether it holds
/// islands.
pub fn reserva_panel(ctx: &Ctx, r: &Reserva, level: u8) -> (Markup, bool) {
    let status = &r.status.name;
    // Recorded before its offering opened: no money is asked for yet.
    let abertura = r
        .pagamento_a_partir_de
        .as_deref()
        .and_then(dates::parse_platform_datetime)
        .map(dates::today_in_sao_paulo);
    let pix = r
        .pix
        .as_ref()
        .filter(|_| *status == ReservaStatus::AportePendente && abertura.is_none());
    let deadline = r
        .data_vencimento
        .clone()
        .or_else(|| pix.and_then(|p| p.data_vencimento.clone()))
        .filter(|_| abertura.is_none());
    let payload = pix.and_then(|p| pix_payload(r, p, &ctx.app.cfg.pix_merchant_city));
    let hoje = dates::today_in_sao_paulo(ui::captacao::now());
    let markup = html! {
        section.reserva aria-labelledby="reserva-titulo" {
            (heading(level, "reserva-titulo", TITLE))
            p { (badge::status(status, r.status.color.as_deref())) " " (r.nome_captacao) }
            dl.fatos {
                div { dt { "Valor" } dd { (ctx.money(r.investimento)) } }
                div { dt { "Forma de pagamento" } dd { (r.tipo_do_pagamento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Data da solicitação" } dd { (format::date(r.data.as_deref())) } }
                (custodia::rendimento(r, hoje))
            }
            @match status {
                _ if abertura.is_some() => {
                    (heading(level + 1, "", "Reserva registrada"))
                    @if let Some(dia) = abertura {
                        p.pre-lancamento { "Reserva registrada em pré-lançamento: " (captacao::pagamento_na_abertura(dia)) "." }
                    }
                },
                ReservaStatus::AportePendente => {
                    (heading(level + 1, "", status.label()))
                    p { (EXPLAIN_PIX) }
                    @if let Some(d) = &deadline {
                        div.prazo-pix { "Prazo para pagamento: " (island::countdown(d, format::datetime(Some(d)), "Prazo encerrado")) }
                    }
                    @if let (Some(code), Some(p)) = (&payload, pix) { (pix_block(ctx, r, p, code, level)) }
                },
                ReservaStatus::EmAnalise => { (heading(level + 1, "", status.label())) p { (EXPLAIN_ANALYSIS) } },
                ReservaStatus::Aprovado => { (heading(level + 1, "", status.label())) p { (EXPLAIN_APPROVED) } },
                ReservaStatus::Pago => {
                    (heading(level + 1, "", status.label()))
                    p { @if custodia::em_custodia(r, hoje) { (EXPLAIN_PAID_HELD) } @else { (EXPLAIN_PAID) } }
                },
                _ => {},
            }
            @if let Some(m) = &r.motivo_cancelamento { p { strong { "Motivo do cancelamento: " } (m) } }
            (crate::web::pages::carteira::withdrawal(r))
            p.acoes {
                @if let Some(url) = &r.url_amigavel {
                    a.botao.botao-primario href=(routes::captacao(url)) { "Fechar" }
                    " "
                }
                a.botao.botao-secundario href=(routes::CARTEIRA) { "Ir para a carteira" }
            }
        }
    };
    (
        markup,
        deadline.is_some() && *status == ReservaStatus::AportePendente,
    )
}

/// A heading of the given level (the panel is a page of its own, or a side panel on home).
fn heading(level: u8, id: &str, text: &str) -> Markup {
    let id = (!id.is_empty()).then_some(id);
    html! {
        @match level {
            1 => h1 id=[id] { (text) },
            2 => h2 id=[id] { (text) },
            3 => h3 id=[id] { (text) },
            _ => h4 id=[id] { (text) },
        }
    }
}

fn pix_block(ctx: &Ctx, r: &Reserva, p: &PixInfo, code: &str, level: u8) -> Markup {
    let qr = pix::qr_svg(code).ok();
    html! {
        div.pix {
            // On a phone the code is the way to pay (copied into the bank's app): it and its
            // button come first; the QR code is for paying from another device.
            div.campo {
                label for="codigo-pix" { "Pix copia e cola" }
                textarea #codigo-pix readonly rows="4" spellcheck="false" { (code) }
            }
            (island::mount(&island::CopiarProps { target: "codigo-pix".into(), label: COPY_LABEL.into(), ok: COPY_OK.into(), fail: COPY_FAIL.into() }, html! {}))
            @if let Some(svg) = qr { figure.qr-pix { (PreEscaped(svg)) figcaption { (QR_CAPTION) } } }
            (heading(level + 2, "", "Dados do recebedor"))
            dl.fatos {
                div { dt { "Nome" } dd { (p.nome.as_deref().unwrap_or("-")) } }
                div { dt { "CNPJ" } dd { (p.cnpj.as_deref().unwrap_or("-")) } }
                div { dt { "Instituição" } dd { (p.instituicao.as_deref().unwrap_or("-")) } }
                div { dt { "Agência" } dd { (p.agencia.as_deref().unwrap_or("-")) } }
                div { dt { "Conta" } dd { (p.conta.as_deref().unwrap_or("-")) } }
                div { dt { "Chave Pix" } dd { (p.chave) } }
                div { dt { "Valor" } dd { (ctx.money(pix_amount(r, p))) } }
            }
        }
    }
}
