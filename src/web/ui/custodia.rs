//! When a reservation's money starts to earn, as the wallet and the reservation's page say
//! it: the day the yield starts, or, while the money is still held for its offering, that it
//! is held, with no yield shown.

use jiff::civil::Date;
use maud::{Markup, html};

use crate::api::models::Reserva;
use crate::domain::dates;
use crate::domain::situacao::{self, Recuperacao, Situacao};
use crate::domain::status::ReservaStatus;
use crate::web::ui::format;

/// What is said of paid money that does not earn yet.
pub const EM_CUSTODIA: &str = "em custódia até o encerramento da oferta";

/// Whether `r`'s money is in (paid, or approved by the partner) and still held for its
/// offering on `hoje`: the platform has not started its yield (no start, or one after
/// today: the holding is 'em captação'), or the investor may still withdraw (the money
/// cannot have left the escrow then).
pub fn em_custodia<P>(r: &Reserva<P>, hoje: Date) -> bool {
    let investida = matches!(r.status.name, ReservaStatus::Pago | ReservaStatus::Aprovado);
    let inicio = r
        .inicio_rendimento
        .as_deref()
        .and_then(dates::parse_platform_datetime)
        .map(dates::today_in_sao_paulo);
    let nao_rende =
        situacao::situacao(inicio, &[], Recuperacao::Nenhuma, hoje) == Situacao::EmCaptacao;
    investida && (nao_rende || r.desistencia_permitida == Some(true))
}

/// The facts entry of the yield: its first day, or while the money is held, that it is.
pub fn rendimento<P>(r: &Reserva<P>, hoje: Date) -> Markup {
    html! {
        @if em_custodia(r, hoje) {
            div.custodia { dt { "Rendimento" } dd { "Não iniciado: valor " (EM_CUSTODIA) } }
        } @else {
            div { dt { "Início do rendimento" } dd { (format::date(r.inicio_rendimento.as_deref())) } }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::StatusColor;
    use jiff::civil::date;

    fn reserva(status: ReservaStatus, inicio: Option<&str>, desistencia: bool) -> Reserva {
        Reserva {
            status: StatusColor {
                name: status,
                color: None,
            },
            inicio_rendimento: inicio.map(str::to_owned),
            desistencia_permitida: Some(desistencia),
            ..Reserva::default()
        }
    }

    const HOJE: Date = date(2026, 11, 27);

    #[test]
    fn paid_money_is_held_until_its_yield_starts_or_while_it_may_be_withdrawn() {
        for status in [ReservaStatus::Pago, ReservaStatus::Aprovado] {
            // Starts tomorrow (São Paulo), or the platform gives no start.
            let amanha = reserva(status.clone(), Some("2026-11-28T00:00:00-03:00"), false);
            assert!(em_custodia(&amanha, HOJE));
            assert!(em_custodia(&reserva(status.clone(), None, false), HOJE));
            // Started today, in São Paulo, though it is still the 27th's evening in UTC-3.
            let hoje = reserva(status.clone(), Some("2026-11-27T00:00:00-03:00"), false);
            assert!(!em_custodia(&hoje, HOJE));
            // Started, but the withdrawal is still open: the money is in the escrow.
            let janela = reserva(status.clone(), Some("2026-11-20T00:00:00-03:00"), true);
            assert!(em_custodia(&janela, HOJE));
            let rende = reserva(status, Some("2026-11-20T00:00:00-03:00"), false);
            assert!(!em_custodia(&rende, HOJE));
        }
    }

    #[test]
    fn money_not_paid_yet_is_not_held() {
        for status in [
            ReservaStatus::Aberto,
            ReservaStatus::AportePendente,
            ReservaStatus::EmAnalise,
            ReservaStatus::Cancelado,
        ] {
            let r = reserva(status, Some("2026-11-28T00:00:00-03:00"), true);
            assert!(!em_custodia(&r, HOJE));
        }
    }

    #[test]
    fn the_entry_says_held_instead_of_a_start_day() {
        let held = reserva(ReservaStatus::Pago, Some("2026-11-28T00:00:00-03:00"), true);
        let html = rendimento(&held, HOJE).into_string();
        assert!(html.contains("Não iniciado: valor em custódia até o encerramento da oferta"));
        assert!(!html.contains("Início do rendimento"));
        let earning = reserva(
            ReservaStatus::Pago,
            Some("2026-06-21T00:00:00-03:00"),
            false,
        );
        let html = rendimento(&earning, HOJE).into_string();
        assert!(html.contains("Início do rendimento"), "{html}");
        assert!(html.contains("21/06/2026"), "{html}");
        assert!(!html.contains(EM_CUSTODIA));
    }
}
