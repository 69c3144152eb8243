//! The world the matrix runs in: the web app, the fault proxy in front of the sandbox,
//! logged-in lanes (one browser session each, its own platform token), and one run of a
//! case: prepare it cleanly, arm the fault, send, read the answer and what was called.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use colheita::web::routes;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::multipart;
use tokio::sync::mpsc;

use super::casos::{Action, Case, FormAt, OFFER, PASSWORD, Who};
use super::formulario::{self, Field};
use super::proxy::{Endpoint, Fault, Lane, Proxy, VISITOR};
use super::verifica::{Answer, LIMIT, TIMEOUT_SECS};
use crate::support::{TestApp, location};

/// Logged-in lanes per profile: how many cases run at once.
const LANES: [(Who, usize); 2] = [(Who::Investidor, 10), (Who::Basico, 2)];

/// A browser session to start each run from (cookies as sent), on its proxy lane.
struct Slot {
    lane: Lane,
    cookies: String,
}

type Pool = (
    mpsc::UnboundedSender<Slot>,
    tokio::sync::Mutex<mpsc::UnboundedReceiver<Slot>>,
);

pub struct World {
    pub app: TestApp,
    pub proxy: Proxy,
    /// The provider's login page: where a 401 must lead.
    pub login_url: String,
    web: url::Url,
    /// Logins one at a time: a new token is claimed by the lane logging in.
    logins: tokio::sync::Mutex<()>,
    pools: HashMap<Who, Pool>,
}

/// One run: the answer, what the lane called, how often the fault answered, what was
/// typed, and (after a 401 on a GET) where logging in again led.
pub struct Run {
    pub answer: Answer,
    pub seen: Vec<Endpoint>,
    pub fired: usize,
    pub sent: Vec<Field>,
    pub action: String,
    pub path: String,
    pub returned_to: Option<String>,
}

impl World {
    pub async fn start() -> World {
        let made = Arc::new(Mutex::new(None));
        let keep = made.clone();
        let stall = Duration::from_secs(TIMEOUT_SECS + 3);
        let timeout = TIMEOUT_SECS.to_string();
        let flags = [
            "--request-timeout",
            &timeout,
            "--micro-cache",
            "0",
            "--sandbox-login-limit",
            "100000",
            "--signup-limit",
            "100000",
            // The password form is posted once per fault: no guess limit may answer first.
            "--password-guess-limit",
            "100000",
            "--sandbox-password-change-limit",
            "100000",
        ];
        let app = TestApp::with_sandbox_behind(&flags, |sandbox| async move {
            let proxy = Proxy::start(sandbox, stall).await;
            let url = proxy.url.clone();
            *keep.lock().unwrap() = Some(proxy);
            url
        })
        .await;
        let proxy = made.lock().unwrap().take().unwrap();
        let login_url = format!("{}/login", app.sandbox_url.clone().unwrap());
        let mut world = World {
            web: url::Url::parse(&app.web_url).unwrap(),
            app,
            proxy,
            login_url,
            logins: tokio::sync::Mutex::new(()),
            pools: HashMap::new(),
        };
        let visitor = mpsc::unbounded_channel();
        visitor
            .0
            .send(Slot {
                lane: VISITOR,
                cookies: String::new(),
            })
            .unwrap();
        world.pools.insert(
            Who::Visitor,
            (visitor.0, tokio::sync::Mutex::new(visitor.1)),
        );
        let mut lane = VISITOR;
        for (who, n) in LANES {
            let (tx, rx) = mpsc::unbounded_channel();
            for _ in 0..n {
                lane += 1;
                let cookies = world.log_in_lane(who, lane).await;
                tx.send(Slot { lane, cookies }).unwrap();
            }
            world.pools.insert(who, (tx, tokio::sync::Mutex::new(rx)));
        }
        world
    }

    /// A browser starting with `cookies`.
    fn browser(&self, cookies: &str) -> (reqwest::Client, Arc<Jar>) {
        let jar = Arc::new(Jar::default());
        for pair in cookies.split("; ").filter(|p| !p.is_empty()) {
            jar.add_cookie_str(pair, &self.web);
        }
        let client = crate::support::http_builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .timeout(LIMIT + Duration::from_secs(10))
            .build()
            .unwrap();
        (client, jar)
    }

    fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_owned()
        } else {
            self.app.url(path)
        }
    }

    /// Logs `who` in on a new browser whose token is `lane`'s; returns its cookies.
    async fn log_in_lane(&self, who: Who, lane: Lane) -> String {
        let (browser, jar) = self.browser("");
        let _one = self.logins.lock().await;
        self.proxy.claim_next_token(Some(lane));
        let callback = self.log_in(&browser, who).await.unwrap();
        let landed = browser.get(self.url(&callback)).send().await.unwrap();
        assert_eq!(landed.status(), 303, "the login callback of lane {lane}");
        assert!(
            !self.proxy.claim_pending(),
            "lane {lane} never called the platform"
        );
        self.proxy.claim_next_token(None);
        let cookies = jar.cookies(&self.web).unwrap();
        cookies.to_str().unwrap().to_owned()
    }

    /// Starts a login at `/entrar` and returns the callback address the provider gives.
    async fn log_in(&self, browser: &reqwest::Client, who: Who) -> Result<String, String> {
        let start = browser
            .get(self.url(routes::ENTRAR))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        self.provider(browser, &location(&start), who).await
    }

    /// At the provider's login page (`login`), logs `who` in; returns the callback address.
    pub async fn provider(
        &self,
        browser: &reqwest::Client,
        login: &str,
        who: Who,
    ) -> Result<String, String> {
        let url = url::Url::parse(login).map_err(|e| format!("login address {login:?}: {e}"))?;
        let mut form: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        form.push(("email".into(), who.email().into()));
        form.push(("senha".into(), PASSWORD.into()));
        let mut post = url.clone();
        post.set_query(None);
        let resp = browser
            .post(post)
            .form(&form)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        match location(&resp) {
            l if l.starts_with(&self.app.web_url) => Ok(l),
            l => Err(format!("the provider answered {} {l:?}", resp.status())),
        }
    }

    /// Logs in again after a 401 and returns where the web app sends the investor.
    async fn come_back(&self, browser: &reqwest::Client, login: &str, who: Who) -> String {
        // Held to the end: the callback's calls carry a token no lane may claim.
        let _one = self.logins.lock().await;
        match self.provider(browser, login, who).await {
            Ok(callback) => match browser.get(self.url(&callback)).send().await {
                Ok(r) => location(&r),
                Err(e) => format!("callback failed: {e}"),
            },
            Err(e) => e,
        }
    }

    async fn take(&self, who: Who) -> Slot {
        self.pools[&who].1.lock().await.recv().await.unwrap()
    }

    fn give_back(&self, who: Who, slot: Slot) {
        let _ = self.pools[&who].0.send(slot);
    }

    /// Runs `case` once, with `fault` armed on its lane for the request itself.
    pub async fn run(&self, case: &Case, fault: Option<(Endpoint, Fault)>) -> Result<Run, String> {
        let mut slot = if case.serial {
            Slot {
                lane: VISITOR,
                cookies: String::new(),
            }
        } else {
            self.take(case.who).await
        };
        let refused = matches!(fault, Some((_, Fault::Unauthorized401)));
        let result = self.run_on(&slot, case, fault).await;
        if !case.serial {
            // A 401 ends the lane's session in the web app even when the page tolerated it
            // (the header's counter): as a real browser would, the lane logs in again.
            if refused {
                slot.cookies = self.log_in_lane(case.who, slot.lane).await;
            }
            self.give_back(case.who, slot);
        }
        result
    }

    async fn run_on(
        &self,
        slot: &Slot,
        case: &Case,
        fault: Option<(Endpoint, Fault)>,
    ) -> Result<Run, String> {
        let (browser, _jar) = self.browser(&slot.cookies);
        self.proxy.arm(slot.lane, None);
        if case.serial && case.who != Who::Visitor && !matches!(case.action, Action::Callback) {
            let callback = self.log_in(&browser, case.who).await?;
            browser
                .get(self.url(&callback))
                .send()
                .await
                .map_err(|e| e.to_string())?;
        }
        let mut sent = Vec::new();
        let (request, path, action) = match &case.action {
            Action::Get(p) => (browser.get(self.url(p)), p.clone(), String::new()),
            Action::Callback => {
                let callback = self.log_in(&browser, case.who).await?;
                (
                    browser.get(self.url(&callback)),
                    routes::AUTENTICACAO.to_owned(),
                    String::new(),
                )
            }
            Action::Post { at, edits, upload } => {
                let (page, action) = self.form_at(&browser, at).await?;
                let resp = browser
                    .get(self.url(&page))
                    .send()
                    .await
                    .map_err(|e| e.to_string())?;
                let doc = scraper::Html::parse_document(&resp.text().await.unwrap_or_default());
                let fields = formulario::find(&doc, &action)
                    .map(formulario::fields)
                    .unwrap_or_default();
                sent = formulario::typed(fields, edits);
                let pairs = formulario::pairs(&sent);
                let rb = browser
                    .post(self.url(&action))
                    .header("Origin", &self.app.web_url)
                    .header("Sec-Fetch-Site", "same-origin");
                let rb = match upload {
                    None => rb.form(&pairs),
                    Some(part) => {
                        let file = multipart::Part::bytes(b"%PDF-1.4\n%matriz\n".to_vec())
                            .file_name("verso.pdf")
                            .mime_str("application/pdf")
                            .unwrap();
                        let form = pairs
                            .into_iter()
                            .fold(multipart::Form::new(), |f, (k, v)| f.text(k, v));
                        rb.multipart(form.part(*part, file))
                    }
                };
                (rb, page, action)
            }
        };
        let is_get = !matches!(case.action, Action::Post { .. });
        let clean = fault.is_none();
        self.proxy.arm(slot.lane, fault);
        let started = Instant::now();
        let resp = request
            .send()
            .await
            .map_err(|e| format!("no answer: {e}"))?;
        let answer = read(resp, started).await;
        if clean {
            // A call started with the page (the header's counter) may land just after it.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (seen, fired) = (self.proxy.seen(slot.lane), self.proxy.fired(slot.lane));
        self.proxy.arm(slot.lane, None);
        let returned_to = if is_get
            && !clean
            && answer.location.starts_with(&self.login_url)
            && !matches!(case.action, Action::Callback)
        {
            Some(self.come_back(&browser, &answer.location, case.who).await)
        } else {
            None
        };
        Ok(Run {
            answer,
            seen,
            fired,
            sent,
            action,
            path,
            returned_to,
        })
    }

    /// The form page and action; a reservation's steps make the reservation first.
    async fn form_at(
        &self,
        browser: &reqwest::Client,
        at: &FormAt,
    ) -> Result<(String, String), String> {
        let post = |path: String, form: Vec<(&'static str, &'static str)>| {
            let rb = browser
                .post(self.url(&path))
                .header("Origin", &self.app.web_url)
                .header("Sec-Fetch-Site", "same-origin")
                .form(&form);
            async move {
                let r = rb.send().await.map_err(|e| e.to_string())?;
                match (r.status().as_u16(), location(&r)) {
                    (303, l) => Ok(l),
                    (s, l) => Err(format!(
                        "preparing the reservation: {path} answered {s} {l}"
                    )),
                }
            }
        };
        match at {
            FormAt::Page { page, action } => Ok((page.clone(), action.clone())),
            FormAt::NewReservationTerm => {
                let term = post(
                    routes::captacao_reservar(OFFER),
                    vec![("valor", "2.000,00")],
                )
                .await?;
                Ok((term.clone(), term))
            }
            FormAt::SignedReservation => {
                let term = post(
                    routes::captacao_reservar(OFFER),
                    vec![("valor", "2.000,00")],
                )
                .await?;
                let confirm = post(term, vec![("aceite", "sim"), ("ciencia_risco", "sim")]).await?;
                Ok((confirm.clone(), confirm))
            }
        }
    }
}

async fn read(resp: reqwest::Response, started: Instant) -> Answer {
    let status = resp.status().as_u16();
    let location = location(&resp);
    let html = resp
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let body = match resp.bytes().await {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => format!("(body cut: {e})"),
    };
    Answer {
        status,
        location,
        html,
        body,
        elapsed: started.elapsed(),
    }
}
