//! Money sent to the platform as an exact JSON number: the decimal's own digits written
//! verbatim into the body, never converted to `f64` on the way (which cannot hold most
//! cents exactly and loses digits past 2^53).

use rust_decimal::Decimal;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// `serialize_with` for a [`Decimal`] in a JSON body. Only for serde_json (reqwest's
/// `.json`): the raw number is a serde_json token.
pub(crate) fn exact<S: Serializer>(value: &Decimal, s: S) -> Result<S::Ok, S::Error> {
    // Decimal's Display never uses an exponent: "-1234.50" is a valid JSON number.
    let raw = RawValue::from_string(value.to_string()).map_err(serde::ser::Error::custom)?;
    raw.serialize(s)
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    #[derive(Serialize)]
    struct Body {
        #[serde(serialize_with = "exact")]
        v: Decimal,
    }

    fn json(v: &str) -> String {
        let v = Decimal::from_str(v).expect("decimal");
        serde_json::to_string(&Body { v }).expect("json")
    }

    #[test]
    fn the_digits_are_written_as_they_are() {
        assert_eq!(json("1000.10"), r#"{"v":1000.10}"#);
        assert_eq!(json("0.1"), r#"{"v":0.1}"#);
        assert_eq!(json("-12.5"), r#"{"v":-12.5}"#);
        assert_eq!(json("0"), r#"{"v":0}"#);
        // Past what an f64 holds exactly: 2^53 + 1 cents' worth of digits survive.
        assert_eq!(json("90071992547409.93"), r#"{"v":90071992547409.93}"#);
        assert_eq!(
            json("12345678901234567890.12"),
            r#"{"v":12345678901234567890.12}"#
        );
    }
}
