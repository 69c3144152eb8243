//! The statement's period as the platform reads it (dates already `YYYY-MM-DD`): which São
//! Paulo calendar days a statement query covers, with the same refusals as the form.

use jiff::ToSpan;
use jiff::civil::Date;

use super::{
    DEFAULT_DAYS, MAX_DAYS, MSG_BOTH_DATES as MSG_DUAS_DATAS, MSG_FILTER as MSG_FILTRO,
    MSG_FUTURE as MSG_FUTURO, MSG_ORDER as MSG_ORDEM, MSG_RANGE as MSG_90_DIAS,
};

/// Without dates nor `dias`, the last week.
const DIAS_PADRAO: i64 = DEFAULT_DAYS as i64;
/// The longest period, in calendar days with both ends counted: `dias` at most this, and
/// `fim − inicio + 1` at most this (the web's form counts the same way).
const DIAS_MAXIMO: i64 = MAX_DAYS as i64;

/// Both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodo {
    pub inicio: Date,
    pub fim: Date,
}

/// The period asked for. Both dates win over `dias`; `dias` is the last N days counting
/// today; neither means the last [`DIAS_PADRAO`] days. Refusals, in this order: one date
/// only; start after end; longer than 90 days (`fim − inicio + 1 > 90`, or `dias > 90`);
/// a day after `hoje`. `dias < 1` is an invalid filter.
pub fn periodo(
    inicio: Option<Date>,
    fim: Option<Date>,
    dias: Option<i64>,
    hoje: Date,
) -> Result<Periodo, &'static str> {
    let (inicio, fim) = match (inicio, fim) {
        (Some(i), Some(f)) => {
            if i > f {
                return Err(MSG_ORDEM);
            }
            let longo = i
                .until(f)
                .map(|s| i64::from(s.get_days()) + 1 > DIAS_MAXIMO)
                .unwrap_or(true);
            if longo {
                return Err(MSG_90_DIAS);
            }
            (i, f)
        }
        (Some(_), None) | (None, Some(_)) => return Err(MSG_DUAS_DATAS),
        (None, None) => {
            let n = dias.unwrap_or(DIAS_PADRAO);
            if n < 1 {
                return Err(MSG_FILTRO);
            }
            if n > DIAS_MAXIMO {
                return Err(MSG_90_DIAS);
            }
            let i = hoje.checked_sub((n - 1).days()).map_err(|_| MSG_FILTRO)?;
            (i, hoje)
        }
    };
    if fim > hoje {
        return Err(MSG_FUTURO);
    }
    Ok(Periodo { inicio, fim })
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    const HOJE: Date = date(2026, 11, 23);

    #[test]
    fn sem_nada_e_a_ultima_semana_e_dias_conta_hoje() {
        assert_eq!(
            periodo(None, None, None, HOJE),
            Ok(Periodo {
                inicio: date(2026, 11, 17),
                fim: HOJE
            })
        );
        assert_eq!(
            periodo(None, None, Some(1), HOJE),
            Ok(Periodo {
                inicio: HOJE,
                fim: HOJE
            })
        );
        assert_eq!(
            periodo(None, None, Some(90), HOJE).map(|p| p.inicio),
            Ok(date(2026, 8, 26))
        );
        assert_eq!(periodo(None, None, Some(91), HOJE), Err(MSG_90_DIAS));
        assert_eq!(periodo(None, None, Some(0), HOJE), Err(MSG_FILTRO));
    }

    #[test]
    fn datas_vencem_dias_e_sao_conferidas_em_ordem() {
        let p = periodo(
            Some(date(2026, 9, 1)),
            Some(date(2026, 9, 30)),
            Some(500),
            HOJE,
        );
        assert_eq!(p.map(|p| p.fim), Ok(date(2026, 9, 30)));
        assert_eq!(periodo(Some(HOJE), None, None, HOJE), Err(MSG_DUAS_DATAS));
        assert_eq!(
            periodo(None, Some(HOJE), Some(3), HOJE),
            Err(MSG_DUAS_DATAS)
        );
        assert_eq!(
            periodo(Some(date(2026, 11, 2)), Some(date(2026, 11, 1)), None, HOJE),
            Err(MSG_ORDEM)
        );
        // 90 calendar days, both ends counted, is the longest allowed: the same days as
        // `dias=90`.
        assert_eq!(
            periodo(Some(date(2026, 8, 26)), Some(HOJE), None, HOJE),
            periodo(None, None, Some(90), HOJE)
        );
        assert_eq!(
            periodo(Some(date(2026, 8, 25)), Some(HOJE), None, HOJE),
            Err(MSG_90_DIAS)
        );
        assert_eq!(
            periodo(Some(HOJE), Some(date(2026, 11, 24)), None, HOJE),
            Err(MSG_FUTURO)
        );
        assert_eq!(
            periodo(
                Some(date(2026, 11, 20)),
                Some(date(2026, 11, 20)),
                None,
                HOJE
            ),
            Ok(Periodo {
                inicio: date(2026, 11, 20),
                fim: date(2026, 11, 20)
            })
        );
    }
}
