//! Searching Portuguese text the way a user types it: the sandbox folds with the domain's
//! one accent-folding function, so its stored folded copies and the web's status names
//! agree.

pub(crate) use crate::domain::texto::dobrar;
