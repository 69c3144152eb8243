//! Races on one offering: 200 concurrent orders (create, sign, confirm)
//! from 50 investors on an offering near its limit, against the real binary in its own
//! process; then the same with a `kill -9` in the middle and a restart on the same data.
//! The web app shows the refusal's text to the investor as the platform sends it
//! (`reservas::racing_for_the_last_amount_never_oversubscribes`); here the platform's
//! side, at full concurrency.

mod banco;
mod pedidos;
mod processo;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use colheita::domain::reserva::MSG_NOT_AVAILABLE;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::support::temp_dir;
use pedidos::{Fim, Pedido};
use processo::Sandbox;

/// 85 % raised: R$ 540.000,00 left, minimum R$ 5.000,00 (108 orders fit of 200).
const QUASE_CHEIA: &str = "armazem-oeste-paranaense-milho";
/// R$ 735.000,00 left, minimum R$ 1.000,00 (150 orders of R$ 4.900,00 fit of 200), so
/// the kill falls while there is still room.
const COM_FOLGA: &str = "arroz-irrigado-granja-santa-ines";
const POR_INVESTIDOR: usize = 4;
/// The kill comes once this many confirmations were answered.
const MATAR_APOS: usize = 75;

fn centavos(reais: Decimal) -> i64 {
    (reais * Decimal::ONE_HUNDRED).to_i64().unwrap()
}

