//! The statement's filter as a form: what was typed, or the defaults the search used, in
//! the panel the page shows (a side modal with JavaScript).

use maud::{Markup, html};

use super::{PANEL_ID, PANEL_TITLE};
use crate::api::models::ContaCliente;
use crate::domain::dates;
use crate::domain::extrato::{self, Filter, Period, TypedFilter};
use crate::domain::reference::{StatusMovimento, TipoMovimento};
use crate::web::routes;

/// The filter as the form shows it: what was typed, or the defaults the search used.
pub(super) fn shown(typed: &TypedFilter, f: Option<&Filter>) -> TypedFilter {
    let Some(f) = f else {
        let mut t = typed.clone();
        // Dates without a choice hold, so the form says so.
        if t.dias.trim().is_empty()
            && !(t.data_inicio.trim().is_empty() && t.data_fim.trim().is_empty())
        {
            t.dias = extrato::CUSTOM.to_owned();
        }
        return t;
    };
    let (dias, inicio, fim) = match f.period {
        Period::Days(n) => (n.to_string(), String::new(), String::new()),
        Period::Range(a, b) => (
            extrato::CUSTOM.to_owned(),
            dates::format_civil_date_br(a),
            dates::format_civil_date_br(b),
        ),
    };
    TypedFilter {
        page: f.page.to_string(),
        page_size: f.page_size.to_string(),
        data_inicio: inicio,
        data_fim: fim,
        dias,
        periodo_anterior: String::new(),
        codigo_cliente: f.codigo_cliente.clone(),
        field_search: f.field_search.clone().unwrap_or_default(),
        tipo: f.tipo.map(|t| t.code().to_owned()).unwrap_or_default(),
        produto: f.produto.clone().unwrap_or_default(),
        status: f.status.map(|s| s.code().to_owned()).unwrap_or_default(),
        clear: false,
    }
}

fn text_field(id: &str, label: &str, value: &str, hint: Option<&str>, max: usize) -> Markup {
    let hint_id = format!("{id}-ajuda");
    html! {
        div.campo {
            label for=(id) { (label) }
            input #(id) type="text" name=(id) value=(value) maxlength=(max)
                aria-describedby=[hint.map(|_| hint_id.as_str())];
            @if let Some(h) = hint { p.campo-ajuda id=(hint_id) { (h) } }
        }
    }
}

pub(super) fn filter_panel(t: &TypedFilter, accounts: &[ContaCliente], own: &str) -> Markup {
    let codes: Vec<&str> = if accounts.is_empty() {
        vec![own]
    } else {
        accounts.iter().map(|a| a.codigo_cliente.as_str()).collect()
    };
    html! {
        section.painel-filtro #(PANEL_ID) aria-labelledby="filtro-extrato-titulo" {
            h2 #filtro-extrato-titulo { (PANEL_TITLE) }
            form.formulario method="get" action=(routes::EXTRATO) {
                input type="hidden" name="PageSize" value=(t.page_size);
                // The rule this form was drawn with: a quick period then chosen over a
                // custom range's dates applies the days.
                @if !t.dias.is_empty() { input type="hidden" name="periodoAnterior" value=(t.dias); }
                fieldset {
                    legend { "Período" }
                    div.opcoes-periodo {
                        @for n in extrato::QUICK_PERIODS {
                            @let id = format!("dias-{n}");
                            div.campo-checkbox {
                                input #(id) type="radio" name="dias" value=(n) checked[t.dias == n.to_string()];
                                label for=(id) { (n) " dias" }
                            }
                        }
                        // The choice says which rule holds: a quick period ignores the dates
                        // still in the form, 'Personalizado' takes them.
                        div.campo-checkbox {
                            input #dias-personalizado type="radio" name="dias" value=(extrato::CUSTOM)
                                checked[t.dias == extrato::CUSTOM] aria-describedby="periodo-ajuda";
                            label for="dias-personalizado" { (extrato::CUSTOM_LABEL) }
                        }
                    }
                    p.campo-ajuda #periodo-ajuda { "Personalizado: as datas abaixo, num período de até 90 dias sem datas futuras." }
                    div.form-linha {
                        (text_field("dataInicio", "Data inicial", &t.data_inicio, Some("dd/mm/aaaa"), 10))
                        (text_field("dataFim", "Data final", &t.data_fim, Some("dd/mm/aaaa"), 10))
                    }
                }
                div.campo {
                    label for="codigoCliente" { "Conta" }
                    select #codigoCliente name="codigoCliente" {
                        @for c in &codes {
                            option value=(c) selected[*c == t.codigo_cliente] { "Conta " (c) }
                        }
                        @if !t.codigo_cliente.is_empty() && !codes.contains(&t.codigo_cliente.as_str()) {
                            option value=(t.codigo_cliente) selected { "Conta " (t.codigo_cliente) }
                        }
                    }
                }
                (text_field("FieldSearch", "Buscar", &t.field_search, Some("Descrição, ativo ou banco"), extrato::MAX_TEXT))
                div.campo {
                    label for="Tipo" { "Tipo (opcional)" }
                    select #Tipo name="Tipo" {
                        option value="" { "Todos" }
                        @for k in TipoMovimento::ALL {
                            option value=(k.code()) selected[t.tipo == k.code()] { (k.label()) }
                        }
                    }
                }
                (text_field("Produto", "Produto (opcional)", &t.produto, Some("Nome do ativo"), extrato::MAX_TEXT))
                div.campo {
                    label for="Status" { "Status (opcional)" }
                    select #Status name="Status" {
                        option value="" { "Todos" }
                        @for s in StatusMovimento::ALL {
                            option value=(s.code()) selected[t.status == s.code()] { (s.label()) }
                        }
                    }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Aplicar filtros" }
                    a.botao.botao-texto href=(routes::extrato("clear=true")) { "Limpar filtros" }
                }
            }
        }
    }
}
