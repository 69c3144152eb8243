//! Every path of the web app, defined once and used by the router, links, redirects and
//! tests (CONVENTIONS: kanidm's `Urls`).

pub const HOME: &str = "/";
pub const INVESTIR: &str = "/investir";
pub const QUERO_INVESTIR: &str = "/quero-investir";
pub const QUERO_INVESTIR_SUCESSO: &str = "/quero-investir/sucesso";
pub const POLITICA_PRIVACIDADE: &str = "/politica-de-privacidade";
pub const AUTENTICACAO: &str = "/autenticacao";
pub const ENTRAR: &str = "/entrar";
pub const SAIR: &str = "/sair";
pub const VISIBILIDADE: &str = "/visibilidade";
pub const HEALTHZ: &str = "/healthz";
pub const CARTEIRA: &str = "/carteira";
pub const MINHA_CONTA: &str = "/minha-conta";
pub const DADOS_CADASTRAIS: &str = "/minha-conta/dados-cadastrais";
pub const ALTERAR_SENHA: &str = "/minha-conta/alterar-senha";
pub const NOTIFICACOES: &str = "/notificacoes";
pub const ASSETS_PREFIX: &str = "/assets/";

/// Routes that need a logged-in investor (spec §2 route table). Anything else is public:
/// the offering list and detail, sign-up, the login callback, assets, and unknown paths,
/// which show the 404 page to everybody.
const PRIVATE_PREFIXES: &[&str] = &[
    "/carteira",
    "/minha-conta",
    "/notificacoes",
    "/renda-variavel",
    "/preview",
    "/reservas",
];

pub fn is_private(path: &str) -> bool {
    path == HOME
        || PRIVATE_PREFIXES
            .iter()
            .any(|p| path == *p || path.strip_prefix(p).is_some_and(|r| r.starts_with('/')))
}

/// Paths where the session guard has nothing to do (no cookies read, no refresh).
pub fn skips_session(path: &str) -> bool {
    path.starts_with(ASSETS_PREFIX) || path == HEALTHZ
}

/// A return address is kept only when it is a path of this site: no scheme, no host,
/// no protocol-relative `//`, no backslash tricks, no control characters, and never the
/// login machinery itself.
pub fn safe_return_path(candidate: &str) -> Option<String> {
    let ok = candidate.starts_with('/')
        && !candidate.starts_with("//")
        && !candidate.contains('\\')
        && !candidate.chars().any(|c| c.is_control())
        && candidate.len() <= 2000;
    let path = candidate.split(['?', '#']).next().unwrap_or_default();
    let machinery = [AUTENTICACAO, ENTRAR, SAIR, VISIBILIDADE];
    (ok && !machinery.contains(&path)).then(|| candidate.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_and_account_areas_are_private() {
        for p in [
            "/",
            "/carteira",
            "/carteira/alocacao",
            "/minha-conta/extrato",
            "/preview/3",
        ] {
            assert!(is_private(p), "{p}");
        }
    }

    #[test]
    fn public_pages_and_unknown_paths_are_public() {
        for p in [
            "/investir",
            "/investir/x",
            "/quero-investir",
            "/autenticacao",
            "/x",
            "/carteirax",
        ] {
            assert!(!is_private(p), "{p}");
        }
    }

    #[test]
    fn only_same_origin_paths_are_return_addresses() {
        assert_eq!(
            safe_return_path("/carteira?toggle=true").as_deref(),
            Some("/carteira?toggle=true")
        );
        for bad in [
            "https://evil.example/",
            "//evil.example/",
            "/\\evil.example",
            "evil",
            "",
            "/autenticacao?code=x",
            "/sair",
            "/a\nb",
        ] {
            assert_eq!(safe_return_path(bad), None, "{bad:?}");
        }
    }
}
