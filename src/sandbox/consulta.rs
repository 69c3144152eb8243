//! Query strings of the list routes (statement, notifications, products): names matched
//! case-insensitively (as the platform's ASP.NET binder does), empty values counted as
//! absent, and the shared paging parameters.

use std::collections::HashMap;

use crate::sandbox::erro::ApiError;

/// Default and largest `PageSize`.
pub(crate) const TAMANHO_PADRAO: u32 = 10;
pub(crate) const TAMANHO_MAXIMO: u32 = 1000;

/// The parameters of one request, by lower-cased name; the last value of a repeated name
/// wins. Empty (or blank) values are dropped.
pub(crate) struct Parametros {
    valores: HashMap<String, String>,
    /// The message of a value that cannot be read.
    erro: &'static str,
}

/// `Page` (≥ 1) and `PageSize` (1..=1000).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pagina {
    pub(crate) numero: u32,
    pub(crate) tamanho: u32,
}

impl Pagina {
    /// `LIMIT` and `OFFSET` for SQL.
    pub(crate) fn limite_e_deslocamento(self) -> (i64, i64) {
        let tamanho = i64::from(self.tamanho);
        (tamanho, (i64::from(self.numero) - 1) * tamanho)
    }
}

impl Parametros {
    /// Reads `query`; an unreadable query string is `erro`.
    pub(crate) fn parse(query: Option<&str>, erro: &'static str) -> Result<Parametros, ApiError> {
        let pares: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or(""))
            .map_err(|_| ApiError::requisicao(erro))?;
        let valores = pares
            .into_iter()
            .filter_map(|(k, v)| {
                let v = v.trim().to_owned();
                (!v.is_empty()).then(|| (k.to_ascii_lowercase(), v))
            })
            .collect();
        Ok(Parametros { valores, erro })
    }

    pub(crate) fn texto(&self, nome: &str) -> Option<&str> {
        self.valores
            .get(&nome.to_ascii_lowercase())
            .map(String::as_str)
    }

    /// An integer in `min..=max`; absent → `None`; anything else → the message.
    pub(crate) fn inteiro(&self, nome: &str, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
        self.texto(nome)
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(|| ApiError::requisicao(self.erro))
            })
            .transpose()
    }

    pub(crate) fn pagina(&self) -> Result<Pagina, ApiError> {
        let numero = self.inteiro("Page", 1, i64::from(u32::MAX))?.unwrap_or(1);
        let tamanho = self
            .inteiro("PageSize", 1, i64::from(TAMANHO_MAXIMO))?
            .unwrap_or(i64::from(TAMANHO_PADRAO));
        Ok(Pagina {
            numero: u32::try_from(numero).map_err(|_| ApiError::requisicao(self.erro))?,
            tamanho: u32::try_from(tamanho).map_err(|_| ApiError::requisicao(self.erro))?,
        })
    }

    pub(crate) fn erro(&self) -> ApiError {
        ApiError::requisicao(self.erro)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nomes_sem_caixa_e_vazios_ausentes() {
        let p = Parametros::parse(Some("page=2&PAGESIZE=&Tipo=%20aporte%20"), "x").unwrap();
        let pagina = p.pagina().unwrap();
        assert_eq!((pagina.numero, pagina.tamanho), (2, 10));
        assert_eq!(p.texto("tipo"), Some("aporte"));
        assert_eq!(pagina.limite_e_deslocamento(), (10, 10));
        for ruim in [
            "Page=0",
            "Page=x",
            "PageSize=1001",
            "PageSize=0",
            "Page=1.5",
        ] {
            let p = Parametros::parse(Some(ruim), "Filtro inválido.").unwrap();
            assert_eq!(
                p.pagina().unwrap_err().mensagem(),
                "Filtro inválido.",
                "{ruim}"
            );
        }
    }
}
