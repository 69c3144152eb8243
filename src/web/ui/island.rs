//! Island mount points (DESIGN §5): the server renders the fallback and the props; the
//! loader mounts the island's own chunk only where one is on the page.

use maud::{Markup, PreEscaped, html};
use serde::Serialize;

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

pub fn mount<T: Serialize>(name: &str, props: &T, fallback: Markup) -> Markup {
    mount_with(name, props, fallback, false)
}

/// An island loaded only when scrolled near the viewport (charts, maps).
pub fn mount_lazy<T: Serialize>(name: &str, props: &T, fallback: Markup) -> Markup {
    mount_with(name, props, fallback, true)
}

fn mount_with<T: Serialize>(name: &str, props: &T, fallback: Markup, lazy: bool) -> Markup {
    html! {
        div data-island=(name) data-src=(assets::island_src(name)) data-lazy=[lazy.then_some("")] {
            (fallback)
            script type="application/json" { (PreEscaped(props_json(props))) }
        }
    }
}

/// A live countdown to `deadline` (RFC 3339); without JS the deadline shows as text.
pub fn countdown(deadline_rfc3339: &str, deadline_text: &str, finished_text: &str) -> Markup {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Props<'a> {
        deadline: &'a str,
        finished_text: &'a str,
    }
    mount(
        "countdown",
        &Props {
            deadline: deadline_rfc3339,
            finished_text,
        },
        html! { time.contagem datetime=(deadline_rfc3339) { (deadline_text) } },
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
}
