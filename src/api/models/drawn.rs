//! What a page drew from one platform answer, kept inside that answer.
//!
//! The offering list is an answer the platform marks public: the micro-cache hands the same
//! parsed list to every page for a few seconds, and the table a page draws from it alone is
//! then the same every time. [`Drawn`] keeps each drawing inside the answer it was drawn
//! from, so it lives and goes with that answer: there is nothing to evict, and a drawing
//! never meets another answer's data. A copy of the answer starts with nothing drawn.
//!
//! The key is everything the drawing reads besides the answer itself, and the drawing is
//! given that key and nothing else of the request (`web::pages::captacoes::view::table`):
//! what is not in the key cannot reach the page. A drawing may depend on the clock up to a
//! given instant (an offering opening or closing); it is drawn again from then on.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex};

use jiff::Timestamp;

/// Drawings kept per answer (ways of drawing one list: a visitor or an investor, the home
/// or the list, a sort); the oldest goes first.
const CAPACITY: usize = 8;

struct Entry {
    key: Box<dyn Any + Send + Sync>,
    /// The clock's span the drawing holds for: from when it was drawn until its rules may
    /// answer otherwise (`None`: no such instant ahead).
    from: Timestamp,
    until: Option<Timestamp>,
    html: Arc<str>,
}

/// The drawings made from one answer (see the module's documentation).
#[derive(Default)]
pub struct Drawn {
    kept: Mutex<Vec<Entry>>,
}

/// What a drawing function returns: the markup, and the instant after which it may no
/// longer be right (`None`: while the answer lives).
pub struct Drawing {
    pub html: String,
    pub until: Option<Timestamp>,
}

impl Drawn {
    /// The drawing for `key` at `now`: the kept one when it holds at `now`, else `draw(&key)`,
    /// then kept. Two pages missing at once both draw; the last one is kept.
    pub fn get_or_draw<K>(
        &self,
        key: K,
        now: Timestamp,
        draw: impl FnOnce(&K) -> Drawing,
    ) -> Arc<str>
    where
        K: PartialEq + Send + Sync + 'static,
    {
        let holds = |e: &Entry| e.from <= now && e.until.is_none_or(|u| now < u);
        {
            let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
            let found = kept
                .iter()
                .find(|e| holds(e) && e.key.downcast_ref::<K>() == Some(&key));
            if let Some(e) = found {
                return e.html.clone();
            }
        }
        let drawing = draw(&key);
        let html: Arc<str> = Arc::from(drawing.html);
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|e| holds(e) && e.key.downcast_ref::<K>() != Some(&key));
        if kept.len() >= CAPACITY {
            kept.remove(0);
        }
        kept.push(Entry {
            key: Box::new(key),
            from: now,
            until: drawing.until,
            html: html.clone(),
        });
        html
    }
}

/// A copy of an answer may be changed: it starts with nothing drawn.
impl Clone for Drawn {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl fmt::Debug for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.kept.lock().map_or(0, |k| k.len());
        write!(f, "Drawn({n})")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::cell::Cell;

    use super::*;

    fn at(s: i64) -> Timestamp {
        Timestamp::from_second(1_800_000_000 + s).unwrap()
    }

    /// A drawing that counts its calls and says which key and call drew it.
    fn counting<'a>(
        calls: &'a Cell<u32>,
        until: Option<Timestamp>,
    ) -> impl Fn(&&'static str) -> Drawing + 'a {
        move |k| {
            calls.set(calls.get() + 1);
            Drawing {
                html: format!("{k}#{}", calls.get()),
                until,
            }
        }
    }

    #[test]
    fn one_drawing_per_key_while_it_holds() {
        let d = Drawn::default();
        let calls = Cell::new(0);
        let draw = counting(&calls, Some(at(10)));
        assert_eq!(&*d.get_or_draw("a", at(0), &draw), "a#1");
        assert_eq!(&*d.get_or_draw("a", at(9), &draw), "a#1");
        assert_eq!(
            &*d.get_or_draw("b", at(1), &draw),
            "b#2",
            "another key draws anew"
        );
        assert_eq!(&*d.get_or_draw("a", at(5), &draw), "a#1");
        assert_eq!(calls.get(), 2);
    }

    #[test]
    fn a_drawing_is_not_used_at_its_limit_nor_before_it_was_drawn() {
        let d = Drawn::default();
        let calls = Cell::new(0);
        let draw = counting(&calls, Some(at(10)));
        d.get_or_draw("a", at(5), &draw);
        assert_eq!(
            &*d.get_or_draw("a", at(10), &draw),
            "a#2",
            "the limit is excluded"
        );
        // A page whose clock reads earlier than the drawing's own (another thread) draws its
        // own: before `from` the rules may have answered otherwise.
        assert_eq!(&*d.get_or_draw("a", at(4), &draw), "a#3");
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn without_a_limit_it_holds_while_the_answer_lives() {
        let d = Drawn::default();
        let calls = Cell::new(0);
        let draw = counting(&calls, None);
        d.get_or_draw("a", at(0), &draw);
        assert_eq!(&*d.get_or_draw("a", at(1_000_000), &draw), "a#1");
    }

    #[test]
    fn keys_of_another_type_never_match() {
        let d = Drawn::default();
        d.get_or_draw(1u8, at(0), |_| Drawing {
            html: "u8".into(),
            until: None,
        });
        let other = d.get_or_draw(1u16, at(0), |_| Drawing {
            html: "u16".into(),
            until: None,
        });
        assert_eq!(&*other, "u16");
    }

    #[test]
    fn a_copy_starts_empty_and_few_drawings_are_kept() {
        let d = Drawn::default();
        let calls = Cell::new(0);
        let draw = |k: &u32| {
            calls.set(calls.get() + 1);
            Drawing {
                html: k.to_string(),
                until: None,
            }
        };
        for k in 0..20u32 {
            d.get_or_draw(k, at(0), draw);
        }
        assert_eq!(d.kept.lock().unwrap().len(), CAPACITY);
        // The newest are kept, the oldest went.
        d.get_or_draw(19u32, at(0), draw);
        d.get_or_draw(0u32, at(0), draw);
        assert_eq!(calls.get(), 21);
        let copy = d.clone();
        assert_eq!(copy.kept.lock().unwrap().len(), 0);
        assert_eq!(format!("{copy:?}"), "Drawn(0)");
    }
}
