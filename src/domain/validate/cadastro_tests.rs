use super::*;
use crate::domain::validate::MSG_PLAIN_TEXT;

fn personal() -> PersonalInput {
    PersonalInput {
        cpf: "529.982.247-25".into(),
        nome: "Ana Beatriz Carvalho".into(),
        genero: "1".into(),
        email: "ana@example.com".into(),
        celular: "(65) 99123-4567".into(),
        estado: "MT".into(),
        nacionalidade: "1".into(),
        rg_numero: "12.345.678-9".into(),
        rg_estado: "MT".into(),
        rg_emissor: "SSP".into(),
        politicamente_exposto: false,
    }
}

fn message<T: std::fmt::Debug>(r: Result<T, FormError>) -> &'static str {
    r.unwrap_err().message()
}

#[test]
fn complete_personal_data_passes_in_the_platform_terms() {
    let v = validate_personal(&personal()).unwrap();
    assert_eq!(v.cpf, "52998224725");
    assert_eq!(
        (v.codigo_area.as_str(), v.numero.as_str()),
        ("65", "991234567")
    );
    assert_eq!(v.genero.api(), "Female");
    assert_eq!(v.nacionalidade.api(), "Brazilian");
    assert_eq!(v.rg_emissor.code(), "SSP");
}

#[test]
fn every_blank_personal_field_is_marked_with_the_fill_message() {
    let mut i = personal();
    i.genero.clear();
    i.rg_emissor = "  ".into();
    let e = validate_personal(&i).unwrap_err();
    assert_eq!(e.message(), MSG_FILL);
    assert!(e.marks("genero") && e.marks("rg_emissor") && !e.marks("nome"));
}

#[test]
fn personal_values_are_checked_cpf_name_email_mobile_in_that_order() {
    let mut i = personal();
    i.cpf = "111.111.111-11".into();
    i.nome = "Ana".into();
    i.email = "ana@".into();
    i.celular = "(11) 1111-1111".into();
    assert_eq!(message(validate_personal(&i)), MSG_CPF_INVALIDO);
    i.cpf = personal().cpf;
    assert_eq!(message(validate_personal(&i)), MSG_NOME_INVALIDO);
    i.nome = personal().nome;
    assert_eq!(message(validate_personal(&i)), MSG_EMAIL_INVALIDO);
    i.email = personal().email;
    assert_eq!(message(validate_personal(&i)), MSG_CELULAR_INVALIDO);
    i.celular = personal().celular;
    assert!(validate_personal(&i).is_ok());
}

#[test]
fn personal_limits_and_lists_are_enforced() {
    let mut i = personal();
    i.nome = format!("Ana {}", "b".repeat(150));
    assert_eq!(message(validate_personal(&i)), MSG_NOME_INVALIDO);
    let mut i = personal();
    i.rg_numero = "1".repeat(17);
    assert_eq!(message(validate_personal(&i)), MSG_TOO_LONG);
    for (field, value) in [
        ("genero", "2"),
        ("nacionalidade", "4"),
        ("rg_emissor", "XYZ"),
        ("estado", "XX"),
        ("rg_estado", "ZZ"),
    ] {
        let mut i = personal();
        match field {
            "genero" => i.genero = value.into(),
            "nacionalidade" => i.nacionalidade = value.into(),
            "rg_emissor" => i.rg_emissor = value.into(),
            "estado" => i.estado = value.into(),
            _ => i.rg_estado = value.into(),
        }
        let e = validate_personal(&i).unwrap_err();
        assert_eq!(e.message(), MSG_INVALID_OPTION, "{field}");
        assert!(e.marks(field), "{field}");
    }
}

fn address() -> AddressInput {
    AddressInput {
        cep: "78890-000".into(),
        rua: "Avenida Blumenau".into(),
        numero: "1200".into(),
        complemento: String::new(),
        bairro: "Centro".into(),
        cidade: "Sorriso".into(),
        estado: "MT".into(),
        pais: "BRA".into(),
    }
}

#[test]
fn an_address_needs_all_but_the_complement_then_a_valid_cep() {
    let a = validate_address(&address()).unwrap();
    assert_eq!(a.cep, "78890000");
    let mut i = address();
    i.numero.clear();
    i.cidade.clear();
    let e = validate_address(&i).unwrap_err();
    assert_eq!(e.message(), MSG_FILL);
    assert!(e.marks("numero") && e.marks("cidade") && !e.marks("complemento"));
    for cep in ["7889-000", "78890-0000", "ABCDE-FGH"] {
        let mut i = address();
        i.cep = cep.into();
        assert_eq!(message(validate_address(&i)), MSG_CEP, "{cep}");
    }
    let mut i = address();
    i.numero = "12345678901".into();
    assert_eq!(message(validate_address(&i)), MSG_TOO_LONG);
    let mut i = address();
    i.estado = "XX".into();
    assert_eq!(message(validate_address(&i)), MSG_INVALID_OPTION);
}

