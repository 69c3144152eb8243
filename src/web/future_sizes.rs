//! Every layer of the stack starts by moving the future of what it wraps into its own, so a
//! large future is copied whole several times per request. The session's gate and the home's
//! handler keep their rare or many platform calls boxed apart; these bounds hold them there
//! (measured in the test build: 1.5 KB and 1.3 KB, against 3.0 KB and 3.9 KB inline).

/// The size of the future `f` returns, without calling it.
fn future_of<A, B, F: std::future::Future>(_: fn(A, B) -> F) -> usize {
    std::mem::size_of::<F>()
}

fn future_of_4<A, B, C, D, F: std::future::Future>(_: fn(A, B, C, D) -> F) -> usize {
    std::mem::size_of::<F>()
}

#[test]
fn the_gate_s_future_is_small_enough_to_move() {
    let size = future_of_4(super::gate);
    assert!(size <= 2048, "the gate's future takes {size} bytes");
}

#[test]
fn the_home_s_future_is_small_enough_to_move() {
    let size = future_of(super::pages::home::view_home_get);
    assert!(size <= 2048, "the home's future takes {size} bytes");
}
