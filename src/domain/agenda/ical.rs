//! The calendar as an iCalendar file (RFC 5545): one all-day event per payment, published
//! (`METHOD:PUBLISH`) so a calendar app imports it, with a UID per payment that stays the
//! same from one download to the next, so importing again updates the events instead of
//! adding copies.

use jiff::Timestamp;

use super::Recebimento;
use crate::domain::dates;
use crate::domain::money;

/// Where the UIDs live: unique to this product.
pub const DOMINIO_UID: &str = "agenda.colheita.dev";
pub const NOME_CALENDARIO: &str = "Colheita — Agenda de recebimentos";
/// The name of the downloaded file.
pub const ARQUIVO: &str = "agenda-recebimentos.ics";
/// A content line is at most 75 octets, line break excluded (RFC 5545 §3.1).
const LARGURA: usize = 75;

/// A TEXT value escaped (§3.3.11): backslash, semicolon, comma and line breaks; other
/// control characters, which TEXT cannot hold, are dropped.
pub fn escapar(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line folded (§3.1): at most 75 octets per line, continued on the next after
/// CRLF and a space, never inside a UTF-8 character; every line ends in CRLF.
pub fn dobrar(linha: &str) -> String {
    let mut out = String::with_capacity(linha.len() + linha.len() / LARGURA * 3 + 2);
    let mut usados = 0;
    for c in linha.chars() {
        let n = c.len_utf8();
        if usados + n > LARGURA {
            out.push_str("\r\n ");
            // The leading space counts toward the continuation line's octets.
            usados = 1;
        }
        out.push(c);
        usados += n;
    }
    out.push_str("\r\n");
    out
}

/// `20261215`: an all-day DATE value.
fn data(d: jiff::civil::Date) -> String {
    format!("{:04}{:02}{:02}", d.year(), d.month(), d.day())
}

/// `20261124T153000Z`: a UTC DATE-TIME.
fn instante(t: Timestamp) -> String {
    t.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// The stable UID of a payment: its reservation and installment.
pub fn uid(r: &Recebimento) -> String {
    format!("recebimento-{}-{}@{DOMINIO_UID}", r.id_reserva, r.numero)
}

/// `Recebimento: {offering} — R$ x`.
pub fn resumo(r: &Recebimento) -> String {
    format!(
        "Recebimento: {} — {}",
        r.captacao,
        money::format_brl(r.valor)
    )
}

/// The event's description: the reservation, the installment, the state and the day.
pub fn descricao(r: &Recebimento) -> String {
    format!(
        "Reserva nº {}, parcela {}.\nStatus: {}.\nData prevista: {}.",
        r.id_reserva,
        r.numero,
        r.situacao.label(),
        dates::format_civil_date_br(r.data)
    )
}

/// The whole file for `itens`, stamped at `agora`.
pub fn calendario(itens: &[Recebimento], agora: Timestamp) -> String {
    let mut linhas: Vec<String> = vec![
        "BEGIN:VCALENDAR".into(),
        "VERSION:2.0".into(),
        "PRODID:-//Colheita//Agenda de recebimentos//PT-BR".into(),
        "CALSCALE:GREGORIAN".into(),
        "METHOD:PUBLISH".into(),
        format!("X-WR-CALNAME:{}", escapar(NOME_CALENDARIO)),
        format!("X-WR-TIMEZONE:{}", dates::SAO_PAULO_TZ_NAME),
    ];
    let carimbo = instante(agora);
    for r in itens {
        let fim = r.data.tomorrow().unwrap_or(r.data);
        linhas.extend([
            "BEGIN:VEVENT".into(),
            format!("UID:{}", uid(r)),
            format!("DTSTAMP:{carimbo}"),
            format!("DTSTART;VALUE=DATE:{}", data(r.data)),
            format!("DTEND;VALUE=DATE:{}", data(fim)),
            format!("SUMMARY:{}", escapar(&resumo(r))),
            format!("DESCRIPTION:{}", escapar(&descricao(r))),
            "TRANSP:TRANSPARENT".into(),
            "END:VEVENT".into(),
        ]);
    }
    linhas.push("END:VCALENDAR".into());
    linhas.iter().map(|l| dobrar(l)).collect()
}

#[cfg(test)]
mod tests {
    use super::super::Situacao;
    use super::*;
    use jiff::civil::date;
    use rust_decimal_macros::dec;

    fn r(id: i64, numero: i64, captacao: &str) -> Recebimento {
        Recebimento {
            id_reserva: id,
            numero,
            id_captacao: Some(3),
            captacao: captacao.into(),
            data: date(2026, 12, 31),
            valor: dec!(1234.5),
            situacao: Situacao::Previsto,
        }
    }

    #[test]
    fn text_values_escape_what_rfc_5545_reserves() {
        assert_eq!(escapar(r"a\b;c,d"), r"a\\b\;c\,d");
        assert_eq!(
            escapar("um\ndois\r\ntrês\rquatro"),
            r"um\ndois\ntrês\nquatro"
        );
        assert_eq!(escapar("sem\u{7}sino\u{0}"), "semsino");
        assert_eq!(escapar("São Paulo: ok"), "São Paulo: ok");
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let curta = "SUMMARY:curta";
        assert_eq!(dobrar(curta), "SUMMARY:curta\r\n");
        let exata = "X".repeat(75);
        assert_eq!(dobrar(&exata), format!("{exata}\r\n"));
        let longa = format!("SUMMARY:{}", "ã".repeat(100));
        let dobrada = dobrar(&longa);
        for linha in dobrada.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(linha.len() <= 75, "{} octets: {linha}", linha.len());
        }
        assert!(dobrada.ends_with("\r\n"));
        // Unfolding gives the line back.
        assert_eq!(dobrada.trim_end_matches("\r\n").replace("\r\n ", ""), longa);
        assert!(
            dobrada
                .split("\r\n")
                .skip(1)
                .filter(|l| !l.is_empty())
                .all(|l| l.starts_with(' '))
        );
    }

    #[test]
    fn each_payment_is_an_all_day_event_with_a_stable_uid() {
        let agora: Timestamp = "2026-11-24T15:30:00Z".parse().unwrap();
        let texto = calendario(&[r(57, 2, "Soja; safra, 2027")], agora);
        assert!(texto.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(texto.ends_with("END:VCALENDAR\r\n"));
        assert!(texto.contains("\r\nMETHOD:PUBLISH\r\n"));
        assert!(texto.contains("\r\nUID:recebimento-57-2@agenda.colheita.dev\r\n"));
        assert!(texto.contains("\r\nDTSTAMP:20261124T153000Z\r\n"));
        assert!(texto.contains("\r\nDTSTART;VALUE=DATE:20261231\r\n"));
        assert!(texto.contains("\r\nDTEND;VALUE=DATE:20270101\r\n"));
        let unfolded = texto.replace("\r\n ", "");
        assert!(
            unfolded.contains("\r\nSUMMARY:Recebimento: Soja\\; safra\\, 2027 — R$ 1.234\\,50\r\n"),
            "{unfolded}"
        );
        assert!(unfolded.contains(
            "\r\nDESCRIPTION:Reserva nº 57\\, parcela 2.\\nStatus: Previsto.\\nData prevista: 31/12/2026.\r\n"
        ));
        assert_eq!(
            calendario(&[r(57, 2, "x")], agora),
            calendario(&[r(57, 2, "x")], agora),
            "same input, same file"
        );
    }

    #[test]
    fn an_empty_calendar_is_still_a_valid_file() {
        let agora: Timestamp = "2026-11-24T15:30:00Z".parse().unwrap();
        let texto = calendario(&[], agora);
        assert!(!texto.contains("BEGIN:VEVENT"));
        assert!(texto.ends_with("END:VCALENDAR\r\n"));
        assert!(texto.lines().all(|l| l.len() <= 76));
    }
}
