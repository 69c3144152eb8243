//! The builders fill the router's patterns and keep a friendly URL in its segment; the
//! guard's private areas; and only same-origin paths become return addresses.

use super::*;

#[test]
fn builders_fill_the_router_patterns() {
    assert_eq!(captacao("soja-mt"), CAPTACAO.replace("{url}", "soja-mt"));
    assert_eq!(preview(3), PREVIEW.replace("{id}", "3"));
    assert_eq!(
        home_reserva(42),
        format!("{HOME}?reserva=42#detalhe-reserva")
    );
    assert_eq!(
        home_reserva(-7),
        format!("{HOME}?reserva=-7#detalhe-reserva")
    );
    assert_eq!(reserva_termos(7), RESERVA_TERMOS.replace("{id}", "7"));
    assert_eq!(reserva_confirmar(7), RESERVA_CONFIRMAR.replace("{id}", "7"));
    assert_eq!(carteira_contrato(7), CARTEIRA_CONTRATO.replace("{id}", "7"));
    assert_eq!(
        carteira_documento(7, 9),
        CARTEIRA_DOCUMENTO
            .replace("{id}", "7")
            .replace("{doc}", "9")
    );
    assert_eq!(
        captacao_reservar("a"),
        CAPTACAO_RESERVAR.replace("{url}", "a")
    );
    assert_eq!(captacao_alertas("a"), "/investir/a#alertas-de-risco");
    assert_eq!(
        captacao_informacoes_essenciais("a"),
        "/investir/a/documento?tipo=InformacoesEssenciais"
    );
    assert_eq!(
        captacao_simular("a"),
        CAPTACAO_SIMULAR.replace("{url}", "a")
    );
    assert_eq!(
        captacao_documento("a"),
        CAPTACAO_DOCUMENTO.replace("{url}", "a")
    );
    assert_eq!(
        dados_documento("IdentityDocument"),
        DADOS_DOCUMENTO.replace("{tipo}", "IdentityDocument")
    );
    assert_eq!(
        meus_termos_documento("termos-e-condicoes"),
        MEUS_TERMOS_DOCUMENTO.replace("{tipo}", "termos-e-condicoes")
    );
    assert_eq!(
        carteira_investimento("cpr-soja"),
        CARTEIRA_INVESTIMENTO.replace("{url}", "cpr-soja")
    );
    assert_eq!(
        carteira_investimento_relatorio("cpr-soja", 7),
        CARTEIRA_RELATORIO
            .replace("{url}", "cpr-soja")
            .replace("{id}", "7")
    );
    assert_eq!(carteira_investimento(".."), CARTEIRA);
    assert_eq!(
        carteira_investimento("a/b"),
        "/carteira/investimentos/a%2Fb"
    );
    assert_eq!(
        imposto_de_renda(2025),
        format!("{IMPOSTO_DE_RENDA}?ano=2025")
    );
}

#[test]
fn a_friendly_url_cannot_leave_its_path_segment() {
    assert_eq!(captacao("a/../b?x#y"), "/investir/a%2F..%2Fb%3Fx%23y");
    assert_eq!(captacao("soja ção"), "/investir/soja%20%C3%A7%C3%A3o");
}

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
        ANTES_DE_INVESTIR,
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
