//! The web app's pages a notification's button leads to: the sandbox's only knowledge of
//! the site's addresses, kept here so a renamed page is one change (and a test fails on a
//! site path written anywhere else under `src/sandbox`). The platform sends them as paths
//! starting with a single '/', which the web app checks before drawing the button.

/// The wallet.
pub(crate) const CARTEIRA: &str = "/carteira";
/// The registration data.
pub(crate) const DADOS_CADASTRAIS: &str = "/minha-conta/dados-cadastrais";

/// An offering's page, by its friendly URL.
pub(crate) fn captacao(url_amigavel: &str) -> String {
    format!("/investir/{url_amigavel}")
}
