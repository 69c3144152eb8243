//! Island mount points. The server renders the fallback (a page that works without JS) and the
//! island's props; the loader mounts the island's own chunk only where one is on the page.
//!
//! The props are always the island's own struct of `colheita-islands` (islands/props): its
//! [`IslandProps::ISLAND`] names the island, so props cannot be paired with another island, and
//! the islands' TypeScript reads the same structs (the build type-checks them).

use maud::{Markup, PreEscaped, html};
use serde::Serialize;

pub use colheita_islands::{
    ChartDataset, ChartProps, CopiarProps, CountdownProps, EnvioDocumentoProps, Island,
    IslandProps, MapProps, MascaraProps, NotificacaoProps, PainelLateralProps, ReservaProps,
    RoscaProps, SimulacaoProps, Slider, SliderProps, VisibilityProps,
};

use crate::web::assets;

/// Props as JSON safe inside `<script>`: `<`, `>` and `&` are escaped so that data
/// containing `</script>` cannot break out.
pub fn props_json<T: Serialize>(props: &T) -> String {
    serde_json::to_string(props)
        .unwrap_or_else(|_| "{}".into())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// When the loader mounts an island (see islands/loader.ts). Until then the page costs only the
/// loader: React (one chunk shared by every island, with the signals they share) and the
/// libraries come with the first island that needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load<'a> {
    /// As soon as the page loads (the tiny plain-DOM islands).
    Now,
    /// When scrolled near the viewport (the simulation chart).
    Visible,
    /// When scrolled near the viewport, inside the closed panel (`<details>`) that is the
    /// nearest ancestor matching the selector; preloaded on hover or focus of that panel.
    VisibleIn(&'a str),
    /// When its control is pressed or opened; preloaded on hover or focus. The control is the
    /// nearest ancestor matching the selector (a closed `<details>` panel), or the island
    /// itself (a link inside it, whose first click is held until the island is up).
    Interaction(Option<&'a str>),
    /// Like `Interaction(None)`, and the island's chunks with what they import are fetched
    /// once the page is idle and the island in view, unless the browser asks to save data: the
    /// page's main action (Investir), which must open at once on a slow phone.
    MainAction,
    /// When touched or focused (a chart over its server-drawn SVG); preloaded on hover.
    Touch,
    /// When near the viewport once the investor has touched the page (a pointer, a key, a
    /// scroll): the countdowns, whose server text is the whole picture until then, so React
    /// never comes before the investor asks for anything.
    Seen,
}

/// The island of `props`, mounted as soon as the page loads.
pub fn mount<P: IslandProps>(props: &P, fallback: Markup) -> Markup {
    mount_when(props, Load::Now, fallback)
}

/// An island loaded only when scrolled near the viewport (charts, maps).
pub fn mount_lazy<P: IslandProps>(props: &P, fallback: Markup) -> Markup {
    mount_when(props, Load::Visible, fallback)
}

/// The island of `props`, mounted as `load` says.
pub fn mount_when<P: IslandProps>(props: &P, load: Load<'_>, fallback: Markup) -> Markup {
    let name = P::ISLAND.name();
    let aquecer = (load == Load::MainAction).then(|| {
        std::iter::once(assets::island_src(name))
            .chain(assets::island_imports(name))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let (lazy, carregar, gatilho) = match load {
        Load::Now => (false, None, None),
        Load::MainAction => (false, Some("interacao"), None),
        Load::Visible => (true, None, None),
        Load::VisibleIn(panel) => (true, None, Some(panel)),
        Load::Interaction(trigger) => (false, Some("interacao"), trigger),
        Load::Touch => (false, Some("toque"), None),
        Load::Seen => (true, Some("visto"), None),
    };
    let json = props_json(props);
    html! {
        div data-island=(name) data-src=(assets::island_src(name)) data-lazy=[lazy.then_some("")]
            data-carregar=[carregar] data-gatilho=[gatilho] data-aquecer=[aquecer] {
            (fallback)
            script type="application/json" { (PreEscaped(json)) }
        }
    }
}

/// The link `label` to the page's section `target`, which the `painel-lateral` island turns into
/// a side modal titled `title`. React comes with the link's first press (the section stays on
/// the page until then, as without JS), or at once when `open` (a refused form whose typed values
/// must be in view).
pub fn side_panel(title: &str, target: &str, label: &str, open: bool) -> Markup {
    let props = PainelLateralProps {
        title: title.to_owned(),
        target: target.to_owned(),
        open,
    };
    let load = if open {
        Load::Now
    } else {
        Load::Interaction(None)
    };
    mount_when(
        &props,
        load,
        html! { a.botao.botao-secundario href=(format!("#{target}")) { (label) } },
    )
}

/// The time left to `deadline` (RFC 3339) beside its date and time: without JS, and until the
/// investor touches the page, the deadline as text (`deadline_text`, e.g. `format::datetime`),
/// or `finished_text` when it has already passed; then the island adds the time left.
pub fn countdown(
    deadline_rfc3339: &str,
    deadline_text: impl maud::Render,
    finished_text: &str,
) -> Markup {
    let passed = crate::domain::dates::parse_platform_datetime(deadline_rfc3339)
        .is_some_and(|d| d <= jiff::Timestamp::now());
    mount_when(
        &CountdownProps {
            deadline: deadline_rfc3339,
            finished_text,
        },
        Load::Seen,
        html! {
            time.contagem datetime=(deadline_rfc3339) {
                @if passed { (finished_text) } @else { (deadline_text) }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_panel_wakes_with_its_link_unless_it_must_show_open() {
        let closed = side_panel("Filtrar extrato", "filtro", "Filtrar", false).into_string();
        assert!(
            closed.contains(r#"data-island="painel-lateral""#),
            "{closed}"
        );
        assert!(closed.contains(r#"data-carregar="interacao""#), "{closed}");
        assert!(
            closed.contains(r##"<a class="botao botao-secundario" href="#filtro">Filtrar</a>"##)
        );
        let open = side_panel("Filtrar extrato", "filtro", "Filtrar", true).into_string();
        assert!(
            !open.contains("data-carregar") && open.contains(r#""open":true"#),
            "{open}"
        );
    }

    #[test]
    fn props_cannot_close_the_script_element() {
        let json = props_json(&serde_json::json!({"x": "</script><b>&"}));
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["x"], "</script><b>&");
        // Text without any of the three, accents included, is kept as serde_json wrote it.
        let plain = serde_json::json!({"x": "Olá – \"São José\" 10% a.a."});
        assert_eq!(props_json(&plain), serde_json::to_string(&plain).unwrap());
        let mixed = props_json(&serde_json::json!({"x": "ç<ã>&é"}));
        assert_eq!(mixed, r#"{"x":"ç\u003cã\u003e\u0026é"}"#);
    }

    #[test]
    fn every_island_has_its_chunk() {
        for island in Island::ALL {
            let url = assets::island_src(island.name());
            assert_ne!(url, assets::MISSING, "islands/{}.js", island.name());
        }
    }

    #[test]
    fn the_props_name_their_island() {
        let html = mount(
            &SimulacaoProps {
                url: "simular-x".into(),
                title: "S".into(),
            },
            html! { a href="simular-x" { "Simular" } },
        )
        .into_string();
        assert!(html.starts_with(r#"<div data-island="simulacao" data-src="/assets/simulacao-"#));
        assert!(html.ends_with(
            r#"<script type="application/json">{"url":"simular-x","title":"S"}</script></div>"#
        ));
    }

    #[test]
    fn the_load_mode_is_told_to_the_loader() {
        let props = SimulacaoProps {
            url: "x".into(),
            title: "S".into(),
        };
        let now = mount(&props, html! {}).into_string();
        assert!(!now.contains("data-lazy") && !now.contains("data-carregar"));
        assert!(
            mount_lazy(&props, html! {})
                .into_string()
                .contains(r#" data-lazy="""#)
        );
        let inside = mount_when(&props, Load::VisibleIn("details"), html! {}).into_string();
        assert!(inside.contains(r#" data-lazy="" data-gatilho="details""#));
        let opened = mount_when(&props, Load::Interaction(Some("details")), html! {}).into_string();
        assert!(opened.contains(r#" data-carregar="interacao" data-gatilho="details""#));
        let own = mount_when(&props, Load::Interaction(None), html! {}).into_string();
        assert!(own.contains(r#"data-carregar="interacao""#) && !own.contains("data-gatilho"));
        let touch = mount_when(&props, Load::Touch, html! {}).into_string();
        assert!(touch.contains(r#" data-carregar="toque""#) && !touch.contains("data-lazy"));
        let seen = mount_when(&props, Load::Seen, html! {}).into_string();
        assert!(seen.contains(r#" data-lazy="" data-carregar="visto""#));
        assert!(!seen.contains("data-aquecer") && !own.contains("data-aquecer"));
    }

    #[test]
    fn the_main_action_names_its_chunk_and_every_chunk_it_imports() {
        let props = ReservaProps {
            href: "x".into(),
            label: "Investir".into(),
            attention: "A".into(),
            generic: "G".into(),
        };
        let html = mount_when(&props, Load::MainAction, html! {}).into_string();
        assert!(html.contains(r#" data-carregar="interacao""#), "{html}");
        let start = html.find(r#"data-aquecer=""#).unwrap() + r#"data-aquecer=""#.len();
        let urls: Vec<&str> = html[start..]
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(urls[0], assets::island_src("reserva"));
        // React's shared chunk at least: the order is a React island.
        assert!(urls.len() >= 2, "{urls:?}");
        for u in &urls {
            assert!(u.ends_with(".js"), "{u}");
            let logical = assets::all()
                .iter()
                .find(|a| a.url == *u)
                .map(|a| a.logical);
            assert!(logical.is_some(), "{u} is not an embedded asset");
        }
    }
}
