//! Seeded notifications and the seeded income report of the demo investors, written after
//! their reservations so that each one tells of a seeded fact (the Pix that was paid, the
//! refund, an offering that is really open) on the day it happened.

use std::time::Duration;

use jiff::Timestamp;
use rusqlite::{OptionalExtension, Transaction, params};
use rust_decimal::Decimal;

use crate::sandbox::erro::{ApiError, SandboxError};
use crate::sandbox::informe;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::movimentos;
use crate::sandbox::tempo::{self, mais, menos};

const HORA: Duration = Duration::from_secs(3600);
const DIA: Duration = Duration::from_secs(24 * 3600);

fn erro(e: ApiError) -> SandboxError {
    SandboxError::Seed(e.mensagem().to_owned())
}

fn usuario(tx: &Transaction<'_>, email: &str) -> Result<Option<i64>, SandboxError> {
    Ok(tx
        .query_row(
            "SELECT id FROM usuarios WHERE email = ?1",
            params![email],
            |r| r.get(0),
        )
        .optional()?)
}

/// Sends `notificacao` at `quando` (never after `agora`), read `lida` later when given.
fn enviar(
    tx: &Transaction<'_>,
    usuario: i64,
    notificacao: &Notificacao,
    quando: Timestamp,
    lida: Option<Duration>,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    let quando = quando.min(menos(agora, Duration::from_secs(60)));
    let Some(id) = notificacoes::enviar(tx, usuario, notificacao, quando).map_err(erro)? else {
        return Ok(());
    };
    if let Some(depois) = lida {
        let em = mais(quando, depois).min(agora);
        tx.execute(
            "UPDATE notificacoes SET lida_em = ?1 WHERE id = ?2",
            params![tempo::ms(em), id],
        )?;
    }
    Ok(())
}

/// The investor's reservations in `status` (as stored): (amount, offering, instant).
fn reservas(
    tx: &Transaction<'_>,
    usuario: i64,
    onde: &str,
    instante: &str,
) -> Result<Vec<(Decimal, String, i64)>, SandboxError> {
    let mut q = tx.prepare(&format!(
        "SELECT r.investimento_centavos, c.nome, {instante} FROM reservas r
         JOIN captacoes c ON c.id = r.captacao_id
         WHERE r.usuario_id = ?1 AND {onde} ORDER BY r.id"
    ))?;
    let lista = q
        .query_map(params![usuario], |r| {
            Ok((Decimal::new(r.get(0)?, 2), r.get(1)?, r.get(2)?))
        })?
        .collect::<Result<_, _>>()?;
    Ok(lista)
}

