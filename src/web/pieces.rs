//! A page's body as the pieces it was drawn in, sent one after the other.
//!
//! The shell around a page (head, header, footer) is drawn after its main content, and
//! joining them meant copying the main content (some 25 KB on the home) into one more
//! buffer. The pieces go out as they are instead: the server writes them in one vectored
//! write, and the body's exact length still becomes the `Content-Length`.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body::{Frame, SizeHint};

pub struct Pieces {
    pieces: [Option<Bytes>; 3],
    next: usize,
    remaining: u64,
}

impl Pieces {
    pub fn new(pieces: [String; 3]) -> Self {
        let remaining = pieces.iter().map(|p| p.len() as u64).sum();
        Pieces {
            pieces: pieces.map(|p| (!p.is_empty()).then(|| Bytes::from(p))),
            next: 0,
            remaining,
        }
    }
}

impl http_body::Body for Pieces {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        while this.next < this.pieces.len() {
            let piece = this.pieces[this.next].take();
            this.next += 1;
            if let Some(piece) = piece {
                this.remaining -= piece.len() as u64;
                return Poll::Ready(Some(Ok(Frame::data(piece))));
            }
        }
        Poll::Ready(None)
    }

    fn is_end_stream(&self) -> bool {
        self.remaining == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt as _;

    #[tokio::test]
    async fn the_pieces_arrive_in_order_and_their_length_is_known_before() {
        let body = Pieces::new(["<p>".into(), String::new(), "olá</p>".into()]);
        assert_eq!(http_body::Body::size_hint(&body).exact(), Some(11));
        assert!(!http_body::Body::is_end_stream(&body));
        let bytes = body.collect().await.unwrap().to_bytes();
        assert_eq!(&bytes[..], "<p>olá</p>".as_bytes());
    }

    #[tokio::test]
    async fn empty_pieces_are_an_empty_body() {
        let body = Pieces::new([String::new(), String::new(), String::new()]);
        assert!(http_body::Body::is_end_stream(&body));
        assert_eq!(http_body::Body::size_hint(&body).exact(), Some(0));
        assert!(body.collect().await.unwrap().to_bytes().is_empty());
    }
}
