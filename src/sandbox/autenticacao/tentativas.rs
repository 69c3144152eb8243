//! Attempts at the password change (`PUT /v2/seguranca/senha`), which checks the current
//! password: without a bound, a stolen session could guess it and take the account. Like
//! the login, every attempt counts, right or wrong, before the password is looked at; here
//! both per account (however many addresses try it) and per client address (however many
//! accounts one address tries).

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::rate_limit::AttemptLimiter;

/// Above this many remembered accounts, those whose allowance is full again are forgotten.
const MAX_CONTAS: usize = 100_000;

pub(crate) struct TentativasSenha {
    por_conta: DefaultKeyedRateLimiter<i64>,
    por_endereco: AttemptLimiter,
}

impl TentativasSenha {
    /// `por_conta` attempts an hour per account and `por_endereco` per client address.
    pub(crate) fn por_hora(por_conta: NonZeroU32, por_endereco: NonZeroU32) -> Self {
        Self {
            por_conta: RateLimiter::keyed(Quota::per_hour(por_conta)),
            por_endereco: AttemptLimiter::per_hour(por_endereco),
        }
    }

    /// Counts one attempt of `usuario` from `endereco`: `false` when either allowance is
    /// used up.
    pub(crate) fn permitir(&self, usuario: i64, endereco: IpAddr) -> bool {
        if self.por_conta.len() > MAX_CONTAS {
            self.por_conta.retain_recent();
            self.por_conta.shrink_to_fit();
        }
        let conta = self.por_conta.check_key(&usuario).is_ok();
        // Both are counted, so one address spreading over accounts is bounded too.
        let endereco = self.por_endereco.allow(endereco);
        conta && endereco
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u32) -> NonZeroU32 {
        NonZeroU32::new(v).expect("positive")
    }

    #[test]
    fn an_account_is_bounded_across_addresses_and_an_address_across_accounts() {
        let t = TentativasSenha::por_hora(n(2), n(3));
        let a: IpAddr = "203.0.113.1".parse().expect("ip");
        let b: IpAddr = "203.0.113.2".parse().expect("ip");
        assert!(t.permitir(1, a));
        assert!(t.permitir(1, b));
        assert!(
            !t.permitir(1, "203.0.113.3".parse().expect("ip")),
            "account 1 used up"
        );
        assert!(t.permitir(2, a));
        assert!(t.permitir(3, a), "the third attempt of address a");
        assert!(!t.permitir(5, a), "address a used up");
        assert!(t.permitir(4, "198.51.100.9".parse().expect("ip")));
    }
}
