//! Telling the investor what changed in a holding: a new issuer update, an instalment
//! overdue, a change of situation and a recovery step each become a notification with a
//! button to the holding's page, and the same message goes to the sandbox's outbox.
//! Like the offering's opening notice, they are found by comparing what holds now with
//! what the investor was already told (`avisos_investimento`), whenever the platform's
//! periodic task runs or a payment is recorded, so nothing depends on a job having run at
//! the due date. An investor who turned notifications off is sent neither.

use jiff::Timestamp;
use rusqlite::Transaction;

use super::modelo::codigo_situacao;
use super::posicao::posicoes;
use super::store;
use crate::domain::dates::{self, format_civil_date_br as dia};
use crate::domain::money::format_brl as brl;
use crate::domain::situacao::Situacao;
use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::{caixa, site, tempo};

/// Whether what is found is sent or only remembered (the seed's history is not news).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Modo {
    Enviar,
    SoLembrar,
}

const CHAVE_SITUACAO: &str = "situacao";

/// What to remember (offering, key, value) and the notice to send, if any.
type Nova = (i64, String, String, Option<Notificacao>);

/// Every holder's news; returns how many notices were found.
pub(crate) fn avisar_todos(
    tx: &Transaction<'_>,
    agora: Timestamp,
    modo: Modo,
) -> Result<usize, ApiError> {
    let mut n = 0;
    for (usuario, email) in store::titulares(tx)? {
        n += avisar(tx, (usuario, &email), agora, modo)?;
    }
    Ok(n)
}

/// One investor's news, sent.
pub(crate) fn avisar_usuario(
    tx: &Transaction<'_>,
    usuario: i64,
    agora: Timestamp,
) -> Result<usize, ApiError> {
    let email = store::email(tx, usuario)?;
    avisar(tx, (usuario, &email), agora, Modo::Enviar)
}

fn avisar(
    tx: &Transaction<'_>,
    (usuario, email): (i64, &str),
    agora: Timestamp,
    modo: Modo,
) -> Result<usize, ApiError> {
    let hoje = dates::today_in_sao_paulo(agora);
    let posicoes = posicoes(tx, usuario, agora)?;
    let atualizacoes = store::atualizacoes_do_usuario(tx, usuario, hoje)?;
    let mut novas: Vec<Nova> = Vec::new();
    for (captacao, p) in &posicoes {
        let Some(r) = p.reservas.first() else {
            continue;
        };
        let url = &r.oferta.url_amigavel;
        let nome = p.nome();
        let codigo = codigo_situacao(p.situacao);
        let anterior = store::avisado(tx, usuario, *captacao, CHAVE_SITUACAO)?;
        if anterior.as_deref() != Some(codigo) {
            let aviso = anterior.map(|_| situacao_mudou(nome, url, p.situacao));
            remember(&mut novas, *captacao, CHAVE_SITUACAO, codigo, aviso);
        }
        for pp in &p.parcelas {
            let dias = pp.parcela.dias_em_atraso(hoje);
            let chave = format!("atraso:{}:{}", pp.reserva_id, pp.numero);
            if dias > 0 && store::avisado(tx, usuario, *captacao, &chave)?.is_none() {
                let aviso = parcela_em_atraso(nome, url, pp.numero, &pp.parcela);
                remember(&mut novas, *captacao, &chave, "1", Some(aviso));
            }
        }
        for passo in &p.passos {
            let chave = format!("passo:{}", passo.id);
            if store::avisado(tx, usuario, *captacao, &chave)?.is_none() {
                let resumo = format!("{nome}: {}", passo.titulo);
                let aviso = Notificacao {
                    titulo: passo.titulo.clone(),
                    texto: format!("{resumo}. {}", passo.descricao),
                    resumo,
                    botao: Some(botao(url)),
                };
                remember(&mut novas, *captacao, &chave, "1", Some(aviso));
            }
        }
    }
    for a in &atualizacoes {
        let chave = format!("atualizacao:{}", a.id);
        let Some(p) = posicoes.get(&a.captacao_id) else {
            continue;
        };
        if store::avisado(tx, usuario, a.captacao_id, &chave)?.is_none() {
            let url = p
                .reservas
                .first()
                .map_or("", |r| r.oferta.url_amigavel.as_str());
            let resumo = format!("{}: {}", a.nome_captacao, a.titulo);
            let aviso = Notificacao {
                titulo: "Nova atualização da emissora".to_owned(),
                texto: format!(
                    "A emissora de {} publicou \"{}\" em {}. Leia o que ela informa sobre a operação.",
                    a.nome_captacao,
                    a.titulo,
                    dia(a.data)
                ),
                resumo,
                botao: Some(botao(url)),
            };
            remember(&mut novas, a.captacao_id, &chave, "1", Some(aviso));
        }
    }
    let agora_ms = tempo::ms(agora);
    let mut enviadas = 0;
    for (captacao, chave, valor, aviso) in novas {
        store::avisar(tx, (usuario, captacao), &chave, &valor, agora_ms)?;
        let Some(aviso) = aviso.filter(|_| modo == Modo::Enviar) else {
            continue;
        };
        enviadas += 1;
        if notificacoes::enviar(tx, usuario, &aviso, agora)?.is_some() {
            let link = aviso.botao.as_ref().map_or("", |(_, u)| u.as_str());
            let corpo = format!(
                "{}\n\nAcompanhe o investimento na sua carteira: {link}",
                aviso.texto
            );
            caixa::enviar(tx, email, &aviso.titulo, &corpo, agora)?;
        }
    }
    Ok(enviadas)
}