fn bank() -> BankInput {
    BankInput {
        banco: "001".into(),
        tipo_conta: "CheckingAccount".into(),
        agencia: "1234".into(),
        digito_agencia: "5".into(),
        conta: "123456".into(),
        digito_conta: "x".into(),
    }
}

#[test]
fn a_bank_account_needs_bank_agency_and_account_then_a_listed_bank() {
    let b = validate_bank(&bank()).unwrap();
    assert_eq!(
        (b.tipo_conta, b.digito_conta.as_str()),
        (TipoConta::Corrente, "X")
    );
    let e = validate_bank(&BankInput::default()).unwrap_err();
    assert_eq!(e.message(), MSG_FILL);
    assert!(e.marks("banco") && e.marks("agencia") && e.marks("conta"));
    for banco in ["Banco do Brasil", "999", "01a"] {
        let mut i = bank();
        i.banco = banco.into();
        assert_eq!(message(validate_bank(&i)), MSG_BANK, "{banco}");
    }
    let mut i = bank();
    i.agencia = "123456789".into();
    assert_eq!(message(validate_bank(&i)), MSG_TOO_LONG);
    let mut i = bank();
    i.conta = "1".repeat(16);
    assert_eq!(message(validate_bank(&i)), MSG_TOO_LONG);
    let mut i = bank();
    i.conta = "12-34".into();
    assert_eq!(message(validate_bank(&i)), MSG_BANK_DIGITS);
    let mut i = bank();
    i.tipo_conta = "Investimento".into();
    assert_eq!(message(validate_bank(&i)), MSG_INVALID_OPTION);
    let mut i = bank();
    i.tipo_conta.clear();
    assert_eq!(validate_bank(&i).unwrap().tipo_conta, TipoConta::Corrente);
}

#[test]
fn verification_tells_the_first_missing_part() {
    assert_eq!(verification(false, false, false), Err(MSG_VERIFY_PERSONAL));
    assert_eq!(verification(true, false, false), Err(MSG_VERIFY_ADDRESS));
    assert_eq!(verification(true, true, false), Err(MSG_VERIFY_DOCUMENTS));
    assert_eq!(verification(true, true, true), Ok(()));
}

#[test]
fn the_tax_year_is_required_and_offered() {
    let years = [2025, 2024];
    assert_eq!(validate_tax_year("2024", &years), Ok(2024));
    for typed in ["", " ", "2023", "abc"] {
        assert_eq!(
            validate_tax_year(typed, &years).unwrap_err().message(),
            MSG_FILL
        );
    }
}

#[test]
fn control_and_bidi_characters_are_refused_in_every_text_field() {
    let mut i = personal();
    for rg in [
        "a\r\nX-Injected: 1",
        "123\0",
        "12\u{202E}34",
        "12 34",
        "12/34",
    ] {
        i.rg_numero = rg.into();
        let e = validate_personal(&i).unwrap_err();
        assert_eq!(
            (e.message(), e.marks("rg_numero")),
            (MSG_RG, true),
            "{rg:?}"
        );
    }
    for (set, field, msg) in [
        (
            (|i: &mut PersonalInput| i.nome = "Ana Carvalho\t".into()) as fn(&mut PersonalInput),
            "nome",
            MSG_NOME_INVALIDO,
        ),
        (
            |i| i.email = "ana@example.com\n".into(),
            "email",
            MSG_EMAIL_INVALIDO,
        ),
        (
            |i| i.celular = "(65) 99123-4567\r".into(),
            "celular",
            MSG_CELULAR_INVALIDO,
        ),
    ] {
        let mut i = personal();
        set(&mut i);
        let e = validate_personal(&i).unwrap_err();
        assert_eq!((e.message(), e.marks(field)), (msg, true), "{field}");
    }
    for field in ["rua", "numero", "complemento", "bairro", "cidade", "pais"] {
        let mut a = address();
        let value = match field {
            "rua" => &mut a.rua,
            "numero" => &mut a.numero,
            "complemento" => &mut a.complemento,
            "bairro" => &mut a.bairro,
            "cidade" => &mut a.cidade,
            _ => &mut a.pais,
        };
        value.push('\u{2066}');
        let e = validate_address(&a).unwrap_err();
        assert_eq!(
            (e.message(), e.marks(field)),
            (MSG_PLAIN_TEXT, true),
            "{field}"
        );
    }
    let mut b = bank();
    b.agencia = format!("{}\t", b.agencia);
    assert_eq!(message(validate_bank(&b)), MSG_BANK_DIGITS);
}
