//! Properties of the typed-date parser (`parse_date_br`) and of the platform's date-time
//! reader over generated input: never a panic, every real past date reads back as itself,
//! impossible or future dates are refused with their message.

use jiff::ToSpan;
use jiff::civil::Date;
use proptest::prelude::*;

use super::*;

/// Any calendar day from 0001-01-01 to 9999-12-31.
fn day() -> impl Strategy<Value = Date> {
    (1i16..=9999, 1i8..=12, 1i8..=31).prop_map(|(y, m, d)| {
        let last = Date::new(y, m, 1).map_or(28, |first| first.days_in_month());
        Date::new(y, m, d.min(last)).unwrap_or(Date::MIN)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsing_never_panics(s in any::<String>(), t in "[0-9/ ]{0,12}", today in day()) {
        let _ = parse_date_br(&s, today);
        let _ = parse_date_br(&t, today);
        let _ = parse_platform_datetime(&s);
    }

    #[test]
    fn a_past_date_reads_back_as_itself(a in day(), b in day(), pad in "[ \t]{0,2}") {
        let (date, today) = if a <= b { (a, b) } else { (b, a) };
        let typed = format!("{pad}{}{pad}", format_civil_date_br(date));
        prop_assert_eq!(parse_date_br(&typed, today), Ok(date));
        // Normalising is idempotent: the date's own text reads as the same date.
        let again = format_civil_date_br(parse_date_br(&typed, today).unwrap_or(Date::MIN));
        prop_assert_eq!(again, format_civil_date_br(date));
    }

    #[test]
    fn a_future_date_is_refused(today in day(), ahead in 1i32..4000) {
        // Past 9999-12-31 there is nothing to type.
        if let Ok(future) = today.checked_add(ahead.days()) {
            let typed = format_civil_date_br(future);
            prop_assert_eq!(parse_date_br(&typed, today), Err(DateError::Future));
        }
    }

    #[test]
    fn impossible_days_and_months_are_refused(y in 1i16..=9999, m in 1i8..=12, month in 13u8..=99) {
        let today = Date::MAX;
        let last = Date::new(y, m, 1).map_or(28, |first| first.days_in_month());
        let past_the_end = format!("{:02}/{m:02}/{y:04}", last + 1);
        if last < 31 {
            prop_assert_eq!(parse_date_br(&past_the_end, today), Err(DateError::Day));
        }
        prop_assert_eq!(parse_date_br(&format!("00/{m:02}/{y:04}"), today), Err(DateError::Day));
        prop_assert_eq!(parse_date_br(&format!("01/{month:02}/{y:04}"), today), Err(DateError::Month));
        prop_assert_eq!(parse_date_br(&format!("01/00/{y:04}"), today), Err(DateError::Month));
    }

    #[test]
    fn anything_but_dd_mm_aaaa_is_refused_with_a_message(s in "[0-9/.-]{0,12}") {
        let shaped = s.len() == 10
            && s.bytes().enumerate().all(|(i, b)| if i == 2 || i == 5 { b == b'/' } else { b.is_ascii_digit() });
        if let Err(e) = parse_date_br(&s, Date::MAX) {
            prop_assert!(!e.to_string().is_empty());
        } else {
            prop_assert!(shaped, "{s:?} was accepted");
        }
    }
}

proptest! {
    /// Written digit by digit, a day and a time read as `format!`'s paddings write them,
    /// for any day jiff holds (years before 1000 and negative ones too).
    #[test]
    fn a_date_is_written_as_format_writes_it(
        y in -9999i16..=9999,
        m in 1i8..=12,
        d in 1i8..=28,
        second in any::<i64>(),
    ) {
        let day = Date::new(y, m, d).unwrap_or(Date::MIN);
        prop_assert_eq!(
            format_civil_date_br(day),
            format!("{:02}/{:02}/{:04}", day.day(), day.month(), day.year())
        );
        let ts = Timestamp::from_second(second.rem_euclid(253_402_207_200 - 86_400) + 86_400)
            .unwrap_or(Timestamp::UNIX_EPOCH);
        let dt = ts.to_zoned(sao_paulo()).datetime();
        prop_assert_eq!(
            format_datetime_br(ts),
            format!(
                "{:02}/{:02}/{:04} às {:02}:{:02}",
                dt.day(),
                dt.month(),
                dt.year(),
                dt.hour(),
                dt.minute()
            )
        );
    }
}
