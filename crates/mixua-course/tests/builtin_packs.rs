//! The built-in packs are Rust values (`src/builtin.rs`), generated from
//! `packs/*.json` here, so that the browser reads no JSON for them.
//!
//! `builtin_src_is_fresh` renders the packs as read from their JSON and
//! compares the text with `src/builtin.rs`; when they differ it writes the
//! new text and fails (run the tests again, then commit the file).
//! `builtin_pack_is_the_json` checks every built-in pack, in each language,
//! against the JSON read the way `builtin_pack` read it before.

use std::collections::BTreeSet;

use mixua_course::{
    builtin_pack, CardRef, Cells, Check, Exercise, Goal, Milestone, Pack, PackProblem, Question,
    Start, Text, BUILTIN_PACKS,
};
use mixua_policy::card::{Scope, Status, Stream, Tier};
use mixua_policy::log::Action;
use mixua_words::Lang;

/// Each built-in pack: its name, its JSON, and whether it is lesson 3's
/// (behind the feature `lesson3`).
const PACKS: &[(&str, &str, bool)] = &[
    ("lesson1", include_str!("../packs/lesson1.json"), false),
    ("lesson2", include_str!("../packs/lesson2.json"), false),
    #[cfg(feature = "lesson3")]
    ("lesson3", include_str!("../packs/lesson3.json"), true),
];

/// The built-in pack as `builtin_pack` read it before: the JSON, then
/// lesson 1's exercise 4 solution and lesson 3's solutions.
fn from_the_json(name: &str, lang: Lang) -> Pack {
    let json = PACKS
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("a built-in pack")
        .1;
    let mut pack = Pack::from_json(json).expect("a built-in pack reads");
    if name == "lesson1" {
        let mut ws = match lang {
            Lang::ZhTw => mixua_course::seed_workspace(),
            Lang::En => mixua_course::seed_workspace_en(),
        };
        ws.cards
            .iter_mut()
            .filter(|c| c.id == "Y")
            .for_each(|c| std::rc::Rc::make_mut(c).share_approved = true);
        pack.exercises[3].solution = Some(Start::Workspace(Box::new(ws)));
    }
    #[cfg(feature = "lesson3")]
    if name == "lesson3" {
        for (n, solved) in mixua_course::lesson_three::solutions(lang)
            .into_iter()
            .enumerate()
        {
            if let (Some(e), Some(ws)) = (pack.exercises.get_mut(n), solved) {
                e.solution = Some(Start::Workspace(Box::new(ws)));
            }
        }
    }
    pack
}

#[test]
fn builtin_pack_is_the_json() {
    assert_eq!(PACKS.iter().map(|p| p.0).collect::<Vec<_>>(), BUILTIN_PACKS);
    for (name, _, _) in PACKS {
        for lang in [Lang::ZhTw, Lang::En] {
            let built = builtin_pack(name, lang).expect("built in");
            let json = from_the_json(name, lang);
            // Not assert_eq: a pack's solutions are whole workspaces. A build
            // in one language (`only-en`, `only-zh`: a students' page, which
            // scripts/test.sh tests too) holds the other language's texts
            // empty (src/builtin.rs's `t`), so the pack equals its JSON, which
            // has both, in a build with both languages.
            if Lang::BUILT.is_none() {
                assert!(
                    built == json,
                    "{name} ({lang:?}) differs from its JSON: src/builtin.rs is stale"
                );
            }
            let short = &name["lesson".len()..];
            assert!(
                builtin_pack(short, lang) == Ok(built),
                "{short} names {name}"
            );
        }
    }
    // Lesson 1's exercise 4 has the seed as its solution, in the language asked.
    let zh = builtin_pack("lesson1", Lang::ZhTw).unwrap();
    let en = builtin_pack("lesson1", Lang::En).unwrap();
    assert!(matches!(
        zh.exercises[3].solution,
        Some(Start::Workspace(_))
    ));
    assert_ne!(zh.exercises[3].solution, en.exercises[3].solution);
    for name in ["lesson9", "", "Lesson1", "4"] {
        assert_eq!(
            builtin_pack(name, Lang::En),
            Err(PackProblem::UnknownBuiltin { name: name.into() })
        );
    }
    #[cfg(not(feature = "lesson3"))]
    assert_eq!(
        builtin_pack("lesson3", Lang::En),
        Err(PackProblem::UnknownBuiltin {
            name: "lesson3".into()
        })
    );
}

