//! The shared counts against a real store: a `redis-server` of their own on a free port
//! (tests/run.sh installs it; without it these tests fail, saying so).

use std::net::TcpListener;
use std::num::NonZeroU32;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::*;
use crate::rate_limit::{Allowances, Guess, Limits, StoreDown};

struct Store {
    child: Child,
    url: String,
    _dir: std::path::PathBuf,
}

impl Drop for Store {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn store() -> Store {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let dir = std::env::temp_dir().join(format!("colheita-redis-{:x}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .arg("--dir")
        .arg(&dir)
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server must be on PATH for these tests (tests/run.sh installs it)");
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "redis-server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    Store {
        child,
        url: format!("redis://127.0.0.1:{port}/0"),
        _dir: dir,
    }
}

fn addr(s: &str) -> String {
    addr_key(s.parse().expect("ip"))
}

#[tokio::test]
async fn each_key_is_counted_within_its_window() {
    let store = store();
    let counts = SharedCounts::new(&store.url).expect("store");
    let a = [(Kind::SignUp, addr("203.0.113.7"))];
    for n in 1..=3 {
        assert_eq!(counts.count_in(&a, 100).await, Ok(vec![n]));
    }
    // The next hour starts again; another key, or another kind, is not affected.
    assert_eq!(counts.count_in(&a, 101).await, Ok(vec![1]));
    let b = [(Kind::SignUp, addr("203.0.113.8"))];
    assert_eq!(counts.count_in(&b, 100).await, Ok(vec![1]));
    let both = [
        (Kind::GuessAddr, addr("203.0.113.7")),
        (Kind::SignUp, addr("203.0.113.7")),
    ];
    assert_eq!(counts.count_in(&both, 100).await, Ok(vec![1, 4]));
    // One IPv6 /64 is one key.
    assert_eq!(addr("2001:db8:1:2::1"), addr("2001:db8:1:2:ffff::9"));
    assert_ne!(addr("2001:db8:1:2::1"), addr("2001:db8:1:3::1"));
}

#[tokio::test]
async fn shared_limits_refuse_past_the_allowance_and_end_the_session_at_twice() {
    let store = store();
    let allow = Allowances {
        signups: NonZeroU32::new(2).expect("positive"),
        password_guesses: NonZeroU32::new(2).expect("positive"),
    };
    let limits = Limits::shared(&store.url, allow).expect("store");
    let a = "203.0.113.7".parse().expect("ip");
    assert_eq!(limits.sign_up(a).await, Ok(true));
    assert_eq!(limits.sign_up(a).await, Ok(true));
    assert_eq!(limits.sign_up(a).await, Ok(false));
    let mut got = Vec::new();
    for _ in 0..5 {
        got.push(limits.password_guess("100234", a).await.expect("counted"));
    }
    use Guess::*;
    assert_eq!(got, [Allowed, Allowed, TooMany, TooMany, EndSession]);
    // The address's count reaches another account.
    assert_eq!(limits.password_guess("999999", a).await, Ok(EndSession));
}

#[tokio::test]
async fn a_store_that_is_gone_fails_the_count_fast() {
    let mut store = store();
    let limits = Limits::shared(
        &store.url,
        Allowances {
            signups: NonZeroU32::MIN,
            password_guesses: NonZeroU32::MIN,
        },
    )
    .expect("store");
    let a = "203.0.113.7".parse().expect("ip");
    assert_eq!(limits.sign_up(a).await, Ok(true));
    store.child.kill().expect("stopped");
    store.child.wait().expect("stopped");
    let started = Instant::now();
    assert_eq!(limits.sign_up(a).await, Err(StoreDown));
    assert_eq!(limits.password_guess("100234", a).await, Err(StoreDown));
    assert!(started.elapsed() < Duration::from_secs(3));
}
