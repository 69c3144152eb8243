//! The statement as files an accountant or a finance app reads: CSV the way a Brazilian
//! spreadsheet opens it (`;` between fields, decimal comma, dd/mm/aaaa, UTF-8 with a BOM so
//! Excel reads the accents) and OFX 2.1.1 (XML) with one transaction per movement.
//!
//! An export holds every movement of the filter, read page after page from the platform,
//! up to [`LIMITE`] movements; past it the investor is asked for a shorter period.

use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};
use rust_decimal::Decimal;

use super::{Filter, Period};
use crate::domain::dates;
use crate::domain::reference::{StatusMovimento, TipoMovimento};

/// The most movements one export holds.
pub const LIMITE: u64 = 5_000;
/// Movements asked per platform call while exporting (the platform's largest page).
pub const POR_PAGINA: u32 = 1_000;
pub const MSG_LIMITE: &str = "O período escolhido tem mais de 5.000 movimentações. Escolha um período menor para exportar o extrato.";
/// The columns, in order.
pub const COLUNAS: [&str; 6] = ["Data", "Descrição", "Valor", "Tipo", "Status", "Banco"];
pub const BOM: char = '\u{feff}';

/// One movement as the exports write it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Movimento {
    pub id: Option<i64>,
    pub data: Option<Timestamp>,
    pub valor: Decimal,
    pub descricao: String,
    /// As the platform names it (`Amortizacao`); written with its label.
    pub tipo: String,
    pub status: String,
    pub banco: String,
}

impl Movimento {
    fn tipo_label(&self) -> String {
        TipoMovimento::from_api(&self.tipo)
            .map_or_else(|| self.tipo.clone(), |t| t.label().to_owned())
    }

    fn status_label(&self) -> String {
        StatusMovimento::from_api(&self.status)
            .map_or_else(|| self.status.clone(), |s| s.label().to_owned())
    }

    fn cancelado(&self) -> bool {
        StatusMovimento::from_api(&self.status) == Some(StatusMovimento::Cancelado)
    }
}

/// Whether `total` movements fit in one export.
pub fn cabe(total: u64) -> Result<(), &'static str> {
    if total > LIMITE {
        Err(MSG_LIMITE)
    } else {
        Ok(())
    }
}