/// Where the generated file is.
fn builtin_src() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/builtin.rs")
}

#[cfg(feature = "lesson3")]
#[test]
fn builtin_src_is_fresh() {
    let want = render_file();
    let have = std::fs::read_to_string(builtin_src()).unwrap_or_default();
    if have != want {
        std::fs::write(builtin_src(), &want).expect("src/builtin.rs is written");
        panic!(
            "src/builtin.rs was not what packs/*.json give: it is regenerated now; \
             review it, run the tests again and commit it"
        );
    }
}

/// Without lesson 3 its pack is not read, so the whole file is not
/// rendered: each of the other packs' functions is in it as rendered.
#[cfg(not(feature = "lesson3"))]
#[test]
fn builtin_src_is_fresh() {
    let have = std::fs::read_to_string(builtin_src()).expect("src/builtin.rs is there");
    for (name, json, _) in PACKS {
        let function = render_pack(name, json, &mut Uses(BTreeSet::new()));
        assert!(
            have.contains(&function),
            "src/builtin.rs has not what packs/{name}.json gives: \
             run this test with the default features to regenerate it"
        );
    }
}

/// One pack's function, reading its JSON.
fn render_pack(name: &str, json: &str, uses: &mut Uses) -> String {
    let pack = Pack::from_json(json).expect("a built-in pack reads");
    assert_eq!(pack.id, name, "a built-in pack's id is its name");
    let mut body = String::new();
    pack.rust(uses).write(1, 4, &mut body);
    // Never inlined into its caller: a page compiles a wasm function when
    // it first runs it, so the page of one lesson compiles only its pack.
    format!("#[rustfmt::skip]\n#[inline(never)]\npub(crate) fn {name}() -> Pack {{\n    {body}\n}}\n")
}

/// The generated file: a header, the imports the packs need, two helpers,
/// one function per pack.
#[cfg(feature = "lesson3")]
fn render_file() -> String {
    let mut plain = BTreeSet::new();
    let mut gated = BTreeSet::new();
    let mut functions = String::new();
    for (name, json, lesson3) in PACKS {
        let mut uses = Uses(BTreeSet::new());
        let function = render_pack(name, json, &mut uses);
        functions.push('\n');
        if *lesson3 {
            functions.push_str("#[cfg(feature = \"lesson3\")]\n");
        }
        functions.push_str(&function);
        if *lesson3 { &mut gated } else { &mut plain }.extend(uses.0);
    }
    gated.retain(|u| !plain.contains(u));
    let mut out = String::from(
        "//! The built-in packs as Rust values, so that reading them runs no JSON\n\
         //! reader. Generated from `packs/*.json` by the test `builtin_src_is_fresh`\n\
         //! (`tests/builtin_packs.rs`): do not edit it by hand; change the JSON and\n\
         //! run `cargo test -p mixua-course --test builtin_packs`, which rewrites it.\n\n",
    );
    out.push_str(&imports(&plain, ""));
    if !gated.is_empty() {
        out.push('\n');
        out.push_str(&imports(&gated, "#[cfg(feature = \"lesson3\")]\n"));
    }
    out.push_str(
        "\n// Called, not inlined: each string is a call, not its allocation and copy\n\
         // written out again in each pack.\n\
         #[inline(never)]\nfn s(text: &str) -> String {\n    String::from(text)\n}\n\n\
         // A page built in one language (issue 28) keeps that language's text\n\
         // alone: the other's is never compiled in.\n\
         #[inline(never)]\nfn t(zh: &str, en: &str) -> Text {\n    match mixua_words::Lang::BUILT {\n        Some(mixua_words::Lang::En) => Text { zh: String::new(), en: s(en) },\n        Some(mixua_words::Lang::ZhTw) => Text { zh: s(zh), en: String::new() },\n        None => Text { zh: s(zh), en: s(en) },\n    }\n}\n",
    );
    out.push_str(&functions);
    out
}

