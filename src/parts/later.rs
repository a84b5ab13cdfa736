//! The part the first screen does not carry (`later`, issue 28): the
//! panels a first screen does not show (the card inspector and the card's
//! Why, the card editor, the people and the comparison, the Work menu's
//! contents, a scoring step's scorecards, the assertions panel), what only
//! a step after the first shows (a reveal's explanations, a step's change
//! in words and its jump, the result code), the assertions' reading and
//! judging, and the keeping of the work (storage, autosave, Recent work,
//! opening and importing). The root fetches it once the first screen is
//! shown and painted, so the chart is interactive before it; a page with
//! something stored or a link fetches it before its start.

use std::any::Any;
use std::rc::Rc;

use mixua_policy::{CacheReplay, Change, ViewerId, Workspace};
use mixua_words::Lang;

use yew::prelude::*;

use crate::components::chart::change_jump::{ChangeJump, ChangeJumpProps};
use crate::components::inspector::card_editor::{CardEditor, CardEditorProps};
use crate::components::inspector::card_inspector::{CardInspector, CardInspectorProps};
use crate::components::inspector::compare::{Compare, CompareProps};
use crate::components::inspector::people::{People, PeopleProps};
use crate::components::inspector::why_panel::{WhyCard, WhyPanelProps};
use crate::components::lesson::assertions_panel::{AssertionsPanel, AssertionsPanelProps};
use crate::components::lesson::score_step::{ScoreStep, ScoreStepProps};
use crate::components::menus::files::{Files, FilesProps};
use crate::derive::assertions::{AssertionEdit, AssertionWrite, Derived, Opaque};
use crate::derive::views::Computed;
use crate::components::later::Draws;
use crate::start::address::{Address, Session};
use crate::start::route::Route;
use crate::store::autosave::Store;
use crate::store::notice::NoticeAt;
use crate::store::persist::Saved;
use crate::store::saver::{Keeping, Saver};
use crate::store::state::{Action, Recent, WorkAction};
use crate::store::work::Doc;

