//! The fault matrix: every page and every form of the product, with every platform
//! endpoint it calls failing in each of eight ways (503, 500, 401, garbage JSON, an empty
//! body, an HTML error page, a stall past the request timeout, a reset connection).
//!
//! Each case runs once cleanly through the fault proxy, which records the endpoints it
//! calls; then once per endpoint and fault. Every answer is checked by `verifica`, every
//! violation collected, and the test fails listing them all (case | endpoint | fault |
//! what went wrong). Cases run at once, each on its own logged-in lane, so stalls overlap.

mod casos;
mod formulario;
mod mundo;
mod proxy;
mod verifica;

use colheita::web::routes;
use futures::future::join_all;
use scraper::{Html, Selector};

use casos::{Action, Case, Ids, Who, first_href, id_after};
use mundo::{Run, World};
use proxy::{Endpoint, FAULTS, Fault};

/// A case, the index of its clean run, and the fault to arm.
type Job<'a> = (&'a Case, usize, (Endpoint, Fault));

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_and_form_answers_every_platform_fault_with_the_error_card_login_or_the_form_kept()
 {
    let world = World::start().await;
    let mut violations = Vec::new();
    let ids = discover(&world, &mut violations).await;
    let cases = casos::all(&ids);
    let (parallel, serial): (Vec<&Case>, Vec<&Case>) = cases.iter().partition(|c| !c.serial);

    let cleans = join_all(parallel.iter().map(|c| world.run(c, None))).await;
    let mut jobs: Vec<Job<'_>> = Vec::new();
    let mut report = Vec::new();
    for (i, (case, clean)) in parallel.iter().zip(&cleans).enumerate() {
        match clean {
            Ok(run) => {
                violations.extend(check_clean(case, run));
                report.push(line(case, run));
                for e in &run.seen {
                    jobs.extend(FAULTS.iter().map(|f| (*case, i, (e.clone(), *f))));
                }
            }
            Err(e) => violations.push(format!("{} | could not be driven: {e}", case.name())),
        }
    }
    let runs = join_all(jobs.iter().map(|(c, _, f)| world.run(c, Some(f.clone())))).await;
    let mut missed = 0;
    for ((case, i, fault), outcome) in jobs.iter().zip(&runs) {
        if let Ok(clean) = &cleans[*i] {
            missed += check_faulted(&world, case, fault, outcome, clean, &mut violations);
        }
    }

    // The serial cases, one run at a time (see `Case::serial`).
    world.proxy.solo();
    let mut serial_runs = 0;
    for case in serial {
        let clean = match world.run(case, None).await {
            Ok(run) => run,
            Err(e) => {
                violations.push(format!("{} | could not be driven: {e}", case.name()));
                continue;
            }
        };
        violations.extend(check_clean(case, &clean));
        report.push(line(case, &clean));
        for e in &clean.seen {
            for f in FAULTS {
                let fault = (e.clone(), f);
                let outcome = world.run(case, Some(fault.clone())).await;
                serial_runs += 1;
                missed += check_faulted(&world, case, &fault, &outcome, &clean, &mut violations);
            }
        }
    }
    eprintln!(
        "fault matrix: {} cases, {} faulted runs ({} where the fault was not met)\n{}",
        cases.len(),
        runs.len() + serial_runs,
        missed,
        report.join("\n")
    );
    assert!(
        violations.is_empty(),
        "{} violations:\n{}",
        violations.len(),
        violations.join("\n")
    );
}

fn line(case: &Case, run: &Run) -> String {
    let calls: Vec<String> = run.seen.iter().map(ToString::to_string).collect();
    format!(
        "  {} → {} [{}]",
        case.name(),
        run.answer.status,
        calls.join(", ")
    )
}

/// A clean run must answer well too, and call the platform (else nothing is tested).
fn check_clean(case: &Case, run: &Run) -> Vec<String> {
    let mut v: Vec<String> = verifica::always(&run.answer)
        .into_iter()
        .chain((run.answer.status >= 500).then(|| format!("answered {}", run.answer.status)))
        .chain(
            run.seen
                .is_empty()
                .then(|| "calls no platform endpoint".to_owned()),
        )
        .map(|w| format!("{} | clean | {w}", case.name()))
        .collect();
    // Pages that call nothing are named in the report, not failures: the 404 page, the
    // privacy policy, 'Antes de investir', the visibility toggle.
    let calls_nothing = [
        "/pagina-que-nao-existe",
        routes::POLITICA_PRIVACIDADE,
        routes::ANTES_DE_INVESTIR,
        routes::VISIBILIDADE,
        routes::QUERO_INVESTIR_SUCESSO,
        routes::QUERO_INVESTIR,
    ];
    // Pages whose only call is the header's counter: a count left by an earlier page of the
    // same session (`web::unread::LateCounts`) spares that call too.
    let only_the_counter = [routes::ALTERAR_SENHA];
    if calls_nothing
        .iter()
        .any(|p| run.path == *p || run.action == *p)
        || (run.action.is_empty() && only_the_counter.contains(&run.path.as_str()))
    {
        v.retain(|w| !w.ends_with("calls no platform endpoint"));
    }
    v
}

