//! The offering's fields of Resolução CVM nº 88/2022, read tolerantly.

use rust_decimal::Decimal;

use super::{Captacao, CaptacaoDocumentoKind, ResultadoCaptacao};

#[test]
fn an_offering_reads_the_cvm_88_fields_and_an_odd_shape_as_absent() {
    let o: Captacao = serde_json::from_str(
        r#"{"id":3,"valorAlvoMinimo":1000000.00,"valorAlvoMaximo":1500000.00,
            "distribuicaoParcial":false,"resultadoCaptacao":"Malsucedida",
            "documentos":[{"id":8,"tipo":"InformacoesEssenciais"}]}"#,
    )
    .unwrap();
    assert_eq!(o.valor_alvo_minimo, Some(Decimal::new(100000000, 2)));
    assert_eq!(o.valor_alvo_maximo, Some(Decimal::new(150000000, 2)));
    assert_eq!(o.distribuicao_parcial, Some(false));
    assert_eq!(o.resultado_captacao, Some(ResultadoCaptacao::Malsucedida));
    assert_eq!(
        o.documentos[0].tipo,
        CaptacaoDocumentoKind::InformacoesEssenciais
    );
    let o: Captacao =
        serde_json::from_str(r#"{"id":3,"distribuicaoParcial":"sim","resultadoCaptacao":7}"#)
            .unwrap();
    assert_eq!(o.distribuicao_parcial, None);
    assert_eq!(o.resultado_captacao, None);
}
