//! The seeded texts of the issuers' updates and of the recovery steps, in plain Portuguese
//! for an investor who is not a finance professional: what happened, what it means for the
//! money, what comes next. They never blame the investor and never promise a payment.

use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::domain::dates::format_civil_date_br as dia;
use crate::domain::money::format_brl as brl;
use crate::domain::situacao::Situacao;
use crate::sandbox::investimentos::modelo::TipoAtualizacao;

pub(super) const NOTIFICADA: &str = "Emissora notificada";
pub(super) const PROPOSTA: &str = "Renegociação proposta pela emissora";
pub(super) const PROPOSTA_TEXTO: &str = "A emissora explicou que a venda da safra atrasou e \
propôs pagar as parcelas em aberto em um prazo maior, com juros pelo atraso. A plataforma está \
analisando a proposta com o agente de garantias. Até que haja um acordo, nada muda nas condições \
do seu investimento.";
pub(super) const ACORDO: &str = "Renegociação acordada";
pub(super) const GARANTIA: &str = "Execução da garantia iniciada";
pub(super) const RECUPERADO: &str = "Valor recuperado";
pub(super) const BAIXA: &str = "Saldo registrado como perda";
pub(super) const COMUNICADO_ATRASO: &str = "Comunicado sobre o atraso no pagamento";

pub(super) fn notificacao(numero: u32, valor: Decimal, vencimento: Date) -> String {
    format!(
        "A plataforma enviou à emissora uma notificação formal cobrando a parcela {numero}, de {}, \
         vencida em {}. É o primeiro passo da cobrança: a emissora tem um prazo para pagar ou \
         propor um acordo. O valor continua devido a você, e cada novo passo aparecerá aqui.",
        brl(valor),
        dia(vencimento)
    )
}

pub(super) fn acordo(primeira: Date) -> String {
    format!(
        "A plataforma e a emissora fecharam um acordo: as parcelas vencidas e não pagas, com \
         juros pelo atraso, passam a ser pagas em 4 parcelas mensais, a primeira em {}. As \
         parcelas seguintes do investimento continuam nas datas originais. Se a emissora não \
         cumprir o acordo, a plataforma pode executar as garantias da operação. Não é possível \
         garantir que os pagamentos serão feitos.",
        dia(primeira)
    )
}

pub(super) fn garantia(garantias: &str) -> String {
    let quais = if garantias.is_empty() {
        String::new()
    } else {
        format!(" ({garantias})")
    };
    format!(
        "Como a emissora não pagou nem apresentou uma proposta, a plataforma pediu a execução \
         da garantia da operação{quais}. É um processo que costuma levar meses, e o valor obtido \
         pode ser menor que o devido. Cada valor recuperado será repassado a você e aparecerá aqui."
    )
}

pub(super) fn recuperado(valor: &str) -> String {
    format!(
        "A execução da garantia rendeu {valor} para você, já creditados na sua conta. A \
         cobrança do restante continua."
    )
}

pub(super) fn baixa(valor: &str) -> String {
    format!(
        "Depois de esgotadas as formas de cobrança previstas no contrato, a plataforma \
         registrou como perda o saldo de {valor} que ainda faltava receber. Se algum valor for \
         recuperado no futuro, ele será repassado a você e aparecerá nesta linha do tempo."
    )
}

/// The kind, the title and the report's file name of an update published on `d`: the
/// quarter before it (the fourth quarter's is the year's report).
pub(super) fn periodo(d: Date) -> (TipoAtualizacao, String, String) {
    let trimestre = (d.month() - 1) / 3;
    let (ano, trimestre) = if trimestre == 0 {
        (d.year() - 1, 4)
    } else {
        (d.year(), trimestre)
    };
    if trimestre == 4 {
        (
            TipoAtualizacao::Anual,
            format!("Relatório anual de {ano}"),
            format!("relatorio-anual-{ano}.pdf"),
        )
    } else {
        (
            TipoAtualizacao::Trimestral,
            format!("Relatório do {trimestre}º trimestre de {ano}"),
            format!("relatorio-{trimestre}t-{ano}.pdf"),
        )
    }
}

pub(super) fn relatorio_captacao(nome: &str) -> String {
    format!(
        "A captação de {nome} continua aberta, e o valor já reservado fica guardado em conta \
         separada até o seu encerramento.\n\nNo campo, o preparo da área e a compra dos insumos \
         seguem o cronograma apresentado na oferta. O rendimento começa a contar quando a \
         captação for concluída; se ela não atingir o valor mínimo, o dinheiro volta para os \
         investidores.\n\nO próximo relatório trará o resultado da captação e o andamento do plantio."
    )
}

pub(super) fn relatorio_em_dia(nome: &str) -> String {
    format!(
        "A operação {nome} segue dentro do planejado. A lavoura se desenvolveu bem no período, \
         e a produção esperada está de acordo com a apresentada na oferta.\n\nAs parcelas do \
         período foram pagas nas datas combinadas. O caixa da emissora cobre as próximas \
         parcelas previstas, mas clima e preços podem mudar até a colheita.\n\nNo próximo \
         trimestre, a emissora informará a evolução da colheita e das vendas."
    )
}

pub(super) fn relatorio_final(nome: &str) -> String {
    format!(
        "Com a última parcela paga, a operação {nome} foi encerrada. Todo o valor investido \
         e o rendimento previsto foram pagos aos investidores.\n\nA emissora agradece a \
         confiança. Este é o último relatório desta operação."
    )
}

pub(super) fn relatorio_em_dificuldade(nome: &str, situacao: Situacao) -> String {
    let seguinte = match situacao {
        Situacao::EmRecuperacao => {
            "A emissora e a plataforma fecharam um acordo para pagar o valor em atraso em \
             parcelas. O cumprimento do acordo será informado aqui a cada mês."
        }
        Situacao::Inadimplente => {
            "Sem acordo, a plataforma seguiu com a execução das garantias. Parte do valor foi \
             recuperada; o restante pode não ser recebido."
        }
        _ => {
            "A emissora informou que espera regularizar o pagamento assim que receber pela \
             venda da safra, mas ainda não há data confirmada."
        }
    };
    format!(
        "A operação {nome} passa por dificuldades. A colheita atrasou por causa das chuvas \
         fora de época, e a venda da produção ficou para depois do previsto. Por isso, a \
         emissora não pagou uma parcela na data combinada.\n\n{seguinte}\n\nA plataforma \
         acompanha a operação e registra cada passo da cobrança na linha do tempo do investimento."
    )
}

pub(super) fn comunicado_atraso(nome: &str) -> String {
    format!(
        "A emissora de {nome} comunica que não conseguiu pagar a parcela que venceu nesta \
         semana. As chuvas atrasaram a colheita e a venda da safra, que é de onde vem o dinheiro \
         para o pagamento.\n\nO valor continua devido aos investidores. A emissora está em \
         contato com a plataforma para regularizar o pagamento e publicará uma nova atualização \
         assim que tiver uma data."
    )
}
