//! `GET /v1/cadastro` and `PUT /v1/cadastro`: the registration read and edited, every
//! refusal with its message, read-only CPF and e-mail.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::{ANALISE, BASICO, PREENCHER, assert_erro, atualizar, cadastro};
use crate::domain::reference::bank_name;
use crate::sandbox::seed::cpf_com_digitos;
use crate::sandbox::tests::reservas::{ATIVA, INVESTIDOR, token};
use crate::sandbox::tests::*;

const CPF: &str = "Por favor, informe um CPF válido para prosseguir.";
const NOME: &str = "Por favor, informe um nome válido para prosseguir.";
const EMAIL: &str = "Por favor, informe um e-mail válido para prosseguir.";
const CELULAR: &str = "Por favor, informe um celular válido para prosseguir.";
const CEP: &str = "Por favor, informe um CEP válido para prosseguir.";
const BANCO: &str = "Selecione um dos bancos da listagem para prosseguir.";
const TAMANHO: &str = "Um dos campos excede o tamanho permitido.";
const OPCAO: &str = "Selecione uma das opções da lista para prosseguir.";
const DIGITOS: &str = "Informe a agência e a conta apenas com números.";
const RG: &str = "Informe o RG com letras, números, pontos ou traços.";
const TEXTO: &str = "Use apenas letras, números e sinais comuns.";