/// `use` lines, one per module, names in order.
#[cfg(feature = "lesson3")]
fn imports(uses: &BTreeSet<(&'static str, &'static str)>, attribute: &str) -> String {
    let mut out = String::new();
    let modules: BTreeSet<&str> = uses.iter().map(|u| u.0).collect();
    for module in modules {
        let names: Vec<&str> = uses.iter().filter(|u| u.0 == module).map(|u| u.1).collect();
        let names = if names.len() == 1 {
            names[0].to_string()
        } else {
            format!("{{{}}}", names.join(", "))
        };
        out.push_str(&format!("{attribute}use {module}::{names};\n"));
    }
    out
}

/// The names the generated code uses, as (module, name).
struct Uses(BTreeSet<(&'static str, &'static str)>);

impl Uses {
    fn name(&mut self, module: &'static str, name: &'static str) -> &'static str {
        self.0.insert((module, name));
        name
    }
}

/// Rust source, laid out on one line when it fits and broken otherwise.
enum Node {
    Atom(String),
    /// `open` arguments `close`: `vec![…]`, `Some(…)`, `t(…)`.
    Call {
        open: String,
        args: Vec<Node>,
        close: &'static str,
    },
    /// `head { field: value, … }`.
    Struct {
        head: String,
        fields: Vec<(&'static str, Node)>,
    },
}

/// The widest line the layout aims for (in characters).
const WIDTH: usize = 120;

impl Node {
    fn atom(text: impl Into<String>) -> Node {
        Node::Atom(text.into())
    }

    fn call(open: impl Into<String>, args: Vec<Node>, close: &'static str) -> Node {
        Node::Call {
            open: open.into(),
            args,
            close,
        }
    }

    fn flat(&self) -> String {
        match self {
            Node::Atom(text) => text.clone(),
            Node::Call { open, args, close } => {
                format!(
                    "{open}{}{close}",
                    args.iter().map(Node::flat).collect::<Vec<_>>().join(", ")
                )
            }
            Node::Struct { head, fields } if fields.is_empty() => head.clone(),
            Node::Struct { head, fields } => {
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(name, value)| format!("{name}: {}", value.flat()))
                    .collect();
                format!("{head} {{ {} }}", fields.join(", "))
            }
        }
    }

    /// Writes the node at `column`, in a block indented `depth` times.
    fn write(&self, depth: usize, column: usize, out: &mut String) {
        let flat = self.flat();
        if column + flat.chars().count() <= WIDTH {
            out.push_str(&flat);
            return;
        }
        let inner = "    ".repeat(depth + 1);
        match self {
            Node::Atom(_) => out.push_str(&flat),
            Node::Call { open, args, close } => {
                out.push_str(open);
                out.push('\n');
                for arg in args {
                    out.push_str(&inner);
                    arg.write(depth + 1, inner.len(), out);
                    out.push_str(",\n");
                }
                out.push_str(&"    ".repeat(depth));
                out.push_str(close);
            }
            Node::Struct { head, fields } => {
                out.push_str(head);
                out.push_str(" {\n");
                for (name, value) in fields {
                    out.push_str(&inner);
                    out.push_str(name);
                    out.push_str(": ");
                    value.write(depth + 1, inner.len() + name.len() + 2, out);
                    out.push_str(",\n");
                }
                out.push_str(&"    ".repeat(depth));
                out.push('}');
            }
        }
    }
}

/// A value as the Rust expression that builds it. Structs are taken apart
/// and enums matched in full, so that a new field or variant stops this
/// file from compiling instead of being left out of the generated code.
trait Rust {
    fn rust(&self, uses: &mut Uses) -> Node;
}

impl Rust for String {
    fn rust(&self, _: &mut Uses) -> Node {
        // A str's Debug form is a Rust string literal.
        Node::atom(format!("s({self:?})"))
    }
}

