//! A layer that makes the rest of the middleware stack cheap to clone.
//!
//! The router clones a route's whole service for every request, and each `from_fn`
//! middleware clones the service it wraps again on every call: with a dozen layers that is
//! a deep copy of the stack, allocations included, many times over, and as many drops, for
//! every request (the larger part of the work of serving a kept visitor page). Behind
//! [`SharedLayer`] the rest of the stack sits in one `Arc`: cloning it is one atomic
//! increment, and a call clones only the service right below, once.

use std::sync::Arc;
use std::task::{Context, Poll};

use tower::util::Oneshot;
use tower::{Layer, Service, ServiceExt as _};

#[derive(Clone, Copy, Debug, Default)]
pub struct SharedLayer;

impl<S> Layer<S> for SharedLayer {
    type Service = Shared<S>;

    fn layer(&self, inner: S) -> Shared<S> {
        Shared(Arc::new(inner))
    }
}

#[derive(Debug)]
pub struct Shared<S>(Arc<S>);

impl<S> Clone for Shared<S> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<S, R> Service<R> for Shared<S>
where
    S: Service<R> + Clone,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Oneshot<S, R>;

    /// Readiness is the clone's, awaited by the call's `Oneshot`.
    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: R) -> Self::Future {
        (*self.0).clone().oneshot(req)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A service that counts its clones.
    struct Counted(Arc<AtomicUsize>);

    impl Clone for Counted {
        fn clone(&self) -> Self {
            self.0.fetch_add(1, Ordering::Relaxed);
            Counted(self.0.clone())
        }
    }

    impl Service<u32> for Counted {
        type Response = u32;
        type Error = std::convert::Infallible;
        type Future = std::future::Ready<Result<u32, Self::Error>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, req: u32) -> Self::Future {
            std::future::ready(Ok(req + 1))
        }
    }

    #[tokio::test]
    async fn a_call_answers_as_the_inner_service_and_clones_it_once() {
        let clones = Arc::new(AtomicUsize::new(0));
        let shared = SharedLayer.layer(Counted(clones.clone()));
        let copies: Vec<_> = (0..10).map(|_| shared.clone()).collect();
        assert_eq!(
            clones.load(Ordering::Relaxed),
            0,
            "cloning the layer copies nothing"
        );
        for (i, s) in copies.into_iter().enumerate() {
            let n = u32::try_from(i).unwrap_or_default();
            assert_eq!(s.oneshot(n).await, Ok(n + 1));
        }
        assert_eq!(clones.load(Ordering::Relaxed), 10, "one clone per call");
    }
}
