//! The income report's calendar year, read from the document the platform lists: a year
//! named in its description (e.g. 'Informe de rendimentos — ano-calendário 2025'), else in
//! its file name, else the year before the one it was sent in (reports are issued early in
//! the year after the one they cover).

use jiff::Timestamp;

use super::dates;

/// The line when the document says nothing of its year.
pub const LINHA_SEM_ANO: &str = "Informe de rendimentos";

/// Plausible calendar years; other four-digit numbers (a CPF's digits, a code) are not one.
const ANOS: std::ops::RangeInclusive<i16> = 1990..=2100;

/// The first plausible year written as four digits on their own in `s`.
fn ano_em(s: &str) -> Option<i16> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter(|d| d.len() == 4)
        .filter_map(|d| d.parse::<i16>().ok())
        .find(|a| ANOS.contains(a))
}

/// The calendar year the report covers.
pub fn ano_calendario(
    descricao: Option<&str>,
    nome: Option<&str>,
    enviado: Option<&str>,
) -> Option<i16> {
    descricao
        .and_then(ano_em)
        .or_else(|| nome.and_then(ano_em))
        .or_else(|| {
            let ts: Timestamp = enviado.and_then(dates::parse_platform_datetime)?;
            let ano = dates::today_in_sao_paulo(ts).year() - 1;
            ANOS.contains(&ano).then_some(ano)
        })
}

/// The report's line: 'Ano calendário - {ano}', or [`LINHA_SEM_ANO`].
pub fn linha(ano: Option<i16>) -> String {
    match ano {
        Some(a) => format!("Ano calendário - {a}"),
        None => LINHA_SEM_ANO.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn o_ano_vem_da_descricao_antes_do_nome_e_da_data() {
        assert_eq!(
            ano_calendario(
                Some("Informe de rendimentos — ano-calendário 2025"),
                Some("informe-rendimentos-2023.pdf"),
                Some("2024-02-01T08:00:00"),
            ),
            Some(2025)
        );
        assert_eq!(
            ano_calendario(Some("Informe"), Some("informe-rendimentos-2023.pdf"), None),
            Some(2023)
        );
        assert_eq!(
            ano_calendario(None, Some("informe.pdf"), Some("2026-02-01T08:00:00")),
            Some(2025)
        );
        assert_eq!(ano_calendario(Some("CPF 12345678900"), None, None), None);
        assert_eq!(ano_calendario(Some("código 9999"), Some("x"), None), None);
    }

    #[test]
    fn a_linha_diz_o_ano_ou_so_o_documento() {
        assert_eq!(linha(Some(2025)), "Ano calendário - 2025");
        assert_eq!(linha(None), LINHA_SEM_ANO);
    }
}
