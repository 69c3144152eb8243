//! The account area's documents and lists: `GET /v1/dominios/bancos`, the terms PDFs
//! (`/v1/termos/{tipo}`) and the income report (`/v1/informe/anos`, `/v1/informe/{ano}`).

use axum::http::{StatusCode, header};
use serde_json::json;

use super::{BASICO, assert_erro};
use crate::domain::dates;
use crate::domain::reference::banks;
use crate::sandbox::pdf::tests::{conformidade, texto_do_pdf};
use crate::sandbox::reservas::reserva::recebedor;
use crate::sandbox::tests::reservas::{INVESTIDOR, token};
use crate::sandbox::tests::*;
use crate::sandbox::{tempo, termos};

const NENHUM: &str = "Nenhum arquivo encontrado.";

fn assert_pdf(r: &Resposta) -> String {
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.headers[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(r.headers[header::CACHE_CONTROL], "private, no-store");
    assert!(r.corpo.starts_with(b"%PDF-") && r.corpo.windows(5).any(|w| w == b"%%EOF"));
    texto_do_pdf(&r.corpo)
}

#[tokio::test]
async fn bancos_sao_publicos_e_vem_da_lista_do_produto() {
    let amb = ambiente();
    let r = get(&amb.router, "/v1/dominios/bancos", None).await;
    assert_eq!(r.status, StatusCode::OK);
    let lista = r.json();
    let lista = lista.as_array().unwrap();
    assert_eq!(lista.len(), banks().len());
    assert!(lista.contains(&json!({"codigo": "001", "nome": "Banco do Brasil S.A."})));
    for b in lista {
        assert_eq!(b.as_object().unwrap().len(), 2);
        let codigo = b["codigo"].as_str().unwrap();
        assert!(
            codigo.len() == 3 && codigo.bytes().all(|c| c.is_ascii_digit()),
            "{b}"
        );
        assert!(!b["nome"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn termos_sao_pdfs_com_titulo_e_texto() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    let tipos = termos::tipos();
    assert_eq!(
        tipos.iter().map(|(t, _)| *t).collect::<Vec<_>>(),
        [
            "termos-e-condicoes",
            "politica-de-privacidade",
            "contrato-vinculante-master",
            "termo-de-ciencia-de-risco"
        ]
    );
    for (tipo, titulo) in tipos {
        let r = get(&amb.router, &format!("/v1/termos/{tipo}"), Some(&t)).await;
        let texto = assert_pdf(&r);
        conformidade::verificar(&r.corpo, titulo);
        assert!(texto.contains(titulo), "{tipo}: {texto}");
        assert!(
            texto.split_whitespace().count() > 200,
            "several paragraphs: {tipo}"
        );
        let disposicao = r.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
        assert_eq!(disposicao, format!("inline; filename=\"{tipo}.pdf\""));
        let sem = get(&amb.router, &format!("/v1/termos/{tipo}"), None).await;
        assert_eq!(sem.status, StatusCode::UNAUTHORIZED);
    }
    for tipo in ["regulamento", "TERMOS-E-CONDICOES", "..%2Fsegredo"] {
        let r = get(&amb.router, &format!("/v1/termos/{tipo}"), Some(&t)).await;
        assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
    }
}

#[tokio::test]
async fn anos_do_informe_ate_o_ultimo_ano_completo() {
    let amb = ambiente();
    let ultimo = dates::today_in_sao_paulo(tempo::agora()).year() - 1;
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/informe/anos", Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let anos: Vec<i16> = serde_json::from_value(r.json()).unwrap();
    assert!(anos.len() >= 2, "{anos:?}");
    assert_eq!(
        anos[0], ultimo,
        "the investments of past years are still earning"
    );
    assert!(
        anos.windows(2).all(|w| w[0] > w[1]),
        "newest first: {anos:?}"
    );

    let b = token(&amb.router, BASICO).await;
    let r = get(&amb.router, "/v1/informe/anos", Some(&b)).await;
    assert_eq!(r.json(), json!([]));
    assert_eq!(
        get(&amb.router, "/v1/informe/anos", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn informe_de_um_ano_lista_fonte_beneficiario_e_rendimentos_isentos() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let anos: Vec<i16> =
        serde_json::from_value(get(&amb.router, "/v1/informe/anos", Some(&t)).await.json())
            .unwrap();
    let u = get(&amb.router, "/v1/cadastro", Some(&t)).await.json();
    let cpf = u["dadosPessoais"]["documento"].as_str().unwrap();
    for ano in &anos {
        let r = get(&amb.router, &format!("/v1/informe/{ano}"), Some(&t)).await;
        let texto = assert_pdf(&r);
        conformidade::verificar(
            &r.corpo,
            &format!("Informe de rendimentos — ano-calendário {ano}"),
        );
        for esperado in [
            format!("Informe de rendimentos — ano-calendário {ano}"),
            "Ana Beatriz Carvalho".to_owned(),
            crate::domain::validate::mask_cpf(cpf),
            recebedor::NOME.to_owned(),
            recebedor::CNPJ.to_owned(),
            "Rendimentos isentos e não tributáveis".to_owned(),
            // The tables' headers, then their rows.
            format!("Título Fonte pagadora Código Recebido em {ano}"),
            format!(
                "Título Grupo / código Situação em 31/12/{} Situação em 31/12/{ano}",
                ano - 1
            ),
        ] {
            assert!(
                texto.contains(&esperado),
                "{ano}: {esperado:?} not in {texto}"
            );
        }
        assert!(!texto.contains(cpf), "the CPF is masked");
        assert!(
            texto.contains("Total de rendimentos isentos no ano: R$ "),
            "{texto}"
        );
    }
    let mais_antigo = anos.last().unwrap();
    let texto =
        assert_pdf(&get(&amb.router, &format!("/v1/informe/{mais_antigo}"), Some(&t)).await);
    assert!(texto.contains("Fazenda Santa Rita"), "{texto}");

    let atual = anos[0] + 1;
    for ano in [
        atual.to_string(),
        "1999".into(),
        "abc".into(),
        (mais_antigo - 1).to_string(),
    ] {
        let r = get(&amb.router, &format!("/v1/informe/{ano}"), Some(&t)).await;
        assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
    }
    let b = token(&amb.router, BASICO).await;
    let r = get(&amb.router, &format!("/v1/informe/{}", anos[0]), Some(&b)).await;
    assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
    let r = get(&amb.router, &format!("/v1/informe/{}", anos[0]), None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_declaracao_do_ano_traz_codigos_emissor_saldos_e_rendimentos_recebidos() {
    use rust_decimal::Decimal;
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let anos: Vec<i16> =
        serde_json::from_value(get(&amb.router, "/v1/informe/anos", Some(&t)).await.json())
            .unwrap();
    let dinheiro = |v: &serde_json::Value| -> Decimal { v.to_string().parse().unwrap() };
    let mut algum_rendimento = false;
    for ano in &anos {
        let r = get(
            &amb.router,
            &format!("/v1/informe/{ano}/declaracao"),
            Some(&t),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
        let d = r.json();
        assert_eq!(d["ano"], json!(ano));
        let itens = d["itens"].as_array().unwrap();
        assert!(!itens.is_empty(), "{ano}: {d}");
        for i in itens {
            assert_eq!(
                i["bensEDireitos"],
                json!({"grupo": "04", "codigo": "03"}),
                "{i}"
            );
            assert_eq!(i["rendimentos"]["tipo"], "ISENTO");
            assert_eq!(i["rendimentos"]["codigo"], "12");
            let cnpj = i["emissor"]["cnpj"].as_str().unwrap();
            assert!(crate::domain::validate::is_valid_cnpj(cnpj), "{i}");
            let disc = i["discriminacao"].as_str().unwrap();
            let razao = i["emissor"]["razaoSocial"].as_str().unwrap();
            assert!(
                disc.contains(razao) && disc.contains(&crate::domain::validate::format_cnpj(cnpj)),
                "{disc}"
            );
            let (antes, atual) = (dinheiro(&i["saldoAnterior"]), dinheiro(&i["saldoAtual"]));
            let recebido = dinheiro(&i["rendimentos"]["valor"]);
            assert!(antes >= Decimal::ZERO && atual >= Decimal::ZERO && recebido >= Decimal::ZERO);
            assert!(
                !(antes.is_zero() && atual.is_zero() && recebido.is_zero()),
                "{i}"
            );
            algum_rendimento |= recebido > Decimal::ZERO;
        }
        // The years chain: what was held at the end of one year opens the next.
        if let Some(seguinte) = anos.iter().find(|a| **a == ano + 1) {
            let s = get(
                &amb.router,
                &format!("/v1/informe/{seguinte}/declaracao"),
                Some(&t),
            )
            .await
            .json();
            for i in itens
                .iter()
                .filter(|i| !dinheiro(&i["saldoAtual"]).is_zero())
            {
                let mesmo = s["itens"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["idCaptacao"] == i["idCaptacao"]);
                assert_eq!(
                    mesmo.map(|x| dinheiro(&x["saldoAnterior"])),
                    Some(dinheiro(&i["saldoAtual"])),
                    "{i}"
                );
            }
        }
    }
    assert!(
        algum_rendimento,
        "the demo investor received interest in a past year"
    );

    let atual = anos[0] + 1;
    for ano in [atual.to_string(), "abc".into()] {
        let r = get(
            &amb.router,
            &format!("/v1/informe/{ano}/declaracao"),
            Some(&t),
        )
        .await;
        assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
    }
    let b = token(&amb.router, BASICO).await;
    let r = get(
        &amb.router,
        &format!("/v1/informe/{}/declaracao", anos[0]),
        Some(&b),
    )
    .await;
    assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
    let r = get(
        &amb.router,
        &format!("/v1/informe/{}/declaracao", anos[0]),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}
