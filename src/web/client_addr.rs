//! The client's address, for the per-address limits: the connection's peer, or behind a
//! trusted proxy the last `X-Forwarded-For` entry (the one that proxy appended; earlier
//! entries are whatever the client chose to send).

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::web::AppState;

pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientAddr(client_addr(
            &parts.headers,
            peer,
            app.cfg.trust_forwarded_for,
        )))
    }
}

/// Without a known peer (a server that does not record it) every client shares one
/// address: the limits then hold for all together rather than for no one.
pub fn client_addr(headers: &HeaderMap, peer: Option<IpAddr>, trust_forwarded: bool) -> IpAddr {
    let forwarded = trust_forwarded
        .then(|| headers.get_all("x-forwarded-for").iter().next_back())
        .flatten()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|ip| ip.trim().parse().ok());
    forwarded
        .or(peer)
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xff(values: &[&'static str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().expect("header"));
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn the_peer_counts_unless_a_proxy_is_trusted() {
        let h = xff(&["198.51.100.1"]);
        assert_eq!(client_addr(&h, Some(ip("10.0.0.2")), false), ip("10.0.0.2"));
        assert_eq!(
            client_addr(&h, Some(ip("10.0.0.2")), true),
            ip("198.51.100.1")
        );
    }

    #[test]
    fn only_the_entry_the_proxy_appended_is_believed() {
        let h = xff(&["1.2.3.4, 5.6.7.8", "198.51.100.9"]);
        assert_eq!(client_addr(&h, None, true), ip("198.51.100.9"));
        let h = xff(&["1.2.3.4, 203.0.113.5"]);
        assert_eq!(client_addr(&h, None, true), ip("203.0.113.5"));
        // Garbage from the proxy falls back to the peer.
        let h = xff(&["not-an-ip"]);
        assert_eq!(client_addr(&h, Some(ip("10.0.0.2")), true), ip("10.0.0.2"));
    }

    #[test]
    fn an_unknown_peer_is_one_shared_address() {
        assert_eq!(
            client_addr(&HeaderMap::new(), None, false),
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        );
    }
}
