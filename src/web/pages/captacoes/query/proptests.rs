//! Properties of the /investir query parser over generated addresses: never a panic, every
//! state the page can be in survives its own link (format → parse), bad ranges and long
//! searches are refused with a message, and parsing a parsed state's link changes nothing.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use super::*;

fn read(query: &str) -> (ListState, Option<&'static str>) {
    parse(&serde_urlencoded::from_str(query).unwrap_or_default())
}

/// Text as the parser keeps it: trimmed, not empty unless `allow_empty`.
fn trimmed(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("\\PC{{0,{max}}}"))
        .unwrap()
        .prop_map(|s| s.trim().to_owned())
}

fn range(max: u32) -> impl Strategy<Value = Range> {
    (0..=max, 0..=max).prop_map(move |(a, b)| {
        let (lo, hi) = (a.min(b), a.max(b));
        (lo != 0 || hi != max).then_some((lo, hi))
    })
}

fn state() -> impl Strategy<Value = ListState> {
    let filters = (
        range(TERM_MAX),
        range(PERCENT_MAX),
        range(AVAILABLE_MAX),
        prop::option::of(prop::sample::select(RATING_OPTIONS)),
        prop::option::of(prop::sample::select(STATUS_OPTIONS)),
        trimmed(40),
    );
    (
        1u32..10_000,
        trimmed(SEARCH_MAX_CHARS)
            .prop_map(|s| s.chars().take(SEARCH_MAX_CHARS).collect::<String>()),
        prop::option::of((
            prop::sample::select(SORT_FIELDS),
            prop_oneof![Just(Direction::Asc), Just(Direction::Desc)],
        )),
        filters,
        any::<bool>(),
    )
        .prop_map(|(page, search, sort, f, cards)| {
            let search = search.trim().to_owned();
            let mut s = ListState {
                page,
                sort,
                view: if cards { View::Cartoes } else { View::Lista },
                ..ListState::default()
            };
            // A search clears every other filter, so a state has one or the other.
            if search.is_empty() {
                (
                    s.vencimento,
                    s.acompanhamento,
                    s.disponivel,
                    s.rating,
                    s.status,
                    s.nome,
                ) = f;
            } else {
                s.search = search;
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_address_is_read_without_panicking(q in any::<String>(), v in "[0-9. -]{0,12}") {
        let _ = read(&q);
        let raw = RawQuery {
            page: Some(q.clone()),
            vencimento: Some(v.clone()),
            acompanhamento_de: Some(v.clone()),
            disponivel_ate: Some(q.clone()),
            order_by_field: Some(q.clone()),
            field_search: Some(q),
            ..RawQuery::default()
        };
        let _ = parse(&raw);
    }

    #[test]
    fn every_state_survives_its_own_link(s in state()) {
        prop_assert_eq!(read(&s.query_string()), (s.clone(), None));
        prop_assert_eq!(s.to_api().page, s.page);
    }

    #[test]
    fn reading_a_read_state_changes_nothing(q in any::<String>(), search in "[a-z ]{145,160}") {
        for q in [q, format!("FieldSearch={}", url::form_urlencoded::byte_serialize(search.as_bytes()).collect::<String>())] {
            let (first, _) = read(&q);
            let (again, message) = read(&first.query_string());
            prop_assert_eq!(&again, &first, "{:?}", q);
            prop_assert_eq!(message, None);
        }
    }

    #[test]
    fn a_bad_range_is_refused_with_a_message(lo in 0u32..200, hi in 0u32..200) {
        let (s, message) = read(&format!("Vencimento={lo}-{hi}"));
        if lo > hi || hi > TERM_MAX {
            prop_assert_eq!(message, Some(MSG_BAD_RANGE));
            prop_assert_eq!(s.vencimento, None);
        } else {
            prop_assert_eq!(message, None);
            prop_assert_eq!(s.vencimento, (lo != 0 || hi != TERM_MAX).then_some((lo, hi)));
        }
    }

    #[test]
    fn a_long_search_is_cut_and_refused_with_a_message(search in "[a-z ]{151,200}") {
        let q = format!("FieldSearch={}", search.replace(' ', "+"));
        let (s, message) = read(&q);
        if search.trim().chars().count() > SEARCH_MAX_CHARS {
            prop_assert_eq!(message, Some(MSG_SEARCH_TOO_LONG));
        }
        prop_assert!(s.search.chars().count() <= SEARCH_MAX_CHARS);
    }
}
