//! The cross-site check of the sandbox-only transitions.

use super::*;

#[tokio::test]
async fn transicoes_do_sandbox_recusam_pedidos_de_outro_site() {
    let amb = ambiente();
    let pagar = "/sandbox/reservas/999999/pagar";
    let com = |cabecalhos: &'static [(&'static str, &'static str)]| {
        let router = amb.router.clone();
        async move {
            let mut req = axum::http::Request::builder()
                .method(Method::POST)
                .uri(pagar);
            for (k, v) in cabecalhos {
                req = req.header(*k, *v);
            }
            let r = router
                .oneshot(req.body(axum::body::Body::empty()).unwrap())
                .await
                .unwrap();
            r.status()
        }
    };
    for cabecalhos in [
        &[("sec-fetch-site", "cross-site")][..],
        &[("sec-fetch-site", "same-site")][..],
        &[("origin", "http://atacante.test")][..],
        &[("origin", "null")][..],
        // The other scheme of the same address is another origin.
        &[("origin", "https://sandbox.test"), ("host", "sandbox.test")][..],
        &[
            ("origin", "http://sandbox.test:8443"),
            ("host", "sandbox.test"),
        ][..],
    ] {
        assert_eq!(
            com(cabecalhos).await,
            StatusCode::FORBIDDEN,
            "{cabecalhos:?}"
        );
    }
    // Its own pages, curl and tests pass (and reach the handler: unknown reservation).
    for cabecalhos in [
        &[][..],
        &[("sec-fetch-site", "same-origin")][..],
        &[("sec-fetch-site", "none")][..],
        &[("origin", PUBLIC_URL)][..],
        &[("origin", "http://sandbox.test"), ("host", "sandbox.test")][..],
    ] {
        assert_eq!(
            com(cabecalhos).await,
            StatusCode::NOT_FOUND,
            "{cabecalhos:?}"
        );
    }
}
