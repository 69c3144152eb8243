//! The 404 page for every unknown path.

use crate::web::{PageError, PageResult};

pub async fn view_not_found() -> PageResult {
    Err(PageError::NotFound)
}
