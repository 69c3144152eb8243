//! The statement (`/v1/reservas/extrato`).

use reqwest::Method;

use super::captacoes::Blob;
use super::models::ExtratoPagina;
use super::{ApiError, PlatformClient};
use crate::domain::extrato::{Filter, Period};

/// The statement search as query parameters: the dates converted from the Brazilian
/// format to `YYYY-MM-DD`, or the days; the kind and state in the API's spelling.
pub fn extrato_query(f: &Filter) -> Vec<(&'static str, String)> {
    let mut q = vec![
        ("Page", f.page.to_string()),
        ("PageSize", f.page_size.to_string()),
        ("codigoCliente", f.codigo_cliente.clone()),
    ];
    match f.period {
        Period::Days(n) => q.push(("dias", n.to_string())),
        Period::Range(start, end) => {
            q.push(("dataInicio", start.to_string()));
            q.push(("dataFim", end.to_string()));
        }
    }
    if let Some(t) = &f.field_search {
        q.push(("FieldSearch", t.clone()));
    }
    if let Some(t) = f.tipo {
        q.push(("Tipo", t.api().to_owned()));
    }
    if let Some(p) = &f.produto {
        q.push(("Produto", p.clone()));
    }
    if let Some(s) = f.status {
        q.push(("Status", s.api().to_owned()));
    }
    q
}

impl PlatformClient {
    /// `GET /v1/reservas/extrato`: reads `dados` and `totalDeRegistros`.
    pub async fn extrato(&self, token: &str, f: &Filter) -> Result<ExtratoPagina, ApiError> {
        self.get_json("/v1/reservas/extrato", &extrato_query(f), Some(token))
            .await
    }

    /// `GET /v1/reservas/extrato/exportar/Pdf` with the statement's parameters: the
    /// filter's whole period as a PDF the platform writes.
    pub async fn extrato_pdf(&self, token: &str, f: &Filter) -> Result<Blob, ApiError> {
        self.blob(
            self.api(
                Method::GET,
                "/v1/reservas/extrato/exportar/Pdf",
                Some(token),
            )
            .query(&extrato_query(f)),
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::reference::TipoMovimento;
    use jiff::civil::date;

    #[test]
    fn a_range_goes_as_iso_dates_and_days_otherwise() {
        let mut f = Filter::default_for("204817");
        let q = extrato_query(&f);
        assert!(q.contains(&("dias", "7".into())));
        assert!(q.contains(&("codigoCliente", "204817".into())));
        f.period = Period::Range(date(2026, 10, 1), date(2026, 10, 15));
        f.tipo = Some(TipoMovimento::Amortizacao);
        let q = extrato_query(&f);
        assert!(q.contains(&("dataInicio", "2026-10-01".into())));
        assert!(q.contains(&("dataFim", "2026-10-15".into())));
        assert!(q.contains(&("Tipo", "Amortizacao".into())));
        assert!(!q.iter().any(|(k, _)| *k == "dias"));
    }
}