impl Rust for bool {
    fn rust(&self, _: &mut Uses) -> Node {
        Node::atom(self.to_string())
    }
}

impl Rust for u32 {
    fn rust(&self, _: &mut Uses) -> Node {
        Node::atom(self.to_string())
    }
}

impl Rust for u64 {
    fn rust(&self, _: &mut Uses) -> Node {
        Node::atom(self.to_string())
    }
}

impl Rust for usize {
    fn rust(&self, _: &mut Uses) -> Node {
        Node::atom(self.to_string())
    }
}

impl<T: Rust> Rust for Option<T> {
    fn rust(&self, uses: &mut Uses) -> Node {
        match self {
            None => Node::atom("None"),
            Some(value) => Node::call("Some(", vec![value.rust(uses)], ")"),
        }
    }
}

impl<T: Rust> Rust for Vec<T> {
    fn rust(&self, uses: &mut Uses) -> Node {
        if self.is_empty() {
            return Node::atom("Vec::new()");
        }
        Node::call("vec![", self.iter().map(|v| v.rust(uses)).collect(), "]")
    }
}

impl<T: Rust> Rust for Box<T> {
    fn rust(&self, uses: &mut Uses) -> Node {
        Node::call("Box::new(", vec![(**self).rust(uses)], ")")
    }
}

/// A struct literal of the crate's type `ty`.
fn literal(uses: &mut Uses, ty: &'static str, fields: Vec<(&'static str, Node)>) -> Node {
    Node::Struct {
        head: uses.name("crate::exercise", ty).to_string(),
        fields,
    }
}

impl Rust for Pack {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Pack {
            format,
            id,
            version,
            title,
            exercises,
        } = self;
        uses.name("crate::pack", "Pack");
        let fields = vec![
            ("format", format.rust(uses)),
            ("id", id.rust(uses)),
            ("version", version.rust(uses)),
            ("title", title.rust(uses)),
            ("exercises", exercises.rust(uses)),
        ];
        Node::Struct {
            head: "Pack".into(),
            fields,
        }
    }
}

impl Rust for Text {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Text { zh, en } = self;
        uses.name("crate::exercise", "Text");
        Node::call(
            "t(",
            vec![Node::atom(format!("{zh:?}")), Node::atom(format!("{en:?}"))],
            ")",
        )
    }
}

impl Rust for Exercise {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Exercise {
            title,
            task,
            start,
            goal,
            hints,
            solution,
            question,
            points_to,
            panels,
            cell,
        } = self;
        let fields = vec![
            ("title", title.rust(uses)),
            ("task", task.rust(uses)),
            ("start", start.rust(uses)),
            ("goal", goal.rust(uses)),
            ("hints", hints.rust(uses)),
            ("solution", solution.rust(uses)),
            ("question", question.rust(uses)),
            ("points_to", points_to.rust(uses)),
            ("panels", panels.rust(uses)),
            ("cell", cell.rust(uses)),
        ];
        literal(uses, "Exercise", fields)
    }
}

impl Rust for Start {
    fn rust(&self, uses: &mut Uses) -> Node {
        let variant = match self {
            Start::Seed => "Seed",
            Start::LessonTwo => "LessonTwo",
            Start::LessonThree => "LessonThree",
            Start::Workspace(_) => {
                panic!("a built-in pack starts from a built-in start: a workspace written out is not generated")
            }
        };
        Node::atom(format!(
            "{}::{variant}",
            uses.name("crate::exercise", "Start")
        ))
    }
}

impl Rust for Goal {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Goal { label, check } = self;
        let fields = vec![("label", label.rust(uses)), ("check", check.rust(uses))];
        literal(uses, "Goal", fields)
    }
}

impl Rust for Question {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Question {
            prompt,
            options,
            answer,
            takeaway,
        } = self;
        let fields = vec![
            ("prompt", prompt.rust(uses)),
            ("options", options.rust(uses)),
            ("answer", answer.rust(uses)),
            ("takeaway", takeaway.rust(uses)),
        ];
        literal(uses, "Question", fields)
    }
}

