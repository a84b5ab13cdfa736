//! The cache panel's list (`derive::CacheLines`): every replayed read is
//! counted, the reads that leaked or were stale are listed (the first
//! `READS_LISTED` of them) with the newest `READS_LISTED`, each with its
//! number among all the reads, and the gaps say how many are not listed.

use mixua_course::lesson_two_workspace;
use mixua_playground::derive::checks::{CacheLines, Listed, READS_LISTED};
use mixua_policy::{log_read, Viewer};
use mixua_words::Lang;

#[test]
fn a_long_log_lists_its_problem_reads_and_its_newest_and_counts_the_rest() {
    let mut ws = lesson_two_workspace(Lang::En);
    let before = CacheLines::of(&mixua_policy::replay_cache(&ws), Lang::En);
    // The story's own reads are few: all listed, no gap.
    assert!(before.total < READS_LISTED, "{}", before.total);
    assert!(before.listed.iter().all(|l| matches!(l, Listed::Read(_))));
    // 300 more reads, asked by the chart's viewers in turn.
    let viewers: Vec<(String, String)> = ws.users.iter().flat_map(|u| ws.agents.iter().map(move |a| (u.clone(), a.clone()))).collect();
    for n in 0..300 {
        let (user, agent) = &viewers[n % viewers.len()];
        log_read(&mut ws, Viewer::new(user, agent), "report").expect("a viewer of the chart may read");
    }
    let lines = CacheLines::of(&mixua_policy::replay_cache(&ws), Lang::En);
    assert_eq!(lines.total, before.total + 300);
    let reads: Vec<_> = lines.listed.iter().filter_map(|l| if let Listed::Read(r) = l { Some(r) } else { None }).collect();
    let unlisted: usize = lines.listed.iter().map(|l| if let Listed::Gap { reads, .. } = l { *reads } else { 0 }).sum();
    // Every read is listed or counted in a gap, once.
    assert_eq!(reads.len() + unlisted, lines.total);
    // Numbered in log order, from 1, the newest last.
    assert!(reads.windows(2).all(|w| w[0].number < w[1].number));
    assert_eq!(reads.last().map(|r| r.number), Some(lines.total));
    // The newest are there, and the reads that leaked or were stale: all of
    // them, or the first READS_LISTED; each gap counts those it holds. The
    // crate's replay is the reference.
    let replay = mixua_policy::replay_cache(&ws);
    let problem = |r: &mixua_policy::CachedRead<'_>| !r.stale.is_empty() || !r.leaks.is_empty();
    let all_problems = replay.reads.iter().filter(|r| problem(r)).count();
    let listed_problems = reads.iter().filter(|r| r.leak || r.stale).count();
    let gap_problems: usize = lines.listed.iter().map(|l| if let Listed::Gap { problems, .. } = l { *problems } else { 0 }).sum();
    assert!(all_problems > 0, "the story's cache serves stale or leaking answers");
    assert_eq!(listed_problems + gap_problems, all_problems);
    assert!(listed_problems >= all_problems.min(READS_LISTED));
    for r in &reads {
        assert_eq!(problem(&replay.reads[r.number - 1]), r.leak || r.stale, "read {} is the crate's read {}", r.number, r.number);
    }
    assert!(reads.iter().rev().take(READS_LISTED).map(|r| r.number).eq((lines.total - READS_LISTED + 1..=lines.total).rev()));
    assert!(reads.len() < lines.total, "the list is capped");
}
