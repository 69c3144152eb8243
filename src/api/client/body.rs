//! Reading a platform answer: its body, capped, and its `Cache-Control`.

use reqwest::header;

use crate::api::error::ApiError;

/// Reads a body up to `max` bytes: a larger answer (announced or streamed) is an
/// [`ApiError`], never an unbounded buffer.
pub(super) async fn read_capped(
    mut resp: reqwest::Response,
    max: usize,
) -> Result<bytes::Bytes, ApiError> {
    let too_large = || {
        tracing::warn!(max, "platform answer over the size cap");
        ApiError::Unavailable(format!("resposta maior que {max} bytes"))
    };
    if resp
        .content_length()
        .is_some_and(|n| n > u64::try_from(max).unwrap_or(u64::MAX))
    {
        return Err(too_large());
    }
    // Sized once from the announced length: growing by doubling copies a large list twice.
    let announced = resp
        .content_length()
        .map_or(0, |n| usize::try_from(n).unwrap_or(0));
    let mut body = bytes::BytesMut::with_capacity(announced.min(max));
    while let Some(chunk) = resp.chunk().await.map_err(|e| ApiError::transport(&e))? {
        if body.len() + chunk.len() > max {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// An answer's `Cache-Control`, when it is text: the micro-cache decides from it whether the
/// answer may be shared.
pub(super) fn cache_control(headers: &header::HeaderMap) -> Option<String> {
    headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}