impl Rust for Cells {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Cells { users, agents } = self;
        let fields = vec![("users", users.rust(uses)), ("agents", agents.rust(uses))];
        literal(uses, "Cells", fields)
    }
}

impl Rust for CardRef {
    fn rust(&self, uses: &mut Uses) -> Node {
        let ty = uses.name("crate::exercise", "CardRef");
        match self {
            CardRef::Id(id) => Node::call(format!("{ty}::Id("), vec![id.rust(uses)], ")"),
            CardRef::CopyOf { copy_of, agent } => Node::Struct {
                head: format!("{ty}::CopyOf"),
                fields: vec![("copy_of", copy_of.rust(uses)), ("agent", agent.rust(uses))],
            },
        }
    }
}

impl Rust for Milestone {
    fn rust(&self, uses: &mut Uses) -> Node {
        let Milestone(key) = self;
        Node::call(
            format!("{}(", uses.name("crate::exercise", "Milestone")),
            vec![key.rust(uses)],
            ")",
        )
    }
}

/// A unit variant of a policy enum.
fn variant(uses: &mut Uses, module: &'static str, ty: &'static str, variant: &str) -> Node {
    Node::atom(format!("{}::{variant}", uses.name(module, ty)))
}

impl Rust for Scope {
    fn rust(&self, uses: &mut Uses) -> Node {
        let name = match self {
            Scope::Pair => "Pair",
            Scope::User => "User",
            Scope::Agent => "Agent",
            Scope::Global => "Global",
            Scope::Group => "Group",
        };
        variant(uses, "mixua_policy::card", "Scope", name)
    }
}

impl Rust for Stream {
    fn rust(&self, uses: &mut Uses) -> Node {
        let name = match self {
            Stream::Protected => "Protected",
            Stream::Reusable => "Reusable",
        };
        variant(uses, "mixua_policy::card", "Stream", name)
    }
}

impl Rust for Status {
    fn rust(&self, uses: &mut Uses) -> Node {
        let name = match self {
            Status::Candidate => "Candidate",
            Status::Accepted => "Accepted",
            Status::Rejected => "Rejected",
            Status::Revoked => "Revoked",
            Status::Deleted => "Deleted",
            Status::RolledBack => "RolledBack",
        };
        variant(uses, "mixua_policy::card", "Status", name)
    }
}

impl Rust for Tier {
    fn rust(&self, uses: &mut Uses) -> Node {
        let name = match self {
            Tier::Hot => "Hot",
            Tier::Warm => "Warm",
            Tier::Cold => "Cold",
        };
        variant(uses, "mixua_policy::card", "Tier", name)
    }
}

impl Rust for Action {
    fn rust(&self, uses: &mut Uses) -> Node {
        let name = match self {
            Action::Propose => "Propose",
            Action::Publish => "Publish",
            Action::Reject => "Reject",
            Action::Revoke => "Revoke",
            Action::Delete => "Delete",
            Action::Rollback => "Rollback",
            Action::Expire => "Expire",
            Action::Read => "Read",
            Action::Policy => "Policy",
            Action::History => "History",
            Action::Members => "Members",
            Action::Hold => "Hold",
            Action::Ttl => "Ttl",
            Action::Cache => "Cache",
        };
        variant(uses, "mixua_policy::log", "Action", name)
    }
}

#[cfg(feature = "lesson3")]
impl Rust for mixua_policy::prompt::Source {
    fn rust(&self, uses: &mut Uses) -> Node {
        use mixua_policy::prompt::Source;
        let name = match self {
            Source::Working => "Working",
            Source::Episodic => "Episodic",
            Source::Semantic => "Semantic",
            Source::Procedural => "Procedural",
            Source::Meta => "Meta",
            Source::Untyped => "Untyped",
        };
        variant(uses, "mixua_policy::prompt", "Source", name)
    }
}

