//! A holding's timeline: the reservation, its confirmation and the yield's start, each
//! instalment paid or overdue (derived from the dates), and the recovery steps as stored.
//! The texts say what happened, what it means for the money and what comes next.

use jiff::civil::Date;
use rust_decimal::Decimal;

use super::{Evento, Posicao};
use crate::domain::dates::{self, format_civil_date_br as dia};
use crate::domain::money::format_brl as brl;
use crate::sandbox::investimentos::modelo::TipoEvento;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::tempo;

fn evento(data: Date, tipo: TipoEvento, titulo: String, descricao: String) -> Evento {
    Evento {
        data,
        tipo,
        titulo,
        descricao,
        valor: None,
        parcela: None,
        dias_de_atraso: None,
    }
}

fn dias(n: i32) -> String {
    if n == 1 {
        "1 dia".to_owned()
    } else {
        format!("{n} dias")
    }
}

fn da_reserva(r: &Reserva, agora: jiff::Timestamp, lista: &mut Vec<Evento>) {
    let valor = r.investimento();
    let nome = &r.oferta.nome;
    let mut reserva = evento(
        tempo::dia_de_ms(r.criada_em),
        TipoEvento::Reserva,
        format!("Reserva de {} registrada", brl(valor)),
        format!(
            "Você reservou {} em {nome}. A reserva vale depois de confirmada e paga.",
            brl(valor)
        ),
    );
    reserva.valor = Some(valor);
    lista.push(reserva);
    if let Some(em) = r.paga_em.or(r.confirmada_em) {
        let mut confirmacao = evento(
            tempo::dia_de_ms(em),
            TipoEvento::Confirmacao,
            "Investimento confirmado".to_owned(),
            format!(
                "O valor de {} chegou e fica guardado em conta separada até o fim da captação. \
                 Se a captação não atingir o mínimo, ele volta para você.",
                brl(valor)
            ),
        );
        confirmacao.valor = Some(valor);
        lista.push(confirmacao);
    }
    let hoje = dates::today_in_sao_paulo(agora);
    let inicio = r.inicio_dia(agora);
    if inicio <= hoje {
        let primeira = r
            .fluxo(agora)
            .first()
            .map(|p| format!(" O primeiro pagamento está previsto para {}.", dia(p.data)))
            .unwrap_or_default();
        lista.push(evento(
            inicio,
            TipoEvento::InicioRendimento,
            "Início do rendimento".to_owned(),
            format!(
                "O seu dinheiro começou a render, à taxa de {}.{primeira}",
                r.oferta.rendimento_descricao.trim_end_matches('.')
            ),
        ));
    }
}

fn das_parcelas(p: &Posicao, lista: &mut Vec<Evento>) {
    let hoje = p.hoje;
    for pp in &p.parcelas {
        let parcela = &pp.parcela;
        let n = pp.numero;
        let atraso_pago = parcela
            .pago_em
            .filter(|em| *em > parcela.vencimento)
            .map(|em| (em - parcela.vencimento).get_days());
        let em_aberto = parcela.dias_em_atraso(hoje);
        if let Some(d) = (em_aberto > 0).then_some(em_aberto).or(atraso_pago) {
            let restante = (parcela.valor - parcela.pago).max(Decimal::ZERO);
            let mut e = evento(
                tempo::somar_dias(parcela.vencimento, 1).unwrap_or(parcela.vencimento),
                TipoEvento::ParcelaEmAtraso,
                format!("Parcela {n} em atraso"),
                format!(
                    "A parcela {n}, de {}, venceu em {} e a emissora não a pagou na data. \
                     A plataforma cobra a emissora e registra aqui cada passo; \
                     enquanto isso, o valor fica em aberto.",
                    brl(parcela.valor),
                    dia(parcela.vencimento)
                ),
            );
            e.valor = Some(if em_aberto > 0 {
                restante
            } else {
                parcela.valor
            });
            e.parcela = Some(n);
            e.dias_de_atraso = Some(d);
            lista.push(e);
        }
        let Some(em) = parcela.pago_em.filter(|_| parcela.pago > Decimal::ZERO) else {
            continue;
        };
        let titulo = match atraso_pago {
            _ if !parcela.quitada() => format!("Parcela {n} paga em parte"),
            Some(d) => format!("Parcela {n} paga com {} de atraso", dias(d)),
            None => format!("Parcela {n} paga"),
        };
        let descricao = if parcela.quitada() {
            format!(
                "A emissora pagou {} referentes à parcela {n}, e o valor foi creditado na sua conta.",
                brl(parcela.pago)
            )
        } else {
            format!(
                "Foram pagos {} dos {} da parcela {n}. O restante continua em cobrança.",
                brl(parcela.pago),
                brl(parcela.valor)
            )
        };
        let mut e = evento(em, TipoEvento::ParcelaPaga, titulo, descricao);
        e.valor = Some(parcela.pago);
        e.parcela = Some(n);
        e.dias_de_atraso = atraso_pago;
        lista.push(e);
    }
}

/// Every event of `p`, newest first; events of one day keep the order they happened in,
/// reversed (the last one first).
pub(super) fn eventos(p: &Posicao) -> Vec<Evento> {
    let mut lista = Vec::new();
    for r in &p.reservas {
        da_reserva(r, p.agora, &mut lista);
    }
    das_parcelas(p, &mut lista);
    for passo in &p.passos {
        let mut e = evento(
            passo.data,
            passo.tipo.into(),
            passo.titulo.clone(),
            passo.descricao.clone(),
        );
        e.valor = passo.valor;
        lista.push(e);
    }
    let mut ordenada: Vec<(usize, Evento)> = lista.into_iter().enumerate().collect();
    ordenada.sort_by(|(i, a), (j, b)| b.data.cmp(&a.data).then(j.cmp(i)));
    ordenada.into_iter().map(|(_, e)| e).collect()
}
