//! Typed validation failures: each names the form field it is about and carries the exact
//! message the user reads. Forms mark fields from `field()`; nothing matches on message
//! text.

use validator::ValidationErrors;

/// One failed rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldError {
    field: &'static str,
    message: &'static str,
}

impl FieldError {
    pub const fn new(field: &'static str, message: &'static str) -> Self {
        FieldError { field, message }
    }

    /// The form field (the input's `name`) the failure is about.
    pub fn field(&self) -> &'static str {
        self.field
    }

    pub fn message(&self) -> &'static str {
        self.message
    }
}

/// A refused form: its failures in the order the form tells them. The first decides the
/// message; every field failing with that same message is marked (one 'fill every field'
/// message marks every empty field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    failures: Vec<FieldError>,
}

impl FormError {
    pub fn new(failures: Vec<FieldError>) -> Option<Self> {
        (!failures.is_empty()).then_some(FormError { failures })
    }

    pub fn single(failure: FieldError) -> Self {
        FormError {
            failures: vec![failure],
        }
    }

    /// The message shown under 'Atenção!'.
    pub fn message(&self) -> &'static str {
        self.failures.first().map_or("", FieldError::message)
    }

    /// Whether `field` is marked `aria-invalid`.
    pub fn marks(&self, field: &str) -> bool {
        let message = self.message();
        self.failures
            .iter()
            .any(|f| f.field == field && f.message == message)
    }
}

impl FormError {
    /// The first failure of `field`, whatever the alert's message: each field can say
    /// under itself what is wrong with it.
    pub fn field_message(&self, field: &str) -> Option<&'static str> {
        self.failures
            .iter()
            .find(|f| f.field == field)
            .map(FieldError::message)
    }
}

impl From<FieldError> for FormError {
    fn from(f: FieldError) -> Self {
        FormError::single(f)
    }
}

/// One rule of a form as `validator` reports it: the field, the code its validator sets,
/// and the message for the user.
pub struct Rule {
    pub field: &'static str,
    pub code: &'static str,
    pub message: &'static str,
}

/// The failures `validator` found, in the order of `rules` (its own report is a map, with
/// no order). A failure whose (field, code) is not among `rules` is a programming error
/// in the form's table; it is reported last, with the first rule's message, rather than
/// let through.
pub fn in_order(errors: &ValidationErrors, rules: &[Rule]) -> Vec<FieldError> {
    let fields = errors.field_errors();
    let has = |field: &str, code: &str| {
        fields
            .get(field)
            .is_some_and(|list| list.iter().any(|e| e.code == code))
    };
    let mut out: Vec<FieldError> = rules
        .iter()
        .filter(|r| has(r.field, r.code))
        .map(|r| FieldError::new(r.field, r.message))
        .collect();
    if out.is_empty()
        && !fields.is_empty()
        && let Some(first) = rules.first()
    {
        out.push(FieldError::new(first.field, first.message));
    }
    out
}

/// `validator` custom rule: the field holds something besides spaces.
pub fn filled(value: &str) -> Result<(), validator::ValidationError> {
    if value.trim().is_empty() {
        Err(validator::ValidationError::new(REQUIRED))
    } else {
        Ok(())
    }
}

/// The code of [`filled`].
pub const REQUIRED: &str = "required";

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn the_first_failure_decides_the_message_and_the_marks() {
        let e = FormError::new(vec![
            FieldError::new("a", "fill"),
            FieldError::new("b", "fill"),
            FieldError::new("c", "other"),
        ])
        .unwrap();
        assert_eq!(e.message(), "fill");
        assert!(e.marks("a") && e.marks("b") && !e.marks("c"));
        assert_eq!(FormError::new(vec![]), None);
    }
}
