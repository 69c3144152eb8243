//! Pages drawn in parts: a page built from several platform calls shows what it could
//! fetch, each failed block drawing the error card in its own place. What the page then
//! answers is decided here, never by the handler:
//!
//! | a call … | what the user gets |
//! |---|---|
//! | any call the page registered answers 401 | the guard's redirect to login |
//! | a `main` call failed | the page with the error card in that block, 502 |
//! | one of the `together` calls failed, not all | the page with the cards, 200 |
//! | every `together` call failed | the page with the cards, 502 |
//! | an `aside` call failed | the page with that block's card (or without it), 200 |
//!
//! A rule the user broke (a filter out of range) is [`PageError::refused`] with the page
//! drawn from what could be fetched, as for any form.

use super::error::{PageError, PageResult};
use super::ui::Page;
use crate::api::ApiError;
use axum::http::StatusCode;

/// A platform call's answer, as far as the page's outcome is concerned.
pub trait Answered {
    /// The call's failure, if it failed.
    fn failure(&self) -> Option<&ApiError>;
}

impl<T> Answered for Result<T, ApiError> {
    fn failure(&self) -> Option<&ApiError> {
        self.as_ref().err()
    }
}

/// A call the page makes only sometimes (e.g. only for an investor).
impl<T> Answered for Option<Result<T, ApiError>> {
    fn failure(&self) -> Option<&ApiError> {
        self.as_ref().and_then(|r| r.as_ref().err())
    }
}

/// The outcome of a page's calls, gathered before the page is drawn.
#[derive(Debug, Default)]
#[must_use = "`finish` decides the page's answer"]
pub struct Partial {
    login: bool,
    failed: bool,
}

impl Partial {
    pub fn new() -> Self {
        Self::default()
    }

    fn saw(&mut self, call: &dyn Answered) -> bool {
        match call.failure() {
            Some(ApiError::Unauthorized) => {
                self.login = true;
                true
            }
            Some(_) => true,
            None => false,
        }
    }

    /// The page's main content: its failure makes the page a failure (502).
    pub fn main(mut self, call: &dyn Answered) -> Self {
        if self.saw(call) {
            self.failed = true;
        }
        self
    }

    /// Blocks of equal weight: the page is a failure only when every one failed.
    pub fn together(mut self, calls: &[&dyn Answered]) -> Self {
        let mut failed = 0;
        for call in calls {
            if self.saw(*call) {
                failed += 1;
            }
        }
        if !calls.is_empty() && failed == calls.len() {
            self.failed = true;
        }
        self
    }

    /// A block beside the content: its failure shows in its place and fails nothing.
    pub fn aside(mut self, call: &dyn Answered) -> Self {
        self.saw(call);
        self
    }

    /// Whether the page will be answered as a failure (e.g. for the view to say so).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The page's answer: login when a call said the session is gone, else the page,
    /// 502 when it is a failure.
    pub fn finish(self, page: Page) -> PageResult<Page> {
        if self.login {
            return Err(PageError::LoginRequired);
        }
        Ok(if self.failed {
            page.with_status(StatusCode::BAD_GATEWAY)
        } else {
            page
        })
    }

    /// The session's verdict alone, before the page is drawn (its view needs the calls'
    /// answers by value).
    pub fn check_login(&self) -> PageResult<()> {
        if self.login {
            Err(PageError::LoginRequired)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::html;

    fn ok() -> Result<(), ApiError> {
        Ok(())
    }

    fn down() -> Result<(), ApiError> {
        Err(ApiError::Unavailable("down".to_owned()))
    }

    fn status(p: Partial) -> Option<StatusCode> {
        p.finish(Page::new("t", html! {})).ok().map(|p| p.status)
    }

    #[test]
    fn a_failed_main_call_answers_502_and_an_aside_does_not() {
        assert_eq!(status(Partial::new().main(&ok())), Some(StatusCode::OK));
        assert_eq!(
            status(Partial::new().main(&down()).aside(&ok())),
            Some(StatusCode::BAD_GATEWAY)
        );
        assert_eq!(
            status(Partial::new().main(&ok()).aside(&down())),
            Some(StatusCode::OK)
        );
    }

    #[test]
    fn blocks_together_fail_the_page_only_when_all_failed() {
        assert_eq!(
            status(Partial::new().together(&[&ok(), &down()])),
            Some(StatusCode::OK)
        );
        assert_eq!(
            status(Partial::new().together(&[&down(), &down()])),
            Some(StatusCode::BAD_GATEWAY)
        );
    }

    #[test]
    fn a_401_anywhere_sends_to_login() {
        let gone: Result<(), ApiError> = Err(ApiError::Unauthorized);
        for p in [
            Partial::new().main(&gone),
            Partial::new().main(&ok()).aside(&gone),
            Partial::new().together(&[&ok(), &gone]),
            Partial::new().aside(&Some(Err::<(), _>(ApiError::Unauthorized))),
        ] {
            assert!(p.check_login().is_err());
            assert!(matches!(
                p.finish(Page::new("t", html! {})),
                Err(PageError::LoginRequired)
            ));
        }
    }
}
