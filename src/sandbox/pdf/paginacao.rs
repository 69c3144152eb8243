//! Splits the laid-out units over A4 pages.

use std::collections::HashMap;

use super::{ALTURA_PAGINA, Linha, MARGEM, Regua};

/// Splits the units over pages: each entry is a page with its units' first baselines. A
/// table's header stays with its first row, and a table continued on a new page repeats
/// its header there.
pub(super) fn paginar(linhas: Vec<Linha>) -> Vec<Vec<(f32, Linha)>> {
    let topo = ALTURA_PAGINA - MARGEM;
    let mut paginas: Vec<Vec<(f32, Linha)>> = vec![Vec::new()];
    let mut y = topo;
    let mut cabecalhos: HashMap<usize, Linha> = HashMap::new();
    let mut linhas = linhas.into_iter().peekable();
    while let Some(l) = linhas.next() {
        let e_cabecalho = l.regua == Regua::Cabecalho;
        let mut precisa = l.antes + l.altura;
        if let (true, Some(t), Some(prox)) = (e_cabecalho, l.tabela, linhas.peek()) {
            cabecalhos.insert(t, l.clone());
            if prox.tabela == Some(t) {
                precisa += prox.antes + prox.altura;
            }
        }
        let vazia = paginas.last().is_none_or(Vec::is_empty);
        let mut antes = l.antes;
        if y - precisa < MARGEM && !vazia {
            paginas.push(Vec::new());
            y = topo;
            antes = 0.0;
            let repetido = l
                .tabela
                .filter(|_| !e_cabecalho)
                .and_then(|t| cabecalhos.get(&t));
            if let Some(c) = repetido {
                let mut c = c.clone();
                c.artefato = true;
                y = colocar(&mut paginas, y, 0.0, c);
                antes = l.antes;
            }
        }
        y = colocar(&mut paginas, y, antes, l);
    }
    paginas
}

/// Puts a unit below `y` on the last page; answers the new bottom.
fn colocar(paginas: &mut [Vec<(f32, Linha)>], y: f32, antes: f32, l: Linha) -> f32 {
    let base = y - antes - l.primeira;
    let fundo = y - antes - l.altura;
    if let Some(p) = paginas.last_mut() {
        p.push((base, l));
    }
    fundo
}
