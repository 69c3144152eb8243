//! Island mount points. The server renders the fallback (a page that works without JS) and the
//! island's props; the loader mounts the island's own chunk only where one is on the page.
//!
//! The props are always the island's own struct of `colheita-islands` (islands/props): its
//! [`IslandProps::ISLAND`] names the island, so props cannot be paired with another island, and
//! the islands' TypeScript reads the same structs (the build type-checks them).

use maud::{Markup, PreEscaped, html};
use serde::Serialize;

pub use colheita_islands::{
    ChartDataset, ChartKind, ChartProps, CopiarProps, CountdownProps, EnvioDocumentoProps, Island,
    IslandProps, MapProps, MascaraTelefoneProps, NotificacaoProps, PainelLateralProps,
    ReservaProps, SimulacaoProps, Slider, SliderProps, VisibilityProps,
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

/// The island of `props`, mounted as soon as the page loads.
pub fn mount<P: IslandProps>(props: &P, fallback: Markup) -> Markup {
    mount_with(props, fallback, false)
}

/// An island loaded only when scrolled near the viewport (charts, maps).
pub fn mount_lazy<P: IslandProps>(props: &P, fallback: Markup) -> Markup {
    mount_with(props, fallback, true)
}

fn mount_with<P: IslandProps>(props: &P, fallback: Markup, lazy: bool) -> Markup {
    let name = P::ISLAND.name();
    html! {
        div data-island=(name) data-src=(assets::island_src(name)) data-lazy=[lazy.then_some("")] {
            (fallback)
            script type="application/json" { (PreEscaped(props_json(props))) }
        }
    }
}

/// A live countdown to `deadline` (RFC 3339); without JS the deadline shows as text, or
/// `finished_text` when it has already passed.
pub fn countdown(deadline_rfc3339: &str, deadline_text: &str, finished_text: &str) -> Markup {
    let passed = crate::domain::dates::parse_platform_datetime(deadline_rfc3339)
        .is_some_and(|d| d <= jiff::Timestamp::now());
    mount(
        &CountdownProps {
            deadline: deadline_rfc3339.to_owned(),
            finished_text: finished_text.to_owned(),
        },
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
    fn props_cannot_close_the_script_element() {
        let json = props_json(&serde_json::json!({"x": "</script><b>&"}));
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["x"], "</script><b>&");
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
            },
            html! { a href="simular-x" { "Simular" } },
        )
        .into_string();
        assert!(html.starts_with(r#"<div data-island="simulacao" data-src="/assets/simulacao-"#));
        assert!(
            html.ends_with(r#"<script type="application/json">{"url":"simular-x"}</script></div>"#)
        );
    }
}
