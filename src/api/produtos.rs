//! The products of an investment category (`/v1/produtos`).

use super::models::ProdutoPagina;
use super::{ApiError, PlatformClient};

impl PlatformClient {
    /// `GET /v1/produtos?CodigoSetor=&Page=&PageSize=`: a category's products.
    pub async fn produtos(
        &self,
        token: &str,
        codigo_setor: &str,
        page: u32,
        page_size: u32,
    ) -> Result<ProdutoPagina, ApiError> {
        let q = [
            ("CodigoSetor", codigo_setor.to_owned()),
            ("Page", page.to_string()),
            ("PageSize", page_size.to_string()),
        ];
        self.get_json("/v1/produtos", &q, Some(token)).await
    }
}