crate::parts::seam::part! {
    /// The part the first screen does not carry.
    pub struct LaterPart in later {
        /// [`CardInspector`], drawn.
        fn card_inspector(props: &dyn Any) -> Html {
            props.downcast_ref::<CardInspectorProps>().map_or_else(Html::default, |props| {
                html! { <CardInspector ..props.clone() /> }
            })
        }
        /// [`WhyCard`], drawn.
        fn why_card(props: &dyn Any) -> Html {
            props.downcast_ref::<WhyPanelProps>().map_or_else(Html::default, |props| {
                let keep = Some(AssertionWrite(super::apply_assertion::now));
                html! { <WhyCard {keep} ..props.clone() /> }
            })
        }
        /// [`CardEditor`], drawn.
        fn card_editor(props: &dyn Any) -> Html {
            props.downcast_ref::<CardEditorProps>().map_or_else(Html::default, |props| {
                html! { <CardEditor ..props.clone() /> }
            })
        }
        /// [`People`], drawn.
        fn people(props: &dyn Any) -> Html {
            props.downcast_ref::<PeopleProps>().map_or_else(Html::default, |props| {
                html! { <People ..props.clone() /> }
            })
        }
        /// [`Compare`], drawn.
        fn compare(props: &dyn Any) -> Html {
            props.downcast_ref::<CompareProps>().map_or_else(Html::default, |props| {
                html! { <Compare ..props.clone() /> }
            })
        }
        /// The Work menu's contents ([`Files`]), drawn.
        fn files(props: &dyn Any) -> Html {
            props.downcast_ref::<FilesProps>().map_or_else(Html::default, |props| {
                let work_menu = Some(crate::store::shared::Func(crate::parts::work_menu::load as crate::components::menus::files::LoadWorkMenu));
                html! { <Files {work_menu} ..props.clone() /> }
            })
        }
        /// A reveal's explanations of a cell's list.
        fn explained(ws: &Workspace, computed: &Computed, list: &[usize], viewer: &ViewerId, lang: Lang) -> Vec<String> {
            crate::components::chart::seating_chart::explained(ws, computed, list, viewer, lang)
        }
        /// A step's change in words (the crate's `change_parts`).
        fn change_words(change: &Change, lang: Lang) -> Vec<String> {
            mixua_words::change_parts(change, lang)
        }
        /// [`ChangeJump`], drawn.
        fn change_jump(props: &dyn Any) -> Html {
            props.downcast_ref::<ChangeJumpProps>().map_or_else(Html::default, |props| {
                html! { <ChangeJump ..props.clone() /> }
            })
        }
        /// The lesson panel's result code.
        fn result_code(code: &crate::derive::course::ResultCode, lang: Lang) -> Html {
            crate::components::lesson::lesson_panel::result_code(code, lang)
        }
        /// The policies' scorecards and totals.
        fn scores_of(ws: &Workspace, now: &Computed, shown: &Computed, stepped: Option<Option<&crate::store::work::Predictions>>) -> crate::derive::scores::Scores {
            crate::derive::scores::scores_of(ws, now, shown, stepped)
        }
        /// The result code of a lesson with a name.
        fn code_of(lesson: crate::derive::course::Lesson<'_>, name: &str) -> crate::derive::course::ResultCode {
            crate::derive::course::result_code_with(lesson, name)
        }
        /// [`AssertionsPanel`], drawn.
        fn assertions_panel(props: &AssertionsPanelProps) -> Html {
            html! { <AssertionsPanel ..props.clone() /> }
        }
        /// An edit of the work's assertions (`crate::derive::assertions::apply`).
        fn apply_assertion(ws: &mut Workspace, edit: &AssertionEdit) -> bool {
            crate::derive::assertions::apply(ws, edit)
        }
        /// The work's assertions judged (`crate::derive::assertions::derived`).
        fn derive_assertions(
            ws: &Workspace,
            now: &Computed,
            cache: Option<&CacheReplay<'_>>,
            kept: Option<&Opaque>,
            before: Option<&Workspace>,
            lang: Lang,
            hides: bool,
            open: bool,
        ) -> Derived {
            crate::derive::assertions::derived(ws, now, cache, kept, before, lang, hides, open)
        }
        /// A scoring step's scorecards ([`ScoreStep`]), drawn.
        fn score_step(props: &dyn Any) -> Html {
            props.downcast_ref::<ScoreStepProps>().map_or_else(Html::default, |props| {
                html! { <ScoreStep ..props.clone() /> }
            })
        }
        /// The start over what is stored and the address's link.
        fn route(address: &Address, session: &Session) -> Route {
            let session = Session { tab_work: crate::store::browser::tab_work(), ..session.clone() };
            crate::start::route::route(address, &crate::store::browser::Browser, &session)
        }
        /// Recent work as the index lists it, `current` the tab's.
        fn recent(current: &str) -> Recent {
            crate::store::json_io::recent(current)
        }
        /// What a start asks storage for, once it is on screen.
        fn carry_out(set_aside: &Option<Saved>, started: &Option<mixua_course::Pack>, embed: bool) -> () {
            crate::store::json_io::carry_out(set_aside, started, embed)
        }
        /// Reads a picked or dropped file and loads it, or says what is wrong.
        fn import_file(file: &web_sys::File, at: NoticeAt, onaction: &Callback<Action>, onwork: &Callback<WorkAction>) -> () {
            crate::store::json_io::import_file(file, at, onaction, onwork)
        }
        /// The name the learner last wrote in a result code.
        fn student_name() -> String {
            crate::store::json_io::student_name()
        }
        /// Keeps the name the learner wrote in a result code.
        fn set_student_name(name: &str) -> () {
            crate::store::json_io::set_student_name(name)
        }
        /// The switch to the other language's build, nothing lost.
        #[cfg(any(feature = "only-en", feature = "only-zh"))]
        fn open_in(saver: &Saver, state: &crate::store::state::AppState, to: Lang) -> () {
            crate::store::autosave::open_in(saver, state, to)
        }
        /// Opens a saved work in this tab ([`Saver::open`]).
        fn open(saver: &Saver, id: &str, store_: &Store) -> () {
            saver.open(id, store_)
        }
        /// A file of this lesson, as a work of its own ([`Saver::import`]).
        fn import(saver: &Rc<Saver>, doc: &Doc, source: &str, store_: &Store) -> () {
            saver.import(doc.clone(), source.to_string(), store_)
        }
        /// A file of another lesson, as a new work in its lesson ([`Saver::open_new`]).
        fn open_new(saver: &Rc<Saver>, saved: &Saved, source: &str, store_: &Store) -> () {
            saver.open_new(saved.clone(), source.to_string(), store_)
        }
        /// Autosave: the work into this tab's slot ([`Saver::save`]).
        fn flush(saver: &Saver) -> () {
            saver.save()
        }
        /// The first save of a work that has no slot yet ([`Saver::first_save`]).
        fn first_save(saver: &Saver) -> () {
            saver.first_save()
        }
        /// Another tab wrote storage ([`Saver::storage_event`]).
        fn storage_event(saver: &Saver, key: &str) -> () {
            saver.storage_event(key)
        }
    }
}

impl LaterPart {
    /// What this part draws for the components' stand-ins
    /// (`crate::components::later::Draws`), and its words: each drawing
    /// takes its component's own props, and draws nothing for any other.
    pub fn draws(self) -> Draws {
        Draws {
            card_inspector: self.card_inspector,
            why_card: self.why_card,
            card_editor: self.card_editor,
            people: self.people,
            compare: self.compare,
            files: self.files,
            score_step: self.score_step,
            change_jump: self.change_jump,
            explained: self.explained,
            change_words: self.change_words,
            result_code: self.result_code,
        }
    }
}

/// The part as the store asks for it (`crate::store::saver::Keeping`):
/// fetched, at once when it is in; `None` when it can't be.
pub fn keep() -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Keeping>>>> {
    Box::pin(async {
        let part = LaterPart::load().await.ok()?;
        Some(Keeping {
            flush: part.flush,
            carry_out: part.carry_out,
            #[cfg(any(feature = "only-en", feature = "only-zh"))]
            open_in: part.open_in,
            student_name: part.student_name,
            set_student_name: part.set_student_name,
        })
    })
}
