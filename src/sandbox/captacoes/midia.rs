//! `GET /midia/{*arquivo}`: the offerings' images. The sandbox embeds its own copy of
//! each file (in `captacoes/midia/`), so it serves them without the web app.

use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::sandbox::cabecalhos::{self, Conteudo};
use crate::sandbox::erro::ApiError;

/// One embedded image, keyed by its path under `/midia/` (`captacoes/{arquivo}`).
macro_rules! arquivo {
    ($nome:literal) => {
        (
            concat!("captacoes/", $nome),
            include_bytes!(concat!("midia/", $nome)).as_slice(),
        )
    };
}

/// Every image the sandbox serves, sorted by path.
const ARQUIVOS: &[(&str, &[u8])] = &[
    arquivo!("agua-boa-capa.svg"),
    arquivo!("algodao-colheita.svg"),
    arquivo!("algodao-lavoura.svg"),
    arquivo!("armazem-silos.svg"),
    arquivo!("arroz-quadras.svg"),
    arquivo!("aurora-capa.svg"),
    arquivo!("bela-vista-capa.svg"),
    arquivo!("boa-esperanca-capa.svg"),
    arquivo!("boa-sorte-capa.svg"),
    arquivo!("boa-vista-capa.svg"),
    arquivo!("cacau-cabruca.svg"),
    arquivo!("cacau-frutos.svg"),
    arquivo!("cachoeira-capa.svg"),
    arquivo!("cafe-colheita.svg"),
    arquivo!("cafe-lavoura.svg"),
    arquivo!("campos-gerais-capa.svg"),
    arquivo!("cana-colheita.svg"),
    arquivo!("cana-lavoura.svg"),
    arquivo!("chapadao-cristalina-capa.svg"),
    arquivo!("eucalipto-floresta.svg"),
    arquivo!("eucalipto-viveiro.svg"),
    arquivo!("feijao-lavoura.svg"),
    arquivo!("gado-manejo.svg"),
    arquivo!("gado-pasto.svg"),
    arquivo!("guarapuava-capa.svg"),
    arquivo!("horizonte-capa.svg"),
    arquivo!("ipe-amarelo-capa.svg"),
    arquivo!("lagoa-da-confusao-capa.svg"),
    arquivo!("laranja-colheita.svg"),
    arquivo!("laranja-pomar.svg"),
    arquivo!("leite-ordenha.svg"),
    arquivo!("leite-pasto.svg"),
    arquivo!("linha-sao-roque-capa.svg"),
    arquivo!("maquinario-trator.svg"),
    arquivo!("medicilandia-capa.svg"),
    arquivo!("milho-colheita.svg"),
    arquivo!("milho-lavoura.svg"),
    arquivo!("oeste-paranaense-capa.svg"),
    arquivo!("panambi-capa.svg"),
    arquivo!("paracatu-capa.svg"),
    arquivo!("parecis-capa.svg"),
    arquivo!("pivo-central.svg"),
    arquivo!("planalto-capa.svg"),
    arquivo!("produtor-01.svg"),
    arquivo!("produtor-02.svg"),
    arquivo!("produtor-03.svg"),
    arquivo!("produtor-04.svg"),
    arquivo!("produtor-05.svg"),
    arquivo!("produtor-06.svg"),
    arquivo!("produtor-07.svg"),
    arquivo!("produtor-08.svg"),
    arquivo!("produtor-09.svg"),
    arquivo!("produtor-10.svg"),
    arquivo!("produtor-11.svg"),
    arquivo!("produtor-12.svg"),
    arquivo!("progresso-capa.svg"),
    arquivo!("provisao-capa.svg"),
    arquivo!("rio-capim-capa.svg"),
    arquivo!("rio-das-mortes-capa.svg"),
    arquivo!("santa-clara-capa.svg"),
    arquivo!("santa-ines-capa.svg"),
    arquivo!("santa-luzia-capa.svg"),
    arquivo!("sao-jose-capa.svg"),
    arquivo!("sao-mateus-capa.svg"),
    arquivo!("serra-do-quilombo-capa.svg"),
    arquivo!("serra-negra-capa.svg"),
    arquivo!("sete-lagoas-capa.svg"),
    arquivo!("soja-colheita.svg"),
    arquivo!("soja-lavoura.svg"),
    arquivo!("tres-irmaos-capa.svg"),
    arquivo!("tres-lagoas-capa.svg"),
    arquivo!("tres-marias-capa.svg"),
    arquivo!("trigo-colheita.svg"),
    arquivo!("trigo-lavoura.svg"),
    arquivo!("vale-do-mogi-capa.svg"),
];

/// The bytes of an embedded image.
fn bytes_de(arquivo: &str) -> Option<&'static [u8]> {
    ARQUIVOS
        .binary_search_by(|(nome, _)| nome.cmp(&arquivo))
        .ok()
        .and_then(|i| ARQUIVOS.get(i))
        .map(|(_, bytes)| *bytes)
}

pub(crate) async fn servir(Path(arquivo): Path<String>) -> Response {
    // Only plain relative paths: no parent segments, no absolute or Windows-style paths.
    let seguro = !arquivo.is_empty()
        && !arquivo.starts_with('/')
        && !arquivo.contains('\\')
        && arquivo
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..");
    let bytes = if seguro { bytes_de(&arquivo) } else { None };
    let Some(bytes) = bytes else {
        return ApiError::nao_encontrado().into_response();
    };
    let tipo = if arquivo.ends_with(".svg") {
        HeaderValue::from_static("image/svg+xml")
    } else {
        let mime = mime_guess::from_path(&arquivo).first_or_octet_stream();
        HeaderValue::from_str(mime.essence_str())
            .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
    };
    let mut resposta = (
        [
            (header::CONTENT_TYPE, tipo),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        bytes,
    )
        .into_response();
    cabecalhos::proteger(resposta.headers_mut(), Conteudo::Midia);
    resposta
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_holds_every_file_of_the_folder() {
        assert!(ARQUIVOS.windows(2).all(|w| w[0].0 < w[1].0));
        let pasta =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sandbox/captacoes/midia");
        let mut nomes: Vec<String> = std::fs::read_dir(pasta)
            .unwrap()
            .map(|e| format!("captacoes/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
        nomes.sort();
        let tabela: Vec<&str> = ARQUIVOS.iter().map(|(n, _)| *n).collect();
        assert_eq!(nomes, tabela);
    }

    #[test]
    fn every_image_of_the_seed_is_embedded() {
        let seed: serde_json::Value =
            serde_json::from_str(include_str!("../seed/offerings.json")).unwrap();
        let mut arquivos = Vec::new();
        fn coletar(v: &serde_json::Value, saida: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, v) in m {
                        match (k.as_str(), v.as_str()) {
                            ("arquivo", Some(a)) => saida.push(a.to_owned()),
                            _ => coletar(v, saida),
                        }
                    }
                }
                serde_json::Value::Array(a) => a.iter().for_each(|v| coletar(v, saida)),
                _ => {}
            }
        }
        coletar(&seed, &mut arquivos);
        assert!(!arquivos.is_empty());
        for a in arquivos {
            assert!(bytes_de(&a).is_some(), "{a}");
        }
    }
}
