//! The synthetic investors of `--sandbox-extra-investors`: they log in with the demo
//! password and order by Pix at once; the same N gives the same people; none without it.

use super::*;
use crate::sandbox::seed::carga;

#[tokio::test]
async fn investidores_sinteticos_entram_e_reservam_por_pix() {
    let amb = ambiente_com(|cfg| cfg.extra_investors = 3);
    assert_eq!(carga::email(1), "carga-001@colheita.dev");
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    for k in 1..=3 {
        let t = token(&amb.router, &carga::email(k)).await;
        let eu = get(&amb.router, "/v1/cadastro/meucadastro", Some(&t)).await;
        assert_eq!(eu.status, StatusCode::OK, "{}", eu.texto());
        assert_eq!(eu.json()["cadastro"], "Completo");
        assert_eq!(eu.json()["dadosBasicos"]["email"], carga::email(k));
        let ativa = get(
            &amb.router,
            "/v1/cadastro/permiteLiquidacaoViaAtiva",
            Some(&t),
        )
        .await;
        assert_eq!(ativa.json(), json!(false));
        let (_, confirmacao) = reservar(&amb.router, &t, oferta, minimo, 1).await;
        assert_eq!(confirmacao["status"], "Aporte pendente");
    }
    // One past the last one does not exist.
    let r = postar_login(&amb.router, &carga::email(4), crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn investidores_sinteticos_sao_deterministicos_e_validos() {
    let pessoas = |amb: &Ambiente| {
        let amb_db = amb.sandbox.db().clone();
        async move {
            amb_db
                .read(|c| {
                    let mut q = c.prepare(
                        "SELECT email, codigo, cpf, nome, telefone_numero FROM usuarios
                         WHERE email LIKE 'carga-%' ORDER BY id",
                    )?;
                    let v = q
                        .query_map([], |r| {
                            Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?])
                        })?
                        .collect::<Result<Vec<[String; 5]>, _>>()?;
                    Ok(v)
                })
                .await
                .unwrap()
        }
    };
    let a = pessoas(&ambiente_com(|cfg| cfg.extra_investors = 120)).await;
    let b = pessoas(&ambiente_com(|cfg| cfg.extra_investors = 120)).await;
    assert_eq!(a, b);
    assert_eq!(a.len(), 120);
    assert_eq!(a[119][0], "carga-120@colheita.dev");
    for [_, _, cpf, _, celular] in &a {
        assert!(crate::domain::validate::is_valid_cpf(cpf), "{cpf}");
        assert_eq!(celular.len(), 9);
        assert!(celular.starts_with('9'));
    }
    assert!(pessoas(&ambiente()).await.is_empty());
}
