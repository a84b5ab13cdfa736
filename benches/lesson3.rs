//! What one edit in lesson 3 costs the app natively, on the lesson's own
//! work (6 viewers, 23 cards, a log): every viewer's prompt for its task
//! (`Prompts::of`), the change strip's words (the setting and prompt
//! changes, both works' prompts kept), the views (`Computed::new`, as a
//! work with memory over time is evaluated) and the lesson's checks
//! (`derive::Checks`, every exercise of the pack against one `Facts`), and
//! one diagnosis. Figures only; nothing here asserts on time.
//!
//! cargo bench --bench lesson3

use std::hint::black_box;
use std::rc::Rc;

use criterion::{criterion_group, criterion_main, Criterion};
use mixua_course::lesson_three::lesson_three_workspace;
use mixua_playground::derive::views::Computed;
use mixua_playground::store::lesson::Course;
use mixua_playground::derive::checks::Checks;
use mixua_playground::derive::prompts::{change_parts, DiagnosisView, Prompts};
use mixua_playground::store::prompt_settings::{apply, PromptEdit};
use mixua_playground::derive::course::Lesson;
use mixua_playground::store::progress::Progress;
use mixua_playground::store::state::Doc;
use mixua_policy::ViewerId;
use mixua_words::Lang;

fn bench(c: &mut Criterion) {
    let before = lesson_three_workspace(Lang::En);
    let mut after = before.clone();
    apply(&mut after, &PromptEdit::Budget { of: mixua_policy::prompt::BudgetOf::Shared, tokens: Some(400) }).unwrap();
    let (pb, pa) = (Prompts::of(&before), Prompts::of(&after));
    c.bench_function("lesson3/edit: every viewer's prompt (Prompts::of)", |b| b.iter(|| black_box(Prompts::of(black_box(&after)))));
    c.bench_function("lesson3/edit: the change strip's words", |b| {
        b.iter(|| black_box(change_parts(&before, &pb, &after, &pa, Lang::En)))
    });
    c.bench_function("lesson3/edit: the views (Computed::new)", |b| b.iter(|| black_box(Computed::new(black_box(&after)))));
    let doc = Doc { workspace: Rc::new(after.clone()), ..Doc::default() };
    let computed = Computed::new(&after);
    let progress = Progress::default();
    let pack = Course::Three.builtin(Lang::En, None).expect("a built-in pack");
    c.bench_function("lesson3/edit: the lesson's checks (5 exercises)", |b| {
        b.iter(|| {
            let lesson = Lesson { pack: &pack, doc: &doc, computed: &computed, revealed: false, progress: &progress, tick: None, cache: None, parts: mixua_playground::course_parts(true, true) };
            black_box(Checks::of(Course::Three, 0, lesson, Lang::En))
        })
    });
    let bob = ViewerId::new("bob", "checker-v1");
    c.bench_function("lesson3/diagnosis of one card", |b| b.iter(|| black_box(DiagnosisView::of(&after, &bob, "S", Lang::En))));
}

criterion_group!(benches, bench);
criterion_main!(benches);
