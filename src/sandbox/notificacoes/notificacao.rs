//! What a notification says: every event that concerns an investor builds a
//! [`Notificacao`] and sends it with [`super::enviar`] inside the event's own transaction,
//! so the notification exists exactly when the change it reports was committed.

use rust_decimal::Decimal;

use crate::domain::money::format_brl;
use crate::sandbox::site::{self, CARTEIRA, DADOS_CADASTRAIS};

const VER_CARTEIRA: &str = "Ver carteira";

/// A notification before it is stored.
#[derive(Debug, Clone)]
pub(crate) struct Notificacao {
    pub(crate) titulo: String,
    /// The list's text.
    pub(crate) resumo: String,
    /// The opened message's full text (may repeat the summary and go on).
    pub(crate) texto: String,
    /// (button label, web app path starting with a single '/').
    pub(crate) botao: Option<(String, String)>,
}

impl Notificacao {
    fn novo(
        titulo: &str,
        resumo: String,
        mais: &str,
        botao: Option<(&str, String)>,
    ) -> Notificacao {
        let texto = if mais.is_empty() {
            resumo.clone()
        } else {
            format!("{resumo} {mais}")
        };
        Notificacao {
            titulo: titulo.to_owned(),
            resumo,
            texto,
            botao: botao.map(|(t, u)| (t.to_owned(), u)),
        }
    }

    fn carteira(titulo: &str, resumo: String, mais: &str) -> Notificacao {
        Notificacao::novo(
            titulo,
            resumo,
            mais,
            Some((VER_CARTEIRA, CARTEIRA.to_owned())),
        )
    }

    /// The offering of a reservation recorded before its opening opened: the payment and
    /// the withdrawal period start now.
    pub(crate) fn captacao_aberta(valor: Decimal, oferta: &str, pix: bool) -> Notificacao {
        Notificacao::carteira(
            "Captação aberta",
            format!(
                "{oferta} abriu, e a sua reserva de {} aguarda o pagamento.",
                format_brl(valor)
            ),
            if pix {
                "Pague o Pix indicado na reserva dentro do prazo; o prazo de desistência começa a contar agora."
            } else {
                "O débito será feito pela corretora parceira; o prazo de desistência começa a contar agora."
            },
        )
    }

    pub(crate) fn reserva_confirmada(valor: Decimal, oferta: &str, pix: bool) -> Notificacao {
        let mais = if pix {
            "Pague o Pix dentro do prazo indicado na reserva para garantir o seu investimento."
        } else {
            "O débito na corretora parceira está em análise; avisaremos quando for aprovado."
        };
        Notificacao::carteira(
            "Reserva confirmada",
            format!(
                "Sua reserva de {} em {oferta} foi confirmada.",
                format_brl(valor)
            ),
            mais,
        )
    }

