//! A form as a browser sends it (its fields with their drawn values, then what the
//! investor types over them), and whether a form drawn again kept every value typed.

use scraper::{ElementRef, Html, Selector};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    /// A password: never drawn again, by rule.
    Secret,
    /// Read-only (the CPF, the e-mail): sent, never typed.
    Fixed,
    /// A checkbox or radio: sent only when ticked.
    Choice,
    Select,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub value: String,
    pub kind: Kind,
    pub ticked: bool,
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

/// The form of `doc` whose action is `action`.
pub fn find<'a>(doc: &'a Html, action: &str) -> Option<ElementRef<'a>> {
    doc.select(&sel("form"))
        .find(|f| f.value().attr("action") == Some(action))
}

fn collapse(s: String) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every field of the form (unticked choices too, so an edit can tick them).
pub fn fields(form: ElementRef<'_>) -> Vec<Field> {
    let mut out = Vec::new();
    for e in form.select(&sel("input, select, textarea")) {
        let v = e.value();
        let Some(name) = v.attr("name") else { continue };
        let field = |value: &str, kind, ticked| Field {
            name: name.to_owned(),
            value: value.to_owned(),
            kind,
            ticked,
        };
        match v.name() {
            "select" => {
                let options: Vec<_> = e.select(&sel("option")).collect();
                let chosen = options
                    .iter()
                    .find(|o| o.value().attr("selected").is_some())
                    .or(options.first());
                let value = chosen.map(|o| option_value(*o)).unwrap_or_default();
                out.push(field(&value, Kind::Select, true));
            }
            "textarea" => out.push(field(&e.text().collect::<String>(), Kind::Text, true)),
            _ => {
                let value = v.attr("value").unwrap_or_default();
                match v.attr("type").unwrap_or("text") {
                    "submit" | "button" | "image" | "reset" | "file" => {}
                    "password" => out.push(field(value, Kind::Secret, true)),
                    _ if v.attr("readonly").is_some() => out.push(field(value, Kind::Fixed, true)),
                    "checkbox" | "radio" => {
                        let value = v.attr("value").unwrap_or("on");
                        out.push(field(value, Kind::Choice, v.attr("checked").is_some()));
                    }
                    _ => out.push(field(value, Kind::Text, true)),
                }
            }
        }
    }
    out
}

fn option_value(o: ElementRef<'_>) -> String {
    o.value()
        .attr("value")
        .map(str::to_owned)
        .unwrap_or_else(|| collapse(o.text().collect()))
}

/// What the investor types: a text replaces the field's value, a choice is ticked (a
/// radio's siblings unticked); a name the form lacks is sent as a plain field.
pub fn typed(mut fields: Vec<Field>, edits: &[(&'static str, String)]) -> Vec<Field> {
    for (name, value) in edits {
        let choices: Vec<usize> = (0..fields.len())
            .filter(|i| fields[*i].name == *name && fields[*i].kind == Kind::Choice)
            .collect();
        if !choices.is_empty() {
            for i in choices {
                fields[i].ticked = fields[i].value == *value;
            }
        } else if let Some(f) = fields.iter_mut().find(|f| f.name == *name) {
            f.value = value.clone();
        } else {
            fields.push(Field {
                name: (*name).to_owned(),
                value: value.clone(),
                kind: Kind::Text,
                ticked: true,
            });
        }
    }
    fields
}

/// The pairs a browser posts.
pub fn pairs(fields: &[Field]) -> Vec<(String, String)> {
    fields
        .iter()
        .filter(|f| f.ticked)
        .map(|f| (f.name.clone(), f.value.clone()))
        .collect()
}

/// The values sent that the form drawn again does not show (passwords excepted).
pub fn lost(form: ElementRef<'_>, sent: &[Field]) -> Vec<String> {
    let again = fields(form);
    sent.iter()
        .filter(|f| f.ticked && !matches!(f.kind, Kind::Secret | Kind::Fixed))
        .filter(|f| {
            !again.iter().any(|g| {
                g.name == f.name
                    && match f.kind {
                        Kind::Choice => g.value == f.value && g.ticked,
                        _ => collapse(g.value.clone()) == collapse(f.value.clone()),
                    }
            })
        })
        .map(|f| format!("{}={:?}", f.name, f.value))
        .collect()
}
