//! The contract between the server and its islands.
//!
//! An island is one `islands/{name}.tsx` file, bundled into the chunk `islands/{name}.js`. The
//! server renders `<div data-island="{name}">` with a fallback and the island's props as JSON,
//! and the props are always one of the structs below: [`IslandProps::ISLAND`] ties each struct to
//! its island, so the server cannot send one island the props of another.
//!
//! With the `ts` feature (build.rs turns it on; the server builds without it) every struct also
//! derives its TypeScript declaration. build.rs writes them all to `islands/generated/props.ts`
//! ([`typescript`]), the islands import their props types from there, and tsc checks them before
//! esbuild bundles: a field renamed or retyped here fails the build until the island follows.
//!
//! Every field is sent exactly as the island reads it: amounts are decimal strings (a JSON
//! number would lose cents), the JSON names are the ones written in the island's code.

use serde::Serialize;

/// Every island, by its file name in `islands/` (without `.tsx`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Island {
    Chart,
    Copiar,
    Countdown,
    EnvioDocumento,
    Map,
    Mascara,
    Notificacao,
    PainelLateral,
    Reserva,
    Rosca,
    Simulacao,
    Sliders,
    Visibility,
}

impl Island {
    pub const ALL: [Island; 13] = [
        Island::Chart,
        Island::Copiar,
        Island::Countdown,
        Island::EnvioDocumento,
        Island::Map,
        Island::Mascara,
        Island::Notificacao,
        Island::PainelLateral,
        Island::Reserva,
        Island::Rosca,
        Island::Simulacao,
        Island::Sliders,
        Island::Visibility,
    ];

    /// `islands/{name}.tsx` is the source, `islands/{name}.js` the chunk, `data-island` the name.
    pub const fn name(self) -> &'static str {
        match self {
            Island::Chart => "chart",
            Island::Copiar => "copiar",
            Island::Countdown => "countdown",
            Island::EnvioDocumento => "envio-documento",
            Island::Map => "map",
            Island::Mascara => "mascara",
            Island::Notificacao => "notificacao",
            Island::PainelLateral => "painel-lateral",
            Island::Reserva => "reserva",
            Island::Rosca => "rosca",
            Island::Simulacao => "simulacao",
            Island::Sliders => "sliders",
            Island::Visibility => "visibility",
        }
    }
}

/// The props of one island: what the server serializes into the island's JSON script.
pub trait IslandProps: Serialize {
    const ISLAND: Island;
}

/// Implements [`IslandProps`] for each props struct, one island each.
macro_rules! islands {
    ($($props:ty => $island:ident),* $(,)?) => {
        $(impl IslandProps for $props {
            const ISLAND: Island = Island::$island;
        })*
    };
}

islands! {
    ChartProps => Chart,
    CopiarProps => Copiar,
    CountdownProps<'_> => Countdown,
    EnvioDocumentoProps => EnvioDocumento,
    MapProps => Map,
    MascaraProps => Mascara,
    NotificacaoProps => Notificacao,
    PainelLateralProps => PainelLateral,
    ReservaProps => Reserva,
    RoscaProps<'_> => Rosca,
    SimulacaoProps => Simulacao,
    SliderProps => Sliders,
    VisibilityProps => Visibility,
}

/// The simulation's line chart (chart.js); the server's fallback (the data as a table) stays
/// under it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChartProps {
    // Height of the drawing area in CSS pixels.
    pub height: u32,
    // The canvas's accessible name.
    pub title: String,
    // The x axis.
    pub labels: Vec<String>,
    pub datasets: Vec<ChartDataset>,
    // One colour per dataset; absent: the island's palette.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub colors: Option<Vec<String>>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChartDataset {
    pub label: String,
    // Amounts in reais as decimal strings (`"1234.56"`), one per label.
    pub data: Vec<String>,
}

/// The "Copiar código Pix" button next to a read-only field.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CopiarProps {
    // The `id` of the field whose value is copied.
    pub target: String,
    // The button's text.
    pub label: String,
    // Status text after copying.
    pub ok: String,
    // Status text when the clipboard refuses (the field's text is selected instead).
    pub fail: String,
}

/// A live countdown; the fallback is the deadline as text.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
// Borrowed from the page's data: the home draws one per pending reservation.
pub struct CountdownProps<'a> {
    // RFC 3339 (`2026-11-22T18:00:00-03:00`).
    pub deadline: &'a str,
    // Shown once the deadline has passed.
    pub finished_text: &'a str,
}

/// The documents tab's upload forms, sent in the background with a progress bar (a selfie
/// over a slow mobile network takes a while); the fallback is the plain multipart forms.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EnvioDocumentoProps {
    // Before the percentage while the file goes up (`"Enviando"` → "Enviando… 42%").
    pub sending: String,
    // Shown when the answer is neither the next page nor a refusal (network failure).
    pub failed: String,
}

/// The Localização map (Leaflet); the fallback is the place and a link to OpenStreetMap.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapProps {
    pub lat: f64,
    pub lon: f64,
    // The place, as the marker's tooltip and the map's accessible name.
    pub label: String,
    // URL of Leaflet's stylesheet, added to the page only when a map mounts.
    pub css: String,
    // The tile server's URL template (`{z}/{x}/{y}`), from the configuration.
    pub tiles: String,
    // The tile server's attribution (HTML, from the configuration).
    pub attribution: String,
}

/// The input masks: the phone's `(##) #####-####` on an `input[type=tel]` (sign-up,
/// registration data) and the CEP's `#####-###` on an input marked `data-mascara="cep"`
/// (the address). It reads nothing but the fields themselves.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MascaraProps {}

