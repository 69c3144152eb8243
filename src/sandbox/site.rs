//! The web app's pages the platform links to (the notifications' buttons, the sign-up
//! e-mail), defined once. The sandbox cannot import the web app's routes (it stands in
//! for a separate platform), so these mirror `web::routes` and a test keeps them equal.

/// The wallet.
pub(crate) const CARTEIRA: &str = "/carteira";
/// The registration data.
pub(crate) const DADOS_CADASTRAIS: &str = "/minha-conta/dados-cadastrais";
/// The login.
pub(crate) const ENTRAR: &str = "/entrar";

/// An offering's page, by its friendly URL.
pub(crate) fn captacao(url_amigavel: &str) -> String {
    format!("/investir/{url_amigavel}")
}

/// A holding's page, by its offering's friendly URL.
pub(crate) fn investimento(url_amigavel: &str) -> String {
    format!("/carteira/investimentos/{url_amigavel}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::routes;

    #[test]
    fn the_links_are_the_web_apps_routes() {
        assert_eq!(CARTEIRA, routes::CARTEIRA);
        assert_eq!(DADOS_CADASTRAIS, routes::DADOS_CADASTRAIS);
        assert_eq!(ENTRAR, routes::ENTRAR);
        assert_eq!(captacao("soja-2026"), routes::captacao("soja-2026"));
    }
}