    pub(crate) fn reserva_cancelada(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Reserva cancelada",
            format!(
                "Sua reserva de {} em {oferta} foi cancelada: o prazo do Pix terminou sem o \
                 pagamento.",
                format_brl(valor)
            ),
            "Se ainda quiser investir, faça uma nova reserva enquanto a captação estiver aberta.",
        )
    }

    pub(crate) fn pix_recebido(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Pix recebido",
            format!(
                "Recebemos o seu Pix de {} para {oferta}.",
                format_brl(valor)
            ),
            "O comprovante de aporte já está disponível nos documentos da reserva. O valor \
             fica em custódia até o encerramento da oferta e começa a render no dia seguinte \
             ao repasse ao emissor.",
        )
    }

    pub(crate) fn debito_liquidado(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Pagamento recebido",
            format!(
                "O débito de {} para {oferta} foi liquidado na corretora parceira.",
                format_brl(valor)
            ),
            "O comprovante de aporte já está disponível nos documentos da reserva.",
        )
    }

    pub(crate) fn debito_aprovado(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Investimento aprovado",
            format!(
                "A corretora parceira aprovou o débito de {} para {oferta}.",
                format_brl(valor)
            ),
            "O valor fica em custódia até o encerramento da oferta e começa a render no dia \
             seguinte ao repasse ao emissor.",
        )
    }

    pub(crate) fn debito_recusado(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Débito não aprovado",
            format!(
                "A corretora parceira não aprovou o débito de {} para {oferta}.",
                format_brl(valor)
            ),
            "A reserva continua válida: pague por Pix dentro do novo prazo para concluir o \
             investimento.",
        )
    }

    pub(crate) fn estorno(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Aporte estornado",
            format!(
                "O aporte de {} em {oferta} foi cancelado e o valor estornado para a sua conta.",
                format_brl(valor)
            ),
            "O estorno aparece no seu extrato; o crédito na conta bancária pode levar até \
             um dia útil.",
        )
    }

    pub(crate) fn desistencia(valor: Decimal, oferta: &str, paga: bool) -> Notificacao {
        Notificacao::carteira(
            "Desistência registrada",
            format!(
                "Registramos a sua desistência do investimento de {} em {oferta}.",
                format_brl(valor)
            ),
            if paga {
                "Todo o valor pago será devolvido; o estorno aparece no seu extrato e o crédito na conta bancária pode levar até um dia útil."
            } else {
                "A reserva foi cancelada e nenhum valor será cobrado."
            },
        )
    }

    pub(crate) fn captacao_cancelada(valor: Decimal, oferta: &str, paga: bool) -> Notificacao {
        Notificacao::carteira(
            "Captação cancelada",
            format!(
                "{oferta} encerrou sem atingir o valor alvo mínimo, e a sua reserva de {} foi cancelada.",
                format_brl(valor)
            ),
            if paga {
                "Todo o valor pago será devolvido; o estorno aparece no seu extrato e o crédito na conta bancária pode levar até um dia útil."
            } else {
                "Nenhum valor será cobrado."
            },
        )
    }

    pub(crate) fn nova_captacao(oferta: &str, url_amigavel: &str, rendimento: &str) -> Notificacao {
        Notificacao::novo(
            "Nova captação no ar",
            format!("{oferta} está recebendo investimentos."),
            &format!(
                "Rendimento de {rendimento}, isento de imposto de renda para pessoa física. \
                 Conheça a operação, as garantias e simule o seu investimento."
            ),
            Some(("Ver captação", site::captacao(url_amigavel))),
        )
    }

    pub(crate) fn documentos_aprovados() -> Notificacao {
        Notificacao::novo(
            "Documentos aprovados",
            "Seus documentos foram aprovados e o seu cadastro está completo.".to_owned(),
            "Você já pode investir em todas as captações abertas da plataforma.",
            Some(("Ver cadastro", DADOS_CADASTRAIS.to_owned())),
        )
    }

    pub(crate) fn boas_vindas() -> Notificacao {
        Notificacao::novo(
            "Bem-vindo à Colheita",
            "Complete o seu cadastro para começar a investir no agronegócio.".to_owned(),
            "Preencha os seus dados pessoais, o endereço e envie os documentos; depois é só \
             solicitar a verificação do cadastro.",
            Some(("Completar cadastro", DADOS_CADASTRAIS.to_owned())),
        )
    }

    pub(crate) fn rendimento_pago(valor: Decimal, oferta: &str) -> Notificacao {
        Notificacao::carteira(
            "Rendimento creditado",
            format!(
                "Você recebeu {} de rendimento de {oferta}.",
                format_brl(valor)
            ),
            "O valor foi creditado na sua conta bancária cadastrada e aparece no extrato.",
        )
    }

    /// A notice with no button (platform news).
    pub(crate) fn informativo(titulo: &str, resumo: &str, texto: &str) -> Notificacao {
        Notificacao::novo(titulo, resumo.to_owned(), texto, None)
    }
}