/// The reservation ids acknowledged (201) and the confirmed ones (200), each with its
/// investor's index; panics on an id acknowledged twice.
fn reconhecidas(fins: &[(usize, Fim)]) -> (HashMap<i64, usize>, HashMap<i64, usize>) {
    let (mut criadas, mut confirmadas) = (HashMap::new(), HashMap::new());
    for (investidor, fim) in fins {
        let id = match fim {
            Fim::Confirmada { id, status } => {
                assert_eq!(status, "Aporte pendente");
                confirmadas.insert(*id, *investidor);
                Some(*id)
            }
            Fim::Recusada { id, .. } | Fim::Interrompida { id } => *id,
        };
        if let Some(id) = id {
            assert!(criadas.insert(id, *investidor).is_none(), "id {id} twice");
        }
    }
    (criadas, confirmadas)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_orders_from_fifty_investors_never_oversubscribe_an_offering() {
    let dados = temp_dir();
    let sandbox = Sandbox::iniciar(&dados, true).await;
    let http = pedidos::cliente();
    let tokens = pedidos::entrar_todos(&http, &sandbox.url).await;
    let antes = pedidos::oferta(&http, &sandbox.url, QUASE_CHEIA).await;
    let livre = centavos(antes.livre());
    let (limite, comprometido) = banco::capacidade(&banco::abrir(&dados), antes.id);
    assert_eq!(
        limite - comprometido,
        livre,
        "the API and the rows agree on the room"
    );
    let valor = pedidos::valor_da_corrida(&antes);
    let cabem = livre / centavos(valor);
    assert!((1..200).contains(&cabem), "{cabem} of 200 fit");

    let pedido = Pedido {
        http: http.clone(),
        base: sandbox.url.clone(),
        token: String::new(),
        captacao: antes.id,
        valor,
    };
    let contador = Arc::new(AtomicUsize::new(0));
    let fins = pedidos::disparar(pedido, &tokens, POR_INVESTIDOR, Duration::ZERO, contador).await;
    assert_eq!(fins.len(), 200);
    let (_, confirmadas) = reconhecidas(&fins);
    assert_eq!(
        confirmadas.len() as i64,
        cabem,
        "exactly what fits, no more, no less"
    );
    for (_, fim) in &fins {
        match fim {
            Fim::Confirmada { .. } => {}
            Fim::Recusada {
                etapa,
                status,
                mensagem,
                ..
            } => {
                assert_eq!(
                    (*status, mensagem.as_str()),
                    (409, MSG_NOT_AVAILABLE),
                    "at {etapa}"
                );
            }
            Fim::Interrompida { .. } => panic!("an attempt got no answer: {fim:?}"),
        }
    }

    // Read back over the API: each reservation its investor's, the offering's figures.
    for (id, investidor) in &confirmadas {
        let r = pedidos::reserva(&http, &sandbox.url, &tokens[*investidor], *id).await;
        assert_eq!(r, ("Aporte pendente".to_owned(), valor));
    }
    let depois = pedidos::oferta(&http, &sandbox.url, QUASE_CHEIA).await;
    assert_eq!(depois.arrecadado, antes.arrecadado);
    assert_eq!(
        depois.reservado - antes.reservado,
        valor * Decimal::from(cabem)
    );
    assert!(depois.livre() < valor, "{depois:?}");
    assert!(depois.arrecadado + depois.reservado <= depois.limite_arrecadacao);

    // And from the file: the same rows, the limit kept, nothing half-written.
    let c = banco::abrir(&dados);
    let (limite, comprometido) = banco::capacidade(&c, antes.id);
    assert!(comprometido <= limite, "{comprometido} > {limite}");
    assert_eq!(comprometido, limite - livre + cabem * centavos(valor));
    let linhas = banco::da_corrida(&c, antes.id);
    let pendentes: HashSet<i64> = linhas
        .iter()
        .filter(|(_, (status, _))| status == "Aporte pendente")
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(pendentes, confirmadas.keys().copied().collect());
    assert!(linhas.values().all(|(_, c)| *c == centavos(valor)));
    banco::consistente(&c);
}

/// Waits until `n` confirmations were answered (at most 60 s).
async fn ate_confirmar(confirmacoes: &AtomicUsize, n: usize) {
    let espera = async {
        while confirmacoes.load(Ordering::SeqCst) < n {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(60), espera)
        .await
        .expect("the confirmations came");
}

/// Every acknowledged reservation is in `c` with the state its answer gave; the race's
/// rows are no more than the attempts; the offering's limit holds.
fn nada_perdido(
    c: &rusqlite::Connection,
    captacao: i64,
    fins: &[(usize, Fim)],
    valor: Decimal,
) -> HashMap<i64, (String, i64)> {
    let linhas = banco::da_corrida(c, captacao);
    assert!(linhas.len() <= fins.len(), "{} rows", linhas.len());
    for (_, fim) in fins {
        let (id, esperado): (i64, &[&str]) = match fim {
            Fim::Confirmada { id, .. } => (*id, &["Aporte pendente"]),
            Fim::Recusada {
                etapa: "confirmar",
                id: Some(id),
                ..
            } => (*id, &["Cancelado"]),
            Fim::Recusada { id: Some(id), .. } | Fim::Interrompida { id: Some(id) } => {
                (*id, &["Aberto", "Aporte pendente", "Cancelado"])
            }
            Fim::Recusada { id: None, .. } | Fim::Interrompida { id: None } => continue,
        };
        let (status, cents) = linhas
            .get(&id)
            .unwrap_or_else(|| panic!("{id} lost: {fim:?}"));
        assert!(
            esperado.contains(&status.as_str()),
            "{id} is {status}: {fim:?}"
        );
        assert_eq!(*cents, centavos(valor));
    }
    let (limite, comprometido) = banco::capacidade(c, captacao);
    assert!(comprometido <= limite, "{comprometido} > {limite}");
    banco::consistente(c);
    linhas
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_kill_9_in_the_middle_of_the_orders_loses_nothing_and_counts_nothing_twice() {
    let dados = temp_dir();
    let sandbox = Sandbox::iniciar(&dados, true).await;
    let http = pedidos::cliente();
    let tokens = pedidos::entrar_todos(&http, &sandbox.url).await;
    let antes = pedidos::oferta(&http, &sandbox.url, COM_FOLGA).await;
    let (limite, comprometido_antes) = banco::capacidade(&banco::abrir(&dados), antes.id);
    assert_eq!(limite - comprometido_antes, centavos(antes.livre()));
    let valor = pedidos::valor_da_corrida(&antes);
    let pedido = Pedido {
        http: http.clone(),
        base: sandbox.url.clone(),
        token: String::new(),
        captacao: antes.id,
        valor,
    };

    // Staggered starts (1 ms apart), so creations, signatures and confirmations are all
    // in flight when the kill comes.
    let confirmacoes = Arc::new(AtomicUsize::new(0));
    let corrida = {
        let (tokens, confirmacoes) = (tokens.clone(), Arc::clone(&confirmacoes));
        let passo = Duration::from_millis(1);
        tokio::spawn(async move {
            pedidos::disparar(pedido, &tokens, POR_INVESTIDOR, passo, confirmacoes).await
        })
    };
    ate_confirmar(&confirmacoes, MATAR_APOS).await;
    sandbox.matar().await;
    let fins = corrida.await.unwrap();
    let (criadas, confirmadas) = reconhecidas(&fins);
    let interrompidas = fins
        .iter()
        .filter(|(_, f)| matches!(f, Fim::Interrompida { .. }))
        .count();
    eprintln!(
        "kill -9 after {} confirmations: {} created, {} confirmed, {} cut off",
        confirmacoes.load(Ordering::SeqCst),
        criadas.len(),
        confirmadas.len(),
        interrompidas
    );
    assert!(confirmadas.len() >= MATAR_APOS);
    assert!(interrompidas > 0, "the kill came after the run");

    // The files as the kill left them, before any restart touches them.
    let copia = banco::copiar(&dados, &temp_dir());
    nada_perdido(&banco::abrir(&copia), antes.id, &fins, valor);

    // Started again on the same data: the same rows, the sessions too.
    let sandbox = Sandbox::iniciar(&dados, false).await;
    let c = banco::abrir(&dados);
    let linhas = nada_perdido(&c, antes.id, &fins, valor);
    for (id, investidor) in &criadas {
        let (status, investimento) =
            pedidos::reserva(&http, &sandbox.url, &tokens[*investidor], *id).await;
        assert_eq!(status, linhas[id].0, "{id}");
        assert_eq!(investimento, valor);
    }
    // None counted twice: the committed amount is the seed's plus one amount per
    // Aporte pendente row of the race, and the API shows that sum.
    let pendentes = linhas
        .values()
        .filter(|(status, _)| status == "Aporte pendente")
        .count();
    let (_, comprometido) = banco::capacidade(&c, antes.id);
    assert_eq!(
        comprometido,
        comprometido_antes + i64::try_from(pendentes).unwrap() * centavos(valor)
    );
    let depois = pedidos::oferta(&http, &sandbox.url, COM_FOLGA).await;
    assert_eq!(depois.arrecadado, antes.arrecadado);
    assert_eq!(
        depois.reservado - antes.reservado,
        valor * Decimal::from(pendentes)
    );

    // And it takes orders again.
    let depois_do_kill = Pedido {
        http: http.clone(),
        base: sandbox.url.clone(),
        token: tokens[0].clone(),
        captacao: antes.id,
        valor,
    };
    let fim = depois_do_kill.tentar(&AtomicUsize::new(0)).await;
    assert!(matches!(fim, Fim::Confirmada { .. }), "{fim:?}");
    banco::consistente(&c);
}
