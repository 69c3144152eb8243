//! Paid money earns only once it goes to the issuer. Until the transfer the reservation's
//! start of yield is an estimate (the day after the later of the offering's end and its
//! withdrawal deadline, never before tomorrow) and nothing accrues, however long ago it was
//! paid; the transfer stores the real start, the day after it, and the yield accrues from
//! there. The clock moves through the `agora` the wallet's allocation is read with.

use std::time::Duration;

use jiff::Timestamp;
use rust_decimal::Decimal;

use super::cvm::{bastidor, paga_sem_minimo, prazos_da_oferta_encerrados, reserva};
use super::*;
use crate::domain::dates;
use crate::sandbox::reservas::reserva::{Reserva, dia_seguinte};
use crate::sandbox::reservas::{carteira, fluxo, store};
use crate::sandbox::tempo;

const DIA: Duration = Duration::from_secs(24 * 3600);

/// Reservation `id` as stored, and the yield the wallet's allocation gives its offering
/// with the clock at `agora`.
async fn com_relogio_em(amb: &Ambiente, id: i64, agora: Timestamp) -> (Reserva, Decimal) {
    amb.sandbox
        .db()
        .read(move |c| {
            let r = store::por_id(c, id)?;
            let rendimento = carteira::alocacao(c, r.usuario_id, agora)?
                .into_iter()
                .find(|g| g.primeira().is_some_and(|p| p.captacao_id == r.captacao_id))
                .map_or(Decimal::ZERO, |g| g.rendimento);
            Ok((r, rendimento))
        })
        .await
        .unwrap()
}

/// What the platform answers for the start of yield of reservation `id`.
async fn inicio_informado(amb: &Ambiente, t: &str, id: i64) -> String {
    let r = reserva(amb, t, id).await;
    r["inicioRendimento"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn paid_in_an_open_offering_it_earns_nothing_and_its_start_is_the_estimate() {
    let (amb, t, _, id) = paga_sem_minimo().await;
    let agora = tempo::agora();
    let (r, rendimento) = com_relogio_em(&amb, id, agora).await;
    assert_eq!(r.status_gravado.label(), "Pago");
    assert_eq!(r.repassada_em, None);
    assert_eq!(
        r.inicio_rendimento, None,
        "no start is stored before the transfer"
    );
    assert_eq!(rendimento, Decimal::ZERO);

    // The estimate: the day after the later of the offering's end and the withdrawal
    // deadline, after the offering's last day.
    let desistencia = r.desistencia_ate.unwrap();
    let estimativa = dia_seguinte(tempo::de_ms(r.oferta.fim.max(desistencia)));
    assert_eq!(
        inicio_informado(&amb, &t, id).await,
        tempo::rfc3339(estimativa)
    );
    let dia_estimado = dates::today_in_sao_paulo(estimativa);
    assert!(dia_estimado > tempo::dia_de_ms(r.oferta.fim));
    assert!(dia_estimado >= tempo::dia_de_ms(desistencia));
    // The expected schedule counts from it.
    let esperado = fluxo::fluxo(
        r.investimento(),
        r.oferta.taxa,
        r.oferta.prazo,
        r.oferta.periodicidade,
        dia_estimado,
    );
    assert!(!esperado.is_empty());
    assert_eq!(r.fluxo(agora), esperado);

    // Days later, up to the end of the fundraising: still nothing accrued.
    let ultimo_minuto = tempo::de_ms(r.oferta.fim - 60_000);
    assert!(
        ultimo_minuto > tempo::mais(agora, DIA),
        "an offering open for more than a day: the old start would have accrued"
    );
    let (r, rendimento) = com_relogio_em(&amb, id, ultimo_minuto).await;
    assert_eq!(rendimento, Decimal::ZERO);
    assert_eq!(r.inicio_dia(ultimo_minuto), dia_estimado);

    // Long past the estimate, with the money never transferred: still held, nothing
    // accrues, and the estimate is no earlier than tomorrow.
    let depois = tempo::mais(tempo::de_ms(r.oferta.fim), 40 * DIA);
    let (r, rendimento) = com_relogio_em(&amb, id, depois).await;
    assert_eq!(rendimento, Decimal::ZERO);
    assert_eq!(
        r.inicio_dia(depois),
        dates::today_in_sao_paulo(tempo::mais(depois, DIA))
    );
    assert!(
        r.fluxo(depois)
            .iter()
            .all(|p| p.data > dates::today_in_sao_paulo(depois))
    );
}

#[tokio::test]
async fn after_the_success_and_the_transfer_it_earns_from_the_next_day() {
    let (amb, t, oferta, id) = paga_sem_minimo().await;
    let r = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(r.json()["resultado"], "Sucesso", "{}", r.texto());

    // Successful, but a withdrawal period still runs: the money is still held.
    amb.sandbox.close_ended_offerings().await.unwrap();
    let (r, rendimento) = com_relogio_em(&amb, id, tempo::agora()).await;
    assert_eq!(r.repassada_em, None);
    assert_eq!(rendimento, Decimal::ZERO);
    let estimativa = dia_seguinte(tempo::de_ms(r.desistencia_ate.unwrap()));
    assert_eq!(
        inicio_informado(&amb, &t, id).await,
        tempo::rfc3339(estimativa)
    );

    // Every period over: the settlement transfers it, and the start is stored.
    prazos_da_oferta_encerrados(&amb, oferta).await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    let agora = tempo::agora();
    let (r, rendimento) = com_relogio_em(&amb, id, agora).await;
    let repasse = tempo::de_ms(r.repassada_em.expect("transferred"));
    let inicio = dia_seguinte(repasse);
    assert_eq!(r.inicio_rendimento, Some(tempo::ms(inicio)));
    assert_eq!(inicio_informado(&amb, &t, id).await, tempo::rfc3339(inicio));
    assert_eq!(
        rendimento,
        Decimal::ZERO,
        "the transfer's day earns nothing yet"
    );
    let dia = dates::today_in_sao_paulo(inicio);
    assert_eq!(
        r.fluxo(agora),
        fluxo::fluxo(
            r.investimento(),
            r.oferta.taxa,
            r.oferta.prazo,
            r.oferta.periodicidade,
            dia
        )
    );

    // The yield accrues from the start on, as the schedule's maths says.
    let (_, no_inicio) = com_relogio_em(&amb, id, inicio).await;
    assert_eq!(no_inicio, Decimal::ZERO);
    for dias in [1, 40] {
        let depois = tempo::mais(inicio, dias * DIA);
        let (r, rendimento) = com_relogio_em(&amb, id, depois).await;
        assert!(rendimento > Decimal::ZERO, "{dias} days in");
        assert_eq!(
            rendimento,
            fluxo::rendimento_acumulado(
                r.investimento(),
                r.oferta.taxa,
                r.oferta.prazo,
                dia,
                dates::today_in_sao_paulo(depois)
            )
        );
    }
}
