//! What each reservation PDF says. Pure functions of the loaded data, so tests can read
//! the text back.

use jiff::Timestamp;
use rust_decimal::Decimal;

use crate::domain::percentual::percentuais;
use crate::domain::validate::mask_cpf;
use crate::domain::{dates, money};
use crate::sandbox::pdf::Documento;
use crate::sandbox::reservas::carteira::{self, Grupo};
use crate::sandbox::reservas::reserva::{self, Reserva};
use crate::sandbox::reservas::store::Titular;
use crate::sandbox::reservas::termo;
use crate::sandbox::tempo;

fn data_hora(ms: Option<i64>) -> String {
    ms.map_or_else(
        || "-".to_owned(),
        |m| dates::format_datetime_br(tempo::de_ms(m)),
    )
}

fn cabecalho(doc: &mut Documento, titulo: &str, r: &Reserva, t: &Titular) {
    doc.titulo(titulo);
    doc.subtitulo(&r.oferta.nome);
    doc.campo("Reserva nº", &r.id.to_string());
    doc.campo("Investidor(a)", &t.nome);
    doc.campo("CPF", &mask_cpf(&t.cpf));
    doc.campo("E-mail", &t.email);
}

fn condicoes(doc: &mut Documento, r: &Reserva, agora: Timestamp) {
    doc.secao("Condições do investimento");
    doc.campo("Emissor", &r.oferta.emissor_identificado());
    doc.campo(
        "Valor mobiliário",
        crate::sandbox::emissor::TIPO_VALOR_MOBILIARIO_CURTO,
    );
    doc.campo("Valor investido", &money::format_brl(r.investimento()));
    doc.campo("Remuneração líquida", &r.oferta.rendimento_descricao);
    doc.campo("Prazo", &format!("{} meses", r.oferta.prazo));
    doc.campo("Pagamento dos rendimentos", &r.oferta.descricao_pagamento);
    doc.campo(
        "Forma de pagamento",
        reserva::descricao_pagamento(r.tipo_pagamento),
    );
    doc.campo(
        "Início do rendimento",
        &dates::format_date_br(r.inicio_rendimento(agora)),
    );
    doc.campo(
        "Vencimento",
        &dates::format_civil_date_br(r.vencimento(agora)),
    );
    doc.campo(
        "Tributação",
        "Isenta de imposto de renda para pessoa física",
    );
}

fn rodape(doc: &mut Documento, agora: Timestamp) {
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Dados fictícios.",
        dates::format_datetime_br(agora)
    ));
}

/// The signed term (document 1 and the contract).
pub(super) fn termo(
    r: &Reserva,
    t: &Titular,
    agora: Timestamp,
    regras: &crate::sandbox::RegrasCvm,
) -> Vec<u8> {
    let termo = termo::termo(r, regras);
    let mut doc = Documento::new();
    cabecalho(&mut doc, termo.titulo, r, t);
    condicoes(&mut doc, r, agora);
    doc.secao("Termo");
    for paragrafo in termo.conteudo.split("\n\n") {
        doc.paragrafo(paragrafo);
    }
    doc.secao("Declaração e aceite");
    let opcao = r
        .termo_opcao
        .as_deref()
        .and_then(|o| termo.descricao_da_opcao(o))
        .unwrap_or("-");
    doc.paragrafo(opcao);
    doc.campo("Aceito eletronicamente em", &data_hora(r.termo_aceito_em));
    doc.campo(
        "Assinatura",
        &format!("{} (aceite eletrônico na plataforma)", t.nome),
    );
    rodape(&mut doc, agora);
    doc.finalizar(termo.titulo, &r.oferta.nome)
}

/// Document 2: the reservation as confirmed.
pub(super) fn comprovante_reserva(r: &Reserva, t: &Titular, agora: Timestamp) -> Vec<u8> {
    let titulo = "Comprovante de reserva";
    let mut doc = Documento::new();
    cabecalho(&mut doc, titulo, r, t);
    doc.campo("Situação", r.status(agora));
    doc.campo("Solicitada em", &data_hora(Some(r.criada_em)));
    doc.campo("Confirmada em", &data_hora(r.confirmada_em));
    condicoes(&mut doc, r, agora);
    if r.pix(agora).is_some() {
        doc.secao("Pagamento por Pix");
        doc.campo("Pagar até", &data_hora(r.pix_vencimento));
        doc.campo("Chave Pix (CNPJ)", reserva::recebedor::CHAVE);
        doc.campo("Favorecido", reserva::recebedor::NOME);
        doc.campo("CNPJ", reserva::recebedor::CNPJ);
        doc.campo("Instituição", reserva::recebedor::INSTITUICAO);
        doc.campo(
            "Agência e conta",
            &format!(
                "{} / {}",
                reserva::recebedor::AGENCIA,
                reserva::recebedor::CONTA
            ),
        );
    }
    doc.paragrafo(
        "A reserva só é efetivada com a compensação do aporte. Reservas por Pix não pagas até o prazo informado são canceladas automaticamente.",
    );
    rodape(&mut doc, agora);
    doc.finalizar(titulo, &r.oferta.nome)
}