#[cfg(feature = "lesson3")]
impl Rust for mixua_policy::diagnose::Question {
    fn rust(&self, uses: &mut Uses) -> Node {
        use mixua_policy::diagnose::Question as Asked;
        let name = match self {
            Asked::Written => "Written",
            Asked::Retrievable => "Retrievable",
            Asked::InPrompt => "InPrompt",
            Asked::Forgotten => "Forgotten",
        };
        // Imported under another name than the exercises' `Question`.
        uses.name("mixua_policy::diagnose", "Question as Asked");
        Node::atom(format!("Asked::{name}"))
    }
}

impl Rust for Check {
    fn rust(&self, uses: &mut Uses) -> Node {
        let (name, fields): (&str, Vec<(&'static str, Node)>) = match self {
            Check::UserExists { user } => ("UserExists", vec![("user", user.rust(uses))]),
            Check::AgentExists { agent } => ("AgentExists", vec![("agent", agent.rust(uses))]),
            Check::UserCount { at_least } => ("UserCount", vec![("at_least", at_least.rust(uses))]),
            Check::Stranger => ("Stranger", vec![]),
            Check::Retrieves { cells, card } => (
                "Retrieves",
                vec![("cells", cells.rust(uses)), ("card", card.rust(uses))],
            ),
            Check::NotRetrieves { cells, card } => (
                "NotRetrieves",
                vec![("cells", cells.rust(uses)), ("card", card.rust(uses))],
            ),
            Check::Reaches { card } => ("Reaches", vec![("card", card.rust(uses))]),
            Check::ReachesGroup { card, group } => (
                "ReachesGroup",
                vec![("card", card.rust(uses)), ("group", group.rust(uses))],
            ),
            Check::NoLeak => ("NoLeak", vec![]),
            Check::NoLeakAnywhere => ("NoLeakAnywhere", vec![]),
            Check::AssertionsHold => ("AssertionsHold", vec![]),
            Check::LeakBy { card } => ("LeakBy", vec![("card", card.rust(uses))]),
            Check::SinglesOut { card } => ("SinglesOut", vec![("card", card.rust(uses))]),
            Check::ProbeClean { card } => ("ProbeClean", vec![("card", card.rust(uses))]),
            Check::ScorecardsPerfect => ("ScorecardsPerfect", vec![]),
            Check::Accepted { card, owner, scope } => (
                "Accepted",
                vec![
                    ("card", card.rust(uses)),
                    ("owner", owner.rust(uses)),
                    ("scope", scope.rust(uses)),
                ],
            ),
            Check::Rejected { card, reason } => (
                "Rejected",
                vec![("card", card.rust(uses)), ("reason", reason.rust(uses))],
            ),
            Check::Approved { card, approved } => (
                "Approved",
                vec![("card", card.rust(uses)), ("approved", approved.rust(uses))],
            ),
            Check::Stream { card, stream } => (
                "Stream",
                vec![("card", card.rust(uses)), ("stream", stream.rust(uses))],
            ),
            Check::Absent { card } => ("Absent", vec![("card", card.rust(uses))]),
            Check::Owner { card, user, agent } => (
                "Owner",
                vec![
                    ("card", card.rust(uses)),
                    ("user", user.rust(uses)),
                    ("agent", agent.rust(uses)),
                ],
            ),
            Check::Status { card, status } => (
                "Status",
                vec![("card", card.rust(uses)), ("status", status.rust(uses))],
            ),
            Check::Tombstone { card } => ("Tombstone", vec![("card", card.rust(uses))]),
            Check::Tier { card, tier } => (
                "Tier",
                vec![("card", card.rust(uses)), ("tier", tier.rust(uses))],
            ),
            Check::PublishedBy { card, reviewer } => (
                "PublishedBy",
                vec![("card", card.rust(uses)), ("reviewer", reviewer.rust(uses))],
            ),
            Check::Logged {
                action,
                card,
                reason,
            } => (
                "Logged",
                vec![
                    ("action", action.rust(uses)),
                    ("card", card.rust(uses)),
                    ("reason", reason.rust(uses)),
                ],
            ),
            Check::ClockAtLeast { tick } => ("ClockAtLeast", vec![("tick", tick.rust(uses))]),
            Check::Refused {
                act,
                actors,
                writer_of,
                reasons,
            } => (
                "Refused",
                vec![
                    ("act", act.rust(uses)),
                    ("actors", actors.rust(uses)),
                    ("writer_of", writer_of.rust(uses)),
                    ("reasons", reasons.rust(uses)),
                ],
            ),
            Check::RolledBackAsBefore { card, replaced } => (
                "RolledBackAsBefore",
                vec![("card", card.rust(uses)), ("replaced", replaced.rust(uses))],
            ),
            Check::TracesClear { text } => ("TracesClear", vec![("text", text.rust(uses))]),
            Check::CacheLeaks => ("CacheLeaks", vec![]),
            Check::CacheClean => ("CacheClean", vec![]),
            Check::CachePurges => ("CachePurges", vec![]),
            Check::StaleServed { card } => ("StaleServed", vec![("card", card.rust(uses))]),
            Check::BeforeDeletion { card } => ("BeforeDeletion", vec![("card", card.rust(uses))]),
            Check::GroupSize { group, members } => (
                "GroupSize",
                vec![("group", group.rust(uses)), ("members", members.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::InPrompt { cells, card } => (
                "InPrompt",
                vec![("cells", cells.rust(uses)), ("card", card.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::NotInPrompt { cells, card } => (
                "NotInPrompt",
                vec![("cells", cells.rust(uses)), ("card", card.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::TotalBudgetAtMost { tokens } => {
                ("TotalBudgetAtMost", vec![("tokens", tokens.rust(uses))])
            }
            #[cfg(feature = "lesson3")]
            Check::StartupAtMost {
                cells,
                percent,
                baseline,
            } => (
                "StartupAtMost",
                vec![
                    ("cells", cells.rust(uses)),
                    ("percent", percent.rust(uses)),
                    ("baseline", baseline.rust(uses)),
                ],
            ),
            #[cfg(feature = "lesson3")]
            Check::OnDemand { cells, source } => (
                "OnDemand",
                vec![("cells", cells.rust(uses)), ("source", source.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::WinsOnlyBy {
                cells,
                card,
                over,
                weight,
            } => (
                "WinsOnlyBy",
                vec![
                    ("cells", cells.rust(uses)),
                    ("card", card.rust(uses)),
                    ("over", over.rust(uses)),
                    ("weight", weight.rust(uses)),
                ],
            ),
            #[cfg(feature = "lesson3")]
            Check::Diagnosed { cells, card } => (
                "Diagnosed",
                vec![("cells", cells.rust(uses)), ("card", card.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::HitRate { cells, percent } => (
                "HitRate",
                vec![("cells", cells.rust(uses)), ("percent", percent.rust(uses))],
            ),
            #[cfg(feature = "lesson3")]
            Check::NoStaleUse => ("NoStaleUse", vec![]),
            #[cfg(feature = "lesson3")]
            Check::RanksAbove { cells, card, over } => (
                "RanksAbove",
                vec![
                    ("cells", cells.rust(uses)),
                    ("card", card.rust(uses)),
                    ("over", over.rust(uses)),
                ],
            ),
            #[cfg(feature = "lesson3")]
            Check::DiagnosisStops { cells, card, at } => (
                "DiagnosisStops",
                vec![
                    ("cells", cells.rust(uses)),
                    ("card", card.rust(uses)),
                    ("at", at.rust(uses)),
                ],
            ),
            Check::Predicted { cells } => ("Predicted", vec![("cells", cells.rust(uses))]),
            Check::Revealed => ("Revealed", vec![]),
            Check::PredictedRight { cells } => {
                ("PredictedRight", vec![("cells", cells.rust(uses))])
            }
            Check::RecordedEach { changes } => {
                ("RecordedEach", vec![("changes", changes.rust(uses))])
            }
            Check::All { all } => ("All", vec![("all", all.rust(uses))]),
            Check::Once { key, of } => {
                ("Once", vec![("key", key.rust(uses)), ("of", of.rust(uses))])
            }
        };
        Node::Struct {
            head: format!("{}::{name}", uses.name("crate::exercise", "Check")),
            fields,
        }
    }
}
