use super::*;

fn raw(pairs: &str) -> RawQuery {
    serde_urlencoded::from_str(pairs).unwrap()
}

#[test]
fn an_empty_query_is_page_one_with_no_filters() {
    let (s, msg) = parse(&raw(""));
    assert_eq!(s.page, 1);
    assert!(!s.has_filters());
    assert_eq!(msg, None);
    assert_eq!(s.href(), crate::web::routes::INVESTIR);
}

#[test]
fn the_canonical_query_round_trips() {
    let q = "Page=3&NomeCaptacao=Soja&StatusCaptacao=Capta%C3%A7%C3%A3o+no+ar&Rating=AA&Vencimento=6-24&Acompanhamento=10-50&Disponivel=0-250000&Visao=cartoes&OrderByField=DataFim&OrderByCriteria=DESC";
    let (s, msg) = parse(&raw(q));
    assert_eq!(msg, None);
    assert_eq!(s.query_string(), q);
    assert_eq!(s.vencimento, Some((6, 24)));
    assert_eq!(s.sort, Some(("DataFim", Direction::Desc)));
}

#[test]
fn number_inputs_become_the_canonical_ranges() {
    let (s, _) = parse(&raw(
        "VencimentoDe=6&VencimentoAte=24&AcompanhamentoDe=0&AcompanhamentoAte=100&DisponivelDe=1000&DisponivelAte=",
    ));
    assert_eq!(s.vencimento, Some((6, 24)));
    assert_eq!(s.acompanhamento, None, "the whole track is no filter");
    assert_eq!(s.disponivel, Some((1000, 1_000_000)));
    assert_eq!(s.query_string(), "Vencimento=6-24&Disponivel=1000-1000000");
}

#[test]
fn bad_ranges_are_dropped_with_a_message() {
    for q in [
        "VencimentoDe=30&VencimentoAte=10",
        "Vencimento=0-101",
        "AcompanhamentoAte=abc",
        "Disponivel=5-abc",
    ] {
        let (s, msg) = parse(&raw(q));
        assert_eq!(msg, Some(MSG_BAD_RANGE), "{q}");
        assert!(!s.has_filters(), "{q}");
    }
}

#[test]
fn the_search_clears_every_other_filter_but_keeps_sort_and_view() {
    let (s, _) = parse(&raw(
        "FieldSearch=caf%C3%A9&Rating=AA&Vencimento=6-24&StatusCaptacao=Finalizado&NomeCaptacao=x&Visao=cartoes&OrderByField=Rating",
    ));
    assert_eq!(s.search, "café");
    assert_eq!(
        (s.rating, s.vencimento, s.status, s.nome.as_str()),
        (None, None, None, "")
    );
    assert_eq!(s.view, View::Cartoes);
    assert_eq!(s.sort, Some(("Rating", Direction::Asc)));
}

#[test]
fn a_search_over_150_characters_is_cut_with_a_message() {
    let long = "a".repeat(151);
    let (s, msg) = parse(&raw(&format!("FieldSearch={long}")));
    assert_eq!(msg, Some(MSG_SEARCH_TOO_LONG));
    assert_eq!(s.search.chars().count(), 150);
}

#[test]
fn unknown_options_are_ignored() {
    let (s, _) = parse(&raw(
        "Rating=Z&StatusCaptacao=Qualquer&OrderByField=Senha&Page=-3",
    ));
    assert_eq!((s.rating, s.status, s.sort, s.page), (None, None, None, 1));
}

#[test]
fn first_click_sorts_ascending_and_the_second_descending() {
    let (s, _) = parse(&raw("Page=4"));
    let once = s.with_sort("NomeCaptacao");
    assert_eq!(once.sort, Some(("NomeCaptacao", Direction::Asc)));
    assert_eq!(once.page, 1);
    let twice = once.with_sort("NomeCaptacao");
    assert_eq!(twice.sort, Some(("NomeCaptacao", Direction::Desc)));
    assert_eq!(
        twice.with_sort("NomeCaptacao").sort,
        Some(("NomeCaptacao", Direction::Asc))
    );
    assert_eq!(
        twice.with_sort("DataFim").sort,
        Some(("DataFim", Direction::Asc))
    );
}

#[test]
fn the_api_query_uses_the_fixed_page_size() {
    let (s, _) = parse(&raw("Page=2&Vencimento=6-24"));
    let api = s.to_api();
    assert_eq!(
        (api.page, api.page_size, api.vencimento.as_deref()),
        (2, 12, Some("6-24"))
    );
}

#[test]
fn a_long_search_cut_at_a_space_reads_back_the_same_from_its_link() {
    // Found by `proptests::reading_a_read_state_changes_nothing`: 151 characters whose
    // 150th is a space were cut to a search ending in a space, which its link read back
    // without it.
    let typed = format!("{} b", "a".repeat(149));
    let (s, msg) = parse(&raw(&format!("FieldSearch={}", typed.replace(' ', "+"))));
    assert_eq!(msg, Some(MSG_SEARCH_TOO_LONG));
    assert_eq!(s.search, "a".repeat(149));
    let (again, msg) = parse(&raw(&s.query_string()));
    assert_eq!(msg, None);
    assert_eq!(again, s);
}
