//! 'Desistir do investimento' (/carteira/reservas/{id}/desistencia): the right of
//! withdrawal. GET asks for confirmation (what is given back, until when the right lasts);
//! POST withdraws at the platform, which decides whether the period is still open, and
//! goes back to the wallet with the outcome. The refund deadline is the platform's rule
//! (`regras.diasUteisDevolucao` of the declaration), the one the order's steps state.

use axum::response::{IntoResponse, Redirect};
use maud::html;

use super::TITLE;
use crate::api::ApiError;
use crate::api::models::Reserva;
use crate::domain::desistencia;
use crate::domain::status::ReservaStatus;
use crate::web::error::{Id, OnPage};
use crate::web::ui::{Page, format};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const PAGE_TITLE: &str = "Desistir do investimento";
pub const DONE_TITLE: &str = "Desistência registrada";
pub const DONE_TEXT: &str = "Sua reserva foi cancelada. Todo o valor pago será devolvido e o estorno aparece no seu extrato.";
/// The period is over, or the reservation cannot be withdrawn.
pub const CLOSED: &str = "O prazo de desistência deste investimento terminou.";

fn paid(r: &Reserva) -> bool {
    matches!(r.status.name, ReservaStatus::Pago | ReservaStatus::Aprovado)
}

/// The reservation and the refund deadline in business days (none when the platform's
/// rules could not be read for another reason than the session: the page still works).
async fn load(ctx: &Ctx, token: &str, id: i64) -> Result<(Reserva, Option<u16>), ApiError> {
    let (r, d) = tokio::join!(
        ctx.app.api.reserva(token, id),
        ctx.app.api.declaracao_investidor(token)
    );
    let refund = match d {
        Ok(d) => d.regras.dias_uteis_devolucao,
        // A session the platform no longer accepts goes to login, as for the reservation.
        Err(e) if e.ends_session() => return Err(e),
        Err(_) => None,
    };
    Ok((r?, refund))
}

fn page(ctx: &Ctx, r: &Reserva, refund: Option<u16>) -> Page {
    let open = r.desistencia_permitida == Some(true);
    let main = html! {
        section.cartao.desistencia aria-labelledby="desistencia-titulo" {
            h1 #desistencia-titulo { (PAGE_TITLE) }
            dl.fatos {
                div { dt { "Captação" } dd { (r.nome_captacao) } }
                div { dt { "Valor do investimento" } dd { (ctx.money(r.investimento)) } }
                div { dt { "Situação" } dd { (r.status.name.label()) } }
                div { dt { "Desistência disponível até" } dd { (format::withdrawal_last_day(r.desistencia_ate.as_deref())) } }
                @if let Some(uteis) = refund {
                    div { dt { "Devolução" } dd #prazo-devolucao { "Todo o valor pago, com " (desistencia::refund_text(uteis)) " após a desistência" } }
                }
            }
            @if open {
                p {
                    @if paid(r) {
                        "Ao desistir, a reserva é cancelada e você recebe de volta todo o valor pago, "
                        (ctx.money(r.investimento)) ", na sua conta bancária cadastrada."
                    } @else {
                        "Ao desistir, a reserva é cancelada e nenhum valor será cobrado."
                    }
                    " A desistência não tem custo e não pode ser desfeita."
                }
                form.formulario method="post" action=(routes::carteira_desistencia(r.id)) {
                    div.form-acoes {
                        button.botao.botao-perigo type="submit" { "Confirmar desistência" }
                        " "
                        a.botao.botao-texto href=(routes::CARTEIRA) { "Voltar para a carteira" }
                    }
                }
            } @else {
                p role="note" { (CLOSED) }
                p { a.botao.botao-secundario href=(routes::CARTEIRA) { "Voltar para a carteira" } }
            }
        }
    };
    Page::new(PAGE_TITLE, main)
}

/// `GET /carteira/reservas/{id}/desistencia`.
pub async fn view_desistencia_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let (r, refund) = load(&ctx, ctx.token()?, id).await.on_page(TITLE)?;
    Ok(ctx.render(page(&ctx, &r, refund)))
}

/// `POST /carteira/reservas/{id}/desistencia`.
pub async fn view_desistencia_post(ctx: Ctx, Id(id): Id) -> PageResult {
    let token = ctx.token()?;
    match ctx.app.api.desistencia(token, id).await {
        Ok(_) => {
            ctx.jar.set_flash(DONE_TITLE, DONE_TEXT);
            Ok(Redirect::to(routes::CARTEIRA).into_response())
        }
        Err(e) => {
            let again = match load(&ctx, token, id).await {
                Ok((r, refund)) => page(&ctx, &r, refund),
                Err(_) => Page::new(
                    PAGE_TITLE,
                    html! { p { a.botao.botao-secundario href=(routes::CARTEIRA) { "Voltar para a carteira" } } },
                ),
            };
            Err(PageError::form_failed(again, &e))
        }
    }
}
