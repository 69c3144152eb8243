//! The one cookie factory (every cookie is made in one place, with the same security
//! attributes) and the typed session stored in encrypted cookies.
//!
//! The access and refresh tokens live in two separate private cookies: Keycloak-sized
//! tokens (≈1.5 KB + ≈1 KB) would overflow the 4 KB limit of one cookie once encrypted.

use crate::domain::sessao::SessionClock;
use crate::domain::status::CadastroStatus;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use tower_cookies::{Cookie, Cookies, Key, cookie::SameSite};

use crate::api::models::{CienciaRisco, ReservaTermo, TermoOpcao, Token};

pub const ACCESS: &str = "colheita_at";
pub const REFRESH: &str = "colheita_rt";
pub const USER: &str = "colheita_usuario";
pub const RETURN_TO: &str = "colheita_retorno";
pub const STATE: &str = "colheita_estado";
pub const FLASH: &str = "colheita_aviso";
pub const HIDE_VALUES: &str = "colheita_ocultar";
pub const TERM: &str = "colheita_termo";
pub const UNREAD: &str = "colheita_nao_lidas";
pub const CLOCK: &str = "colheita_sessao";

/// Under https every cookie name carries this prefix: the browser then only accepts it
/// Secure, with `Path=/` and no `Domain`, so a sibling subdomain or an http page cannot
/// plant or overwrite it (ASVS 3.3.3).
pub const HOST_PREFIX: &str = "__Host-";

#[cfg(test)]
#[path = "host_prefix_tests.rs"]
mod host_prefix_tests;

#[cfg(test)]
#[path = "clock_tests.rs"]
mod clock_tests;

/// Every session cookie but the return address (logout keeps it).
const SESSION_COOKIES: &[&str] = &[ACCESS, REFRESH, USER, STATE, FLASH, TERM, UNREAD, CLOCK];

/// The unread-notification count last seen and when (unix seconds).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct StoredUnread {
    pub n: u32,
    pub ts: i64,
}

/// The most of a term's JSON kept in its cookie: with encryption and base64 the cookie stays
/// under the browsers' 4 KB; a longer text is dropped and the step links to the contract PDF.
const TERM_COOKIE_MAX_JSON: usize = 2_600;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StoredToken {
    /// The token itself.
    pub t: String,
    /// Lifetime in seconds (expires_in / refresh_expires_in).
    pub exp: i64,
    /// Local timestamp (unix seconds) when it was received.
    pub ts: i64,
}

impl StoredToken {
    pub fn age(&self, now: i64) -> i64 {
        now - self.ts
    }
}

/// The session clock as its cookie holds it, with the digest of the refresh token it
/// belongs to.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredClock {
    #[serde(flatten)]
    clock: SessionClock,
    rt: String,
}

/// The user summary as its cookie holds it, with the digest of the refresh token it was
/// read with.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredUser {
    #[serde(flatten)]
    user: UserSummary,
    rt: String,
}

/// A digest of the refresh token: binds the clock and the user summary to the session's
/// tokens without a second copy of the token.
fn clock_binding(refresh_token: &str) -> String {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(refresh_token.as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&digest[..16])
}

/// What the header shows of the investor: name (and first name), client code, profile state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct UserSummary {
    pub nome: String,
    pub codigo: Option<String>,
    pub cadastro: Option<CadastroStatus>,
}

impl UserSummary {
    pub fn primeiro_nome(&self) -> &str {
        self.nome.split_whitespace().next().unwrap_or_default()
    }
}

/// What the terms step needs of a term, kept between the order's first and second step.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredTerm {
    reserva: i64,
    titulo: String,
    descricao: Option<String>,
    conteudo: String,
    termos: Vec<TermoOpcao>,
    /// The risk term's title and version (its text is too long for a cookie: the terms
    /// step links its PDF instead).
    #[serde(default)]
    ciencia_risco: Option<(String, String)>,
}

/// What the login callback checks and sends back: the `state` it must see again and the
/// PKCE `code_verifier` of the challenge sent with the login redirect.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PendingLogin {
    pub state: String,
    pub verifier: String,
}

/// A one-shot alert shown on the next page.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Flash {
    pub titulo: String,
    pub mensagem: String,
}

