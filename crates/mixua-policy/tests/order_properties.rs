//! The small sort against the standard library's stable sort (the oracle):
//! the same order, equal keys in their first order.

use mixua_policy::order::sort_small_by;
use proptest::prelude::*;

proptest! {
    #[test]
    fn sorts_like_the_standard_stable_sort(v in proptest::collection::vec((0u8..6, any::<u16>()), 0..60)) {
        let mut ours = v.clone();
        sort_small_by(&mut ours, |a, b| a.0 > b.0);
        let mut oracle = v;
        oracle.sort_by_key(|e| e.0);
        prop_assert_eq!(ours, oracle);
    }
}
