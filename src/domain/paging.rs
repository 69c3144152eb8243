//! Pagination: the page links shown are a window of 5 around the current page, and the
//! lists with a size choice (statement, notifications, products) offer the same sizes.

/// The page sizes offered, and the default.
pub const PAGE_SIZES: [u32; 9] = [10, 20, 30, 40, 50, 100, 200, 500, 1000];
pub const DEFAULT_PAGE_SIZE: u32 = 10;

/// A page number from the address: 1 unless it is a number from 1 up.
pub fn page_number(s: &str) -> u32 {
    s.trim().parse().ok().filter(|p| *p >= 1).unwrap_or(1)
}

/// A page size from the address: one of [`PAGE_SIZES`], else the default.
pub fn page_size(s: &str) -> u32 {
    s.trim()
        .parse()
        .ok()
        .filter(|n| PAGE_SIZES.contains(n))
        .unwrap_or(DEFAULT_PAGE_SIZE)
}

/// Number of pages for `total` items of `page_size` (at least 1).
pub fn total_pages(total: u64, page_size: u32) -> u32 {
    let size = u64::from(page_size.max(1));
    u32::try_from(total.div_ceil(size))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// The page numbers to link to: `width` consecutive pages around `current`, shifted to
/// stay inside 1..=pages.
pub fn window(current: u32, pages: u32, width: u32) -> std::ops::RangeInclusive<u32> {
    let pages = pages.max(1);
    let width = width.clamp(1, pages);
    let current = current.clamp(1, pages);
    let half = width / 2;
    let start = current.saturating_sub(half).max(1).min(pages - width + 1);
    start..=start + width - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_round_up_and_never_drop_below_one() {
        assert_eq!(total_pages(0, 12), 1);
        assert_eq!(total_pages(12, 12), 1);
        assert_eq!(total_pages(13, 12), 2);
        assert_eq!(total_pages(5, 0), 5);
    }

    #[test]
    fn the_window_centres_on_the_current_page() {
        assert_eq!(window(1, 10, 5), 1..=5);
        assert_eq!(window(3, 10, 5), 1..=5);
        assert_eq!(window(4, 10, 5), 2..=6);
        assert_eq!(window(10, 10, 5), 6..=10);
        assert_eq!(window(9, 10, 5), 6..=10);
    }

    #[test]
    fn page_and_size_from_the_address_fall_back_to_the_defaults() {
        assert_eq!(page_number("3"), 3);
        for bad in ["0", "-1", "x", ""] {
            assert_eq!(page_number(bad), 1, "{bad}");
        }
        assert_eq!(page_size(" 50 "), 50);
        for bad in ["15", "2000", "x", ""] {
            assert_eq!(page_size(bad), DEFAULT_PAGE_SIZE, "{bad}");
        }
    }

    #[test]
    fn few_pages_show_them_all() {
        assert_eq!(window(1, 1, 5), 1..=1);
        assert_eq!(window(2, 3, 5), 1..=3);
        assert_eq!(window(99, 3, 5), 1..=3);
    }
}
