//! The statement (`/v1/reservas/extrato`), the notifications (`/v1/notificacoes…`) and the
//! products of an investment category (`/v1/produtos`).

use reqwest::Method;

use super::models::{
    NotificationDetail, NotificationPage, NotificationSetting, ProductPage, StatementPage,
    UnreadCount,
};
use super::{ApiError, PlatformClient};
use crate::domain::extrato::{Filter, Period};

/// The notification type the product reads and writes.
pub const TIPO_NOTIFICACAO: &str = "TODOS";

/// The statement search as query parameters: the dates converted from the Brazilian
/// format to `YYYY-MM-DD`, or the days; the kind and state in the API's spelling.
pub fn statement_query(f: &Filter) -> Vec<(&'static str, String)> {
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
    pub async fn statement(&self, token: &str, f: &Filter) -> Result<StatementPage, ApiError> {
        self.get_json("/v1/reservas/extrato", &statement_query(f), Some(token))
            .await
    }

    /// `GET /v1/notificacoes?lidas=&Page=&PageSize=`.
    pub async fn notifications(
        &self,
        token: &str,
        read: bool,
        page: u32,
        page_size: u32,
    ) -> Result<NotificationPage, ApiError> {
        let q = [
            ("lidas", read.to_string()),
            ("Page", page.to_string()),
            ("PageSize", page_size.to_string()),
        ];
        self.get_json("/v1/notificacoes", &q, Some(token)).await
    }

    /// `GET /v1/notificacoes/{id}`: the message, which the platform then counts as read.
    pub async fn notification(&self, token: &str, id: i64) -> Result<NotificationDetail, ApiError> {
        self.get_json(&format!("/v1/notificacoes/{id}"), &(), Some(token))
            .await
    }

    /// `GET /v1/notificacoes/contador`: how many are unread.
    pub async fn unread_count(&self, token: &str) -> Result<u32, ApiError> {
        let c: UnreadCount = self
            .get_json("/v1/notificacoes/contador", &(), Some(token))
            .await?;
        Ok(c.nao_lidas)
    }

    /// `GET /v1/notificacoes/configuracoes`: the first setting is the one used; none
    /// means notifications are on.
    pub async fn notification_setting(&self, token: &str) -> Result<NotificationSetting, ApiError> {
        let list: Vec<NotificationSetting> = self
            .get_json("/v1/notificacoes/configuracoes", &(), Some(token))
            .await?;
        Ok(list.into_iter().next().unwrap_or(NotificationSetting {
            tipo_notificacao: TIPO_NOTIFICACAO.to_owned(),
            recebe_notificacao: true,
        }))
    }

    /// `POST /v1/notificacoes/configuracoes` `{tipoNotificacao: 'TODOS', recebeNotificacao}`.
    pub async fn save_notification_setting(&self, token: &str, on: bool) -> Result<(), ApiError> {
        let body = NotificationSetting {
            tipo_notificacao: TIPO_NOTIFICACAO.to_owned(),
            recebe_notificacao: on,
        };
        let rb = self
            .api(Method::POST, "/v1/notificacoes/configuracoes", Some(token))
            .json(&body);
        Self::send(rb).await.map(|_| ())
    }

    /// `GET /v1/produtos?CodigoSetor=&Page=&PageSize=`: a category's products.
    pub async fn products(
        &self,
        token: &str,
        codigo_setor: &str,
        page: u32,
        page_size: u32,
    ) -> Result<ProductPage, ApiError> {
        let q = [
            ("CodigoSetor", codigo_setor.to_owned()),
            ("Page", page.to_string()),
            ("PageSize", page_size.to_string()),
        ];
        self.get_json("/v1/produtos", &q, Some(token)).await
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
        let q = statement_query(&f);
        assert!(q.contains(&("dias", "7".into())));
        assert!(q.contains(&("codigoCliente", "204817".into())));
        f.period = Period::Range(date(2026, 10, 1), date(2026, 10, 15));
        f.tipo = Some(TipoMovimento::Amortizacao);
        let q = statement_query(&f);
        assert!(q.contains(&("dataInicio", "2026-10-01".into())));
        assert!(q.contains(&("dataFim", "2026-10-15".into())));
        assert!(q.contains(&("Tipo", "Amortizacao".into())));
        assert!(!q.iter().any(|(k, _)| *k == "dias"));
    }
}