#[tokio::test]
async fn get_cadastro_e_o_mesmo_que_meucadastro() {
    let amb = ambiente();
    for email in [INVESTIDOR, BASICO] {
        let t = token(&amb.router, email).await;
        let meu = get(&amb.router, "/v1/cadastro/meucadastro", Some(&t)).await;
        assert_eq!(cadastro(&amb.router, &t).await, meu.json(), "{email}");
    }
    let r = get(&amb.router, "/v1/cadastro", None).await;
    assert_erro(&r, StatusCode::UNAUTHORIZED, "Sessão expirada ou inválida.");
    let r = atualizar(&amb.router, "token-invalido", &json!({})).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn atualiza_dados_pessoais_endereco_e_banco() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let antes = cadastro(&amb.router, &t).await;
    let mut u = antes.clone();
    u["dadosBasicos"]["nome"] = json!("  Ana Beatriz   Carvalho Lima ");
    u["dadosBasicos"]["email"] = json!("outra@colheita.dev");
    u["dadosBasicos"]["telefones"][0]["codigoArea"] = json!("21");
    u["dadosBasicos"]["telefones"][0]["numero"] = json!("99876-5432");
    let outro_cpf = cpf_com_digitos("123456780").unwrap();
    u["dadosPessoais"]["documento"] = json!(outro_cpf);
    u["dadosPessoais"]["genero"] = json!("Male");
    u["dadosPessoais"]["estado"] = json!("rj");
    u["dadosPessoais"]["nacionalidade"] = json!("NaturalizedBrazilian");
    u["dadosPessoais"]["pais"] = json!("BRA");
    u["dadosPessoais"]["documentoIdentidade"][0]["numero"] = json!("1234567890123456");
    u["dadosPessoais"]["documentoIdentidade"][0]["estadoEmissao"] = json!("RJ");
    u["dadosPessoais"]["documentoIdentidade"][0]["emissor"] = json!("DETRAN");
    u["declaracao"]["politicamenteExposto"] = json!(true);
    u["dadosComplementares"]["endereco"] = json!({
        "cep": "22250-040", "rua": "Praia de Botafogo", "numero": "1234567890",
        "complemento": "", "bairro": "Botafogo", "cidade": "Rio de Janeiro",
        "estado": "RJ", "pais": "BRA"
    });
    u["dadosFinanceiros"]["contasBancarias"][0] = json!({
        "tipoConta": "Savings", "banco": 237, "agencia": "12345678", "digitoAgencia": "X",
        "conta": "123456789012345", "digitoConta": "0"
    });
    let r = pedir(
        &amb.router,
        Method::PUT,
        "/v1/cadastro?email=investidor%40colheita.dev",
        Some(&t),
        Some(("application/json", u.to_string())),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let depois = r.json();
    assert_eq!(
        depois,
        cadastro(&amb.router, &t).await,
        "the answer is the stored record"
    );

    // Read-only: CPF and e-mail stay.
    assert_eq!(
        depois["dadosPessoais"]["documento"],
        antes["dadosPessoais"]["documento"]
    );
    assert_eq!(depois["dadosBasicos"]["email"], INVESTIDOR);
    assert_eq!(depois["dadosBasicos"]["nome"], "Ana Beatriz Carvalho Lima");
    let tel = &depois["dadosBasicos"]["telefones"][0];
    assert_eq!(
        (&tel["codigoArea"], &tel["numero"]),
        (&json!("21"), &json!("998765432"))
    );
    assert_eq!(tel["telefoneCompleto"], "(21) 99876-5432");
    let p = &depois["dadosPessoais"];
    assert_eq!(
        (&p["genero"], &p["estado"], &p["nacionalidade"], &p["pais"]),
        (
            &json!("Male"),
            &json!("RJ"),
            &json!("NaturalizedBrazilian"),
            &json!("BRA")
        )
    );
    assert_eq!(
        p["documentoIdentidade"][0],
        json!({"numero": "1234567890123456", "estadoEmissao": "RJ", "emissor": "DETRAN",
               "pais": "BRA", "tipo": "RG"})
    );
    assert_eq!(depois["declaracao"]["politicamenteExposto"], true);
    assert_eq!(
        depois["dadosComplementares"]["endereco"],
        json!({"cep": "22250040", "rua": "Praia de Botafogo", "numero": "1234567890",
               "complemento": null, "bairro": "Botafogo", "cidade": "Rio de Janeiro",
               "estado": "RJ", "pais": "BRA"})
    );
    assert_eq!(
        depois["dadosFinanceiros"]["contasBancarias"],
        json!([{"tipoConta": "Savings", "banco": "237", "agencia": "12345678",
                "digitoAgencia": "X", "conta": "123456789012345", "digitoConta": "0"}])
    );
    // Untouched: identity, state, the brokerage account.
    for campo in ["id", "codigo", "cadastro", "contas", "status", "observacao"] {
        assert_eq!(depois[campo], antes[campo], "{campo}");
    }
    assert_eq!(
        p["dataNascimento"],
        antes["dadosPessoais"]["dataNascimento"]
    );
}

#[tokio::test]
async fn ausente_mantem_e_nulo_limpa() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let antes = cadastro(&amb.router, &t).await;
    let r = atualizar(&amb.router, &t, &json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json(), antes);
    // A list sent empty keeps what is stored too.
    let r = atualizar(
        &amb.router,
        &t,
        &json!({"dadosFinanceiros": {"contasBancarias": []}, "dadosBasicos": {"telefones": []}}),
    )
    .await;
    assert_eq!(r.json(), antes);
    let r = atualizar(
        &amb.router,
        &t,
        &json!({"dadosComplementares": {"endereco": {"complemento": null, "numero": ""}}}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let e = &r.json()["dadosComplementares"]["endereco"];
    assert!(e["complemento"].is_null() && e["numero"].is_null(), "{e}");
    assert_eq!(e["rua"], antes["dadosComplementares"]["endereco"]["rua"]);
}

#[tokio::test]
async fn editar_e_permitido_em_todo_estado_do_cadastro() {
    let amb = ambiente();
    for email in [BASICO, ANALISE, ATIVA, INVESTIDOR] {
        let t = token(&amb.router, email).await;
        let mut u = cadastro(&amb.router, &t).await;
        u["dadosComplementares"]["endereco"]["bairro"] = json!("Jardim Botânico");
        let r = atualizar(&amb.router, &t, &u).await;
        assert_eq!(r.status, StatusCode::OK, "{email}: {}", r.texto());
        assert_eq!(
            r.json()["dadosComplementares"]["endereco"]["bairro"],
            "Jardim Botânico"
        );
        assert_eq!(r.json()["cadastro"], u["cadastro"]);
    }
}

/// `u` with the value at `caminho` (a JSON pointer) replaced.
fn com(u: &Value, caminho: &str, valor: Value) -> Value {
    let mut u = u.clone();
    *u.pointer_mut(caminho)
        .unwrap_or_else(|| panic!("{caminho}")) = valor;
    u
}

#[tokio::test]
async fn cada_recusa_com_sua_mensagem_e_nada_gravado() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let u = cadastro(&amb.router, &t).await;
    let fora_da_lista = (1..1000)
        .map(|n| format!("{n:03}"))
        .find(|c| bank_name(c).is_none())
        .unwrap();
    let rg = "/dadosPessoais/documentoIdentidade/0";
    let end = "/dadosComplementares/endereco";
    let conta = "/dadosFinanceiros/contasBancarias/0";
    let casos: Vec<(String, Value, &str)> = vec![
        ("/dadosPessoais/documento".into(), json!("12345678900"), CPF),
        (
            "/dadosPessoais/documento".into(),
            json!("111.111.111-11"),
            CPF,
        ),
        ("/dadosBasicos/nome".into(), json!("A Silva"), NOME),
        ("/dadosBasicos/nome".into(), json!("Ana"), NOME),
        ("/dadosBasicos/nome".into(), json!(""), NOME),
        ("/dadosBasicos/nome".into(), json!(null), NOME),
        ("/dadosBasicos/email".into(), json!("ana@"), EMAIL),
        (
            "/dadosBasicos/telefones/0/numero".into(),
            json!("12345"),
            CELULAR,
        ),
        (
            "/dadosBasicos/telefones/0/numero".into(),
            json!("999999999"),
            CELULAR,
        ),
        (
            "/dadosBasicos/telefones/0/codigoArea".into(),
            json!("20"),
            CELULAR,
        ),
        (
            "/dadosBasicos/telefones/0/numero".into(),
            json!(""),
            CELULAR,
        ),
        (
            "/dadosBasicos/nome".into(),
            json!(format!("Ana {}", "a".repeat(147))),
            TAMANHO,
        ),
        (format!("{rg}/numero"), json!("12345678901234567"), TAMANHO),
        (format!("{end}/numero"), json!("12345678901"), TAMANHO),
        (format!("{conta}/agencia"), json!("123456789"), TAMANHO),
        (format!("{conta}/conta"), json!("1234567890123456"), TAMANHO),
        (format!("{end}/cep"), json!("1310-100"), CEP),
        (format!("{end}/cep"), json!("013101000"), CEP),
        (format!("{end}/cep"), json!("0131O-100"), CEP),
        (format!("{conta}/banco"), json!(fora_da_lista), BANCO),
        (format!("{conta}/banco"), json!("Itaú"), BANCO),
        ("/dadosPessoais/genero".into(), json!("Other"), OPCAO),
        (
            "/dadosPessoais/nacionalidade".into(),
            json!("Brasileira"),
            OPCAO,
        ),
        ("/dadosPessoais/estado".into(), json!("XX"), OPCAO),
        ("/dadosPessoais/pais".into(), json!("BRZ"), OPCAO),
        (format!("{rg}/emissor"), json!("XYZ"), OPCAO),
        (format!("{rg}/estadoEmissao"), json!("ZZ"), OPCAO),
        (format!("{end}/estado"), json!("São Paulo"), OPCAO),
        (format!("{conta}/tipoConta"), json!("Poupanca"), OPCAO),
        (format!("{end}/rua"), json!("R".repeat(121)), TAMANHO),
        (format!("{conta}/digitoConta"), json!("123"), TAMANHO),
        (format!("{conta}/agencia"), json!("12a4"), DIGITOS),
        (format!("{conta}/conta"), json!("4587-3"), DIGITOS),
        (format!("{conta}/digitoAgencia"), json!("Y"), DIGITOS),
        (format!("{rg}/numero"), json!("a\r\nX-Injected: 1"), RG),
        (format!("{rg}/numero"), json!("12\u{202E}34"), RG),
        (format!("{end}/bairro"), json!("Centro\u{0}"), TEXTO),
        (format!("{end}/complemento"), json!("Sala\u{2066}3"), TEXTO),
        // A value of the wrong JSON type: the body is not the user object.
        (
            "/declaracao/politicamenteExposto".into(),
            json!("sim"),
            PREENCHER,
        ),
        (format!("{end}/rua"), json!(["Avenida"]), PREENCHER),
        (
            "/dadosBasicos/nome".into(),
            json!({"nome": "Ana"}),
            PREENCHER,
        ),
    ];
    for (caminho, valor, mensagem) in casos {
        let r = atualizar(&amb.router, &t, &com(&u, &caminho, valor.clone())).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, mensagem);
        assert_eq!(cadastro(&amb.router, &t).await, u, "{caminho} = {valor}");
    }
    // Several failures: the forms' order decides: personal data (CPF, name, e-mail,
    // mobile, lengths, lists), then the address (CEP, lengths, lists), then the bank
    // account (code, lengths, digits, lists).
    let varias = com(&u, &format!("{conta}/banco"), json!(fora_da_lista));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        BANCO,
    );
    let varias = com(&varias, &format!("{end}/estado"), json!("XX"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        OPCAO,
    );
    let varias = com(&varias, &format!("{end}/cep"), json!("1"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        CEP,
    );
    let varias = com(&varias, "/dadosPessoais/genero", json!("X"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        OPCAO,
    );
    let varias = com(&varias, &format!("{rg}/numero"), json!("1".repeat(17)));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        TAMANHO,
    );
    let varias = com(&varias, "/dadosBasicos/telefones/0/numero", json!("1"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        CELULAR,
    );
    let varias = com(&varias, "/dadosBasicos/nome", json!("A"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        NOME,
    );
    let varias = com(&varias, "/dadosPessoais/documento", json!("1"));
    assert_erro(
        &atualizar(&amb.router, &t, &varias).await,
        StatusCode::BAD_REQUEST,
        CPF,
    );
    // Not a JSON object at all.
    for corpo in ["", "não é json", "[]", "42"] {
        let r = pedir(
            &amb.router,
            Method::PUT,
            "/v1/cadastro",
            Some(&t),
            Some(("application/json", corpo.to_owned())),
        )
        .await;
        assert_erro(&r, StatusCode::BAD_REQUEST, PREENCHER);
    }
}