/// How many platform pages hold `total` movements (at least one call is made).
pub fn paginas(total: u64) -> u32 {
    u32::try_from(total.div_ceil(u64::from(POR_PAGINA)))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// The first and last São Paulo days of the filter's period on `hoje`.
pub fn dias(f: &Filter, hoje: Date) -> (Date, Date) {
    match f.period {
        Period::Range(a, b) => (a, b),
        Period::Days(n) => {
            let inicio = hoje
                .checked_sub(i64::from(n.saturating_sub(1)).days())
                .unwrap_or(hoje);
            (inicio, hoje)
        }
    }
}

/// `-5000,00`: a plain number a spreadsheet in Portuguese reads (decimal comma, no
/// thousands separator, the sign in front).
pub fn numero_planilha(v: Decimal) -> String {
    let v = v.round_dp(2);
    let texto = format!("{:.2}", v.abs());
    let sinal = if v.is_sign_negative() && !v.is_zero() {
        "-"
    } else {
        ""
    };
    format!("{sinal}{}", texto.replace('.', ","))
}

/// A text field of the CSV: quoted (RFC 4180) when it holds the separator, a comma, a quote
/// or a line break, so a reader that splits on commas still sees one cell, apostrophe first;
/// a leading `=`, `+`, `-`, `@`, tab or carriage return gets an apostrophe in front, so a
/// spreadsheet never runs it as a formula.
pub fn campo(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([';', ',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn data_br(t: Option<Timestamp>) -> String {
    t.map(dates::format_date_br).unwrap_or_default()
}

/// The CSV file: a BOM, the header, one line per movement, CRLF line ends.
pub fn csv(movimentos: &[Movimento]) -> String {
    let mut out = String::new();
    out.push(BOM);
    out.push_str(&COLUNAS.join(";"));
    out.push_str("\r\n");
    for m in movimentos {
        let linha = [
            data_br(m.data),
            campo(&m.descricao),
            numero_planilha(m.valor),
            campo(&m.tipo_label()),
            campo(&m.status_label()),
            campo(&m.banco),
        ];
        out.push_str(&linha.join(";"));
        out.push_str("\r\n");
    }
    out
}

/// XML text: `&`, `<`, `>` and quotes escaped; control characters XML cannot hold dropped.
pub fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// `20261120101500.000[-3:BRT]`: an OFX date-time in São Paulo.
pub fn ofx_instante(t: Timestamp) -> String {
    let z = t.to_zoned(dates::sao_paulo());
    let horas = z.offset().seconds() / 3600;
    let nome = if horas == -3 { "BRT" } else { "BRST" };
    format!("{}[{horas}:{nome}]", z.strftime("%Y%m%d%H%M%S.000"))
}

fn ofx_dia(d: Date) -> String {
    format!("{:04}{:02}{:02}", d.year(), d.month(), d.day())
}

/// The movement's FITID: its platform id, so a second import of an overlapping period is
/// recognised; without one, a digest of what identifies it.
pub fn fitid(m: &Movimento) -> String {
    match m.id {
        Some(id) => format!("COLHEITA-{id}"),
        None => {
            // FNV-1a: stable across runs and builds (std's hasher is not).
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            let chave = format!("{:?}|{}|{}|{}", m.data, m.valor, m.descricao, m.tipo);
            for b in chave.bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
            format!("COLHEITA-H{h:016x}")
        }
    }
}

/// What the OFX file says besides the movements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cabecalho {
    /// The investor's account at the platform (`codigoCliente`).
    pub conta: String,
    pub inicio: Date,
    pub fim: Date,
    /// When the file was made.
    pub agora: Timestamp,
}

/// The OFX 2.1.1 file: one `STMTTRN` per movement that moved or will move money (a
/// cancelled one never did), the amount signed (a contribution is a debit), the period of
/// the filter, and as the ledger balance the net of the movements written, since the
/// statement carries no account balance.
pub fn ofx(cab: &Cabecalho, movimentos: &[Movimento]) -> String {
    let validos: Vec<&Movimento> = movimentos.iter().filter(|m| !m.cancelado()).collect();
    let liquido = validos
        .iter()
        .fold(Decimal::ZERO, |s, m| s.saturating_add(m.valor));
    let mut t = String::new();
    t.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\r\n");
    t.push_str("<?OFX OFXHEADER=\"200\" VERSION=\"211\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\r\n");
    let agora = ofx_instante(cab.agora);
    t.push_str(
        "<OFX>\r\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>",
    );
    t.push_str(&format!(
        "<DTSERVER>{agora}</DTSERVER><LANGUAGE>POR</LANGUAGE>"
    ));
    t.push_str("<FI><ORG>Colheita</ORG><FID>COLHEITA</FID></FI></SONRS></SIGNONMSGSRSV1>\r\n");
    t.push_str("<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>\r\n");
    t.push_str("<STMTRS><CURDEF>BRL</CURDEF>");
    t.push_str(&format!(
        "<BANKACCTFROM><BANKID>COLHEITA</BANKID><ACCTID>{}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>\r\n",
        xml(&cab.conta)
    ));
    t.push_str(&format!(
        "<BANKTRANLIST><DTSTART>{}</DTSTART><DTEND>{}</DTEND>\r\n",
        ofx_dia(cab.inicio),
        ofx_dia(cab.fim)
    ));
    for m in validos {
        let tipo = if m.valor.is_sign_negative() && !m.valor.is_zero() {
            "DEBIT"
        } else {
            "CREDIT"
        };
        let data = m.data.map_or_else(|| ofx_dia(cab.fim), ofx_instante);
        let nome: String = m.tipo_label().chars().take(32).collect();
        let memo: String = format!("{} ({})", m.descricao, m.status_label())
            .chars()
            .take(255)
            .collect();
        t.push_str(&format!(
            "<STMTTRN><TRNTYPE>{tipo}</TRNTYPE><DTPOSTED>{data}</DTPOSTED><TRNAMT>{:.2}</TRNAMT><FITID>{}</FITID><NAME>{}</NAME><MEMO>{}</MEMO></STMTTRN>\r\n",
            m.valor.round_dp(2),
            xml(&fitid(m)),
            xml(&nome),
            xml(&memo)
        ));
    }
    t.push_str("</BANKTRANLIST>\r\n");
    t.push_str(&format!(
        "<LEDGERBAL><BALAMT>{:.2}</BALAMT><DTASOF>{agora}</DTASOF></LEDGERBAL>\r\n",
        liquido.round_dp(2)
    ));
    t.push_str("</STMTRS></STMTTRNRS></BANKMSGSRSV1>\r\n</OFX>\r\n");
    t
}

/// The files' names: `extrato-2026-10-01-a-2026-11-24.csv`.
pub fn arquivo(inicio: Date, fim: Date, extensao: &str) -> String {
    format!("extrato-{inicio}-a-{fim}.{extensao}")
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