/// Reads and writes the app's cookies: private (encrypted + authenticated) for anything
/// sensitive, HttpOnly and SameSite=Lax always, Secure under https.
#[derive(Clone)]
pub struct Jar {
    cookies: Cookies,
    key: Key,
    secure: bool,
}

impl Jar {
    pub fn new(cookies: Cookies, key: Key, secure: bool) -> Self {
        Self {
            cookies,
            key,
            secure,
        }
    }

    /// Whether the jar holds the cookie `name` (its name as sent: prefixed under https).
    fn has(&self, name: &str) -> bool {
        self.cookies.get(&self.name(name)).is_some()
    }

    /// The cookie's name as sent: `__Host-` prefixed when Secure.
    fn name(&self, name: &str) -> String {
        if self.secure {
            format!("{HOST_PREFIX}{name}")
        } else {
            name.to_owned()
        }
    }

    /// The one cookie factory: every cookie of the app is HttpOnly, SameSite=Lax, Path=/,
    /// never given a Domain, and Secure with the `__Host-` prefix under https.
    fn make(&self, name: &'static str, value: String) -> Cookie<'static> {
        let mut c = Cookie::new(self.name(name), value);
        c.set_http_only(true);
        c.set_same_site(SameSite::Lax);
        c.set_secure(self.secure);
        c.set_path(crate::web::routes::COOKIE_PATH);
        c
    }

    /// The private cookie `name` decrypted and read as JSON of `T`; `None` when it is absent,
    /// does not open with this key under this name, or is not such JSON.
    fn get_private<T: DeserializeOwned>(&self, name: &str) -> Option<T> {
        let cookie = self.cookies.private(&self.key).get(&self.name(name))?;
        serde_json::from_str(cookie.value()).ok()
    }

    fn set_private<T: Serialize>(&self, name: &'static str, value: &T) {
        if let Ok(v) = serde_json::to_string(value) {
            self.cookies.private(&self.key).add(self.make(name, v));
        }
    }

    fn remove(&self, name: &'static str) {
        self.cookies.remove(self.make(name, String::new()));
    }

    pub fn tokens(&self) -> Option<(StoredToken, StoredToken)> {
        Some((self.get_private(ACCESS)?, self.get_private(REFRESH)?))
    }

    pub fn store_token(&self, token: &Token, now: i64) {
        let access = StoredToken {
            t: token.access_token.clone(),
            exp: token.expires_in,
            ts: now,
        };
        let refresh = StoredToken {
            t: token.refresh_token.clone(),
            exp: token.refresh_expires_in,
            ts: now,
        };
        self.set_private(ACCESS, &access);
        self.set_private(REFRESH, &refresh);
    }

    /// When the session began and was last used: its lifetimes are counted from these.
    /// Only the clock written with this refresh token counts: a clock cookie from another
    /// login (an attacker's own fresh one beside stolen tokens) is no clock at all.
    pub fn clock(&self, refresh_token: &str) -> Option<SessionClock> {
        let stored: StoredClock = self.get_private(CLOCK)?;
        (stored.rt == clock_binding(refresh_token)).then_some(stored.clock)
    }

    /// Writes the clock bound to `refresh_token`; written again whenever that token changes.
    pub fn store_clock(&self, clock: &SessionClock, refresh_token: &str) {
        let stored = StoredClock {
            clock: *clock,
            rt: clock_binding(refresh_token),
        };
        self.set_private(CLOCK, &stored);
    }

    /// The user summary written with this refresh token. One from another login (an
    /// attacker's own beside stolen tokens) is none at all: the account it names is not the
    /// one the tokens act for.
    pub fn user(&self, refresh_token: &str) -> Option<UserSummary> {
        let stored: StoredUser = self.get_private(USER)?;
        (stored.rt == clock_binding(refresh_token)).then_some(stored.user)
    }

    /// Writes the summary bound to the refresh token the jar holds now (store the tokens
    /// first); written again whenever that token changes.
    pub fn store_user(&self, user: &UserSummary) {
        let Some(refresh) = self.get_private::<StoredToken>(REFRESH) else {
            return;
        };
        let stored = StoredUser {
            user: user.clone(),
            rt: clock_binding(&refresh.t),
        };
        self.set_private(USER, &stored);
    }

    /// Clears the session, keeping the return address (to come back to after the next login).
    pub fn clear_session(&self) {
        for name in SESSION_COOKIES {
            if self.has(name) {
                self.remove(name);
            }
        }
    }

    /// Logout: the session and every preference of the visit (the money-visibility choice
    /// too), so the next person on this browser starts afresh; only the return address stays.
    pub fn clear_on_logout(&self) {
        self.clear_session();
        if self.has(HIDE_VALUES) {
            self.remove(HIDE_VALUES);
        }
    }

    /// The order's term as the platform returned it on creation, for the terms step to show
    /// again when the platform cannot be asked for it (its options always; its text when it
    /// fits in a cookie).
    pub fn store_term(&self, reserva: i64, term: &ReservaTermo) {
        let mut stored = StoredTerm {
            reserva,
            titulo: term.titulo.clone(),
            descricao: term.descricao.clone(),
            conteudo: term.conteudo.clone(),
            termos: term.termos.clone(),
            ciencia_risco: term
                .ciencia_risco
                .as_ref()
                .map(|c| (c.titulo.clone(), c.versao.clone())),
        };
        if serde_json::to_string(&stored).map_or(0, |j| j.len()) > TERM_COOKIE_MAX_JSON {
            stored.conteudo.clear();
        }
        if serde_json::to_string(&stored).map_or(0, |j| j.len()) <= TERM_COOKIE_MAX_JSON {
            self.set_private(TERM, &stored);
        }
    }

    /// The stored term of `reserva`, if it is the one kept.
    pub fn term(&self, reserva: i64) -> Option<ReservaTermo> {
        let t: StoredTerm = self.get_private(TERM)?;
        (t.reserva == reserva).then(|| ReservaTermo {
            id: Some(t.reserva),
            id_reserva: Some(t.reserva),
            titulo: t.titulo,
            descricao: t.descricao,
            conteudo: t.conteudo,
            termos: t.termos,
            ciencia_risco: t.ciencia_risco.map(|(titulo, versao)| CienciaRisco {
                titulo,
                versao,
                ..Default::default()
            }),
            ..Default::default()
        })
    }

    pub fn set_return_to(&self, path: &str) {
        self.set_private(RETURN_TO, &path);
    }

    pub fn take_return_to(&self) -> Option<String> {
        let v: Option<String> = self.get_private(RETURN_TO);
        if v.is_some() {
            self.remove(RETURN_TO);
        }
        v.and_then(|p| crate::web::routes::safe_return_path(&p))
    }

    /// The login under way: its OAuth `state` and PKCE `code_verifier`, encrypted (the
    /// verifier must never reach the browser in clear).
    pub fn set_state(&self, pending: &PendingLogin) {
        self.set_private(STATE, pending);
    }

    pub fn take_state(&self) -> Option<PendingLogin> {
        let v: Option<PendingLogin> = self.get_private(STATE);
        if self.has(STATE) {
            self.remove(STATE);
        }
        v
    }

    pub fn set_flash(&self, titulo: &str, mensagem: &str) {
        self.set_private(
            FLASH,
            &Flash {
                titulo: titulo.to_owned(),
                mensagem: mensagem.to_owned(),
            },
        );
    }

    pub fn take_flash(&self) -> Option<Flash> {
        let v: Option<Flash> = self.get_private(FLASH);
        if self.has(FLASH) {
            self.remove(FLASH);
        }
        v
    }

    /// The unread-notification count the header showed last, and when it was read.
    pub fn unread(&self) -> Option<StoredUnread> {
        self.get_private(UNREAD)
    }

    pub fn store_unread(&self, n: u32, now: i64) {
        self.set_private(UNREAD, &StoredUnread { n, ts: now });
    }

    /// Money values hidden? (a plain cookie: it holds nothing sensitive)
    pub fn values_hidden(&self) -> bool {
        self.cookies
            .get(&self.name(HIDE_VALUES))
            .is_some_and(|c| c.value() == "1")
    }

    pub fn set_values_hidden(&self, hidden: bool) {
        if hidden {
            let mut c = self.make(HIDE_VALUES, "1".into());
            c.set_max_age(tower_cookies::cookie::time::Duration::days(365));
            self.cookies.add(c);
        } else {
            self.remove(HIDE_VALUES);
        }
    }
}
