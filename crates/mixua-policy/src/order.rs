//! Ordering short lists without the standard library's sort. Every
//! `sort_by`/`sort_by_key` (and every `collect` into a `BTreeMap` or
//! `BTreeSet`, which sorts its input) brings the whole stable sort into the
//! wasm again for its element type, about 3.5 KB each; a short list needs
//! only this.

/// Sorts `v` stably (equal elements keep their order): `after(a, b)` says
/// whether `a` belongs after `b`. An insertion sort, for short lists (a
/// card's malformed fields, retention entries, saved works, the cards one
/// sweep expires): quadratic on a long list in the worst case.
pub fn sort_small_by<T>(v: &mut [T], after: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && after(&v[j - 1], &v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}