/// The notifications list: each card's link opens the detail (the server's page as a
/// fragment) in a side modal; opening an unread one lowers the header's counter.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NotificacaoProps {
    // The modal's heading.
    pub title: String,
    // The list is of unread notifications: opening one reads it.
    pub unread: bool,
    // The note a card gets once read in the modal.
    pub read_note: String,
}

/// A section of the page (a filter, the settings) opened as a side modal by its link; the
/// fallback is the link to the section's anchor.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PainelLateralProps {
    // The modal's heading.
    pub title: String,
    // The `id` of the section moved into the modal.
    pub target: String,
    // Open at once (a refused form: its typed values and message in view).
    pub open: bool,
}

/// The investment reservation as a side modal of the offering page.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReservaProps {
    // First step of the reservation flow (the fallback link's target).
    pub href: String,
    // Text of the link that opens the modal, and the modal's heading.
    pub label: String,
    // The heading of a refusal ('Atenção!').
    pub attention: String,
    // Shown when the answer is neither the next step nor a refusal (network failure).
    pub generic: String,
}

/// A donut (chart.js) over the server's SVG of the same donut, mounted when touched or focused.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// Its texts are borrowed from the page's data: a home draws one on every visit.
pub struct RoscaProps<'a> {
    // Height of the drawing area in CSS pixels (the server's SVG has the same).
    pub height: u32,
    // The canvas's accessible name.
    pub title: &'a str,
    // One per slice.
    pub labels: Vec<&'a str>,
    // Amounts in reais as decimal strings (`"1234.56"`), one per label.
    pub values: Vec<&'a str>,
    // One colour per slice, the server's legend swatches; absent: the island's palette.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub colors: Option<Vec<&'a str>>,
}

/// 'Simule o seu investimento' as a modal of the offering page.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimulacaoProps {
    // The simulation page (the fallback link's target).
    pub url: String,
    // The modal's heading.
    pub title: String,
}

/// The two-thumb range sliders of the offerings filter.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SliderProps {
    pub sliders: Vec<Slider>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Slider {
    // The filter's query name: the thumbs submit `{name}De` and `{name}Ate`.
    pub name: String,
    pub label: String,
    // `"R$"`, `"%"` or a word after the number (`"meses"`).
    pub unit: String,
    pub min: u32,
    pub max: u32,
    pub step: u32,
    pub from: u32,
    pub to: u32,
}

/// The "Ocultar valores" toggle of the header: the server's form, posted in the background;
/// the shared show/hide flag then flips every amount of the page and its islands.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct VisibilityProps {
    // Where the form posts.
    pub action: String,
    // The button while amounts are shown, and while hidden.
    pub hide_label: String,
    pub show_label: String,
    // Said to screen readers once the amounts are shown, or hidden.
    pub shown_status: String,
    pub hidden_status: String,
}

/// The contents of `islands/generated/props.ts`: every props type above, in a fixed order, so
/// the same structs always give the same bytes.
#[cfg(feature = "ts")]
pub fn typescript() -> String {
    use ts_rs::{Config, TS};

    fn declare<T: TS>(cfg: &Config, out: &mut String) {
        out.push('\n');
        if let Some(docs) = T::docs() {
            out.push_str(&docs);
        }
        out.push_str("export ");
        out.push_str(&T::decl(cfg));
        out.push('\n');
    }

    let cfg = Config::new();
    let mut out = String::from(
        "// @generated by build.rs from the props structs of islands/props (colheita-islands).\n\
         // Do not edit: change the Rust structs, and the build rewrites this file.\n",
    );
    declare::<ChartProps>(&cfg, &mut out);
    declare::<ChartDataset>(&cfg, &mut out);
    declare::<CopiarProps>(&cfg, &mut out);
    declare::<CountdownProps>(&cfg, &mut out);
    declare::<EnvioDocumentoProps>(&cfg, &mut out);
    declare::<MapProps>(&cfg, &mut out);
    declare::<MascaraProps>(&cfg, &mut out);
    declare::<NotificacaoProps>(&cfg, &mut out);
    declare::<PainelLateralProps>(&cfg, &mut out);
    declare::<ReservaProps>(&cfg, &mut out);
    declare::<RoscaProps>(&cfg, &mut out);
    declare::<SimulacaoProps>(&cfg, &mut out);
    declare::<SliderProps>(&cfg, &mut out);
    declare::<Slider>(&cfg, &mut out);
    declare::<VisibilityProps>(&cfg, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = Island::ALL.iter().map(|i| i.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Island::ALL.len());
    }

    #[test]
    fn props_serialize_as_the_islands_read_them() -> Result<(), serde_json::Error> {
        // An island without props still gets an object, never `null`.
        assert_eq!(serde_json::to_string(&MascaraProps {})?, "{}");
        let countdown = CountdownProps {
            deadline: "2026-11-22T18:00:00-03:00",
            finished_text: "Encerrado",
        };
        assert_eq!(
            serde_json::to_string(&countdown)?,
            r#"{"deadline":"2026-11-22T18:00:00-03:00","finishedText":"Encerrado"}"#
        );
        let chart = ChartProps {
            height: 280,
            title: "T".into(),
            labels: vec!["a".into()],
            datasets: vec![ChartDataset {
                label: "Valor".into(),
                data: vec!["1.50".into()],
            }],
            colors: None,
        };
        assert_eq!(
            serde_json::to_string(&chart)?,
            r#"{"height":280,"title":"T","labels":["a"],"datasets":[{"label":"Valor","data":["1.50"]}]}"#
        );
        let rosca = RoscaProps {
            height: 280,
            title: "T",
            labels: vec!["a"],
            values: vec!["1.50"],
            colors: None,
        };
        assert_eq!(
            serde_json::to_string(&rosca)?,
            r#"{"height":280,"title":"T","labels":["a"],"values":["1.50"]}"#
        );
        Ok(())
    }
}
