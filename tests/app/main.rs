//! The one integration-test binary (each file under tests/ would otherwise be linked
//! separately): the web app over real HTTP, against the embedded sandbox or a wiremock
//! platform.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod agenda;
mod aviso_cvm_crawl;
mod cadastro;
mod camadas;
mod captacoes;
mod captacoes_cvm;
mod captacoes_filtros;
mod carteira;
mod conexoes;
mod conta;
mod conta_envio;
mod contrato;
mod corrida;
mod cvm;
mod cvm_declaracao;
mod domain_oracles;
mod extrato;
mod extrato_exportar;
mod extrato_falhas;
mod extratores;
mod falhas;
mod ilhas;
mod indice;
mod limites;
mod limites_redis;
mod microcache;
mod modulos;
mod observabilidade;
mod platform;
mod qr_decode;
mod reservas;
mod reservas_falhas;
mod routes;
mod sandbox_journey;
mod seguranca_bordas;
mod seguranca_login;
mod seguranca_sessao;
mod seguranca_web;
mod sessao_duracao;
mod session;
mod shell;
mod support;
mod visitor_pages;
