//! Properties of the statement's address (`ExtratoQuery` → `extrato::resolve`) over
//! generated input: never a panic, every search survives its own link (`href` → parse →
//! resolve), refusals carry one of the filter's messages, and resolving a resolved search's
//! link changes nothing.

#![allow(clippy::unwrap_used)]

use jiff::ToSpan;
use jiff::civil::Date;
use proptest::prelude::*;

use super::*;
use crate::domain::extrato::{MAX_DAYS, MAX_TEXT, PAGE_SIZES};
use crate::domain::reference::TipoMovimento;

const OWN: &str = "100234";

/// The search an address asks for, read as the handler reads it.
fn read(query: &str, today: Date) -> Result<Filter, &'static str> {
    let q: ExtratoQuery = serde_urlencoded::from_str(query).unwrap_or_default();
    extrato::resolve(&q.typed(), OWN, today)
}

/// The query string of `href` (what follows its `?`).
fn link(f: &Filter) -> String {
    let h = href(f, f.page, f.page_size);
    h.split_once('?')
        .map(|(_, q)| q.to_owned())
        .unwrap_or_default()
}

fn today() -> impl Strategy<Value = Date> {
    (0i32..36_500).prop_map(|d| {
        Date::new(2000, 1, 1)
            .unwrap()
            .checked_add(d.days())
            .unwrap()
    })
}

fn text() -> impl Strategy<Value = Option<String>> {
    prop::option::of(
        proptest::string::string_regex(&format!("\\PC{{1,{MAX_TEXT}}}"))
            .unwrap()
            .prop_map(|s| s.trim().to_owned())
            .prop_filter("blank", |s| !s.is_empty()),
    )
}

/// A search the statement can run, on `today`.
fn filter(today: Date) -> impl Strategy<Value = Filter> {
    let period = prop_oneof![
        (1..=MAX_DAYS).prop_map(Period::Days),
        // A range of at most MAX_DAYS calendar days: `end − start` below MAX_DAYS.
        (0i32..3000, 0..i32::try_from(MAX_DAYS).unwrap()).prop_map(move |(back, span)| {
            let end = today.checked_sub(back.days()).unwrap();
            Period::Range(end.checked_sub(span.days()).unwrap(), end)
        }),
    ];
    (
        1u32..10_000,
        prop::sample::select(PAGE_SIZES.to_vec()),
        period,
        "[0-9A-Za-z]{1,12}",
        text(),
        prop::option::of(prop::sample::select(TipoMovimento::ALL.to_vec())),
        text(),
        prop::option::of(prop::sample::select(StatusMovimento::ALL.to_vec())),
    )
        .prop_map(
            |(page, page_size, period, codigo_cliente, field_search, tipo, produto, status)| {
                Filter {
                    page,
                    page_size,
                    period,
                    codigo_cliente,
                    field_search,
                    tipo,
                    produto,
                    status,
                }
            },
        )
}

const MESSAGES: &[&str] = &[
    extrato::MSG_RANGE,
    extrato::MSG_BOTH_DATES,
    extrato::MSG_DATE_FORMAT,
    extrato::MSG_FUTURE,
    extrato::MSG_ORDER,
    extrato::MSG_DAYS,
    extrato::MSG_OPTION,
    extrato::MSG_TOO_LONG,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_address_is_read_without_panicking_and_refused_only_with_a_message(
        q in any::<String>(), dias in "[0-9 -]{0,4}", data in "[0-9/]{0,11}", today in today(),
    ) {
        for q in [q, format!("dias={dias}&dataInicio={data}&dataFim={data}&Tipo={dias}")] {
            if let Err(m) = read(&q, today) {
                prop_assert!(MESSAGES.contains(&m), "{m}");
            }
        }
    }

    #[test]
    fn every_search_survives_its_own_link((today, f) in today().prop_flat_map(|t| (Just(t), filter(t)))) {
        prop_assert_eq!(read(&link(&f), today), Ok(f));
    }

    #[test]
    fn resolving_a_resolved_searchs_link_changes_nothing(
        dias in "[0-9]{0,3}", inicio in "[0-3][0-9]/[01][0-9]/20[0-9]{2}", fim in "[0-3][0-9]/[01][0-9]/20[0-9]{2}",
        busca in "\\PC{0,20}", today in today(), datas in any::<bool>(),
    ) {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        q.append_pair("dias", &dias).append_pair("FieldSearch", &busca);
        if datas {
            q.append_pair("dataInicio", &inicio).append_pair("dataFim", &fim);
        }
        if let Ok(f) = read(&q.finish(), today) {
            prop_assert_eq!(read(&link(&f), today), Ok(f));
        }
    }

    #[test]
    fn a_period_past_the_rules_is_refused_with_its_message(today in today(), n in 91u32..100_000, ahead in 1i32..400) {
        prop_assert_eq!(read(&format!("dias={n}"), today), Err(extrato::MSG_RANGE));
        prop_assert_eq!(read("dias=0", today), Err(extrato::MSG_DAYS));
        let day = |d: Date| dates::format_civil_date_br(d);
        let tomorrow = today.checked_add(ahead.days()).unwrap();
        let q = format!("dataInicio={}&dataFim={}", day(today), day(tomorrow));
        prop_assert_eq!(read(&q, today), Err(extrato::MSG_FUTURE));
        let q = format!("dataInicio={}&dataFim={}", day(today), day(today.checked_sub(ahead.days()).unwrap()));
        prop_assert_eq!(read(&q, today), Err(extrato::MSG_ORDER));
        let long_ago = today.checked_sub(i32::try_from(n).unwrap().days()).unwrap();
        let q = format!("dataInicio={}&dataFim={}", day(long_ago), day(today));
        prop_assert_eq!(read(&q, today), Err(extrato::MSG_RANGE));
        prop_assert_eq!(read(&format!("dataInicio={}", day(today)), today), Err(extrato::MSG_BOTH_DATES));
    }
}