/// Document 3: the money arrived; with the expected cash flow.
pub(super) fn comprovante_aporte(r: &Reserva, t: &Titular, agora: Timestamp) -> Vec<u8> {
    let titulo = "Comprovante de aporte";
    let mut doc = Documento::new();
    cabecalho(&mut doc, titulo, r, t);
    doc.campo("Aporte recebido em", &data_hora(r.paga_em));
    condicoes(&mut doc, r, agora);
    fluxo(&mut doc, r, agora);
    rodape(&mut doc, agora);
    doc.finalizar(titulo, &r.oferta.nome)
}

fn fluxo(doc: &mut Documento, r: &Reserva, agora: Timestamp) {
    let parcelas = r.parcelas(agora);
    if parcelas.is_empty() {
        return;
    }
    doc.secao("Fluxo de recebimento estimado");
    doc.tabela(
        &[
            ("Parcela", 1.0),
            ("Data", 1.4),
            ("Valor", 1.6),
            ("Situação", 1.4),
        ],
        &parcelas
            .iter()
            .map(|p| {
                // As the issuer paid it (a late or written-off instalment is not 'Pago').
                vec![
                    p.numero.to_string(),
                    dates::format_civil_date_br(p.parcela.vencimento),
                    money::format_brl(p.parcela.valor),
                    p.status_pagamento().label().to_owned(),
                ]
            })
            .collect::<Vec<_>>(),
    );
}

/// The allocation export: totals, each offering with its share, and by guarantee.
pub(super) fn alocacao(grupos: &[Grupo], t: &Titular, agora: Timestamp) -> Vec<u8> {
    let titulo = "Alocação da carteira";
    let mut doc = Documento::new();
    doc.titulo(titulo);
    doc.subtitulo(&t.nome);
    doc.campo("CPF", &mask_cpf(&t.cpf));
    doc.campo("Posição em", &dates::format_datetime_br(agora));
    let total: i64 = grupos.iter().map(|g| g.alocacao).sum();
    let rendimento: Decimal = grupos.iter().map(|g| g.rendimento).sum();
    let total = Decimal::new(total, 2);
    doc.secao("Resumo");
    doc.campo("Total investido", &money::format_brl(total));
    doc.campo("Rendimento acumulado", &money::format_brl(rendimento));
    doc.campo("Valor atual", &money::format_brl(total + rendimento));
    let pct = percentuais(&grupos.iter().map(|g| g.alocacao).collect::<Vec<_>>());
    for (g, pct) in grupos.iter().zip(pct) {
        let Some(r) = g.primeira() else { continue };
        doc.secao(&r.oferta.nome);
        doc.campo(
            "Alocação",
            &format!(
                "{} ({} da carteira)",
                money::format_brl(Decimal::new(g.alocacao, 2)),
                money::format_percent(pct)
            ),
        );
        doc.campo("Rendimento acumulado", &money::format_brl(g.rendimento));
        doc.campo("Remuneração líquida", &r.oferta.rendimento_descricao);
        doc.campo("Rating", &r.oferta.rating);
        doc.campo("Garantias", &r.oferta.rotulos_garantias().join("; "));
        doc.tabela(
            &[
                ("Reserva", 1.0),
                ("Valor", 1.5),
                ("Situação", 1.6),
                ("Início", 1.3),
                ("Vencimento", 1.3),
            ],
            &g.reservas
                .iter()
                .map(|r| {
                    vec![
                        format!("nº {}", r.id),
                        money::format_brl(r.investimento()),
                        r.status(agora).to_owned(),
                        dates::format_date_br(r.inicio_rendimento(agora)),
                        dates::format_civil_date_br(r.vencimento(agora)),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
    let garantias = carteira::por_garantia(grupos);
    let pct = percentuais(&garantias.iter().map(|g| g.1).collect::<Vec<_>>());
    doc.secao("Por tipo de garantia");
    doc.tabela(
        &[("Garantia", 3.0), ("Valor", 1.5), ("Participação", 1.5)],
        &garantias
            .iter()
            .zip(pct)
            .map(|((garantia, valor, _), pct)| {
                vec![
                    garantia.to_string(),
                    money::format_brl(Decimal::new(*valor, 2)),
                    money::format_percent(pct),
                ]
            })
            .collect::<Vec<_>>(),
    );
    rodape(&mut doc, agora);
    doc.finalizar(titulo, &t.nome)
}