/// Checks one faulted run; returns 1 when the fault was never met (the endpoint was not
/// called this time, e.g. the header's counter already fresh), 0 otherwise.
fn check_faulted(
    world: &World,
    case: &Case,
    (endpoint, fault): &(Endpoint, Fault),
    outcome: &Result<Run, String>,
    clean: &Run,
    violations: &mut Vec<String>,
) -> usize {
    let name = format!("{} | {endpoint} | {fault:?}", case.name());
    let run = match outcome {
        Ok(run) => run,
        Err(e) => {
            violations.push(format!("{name} | {e}"));
            return 0;
        }
    };
    let found = match &case.action {
        Action::Get(_) => {
            let mut v = verifica::page(&run.answer, *fault, &clean.answer, &world.login_url);
            if let Some(back) = &run.returned_to {
                let expected = run.path.split('#').next().unwrap_or_default();
                if back != expected {
                    v.push(format!(
                        "after login the investor lands on {back:?}, not {expected:?}"
                    ));
                }
            }
            v
        }
        Action::Callback => verifica::callback(&run.answer),
        Action::Post { .. } => verifica::form(
            &run.answer,
            &verifica::Sent {
                fault: *fault,
                endpoint,
                fired: run.fired,
                action: &run.action,
                fields: &run.sent,
                clean: &clean.answer,
            },
            &world.login_url,
        ),
    };
    violations.extend(found.into_iter().map(|w| format!("{name} | {w}")));
    usize::from(run.fired == 0)
}

/// The seeded ids the cases need, read from the pages that link to them.
async fn discover(world: &World, violations: &mut Vec<String>) -> Ids {
    let mut ids = Ids {
        reserva: 1,
        reserva_assinada: 1,
        carteira_reserva: 1,
        carteira_documento: routes::carteira_documento(1, 1),
        investimento: routes::carteira_investimento("x"),
        relatorio: routes::carteira_investimento_relatorio("x", 1),
        notificacao: routes::notificacao(1),
        ano_ir: "2025".to_owned(),
    };
    let mut missing = |what: &str| violations.push(format!("discovery | could not find {what}"));
    // One reservation left at its term (step 2), one signed and waiting for its
    // confirmation (step 3), so both pages are drawn, not redirected.
    for (edits, slot) in [
        (vec![], 0),
        (
            vec![
                ("aceite", "sim".to_owned()),
                ("ciencia_risco", "sim".to_owned()),
            ],
            1,
        ),
    ] {
        let term = Case {
            who: Who::Investidor,
            action: Action::Post {
                at: casos::FormAt::NewReservationTerm,
                edits,
                upload: None,
            },
            serial: false,
        };
        let id = match world.run(&term, None).await {
            Ok(run) => id_after(&run.action, "/reservas/"),
            Err(_) => None,
        };
        match (id, slot) {
            (Some(id), 0) => ids.reserva = id,
            (Some(id), _) => ids.reserva_assinada = id,
            (None, _) => missing("a new reservation"),
        }
    }
    let wallet = page(world, routes::CARTEIRA).await;
    let c = ["fluxo=", "documentos=", "/carteira/reservas/"]
        .iter()
        .find_map(|k| {
            first_href(&wallet, &format!("a[href*='{k}']")).and_then(|h| id_after(&h, k))
        });
    match c {
        Some(c) => ids.carteira_reserva = c,
        None => missing("a reservation in the wallet"),
    }
    let panel = page(world, &routes::carteira_documentos(ids.carteira_reserva)).await;
    match first_href(&panel, "a[href*='/documentos/']") {
        Some(h) => ids.carteira_documento = h,
        None => missing("a reservation document"),
    }
    match first_href(&wallet, "a[href^='/carteira/investimentos/']") {
        Some(h) => ids.investimento = h,
        None => missing("a holding's page"),
    }
    let holding = page(world, &ids.investimento).await;
    match first_href(&holding, "a[href$='/relatorio']") {
        Some(h) => ids.relatorio = h,
        None => missing("an issuer's report"),
    }
    let list = page(world, routes::NOTIFICACOES).await;
    let read = page(world, &routes::notificacoes_aba(true, 1)).await;
    match first_href(&list, "a[href^='/notificacoes/']")
        .or_else(|| first_href(&read, "a[href^='/notificacoes/']"))
        .filter(|h| id_after(h, "/notificacoes/").is_some())
    {
        Some(h) => ids.notificacao = h,
        None => missing("a notification"),
    }
    let terms = page(world, routes::MEUS_TERMOS).await;
    let years: Vec<String> = terms
        .select(&Selector::parse("#ano option").unwrap())
        .filter_map(|o| o.value().attr("value").map(str::to_owned))
        .filter(|v| !v.is_empty())
        .collect();
    match years.first() {
        Some(y) => ids.ano_ir = y.clone(),
        None => missing("a tax-return year"),
    }
    ids
}

async fn page(world: &World, path: &str) -> Html {
    let case = Case {
        who: Who::Investidor,
        action: Action::Get(path.to_owned()),
        serial: false,
    };
    let body = match world.run(&case, None).await {
        Ok(run) => run.answer.body,
        Err(_) => String::new(),
    };
    Html::parse_document(&body)
}
