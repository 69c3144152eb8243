use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::without_members;

mod reference;

fn cut(body: &str, names: &[&str]) -> String {
    String::from_utf8(without_members(body.as_bytes(), names).into_owned()).unwrap()
}

/// `value` without the members named in `names`, at any depth: what the cut must read as.
fn removed(value: &Value, names: &[&str]) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !names.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), removed(v, names)))
                .collect::<Map<_, _>>(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| removed(v, names)).collect()),
        other => other.clone(),
    }
}

#[test]
fn a_member_goes_with_its_comma_wherever_it_stands() {
    let names = &["listaReservas"];
    assert_eq!(
        cut(r#"{"a":1,"listaReservas":[1,2],"b":2}"#, names),
        r#"{"a":1,"b":2}"#
    );
    assert_eq!(cut(r#"{"listaReservas":[1,2],"b":2}"#, names), r#"{"b":2}"#);
    assert_eq!(cut(r#"{"a":1,"listaReservas":[1,2]}"#, names), r#"{"a":1}"#);
    assert_eq!(cut(r#"{"listaReservas":[]}"#, names), r#"{}"#);
    assert_eq!(
        cut(r#"{ "listaReservas" : [ {"x": "]"} ] , "b" : 2 }"#, names),
        r#"{  "b" : 2 }"#
    );
    // Two in a row, first and not first.
    let two = &["x", "y"];
    assert_eq!(cut(r#"{"x":1,"y":2,"b":3}"#, two), r#"{"b":3}"#);
    assert_eq!(cut(r#"{"a":0,"x":1,"y":2,"b":3}"#, two), r#"{"a":0,"b":3}"#);
    assert_eq!(cut(r#"{"x":1,"y":2}"#, two), r#"{}"#);
    // Inside every item of a list, at any depth, scalar values too.
    assert_eq!(
        cut(
            r#"{"lista":[{"n":"A","x":{"y":[1]}},{"x":null,"n":"B"}],"x":true}"#,
            two
        ),
        r#"{"lista":[{"n":"A"},{"n":"B"}]}"#
    );
}

#[test]
fn only_names_are_cut_not_strings_that_read_the_same() {
    let names = &["pix"];
    // A value, an array item, a name inside a string and a longer name stay.
    let body = r#"{"a":"pix","b":["pix",{"c":"\"pix\":1"}],"pixel":2,"d":"{\"pix\":[}"}"#;
    assert_eq!(cut(body, names), body);
    // A name written with an escape is serde's to read (and skip as unknown).
    let escaped = r#"{"\u0070ix":1}"#;
    assert_eq!(cut(escaped, names), escaped);
    // A string with escaped quotes and backslashes before the member.
    assert_eq!(
        cut(r#"{"a":"x\\","pix":{"chave":"a\"}"},"b":"\\\""}"#, names),
        r#"{"a":"x\\","b":"\\\""}"#
    );
    // Accents and other UTF-8 around a cut stay whole.
    assert_eq!(
        cut(r#"{"nome":"São José","pix":"ç"}"#, names),
        r#"{"nome":"São José"}"#
    );
}

#[test]
fn nothing_to_cut_borrows_the_body() {
    let body = br#"{"a":[1,2,{"b":"c"}]}"#;
    assert!(matches!(
        without_members(body, &["x"]),
        std::borrow::Cow::Borrowed(_)
    ));
    assert!(matches!(
        without_members(body, &[]),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn a_body_the_scan_cannot_follow_is_left_whole() {
    let names = &["x"];
    for body in [
        r#"{"a":"never ends"#,
        r#"{"x":[1,2"#,
        r#"{"x":"#,
        r#"{"x" 1}"#,
        r#"{"x":1"#,
        r#"]{"x":1}"#,
        r#"{"x":"ab\"#,
    ] {
        assert_eq!(cut(body, names), body, "{body}");
    }
    let deep = format!("{}{{\"x\":1}}{}", "[".repeat(64), "]".repeat(64));
    assert_eq!(cut(&deep, names), deep);
    let shallow = format!("{}{{\"x\":1}}{}", "[".repeat(62), "]".repeat(62));
    assert_eq!(
        cut(&shallow, names),
        format!("{}{{}}{}", "[".repeat(62), "]".repeat(62))
    );
}

#[test]
fn the_allocation_summary_reads_the_same_without_its_reservations() {
    let body = json!({
        "lista": [
            {"idCaptacao": 1, "nomeCaptacao": "Soja [MT]", "alocacao": 1000.50,
             "listaReservas": [{"id": 7, "status": {"name": "Pago", "color": "#1b7f3b"},
                                "fluxoRecebimentoAmortizacao": [{"n": 1}], "pix": null}],
             "liquidacaoAtiva": true},
        ],
        "valorTotal": 1000.50,
    })
    .to_string();
    let expected = json!({
        "lista": [{"idCaptacao": 1, "nomeCaptacao": "Soja [MT]", "alocacao": 1000.50,
                   "liquidacaoAtiva": true}],
        "valorTotal": 1000.50,
    });
    let read: Value = serde_json::from_str(&cut(&body, &["listaReservas"])).unwrap();
    assert_eq!(read, expected);
}

/// Names that may be cut (none needs an escape in JSON).
const NAMES: &[&str] = &["x", "pix", "listaReservas", "ç"];
/// Near misses, never cut: longer, shorter, or written with escapes.
const NEAR: &[&str] = &["lista", "pixel", "\"pix\"", "x\\", "y\"z"];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(NAMES).prop_map(str::to_owned),
        prop::sample::select(NEAR).prop_map(str::to_owned),
        "[ -~çã\n]{0,12}",
    ]
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

proptest! {
    /// Any document, compact or pretty, reads after the cut as it reads with those members
    /// removed.
    #[test]
    fn a_cut_document_reads_as_the_document_without_those_members(
        v in value(),
        names in prop::sample::subsequence(NAMES, 0..=3),
        pretty in any::<bool>(),
    ) {
        let body = if pretty { serde_json::to_string_pretty(&v) } else { serde_json::to_string(&v) }
            .unwrap();
        let read: Value = serde_json::from_slice(&without_members(body.as_bytes(), &names))
            .unwrap();
        // Read back from text both ways: serde_json's float parsing does not always give back
        // the very same f64.
        let expected: Value = serde_json::from_str(&removed(&v, &names).to_string()).unwrap();
        prop_assert_eq!(read, expected);
    }
}

/// Bytes that make documents, broken ones too: brackets, quotes, escapes, names, spaces.
fn pieces() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"",
        "\\",
        " ",
        "\n",
        "1",
        "null",
        "a",
        "ç",
        "\"x\"",
        "\"pix\"",
        "\"listaReservas\"",
        "\"x\":",
        "\"pix\":[",
        "\"x\\\"",
    ]);
    prop::collection::vec(piece, 0..80).prop_map(|p| p.concat().into_bytes())
}

proptest! {
    /// On any bytes, documents or not, the scan that reads the index cuts exactly what the
    /// byte-by-byte scan cuts, and leaves whole what it cannot follow.
    #[test]
    fn the_index_cuts_as_the_byte_by_byte_scan(
        body in pieces(),
        names in prop::sample::subsequence(NAMES, 0..=3),
    ) {
        prop_assert_eq!(super::cuts(&body, &names), reference::cuts(&body, &names));
    }
}
