//! Rendered fragments of shared data, kept while that data is the one handed out.
//!
//! The offering list is shared between investors (the platform marks it public, and the
//! micro-cache hands the same parsed `Arc` to every page for a few seconds), and the rows
//! drawn from it depend only on the list, the page's query and whether a session is open
//! (the Investir link). So a fragment is drawn once per list and key, and the next pages
//! copy it. An entry is used only while the very list it was drawn from is still alive and
//! the same one being shown (its allocation compared, held by a `Weak`, so a freed address
//! reused by another list never matches), and for at most [`FRESH_FOR`], so a state that
//! depends on the clock (an offering ending) is redrawn soon.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use maud::{Markup, PreEscaped};

/// The longest a fragment is reused.
pub const FRESH_FOR: Duration = Duration::from_secs(5);
/// Fragments kept at once (one per list and query in use); the oldest goes first.
const CAPACITY: usize = 64;

struct Entry {
    data: Weak<dyn Any + Send + Sync>,
    key: String,
    drawn: Instant,
    html: Arc<str>,
}

#[derive(Default)]
pub struct Fragments {
    kept: Mutex<VecDeque<Entry>>,
}

impl Fragments {
    /// The fragment drawn from `data` under `key`: a kept copy, or `draw()` (then kept).
    pub fn get_or_draw<T: Send + Sync + 'static>(
        &self,
        data: &Arc<T>,
        key: &str,
        draw: impl FnOnce() -> Markup,
    ) -> PreEscaped<Arc<str>> {
        let now = Instant::now();
        let same = |e: &Entry| {
            e.key == key
                && now.duration_since(e.drawn) < FRESH_FOR
                && e.data
                    .upgrade()
                    .is_some_and(|d| std::ptr::addr_eq(Arc::as_ptr(&d), Arc::as_ptr(data)))
        };
        {
            let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(e) = kept.iter().find(|e| same(e)) {
                return PreEscaped(e.html.clone());
            }
        }
        let html: Arc<str> = Arc::from(draw().into_string());
        let weak: Weak<dyn Any + Send + Sync> = {
            let any: Arc<dyn Any + Send + Sync> = data.clone();
            Arc::downgrade(&any)
        };
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|e| e.data.strong_count() > 0 && now.duration_since(e.drawn) < FRESH_FOR);
        if kept.len() >= CAPACITY {
            kept.pop_front();
        }
        kept.push_back(Entry {
            data: weak,
            key: key.to_owned(),
            drawn: now,
            html: html.clone(),
        });
        PreEscaped(html)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::html;
    use std::cell::Cell;

    #[test]
    fn a_fragment_is_drawn_once_per_data_and_key() {
        let f = Fragments::default();
        let list = Arc::new(vec![1, 2, 3]);
        let draws = Cell::new(0);
        let draw = |label: &str| {
            draws.set(draws.get() + 1);
            html! { p { (label) } }
        };
        let a = f.get_or_draw(&list, "k", || draw("a"));
        let b = f.get_or_draw(&list, "k", || draw("b"));
        assert_eq!(draws.get(), 1);
        assert_eq!(a.0.as_ref(), "<p>a</p>");
        assert_eq!(b.0.as_ref(), "<p>a</p>");
        // Another key (another query, a visitor instead of an investor) is drawn apart.
        let c = f.get_or_draw(&list, "other", || draw("c"));
        assert_eq!(c.0.as_ref(), "<p>c</p>");
        assert_eq!(draws.get(), 2);
    }

    #[test]
    fn another_list_even_equal_is_drawn_anew() {
        let f = Fragments::default();
        let first = Arc::new(vec![1]);
        f.get_or_draw(&first, "k", || html! { "old" });
        let second = Arc::new(vec![1]);
        let drawn = f.get_or_draw(&second, "k", || html! { "new" });
        assert_eq!(drawn.0.as_ref(), "new");
    }

    #[test]
    fn a_freed_list_never_matches_its_successor() {
        let f = Fragments::default();
        for i in 0..200 {
            // Each list is freed before the next is made: the allocator may hand out the
            // same address, which must not bring back the previous list's rows.
            let list = Arc::new([i; 4]);
            let drawn = f.get_or_draw(&list, "k", || html! { (i) });
            assert_eq!(drawn.0.as_ref(), i.to_string());
        }
    }
}
