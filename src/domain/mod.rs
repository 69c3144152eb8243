//! Pure domain rules: money, dates, validation, Pix, reference lists.
//! No I/O and no clock: "now" is always a parameter.

pub mod dates;
pub mod money;
pub mod offering;
pub mod order;
pub mod paging;
pub mod pix;
pub mod reference;
pub mod validate;
