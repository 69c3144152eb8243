//! The detail view: header, facts, accordions, sidebar.

use maud::{Markup, html};

use super::informacoes::{self, essential_pdf};
use super::{NO_FILE, operation_pdf};
use crate::api::models::{Captacao, GaleriaTipo};
use crate::domain::{captacao, cvm, dates};
use crate::web::ui::{aviso_cvm, captacao as ui_captacao, format, island};
use crate::web::{Ctx, routes};

pub const TAX_NOTE: &str = "Isenta de imposto de renda para pessoa física";

pub fn detail_href(o: &Captacao) -> String {
    routes::captacao(&o.url_amigavel)
}

pub fn back_to(o: &Captacao) -> Markup {
    html! {
        p { a.botao.botao-secundario href=(detail_href(o)) { "Voltar para " (o.nome_captacao) } }
    }
}

pub fn detail(ctx: &Ctx, o: &Captacao, preview: bool) -> Markup {
    let f = o.facts();
    let now = ui_captacao::now();
    let status = captacao::display_status(&f, now);
    let end = f.fim_captacao;
    // On a phone an open offering's sidebar (minimum, Investir, Simular) is a bar fixed at the
    // bottom of the screen, so the action is on the first screen, not after the facts. Closed
    // or in preview (no buttons) it stays where it is, at the end of the page.
    let bar = !preview && captacao::closed_reason(&f, now).is_none();
    html! {
        article.detalhe {
            header.detalhe-cabecalho {
                @if let Some(img) = o.main_image() {
                    img.detalhe-imagem src=(img) alt="" width="1200" height="675";
                }
                div {
                    @if preview { p.badge.badge-aviso { "Pré-visualização" } }
                    h1 { (o.nome_captacao) }
                    p.detalhe-descricao {
                        (o.descricao_produto.as_deref().unwrap_or_default())
                        @if let Some(t) = end { " Captação até " (dates::month_year_br(t)) "." }
                    }
                }
            }
            div.detalhe-corpo {
                div.detalhe-principal {
                    (informacoes::failed_notice(o))
                    (facts(ctx, o, &f, &status))
                    // CVM 88: the warning, the essential information and the risks come
                    // before the details, so they are read before investing.
                    (aviso_cvm::aviso_cvm(o))
                    (informacoes::essentials(ctx, o))
                    (informacoes::risk_alerts())
                    (accordions(ctx, o))
                }
                aside.detalhe-lateral.barra-investir[bar] aria-label="Investimento" {
                    (sidebar(ctx, o, &f, preview))
                }
            }
        }
    }
}

