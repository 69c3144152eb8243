//! One module per screen: handler and view side by side.

mod alterar_senha;
mod antes_de_investir;
mod auth;
#[doc(hidden)]
pub mod bench;
pub(crate) mod captacoes;
mod carteira;
mod conta;
pub(crate) mod home;
mod not_found;
mod notificacoes;
mod politica;
mod quero_investir;
mod renda_variavel;
mod reservas;
mod transparencia;
mod visibility;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use super::{AppState, routes};
use captacoes::detalhe;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(routes::HOME, get(home::view_home_get))
        .route(routes::INVESTIR, get(captacoes::view_captacoes_get))
        .route(routes::CAPTACAO, get(detalhe::view_detalhe_get))
        .route(routes::CAPTACAO_DOCUMENTO, get(detalhe::view_documento_get))
        .route(routes::CAPTACAO_SIMULAR, get(detalhe::view_simular_get))
        .route(
            routes::CAPTACAO_RESERVAR,
            get(reservas::view_valor_get).post(reservas::view_valor_post),
        )
        .route(routes::RESERVA, get(reservas::view_reserva_get))
        .route(
            routes::RESERVA_TERMOS,
            get(reservas::view_termos_get).post(reservas::view_termos_post),
        )
        .route(
            routes::RESERVA_CONFIRMAR,
            get(reservas::view_confirmar_get).post(reservas::view_confirmar_post),
        )
        .route(routes::CARTEIRA, get(carteira::view_carteira_get))
        .route(routes::CARTEIRA_ALOCACAO, get(carteira::view_alocacao_get))
        .route(routes::CARTEIRA_AGENDA, get(carteira::view_agenda_get))
        .route(
            routes::CARTEIRA_RENTABILIDADE,
            get(carteira::view_rentabilidade_get),
        )
        .route(
            routes::CARTEIRA_AGENDA_ICS,
            get(carteira::view_agenda_ics_get),
        )
        .route(
            routes::CARTEIRA_ALOCACAO_PDF,
            get(carteira::view_alocacao_pdf_get),
        )
        .route(
            routes::CARTEIRA_SIMULADOR,
            get(carteira::view_simulador_get),
        )
        .route(routes::CARTEIRA_CONTRATO, get(carteira::view_contrato_get))
        .route(
            routes::CARTEIRA_DOCUMENTO,
            get(carteira::view_documento_get),
        )
        .route(
            routes::CARTEIRA_INVESTIMENTO,
            get(carteira::view_investimento_get),
        )
        .route(
            routes::CARTEIRA_RELATORIO,
            get(carteira::view_relatorio_get),
        )
        .route(
            routes::CARTEIRA_DESISTENCIA,
            get(carteira::view_desistencia_get).post(carteira::view_desistencia_post),
        )
        .route(
            routes::DECLARACAO_INVESTIDOR,
            get(conta::view_declaracao_get).post(conta::view_declaracao_post),
        )
        .route(routes::PREVIEW, get(detalhe::view_preview_get))
        .route(routes::HEALTHZ, get(|| async { "ok" }))
        .route(
            routes::QUERO_INVESTIR,
            get(quero_investir::view_quero_investir_get)
                .post(quero_investir::view_quero_investir_post),
        )
        .route(
            routes::QUERO_INVESTIR_SUCESSO,
            get(quero_investir::view_sucesso_get),
        )
        .route(
            routes::POLITICA_PRIVACIDADE,
            get(politica::view_politica_get),
        )
        .route(
            routes::ANTES_DE_INVESTIR,
            get(antes_de_investir::view_antes_de_investir_get),
        )
        .route(
            routes::TRANSPARENCIA,
            get(transparencia::view_transparencia_get),
        )
        .route(
            routes::TRANSPARENCIA_CSV,
            get(transparencia::view_transparencia_csv_get),
        )
        .route(routes::MINHA_CONTA, get(conta::view_minha_conta_get))
        .route(
            routes::DADOS_CADASTRAIS,
            get(conta::view_pessoais_get).post(conta::view_pessoais_post),
        )
        .route(
            routes::DADOS_PESSOAIS,
            get(conta::view_pessoais_get).post(conta::view_pessoais_post),
        )
        .route(
            routes::DADOS_ENDERECO,
            get(conta::view_endereco_get).post(conta::view_endereco_post),
        )
        .route(
            routes::DADOS_PERFIL,
            get(conta::view_perfil_get).post(conta::view_perfil_post),
        )
        .route(routes::DADOS_DOCUMENTOS, get(conta::view_documentos_get))
        .route(
            routes::DADOS_DOCUMENTO,
            get(conta::view_documento_get)
                .post(conta::view_documento_post)
                .layer(DefaultBodyLimit::max(conta::UPLOAD_BODY_LIMIT)),
        )
        .route(
            routes::VERIFICAR_PERFIL,
            get(conta::view_verificar_get).post(conta::view_verificar_post),
        )
        .route(
            routes::CONTA_BANCARIA,
            get(conta::view_conta_bancaria_get).post(conta::view_conta_bancaria_post),
        )
        .route(routes::EXTRATO, get(conta::view_extrato_get))
        .route(routes::EXTRATO_CSV, get(conta::view_extrato_csv_get))
        .route(routes::EXTRATO_OFX, get(conta::view_extrato_ofx_get))
        .route(routes::EXTRATO_PDF, get(conta::view_extrato_pdf_get))
        .route(routes::INFORME_RENDIMENTO, get(conta::view_informe_get))
        .route(
            routes::INFORME_RENDIMENTO_ARQUIVO,
            get(conta::view_informe_arquivo_get),
        )
        .route(
            routes::NOTIFICACOES,
            get(notificacoes::view_notificacoes_get),
        )
        .route(
            routes::NOTIFICACOES_CONFIGURACOES,
            post(notificacoes::view_configuracoes_post),
        )
        .route(
            routes::NOTIFICACAO,
            get(notificacoes::view_notificacao_get).post(notificacoes::view_notificacao_post),
        )
        .route(
            routes::RENDA_VARIAVEL,
            get(renda_variavel::view_renda_variavel_get),
        )
        .route(routes::MEUS_TERMOS, get(conta::view_meus_termos_get))
        .route(routes::MEUS_TERMOS_DOCUMENTO, get(conta::view_termo_get))
        .route(routes::IMPOSTO_DE_RENDA, get(conta::view_imposto_get))
        .route(
            routes::ALTERAR_SENHA,
            get(alterar_senha::view_alterar_senha_get).post(alterar_senha::view_alterar_senha_post),
        )
        .route(routes::ENTRAR, get(auth::view_entrar_get))
        .route(routes::AUTENTICACAO, get(auth::view_autenticacao_get))
        .route(routes::SAIR, post(auth::view_sair_post))
        .route(
            routes::VISIBILIDADE,
            post(visibility::view_visibilidade_post),
        )
        .fallback(not_found::view_not_found)
}
