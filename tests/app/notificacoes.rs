//! The notifications against the sandbox, as investidor@ (unread notifications): reading
//! one, the app's notification settings, and the page's headings and groups.

use colheita::web::routes;

use crate::support::*;

#[tokio::test]
async fn reading_a_notification_moves_it_and_drops_the_counter() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::NOTIFICACOES).await).await;
    let count: u32 = text(&doc, ".link-notificacoes .contador")
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(count >= 4, "{count}");
    assert_eq!(
        text(&doc, "nav.abas a[aria-current=page]"),
        format!("Não lidos {count}")
    );
    let cards = texts(&doc, ".notificacao .texto-secundario");
    assert!(
        cards.iter().all(|c| c.starts_with("Enviada em: ")),
        "{cards:?}"
    );
    let href = attr(&doc, "a.notificacao-abrir", "href").remove(0);
    let title = texts(&doc, "a.notificacao-abrir").remove(0);

    let detail = html(app.get(&href).await).await;
    assert_eq!(text(&detail, ".notificacao-detalhe h2"), title);
    assert_eq!(text(&detail, "main h1"), "Notificações");
    // In the list's dialog the dialog's title heads it: no page heading inside.
    let partial = html(app.get(&format!("{href}?parcial=1")).await).await;
    assert!(texts(&partial, "h1").is_empty());
    assert_eq!(text(&partial, ".notificacao-detalhe h2"), title);
    assert_eq!(
        text(&detail, ".link-notificacoes .contador"),
        format!("{} não lidas", count - 1)
    );
    let doc = html(app.get(&routes::notificacoes_aba(true, 1)).await).await;
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "Lidos");
    assert!(texts(&doc, "a.notificacao-abrir").contains(&title));
    assert!(
        texts(&doc, ".notificacao .texto-secundario")
            .iter()
            .all(|c| c.starts_with("Lida em: "))
    );
    // Another page shows the same count from the session.
    let home = html(app.get(routes::HOME).await).await;
    assert_eq!(
        text(&home, ".link-notificacoes .contador"),
        format!("{} não lidas", count - 1)
    );
    // On a phone the menu is closed: its button shows the count too.
    assert_eq!(
        text(&home, "details.menu-cabecalho > summary .contador"),
        format!("{} notificações não lidas", count - 1)
    );
    assert_eq!(app.get(&routes::notificacao(999_999)).await.status(), 404);
}

#[tokio::test]
async fn app_notifications_turn_off_and_on() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let checked = |doc: &scraper::Html| !attr(doc, "#aplicativo", "checked").is_empty();
    assert!(checked(&html(app.get(routes::NOTIFICACOES).await).await));
    let resp = app.post_form(routes::NOTIFICACOES_CONFIGURACOES, &[]).await;
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(&location(&resp)).await).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Informações atualizadas com sucesso."
    );
    assert!(!checked(&doc));
    app.post_form(routes::NOTIFICACOES_CONFIGURACOES, &[("aplicativo", "1")])
        .await;
    assert!(checked(&html(app.get(routes::NOTIFICACOES).await).await));
}

#[tokio::test]
async fn a_notification_descends_from_the_page_heading_and_its_settings_are_a_labelled_group() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::NOTIFICACOES).await).await;
    // The spec's texts, character for character, and the channels as a labelled group.
    assert_eq!(
        text(&doc, "#configurar-notificacoes h2"),
        "Configurar notificações"
    );
    assert_eq!(
        text(&doc, "#configurar-notificacoes details > summary"),
        "Ativar/Desativar notificações"
    );
    assert_eq!(
        text(&doc, "#configurar-notificacoes fieldset > legend"),
        "Canais de notificação"
    );
    assert_eq!(
        text(
            &doc,
            "#configurar-notificacoes fieldset label[for=aplicativo]"
        ),
        "Aplicativo"
    );
    assert_eq!(
        attr(
            &doc,
            "fieldset #aplicativo[role=switch]",
            "aria-describedby"
        ),
        ["aplicativo-ajuda"]
    );
    assert!(text(&doc, "fieldset #aplicativo-ajuda").starts_with("Avisos de novas captações"));

    // The detail: the page's h1, the title at the next level, the message as paragraphs.
    let href = attr(&doc, "a.notificacao-abrir", "href").remove(0);
    let detail = html(app.get(&href).await).await;
    let order: Vec<String> = detail
        .select(&scraper::Selector::parse("main :is(h1, h2, h3, h4, h5, h6)").unwrap())
        .map(|h| h.value().name().to_owned())
        .collect();
    assert_eq!(order[..2], ["h1", "h2"], "{order:?}");
    for pair in order.windows(2) {
        let level = |h: &str| h[1..].parse::<u8>().unwrap();
        assert!(level(&pair[1]) <= level(&pair[0]) + 1, "{order:?}");
    }
    assert!(!texts(&detail, ".notificacao-detalhe p.notificacao-mensagem").is_empty());
    assert!(texts(&detail, ".notificacao-detalhe :is(strong, b)").is_empty());
}