/// The `n` offerings that opened last and are open now: (name, url, rate, opening).
fn novas_captacoes(
    tx: &Transaction<'_>,
    agora: Timestamp,
    n: i64,
) -> Result<Vec<(String, String, String, i64)>, SandboxError> {
    let mut q = tx.prepare(
        "SELECT nome, url_amigavel, rendimento_descricao, inicio_captacao FROM captacoes
         WHERE status = 'Captação no ar' AND inicio_captacao <= ?1 AND fim_captacao > ?1
         ORDER BY inicio_captacao DESC, id LIMIT ?2",
    )?;
    let lista = q
        .query_map(params![tempo::ms(agora), n], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?
        .collect::<Result<_, _>>()?;
    Ok(lista)
}

pub(super) fn inserir(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), SandboxError> {
    let lido = Some(3 * HORA);
    let novas = novas_captacoes(tx, agora, 2)?;
    if let Some(ana) = usuario(tx, "investidor@colheita.dev")? {
        investidor(tx, ana, agora, &novas)?;
    }
    if let Some(rafael) = usuario(tx, "ativa@colheita.dev")? {
        enviar(
            tx,
            rafael,
            &Notificacao::documentos_aprovados(),
            menos(agora, 25 * DIA),
            lido,
            agora,
        )?;
        for (valor, nome, paga) in reservas(tx, rafael, "r.status = 'Pago'", "r.paga_em")? {
            let notificacao = Notificacao::debito_liquidado(valor, &nome);
            enviar(tx, rafael, &notificacao, tempo::de_ms(paga), lido, agora)?;
        }
        for (valor, nome, em) in reservas(tx, rafael, "r.status = 'Em análise'", "r.confirmada_em")?
        {
            let notificacao = Notificacao::reserva_confirmada(valor, &nome, false);
            enviar(tx, rafael, &notificacao, tempo::de_ms(em), None, agora)?;
        }
        if let Some((nome, url, taxa, inicio)) = novas.first() {
            let notificacao = Notificacao::nova_captacao(nome, url, taxa);
            enviar(
                tx,
                rafael,
                &notificacao,
                mais(tempo::de_ms(*inicio), 9 * HORA),
                None,
                agora,
            )?;
        }
    }
    if let Some(basico) = usuario(tx, "basico@colheita.dev")? {
        let criado: i64 = tx.query_row(
            "SELECT criado_em FROM usuarios WHERE id = ?1",
            params![basico],
            |r| r.get(0),
        )?;
        enviar(
            tx,
            basico,
            &Notificacao::boas_vindas(),
            tempo::de_ms(criado),
            None,
            agora,
        )?;
    }
    if let Some(analise) = usuario(tx, "analise@colheita.dev")? {
        let notificacao = Notificacao::informativo(
            "Cadastro em análise",
            "Recebemos os seus documentos e o seu cadastro está em análise.",
            "A análise costuma levar até dois dias úteis. Avisaremos assim que ela terminar.",
        );
        enviar(tx, analise, &notificacao, menos(agora, DIA), None, agora)?;
    }
    Ok(())
}

/// investidor@: read ones (documents approved, the Pix received, the refund, a notice with
/// no button) and unread ones (the reservation awaiting its Pix, the approved debit, the
/// last yield, new offerings).
fn investidor(
    tx: &Transaction<'_>,
    ana: i64,
    agora: Timestamp,
    novas: &[(String, String, String, i64)],
) -> Result<(), SandboxError> {
    let lido = Some(2 * HORA);
    enviar(
        tx,
        ana,
        &Notificacao::documentos_aprovados(),
        menos(agora, 6 * DIA),
        lido,
        agora,
    )?;
    let manutencao = Notificacao::informativo(
        "Manutenção programada",
        "A plataforma ficará indisponível no domingo, das 2h às 4h, para manutenção.",
        "Durante a janela de manutenção não será possível fazer reservas nem consultar a \
         carteira. Os Pix recebidos nesse período são processados em seguida, sem prejuízo \
         do prazo da sua reserva.",
    );
    enviar(tx, ana, &manutencao, menos(agora, 20 * DIA), lido, agora)?;
    // Only the recent Pix: the older investments predate the notifications.
    let recente = tempo::ms(menos(agora, 60 * DIA));
    let pagas = reservas(tx, ana, "r.status = 'Pago'", "r.paga_em")?;
    for (valor, nome, paga) in pagas.into_iter().filter(|p| p.2 >= recente) {
        enviar(
            tx,
            ana,
            &Notificacao::pix_recebido(valor, &nome),
            tempo::de_ms(paga),
            lido,
            agora,
        )?;
    }
    for (valor, nome, em) in reservas(
        tx,
        ana,
        "r.status = 'Cancelado' AND r.paga_em IS NOT NULL",
        "r.cancelada_em",
    )? {
        enviar(
            tx,
            ana,
            &Notificacao::estorno(valor, &nome),
            tempo::de_ms(em),
            lido,
            agora,
        )?;
    }
    for (valor, nome, em) in reservas(tx, ana, "r.status = 'Aporte pendente'", "r.confirmada_em")? {
        let notificacao = Notificacao::reserva_confirmada(valor, &nome, true);
        enviar(tx, ana, &notificacao, tempo::de_ms(em), None, agora)?;
    }
    for (valor, nome, em) in reservas(tx, ana, "r.status = 'Aprovado'", "r.aprovada_em")? {
        let notificacao = Notificacao::debito_aprovado(valor, &nome);
        enviar(tx, ana, &notificacao, tempo::de_ms(em), None, agora)?;
    }
    // The latest yield of the statement.
    movimentos::sincronizar(tx, ana, agora).map_err(erro)?;
    let ultimo: Option<(i64, String, i64)> = tx
        .query_row(
            "SELECT valor_centavos, nome_ativo, data FROM movimentos
             WHERE usuario_id = ?1 AND tipo = 'Rendimento' ORDER BY data DESC, id DESC LIMIT 1",
            params![ana],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    if let Some((centavos, nome, data)) = ultimo {
        let notificacao = Notificacao::rendimento_pago(Decimal::new(centavos, 2), &nome);
        enviar(tx, ana, &notificacao, tempo::de_ms(data), None, agora)?;
    }
    for (nome, url, taxa, inicio) in novas {
        let notificacao = Notificacao::nova_captacao(nome, url, taxa);
        enviar(
            tx,
            ana,
            &notificacao,
            mais(tempo::de_ms(*inicio), 9 * HORA),
            None,
            agora,
        )?;
    }
    informe_mais_antigo(tx, ana, agora)
}

/// The investor's oldest income report, stored as a registration document of type Others
/// (sent on 1 February after the year, when reports are issued).
fn informe_mais_antigo(
    tx: &Transaction<'_>,
    usuario: i64,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    let anos = informe::anos_do_investidor(tx, usuario, agora).map_err(erro)?;
    let Some(ano) = anos.last().copied() else {
        return Ok(());
    };
    let Some(bytes) = informe::relatorio(tx, usuario, ano, agora).map_err(erro)? else {
        return Ok(());
    };
    let enviado = tempo::no_dia(jiff::civil::date(ano + 1, 2, 1), 8, 0, 0).unwrap_or(agora);
    let tamanho = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    tx.execute(
        "INSERT INTO documentos_usuario (usuario_id, tipo, nome, descricao, tipo_conteudo,
            tamanho, conteudo, enviado_em)
         VALUES (?1, 'Others', ?2, ?3, 'application/pdf', ?4, ?5, ?6)",
        params![
            usuario,
            format!("informe-rendimentos-{ano}.pdf"),
            format!("Informe de rendimentos — ano-calendário {ano}"),
            tamanho,
            bytes,
            tempo::ms(enviado.min(agora)),
        ],
    )?;
    Ok(())
}