/// Queues what to remember under `chave`, and the notice to send (none: only remembered).
fn remember(
    novas: &mut Vec<Nova>,
    captacao: i64,
    chave: &str,
    valor: &str,
    aviso: Option<Notificacao>,
) {
    novas.push((captacao, chave.to_owned(), valor.to_owned(), aviso));
}

fn botao(url: &str) -> (String, String) {
    ("Ver investimento".to_owned(), site::investimento(url))
}

fn situacao_mudou(nome: &str, url: &str, s: Situacao) -> Notificacao {
    let (resumo, texto) = match s {
        Situacao::EmCaptacao => (
            "aguarda o fim da captação.",
            "O seu dinheiro está guardado até a captação terminar.",
        ),
        Situacao::EmDia => (
            "está em dia.",
            "A emissora está pagando as parcelas nas datas combinadas. Os próximos pagamentos seguem o calendário do investimento.",
        ),
        Situacao::Atrasado { .. } => (
            "está com pagamento atrasado.",
            "A emissora não pagou uma parcela na data combinada. A plataforma está cobrando o valor e vai informar cada passo aqui.",
        ),
        Situacao::EmRecuperacao => (
            "entrou em recuperação.",
            "A plataforma começou a cobrar a dívida da emissora, por acordo ou pelas garantias da operação. Ainda não é possível dizer quanto nem quando será recuperado; cada passo aparecerá na linha do tempo.",
        ),
        Situacao::Inadimplente => (
            "está inadimplente.",
            "A emissora deixou de pagar e parte do valor pode não ser recuperada. A linha do tempo mostra o que já foi feito e o que foi recebido.",
        ),
        Situacao::Liquidado => (
            "foi liquidado.",
            "Todas as parcelas foram pagas e o investimento terminou.",
        ),
    };
    let resumo = format!("{nome} {resumo}");
    Notificacao {
        titulo: format!("Situação do investimento: {}", s.rotulo()),
        texto: format!("{resumo} {texto}"),
        resumo,
        botao: Some(botao(url)),
    }
}

fn parcela_em_atraso(
    nome: &str,
    url: &str,
    numero: u32,
    p: &crate::domain::situacao::Parcela,
) -> Notificacao {
    let resumo = format!(
        "A parcela {numero} de {nome}, de {}, venceu em {} e não foi paga.",
        brl(p.valor - p.pago),
        dia(p.vencimento)
    );
    Notificacao {
        titulo: "Parcela em atraso".to_owned(),
        texto: format!(
            "{resumo} A emissora não pagou esta parcela na data combinada. A plataforma está \
             cobrando o valor; assim que ele for pago, você verá o crédito na sua conta e na \
             linha do tempo do investimento."
        ),
        resumo,
        botao: Some(botao(url)),
    }
}