fn facts(
    ctx: &Ctx,
    o: &Captacao,
    f: &captacao::CaptacaoFacts,
    status: &captacao::DisplayStatus,
) -> Markup {
    let deadline = o.fim_captacao.as_deref().unwrap_or_default();
    html! {
        section aria-labelledby="fatos-titulo" {
            h2 #fatos-titulo.sr-only { "Resumo da operação" }
            dl.fatos {
                div { dt { "Status" } dd { (ui_captacao::status(f, ui_captacao::now())) } }
                div { dt { "Prazo do investimento" } dd { (o.vencimento.map(|v| format!("{v} meses")).unwrap_or_else(|| "-".into())) } }
                div { dt { "Remuneração líquida" } dd { (o.rendimento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Classificação ESG" } dd { (o.classificacao_esg.as_deref().unwrap_or("-")) } }
                div { dt { "Rating" } dd {
                    (o.rating.as_deref().unwrap_or("-"))
                    @if let Some(d) = &o.descricao_rating { span.dica { " — " (d) } }
                } }
                div { dt { "Valor em captação" } dd { (ctx.money(o.limite_arrecadacao)) } }
                div { dt { "Captado" } dd { (ui_captacao::progress(f, "percentual-captado")) } }
                // Once nothing more can be invested, what is left of the limit is not on offer:
                // the amount raised is what the offering came to.
                @if captacao::closed_reason(f, ui_captacao::now()).is_some() {
                    div { dt { "Valor captado" } dd { (ctx.money(f.arrecadado)) } }
                } @else {
                    div { dt { "Disponível para investir" } dd { (ctx.money(captacao::available(f))) } }
                }
                @if !deadline.is_empty() && !status.is_finished() && f.fim_captacao.is_some_and(|t| t > ui_captacao::now()) {
                    div { dt { "Termina em" } dd {
                        (island::countdown(deadline, format::datetime(Some(deadline)), "Captação encerrada"))
                    } }
                }
            }
        }
    }
}

fn accordions(ctx: &Ctx, o: &Captacao) -> Markup {
    // The carousel: the Galeria entries, and videos of any type but the header's and the
    // entrepreneur's.
    let gallery: Vec<_> = o
        .gallery()
        .filter(|g| match g.tipo {
            GaleriaTipo::Galeria => true,
            GaleriaTipo::Principal | GaleriaTipo::Empreendedor => false,
            GaleriaTipo::Outro(_) => g.url_video.is_some(),
        })
        .collect();
    let entrepreneur: Vec<_> = o
        .gallery()
        .filter(|g| g.tipo == GaleriaTipo::Empreendedor)
        .collect();
    let loc = o.empreendedor_rural.localizacao.clone().unwrap_or_default();
    html! {
        div.acordeoes {
            details.acordeao open {
                summary { h2 { "Operação" } }
                dl.fatos {
                    div { dt { "Remuneração líquida" } dd { (o.rendimento_descricao.as_deref().unwrap_or("-")) } }
                    div { dt { "Prazo da captação" } dd { (format::date(o.fim_captacao.as_deref())) } }
                    div { dt { "Forma de pagamento" } dd { (o.rentabilidade.descricao_pagamento.as_deref().unwrap_or("-")) } }
                    div { dt { "Garantias" } dd {
                        ul { @for g in o.garantias.as_deref().unwrap_or_default().split(';').map(str::trim).filter(|g| !g.is_empty()) { li { (g) } } }
                    } }
                    div { dt { "Tributação" } dd { (TAX_NOTE) } }
                }
                (documents(o))
            }
            @if !gallery.is_empty() {
                details.acordeao {
                    summary { h2 { "Galeria" } }
                    ul.carrossel tabindex="0" aria-label="Galeria de imagens e vídeos; role para o lado para ver mais" {
                        @for g in &gallery {
                            li {
                                figure {
                                    @if let Some(v) = &g.url_video {
                                        iframe src=(v) width="560" height="315" title=(g.descricao.as_deref().unwrap_or("Vídeo da operação"))
                                            loading="lazy" allow="encrypted-media; picture-in-picture" allowfullscreen {}
                                    } @else if let Some(u) = &g.url {
                                        img src=(u) alt=(g.descricao.as_deref().unwrap_or_default()) width="560" height="315" loading="lazy";
                                    }
                                    @if let Some(d) = &g.descricao { figcaption { (d) } }
                                }
                            }
                        }
                    }
                }
            }
            @if let Some(about) = o.conteudo.descricao.as_deref().filter(|s| !s.trim().is_empty()) {
                details.acordeao {
                    summary { h2 { "Sobre" } }
                    @for p in about.split("\n\n") { p { (p) } }
                }
            }
            details.acordeao {
                summary { h2 { "Empreendedor" } }
                @for g in &entrepreneur {
                    @if let Some(u) = &g.url {
                        img.foto-empreendedor src=(u) alt=(g.descricao.as_deref().unwrap_or_default()) width="200" height="200" loading="lazy";
                    }
                }
                @if let Some(n) = &o.empreendedor_rural.nome { h3 { (n) } }
                @for p in o.empreendedor_rural.descricao.as_deref().unwrap_or_default().split("\n\n") { p { (p) } }
            }
            details.acordeao {
                summary { h2 { "Localização" } }
                (location(ctx, &loc))
            }
            @if !o.conteudo.faq.is_empty() {
                details.acordeao {
                    summary { h2 { "Dúvidas" } }
                    @for q in &o.conteudo.faq {
                        details.faq {
                            summary { (q.pergunta) }
                            p { (q.resposta) }
                        }
                    }
                }
            }
        }
    }
}

fn location(ctx: &Ctx, loc: &crate::api::models::Localizacao) -> Markup {
    let place = match (&loc.cidade, &loc.uf) {
        (Some(c), Some(u)) => format!("{c} – {u}"),
        (Some(c), None) => c.clone(),
        _ => "Localização não informada".into(),
    };
    let osm = match (loc.latitude, loc.longitude) {
        (Some(lat), Some(lon)) => Some((
            lat,
            lon,
            format!("https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=11/{lat}/{lon}"),
        )),
        _ => None,
    };
    html! {
        @match osm {
            // In the closed Localização accordion: Leaflet comes when the map is opened into view.
            Some((lat, lon, href)) => (island::mount_when(&island::MapProps { lat, lon, label: place.to_string(), css: crate::web::assets::asset_url("css/leaflet.css").into(), tiles: ctx.app.cfg.map_tiles.url.clone(), attribution: ctx.app.cfg.map_tiles.attribution.clone() }, island::Load::VisibleIn("details"), html! {
                p.local { (place) }
                p { a href=(href) target="_blank" rel="noopener noreferrer" { "Ver no OpenStreetMap" span.sr-only { " (abre em nova janela)" } } }
            })),
            None => p.local { (place) },
        }
    }
}

fn documents(o: &Captacao) -> Markup {
    let operation = operation_pdf(o).is_some();
    let essential = essential_pdf(o).is_some();
    html! {
        h3 { "Documentos" }
        @if operation || essential {
            ul.documentos {
                @if operation {
                    li { a.link-download href=(routes::captacao_documento(&o.url_amigavel)) target="_blank" rel="noopener" type="application/pdf" {
                        "Baixar informações da operação (PDF)" span.sr-only { " (abre em nova janela)" }
                    } }
                }
                @if essential {
                    li { a.link-download href=(routes::captacao_informacoes_essenciais(&o.url_amigavel)) target="_blank" rel="noopener" type="application/pdf" {
                        (cvm::INFORMACOES_ESSENCIAIS) " (PDF)" span.sr-only { " (abre em nova janela)" }
                    } }
                }
            }
        } @else {
            p { (NO_FILE) }
        }
    }
}

fn sidebar(ctx: &Ctx, o: &Captacao, f: &captacao::CaptacaoFacts, preview: bool) -> Markup {
    let now = ui_captacao::now();
    let invest_href = if ctx.session.is_some() {
        routes::captacao_reservar(&o.url_amigavel)
    } else {
        routes::QUERO_INVESTIR.to_owned()
    };
    html! {
        div.cartao.cartao-investir #investir {
            @match captacao::closed_reason(f, now) {
                None => {
                    p.rotulo { "Investimento mínimo" }
                    p.valor-destaque { (ctx.money(o.rentabilidade.investimento_minimo.unwrap_or_default())) }
                    @if let Some(dia) = captacao::opens_on(f, now) {
                        p.pre-lancamento { "Pré-lançamento: a reserva fica registrada, " (captacao::pagamento_na_abertura(dia)) "." }
                    }
                    @if !preview {
                        @if ctx.session.is_some() {
                            // With JS the order opens as a side modal on this page; its island loads with the first
                            // press of Investir (held and given again once it is up).
                            (island::mount_when(&island::ReservaProps { href: invest_href.clone(), label: "Investir".into(), attention: crate::web::ui::alert::ATTENTION.into(), generic: crate::api::GENERIC_ERROR.into() }, island::Load::MainAction, html! {
                                a.botao.botao-primario.botao-largo href=(invest_href) { "Investir" }
                            }))
                        } @else {
                            a.botao.botao-primario.botao-largo href=(invest_href) { "Investir" }
                        }
                        // With JS the simulation opens as a modal on this page (islands/simulacao.tsx).
                        @let simular = routes::captacao_simular(&o.url_amigavel);
                        (island::mount_when(&island::SimulacaoProps { url: simular.clone(), title: super::simulacao::TITLE.into() }, island::Load::Interaction(None), html! {
                            a.botao.botao-secundario.botao-largo href=(simular) { "Simular" }
                        }))
                    }
                },
                Some(reason) => {
                    h2 { "Fechado para investimento" }
                    p { (reason.message()) }
                },
            }
        }
    }
}
