//! The two scorecards, always kept apart: did each viewer get what it
//! should (should-see retrieved), and did anything reach a viewer it must
//! not (forbidden appeared)? Both are judged from the cards as written,
//! whatever the policy that built the views, so the three policies can be
//! compared on the same terms.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::card::Card;
use crate::eval::{foreign, Evaluation, Policy};
use crate::policy::{personal, Hit, Viewer};
use crate::workspace::{Canaries, Workspace};
use crate::probe::Probe;

/// Why a viewer must not be handed a card. The first reason found is given:
/// the content's label, then each canary in registry order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ForbiddenReason {
    /// The card is labelled `protected` (personal content) and belongs to
    /// another user, whatever scope it is filed under.
    OthersProtected { owner: String },
    /// What the viewer is handed (id or lesson) holds a canary registered
    /// to another user, and not to the viewer too.
    OthersCanary { token: String, owner: String },
}

impl ForbiddenReason {
    /// A short stable code, for data attributes and reports.
    pub fn code(&self) -> &'static str {
        match self {
            ForbiddenReason::OthersProtected { .. } => "others_protected",
            ForbiddenReason::OthersCanary { .. } => "others_canary",
        }
    }
}

/// [`ForbiddenReason`], borrowed: counting forbidden pairs on a big chart
/// must not copy a name for each.
enum Why<'a> {
    OthersProtected { owner: &'a str },
    OthersCanary { token: &'a str, owner: &'a str },
}

impl Why<'_> {
    fn owned(&self) -> ForbiddenReason {
        match *self {
            Why::OthersProtected { owner } => ForbiddenReason::OthersProtected { owner: owner.to_string() },
            Why::OthersCanary { token, owner } => {
                ForbiddenReason::OthersCanary { token: token.to_string(), owner: owner.to_string() }
            }
        }
    }
}

/// The forbidden rule, the one place it is written. It reads of the card
/// only whose personal content it is (`personal`, from [`personal`]) and
/// the registered (owner, token) pairs it hands its reader (`carried`, in
/// registry order); `own` are the tokens the viewer registered.
fn why<'a>(
    personal: Option<&'a str>,
    viewer: Viewer<'_>,
    own: &[String],
    carried: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Option<Why<'a>> {
    if let Some(owner) = personal.filter(|&owner| owner != viewer.user) {
        return Some(Why::OthersProtected { owner });
    }
    carried
        .into_iter()
        .find(|&(owner, token)| foreign(owner, token, viewer.user, own))
        .map(|(owner, token)| Why::OthersCanary { token, owner })
}

/// Why this viewer must not be handed this card, if they must not: it is
/// another user's protected content, or it carries another user's canary.
/// Policy-blind on purpose: whichever policy put the card in the view, the
/// pair is judged the same way.
pub fn forbidden(card: &Card, viewer: Viewer<'_>, canaries: &Canaries) -> Option<ForbiddenReason> {
    let hit = Hit::of(card);
    let carried = canaries.iter().filter(|&(_, token)| hit.contains(token));
    why(personal(card), viewer, canaries.of_user(viewer.user), carried).map(|w| w.owned())
}

/// [`Evaluation::forbidden_count`] for one view, without a whole
/// evaluation: each card of the view scanned now.
pub fn forbidden_count_in_view(workspace: &Workspace, viewer: Viewer<'_>, view: &[usize]) -> usize {
    let own = workspace.canaries.of_user(viewer.user);
    view.iter()
        .filter(|&&i| why(personal(&workspace.cards[i]), viewer, own, crate::eval::carried_by(workspace, i)).is_some())
        .count()
}

/// [`forbidden_count_in_view`] with each card's canaries found before
/// (`carried[i]`: [`crate::eval::carried_of`] card `i`).
pub fn forbidden_count_in_view_scanned(workspace: &Workspace, viewer: Viewer<'_>, view: &[usize], carried: &[Vec<usize>]) -> usize {
    let own = workspace.canaries.of_user(viewer.user);
    let tokens: Vec<(&str, &str)> = workspace.canaries.iter().collect();
    view.iter()
        .filter(|&&i| why(personal(&workspace.cards[i]), viewer, own, carried[i].iter().map(|&t| tokens[t])).is_some())
        .count()
}

/// One forbidden (viewer, card) pair, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Forbidden {
    /// The `user/agent` who was handed the card.
    pub viewer: String,
    /// The card's id, and its position (ids may repeat or be empty).
    pub card: String,
    pub index: usize,
    #[serde(flatten)]
    pub reason: ForbiddenReason,
}

impl<'w> Evaluation<'w> {
    /// [`forbidden`] for one card of the workspace, with the canary scan
    /// this evaluation already did.
    pub fn forbidden(&self, index: usize, viewer: Viewer<'_>) -> Option<ForbiddenReason> {
        let own = self.workspace.canaries.of_user(viewer.user);
        why(self.personal(index), viewer, own, self.carried(index)).map(|w| w.owned())
    }

    /// Every forbidden pair in one view (card indices), in view order.
    pub fn forbidden_in(&self, viewer: Viewer<'_>, view: &[usize]) -> Vec<Forbidden> {
        let own = self.workspace.canaries.of_user(viewer.user);
        view.iter()
            .filter_map(|&i| {
                let why = why(self.personal(i), viewer, own, self.carried(i))?;
                let card = self.workspace.cards[i].id.clone();
                Some(Forbidden { viewer: viewer.key(), card, index: i, reason: why.owned() })
            })
            .collect()
    }

    /// How many pairs of one view are forbidden: [`Self::forbidden_in`]'s
    /// length, without building the list.
    pub fn forbidden_count(&self, viewer: Viewer<'_>, view: &[usize]) -> usize {
        let own = self.workspace.canaries.of_user(viewer.user);
        view.iter().filter(|&&i| why(self.personal(i), viewer, own, self.carried(i)).is_some()).count()
    }
}

/// The cards one viewer should see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected<'a> {
    /// Card ids, e.g. a learner's prediction for the viewer. A view card
    /// counts as retrieved when its id is one of them.
    Ids(&'a BTreeSet<String>),
    /// Card indices in ascending order, e.g. the four-scope policy's view
    /// of the viewer (the lesson's answer).
    Cards(&'a [usize]),
}

impl Expected<'_> {
    pub fn len(&self) -> usize {
        match self {
            Expected::Ids(ids) => ids.len(),
            Expected::Cards(cards) => cards.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many cards of a view (ascending card indices of `cards`) are
    /// expected: the should-see scorecard's "retrieved".
    pub fn retrieved(&self, cards: &[std::rc::Rc<Card>], view: &[usize]) -> usize {
        match self {
            Expected::Ids(ids) => view.iter().filter(|&&i| ids.contains(&cards[i].id)).count(),
            Expected::Cards(expected) => {
                // Both lists ascend: count the common ones in one merge.
                let (mut a, mut b) = (expected.iter().peekable(), view.iter().peekable());
                let mut common = 0;
                while let (Some(&&x), Some(&&y)) = (a.peek(), b.peek()) {
                    match x.cmp(&y) {
                        std::cmp::Ordering::Less => drop(a.next()),
                        std::cmp::Ordering::Greater => drop(b.next()),
                        std::cmp::Ordering::Equal => {
                            common += 1;
                            a.next();
                            b.next();
                        }
                    }
                }
                common
            }
        }
    }
}

/// Both scorecards as numbers, for one viewer or summed over many. They are
/// never merged into one: a policy that hands out everything retrieves all
/// it should and is still unsafe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Score {
    /// Cards the viewers should see.
    pub expected: usize,
    /// Of those, how many the policy retrieved.
    pub retrieved: usize,
    /// (viewer, card) pairs handed out that must not have been.
    pub forbidden: usize,
}

impl Score {
    /// One viewer's row: should-see from its view and what it should see,
    /// with the view's forbidden pairs counted by
    /// [`Evaluation::forbidden_count`] (which needs the evaluation; a caller
    /// that keeps only views keeps that count with them).
    pub fn of_view(cards: &[std::rc::Rc<Card>], view: &[usize], expected: Expected<'_>, forbidden: usize) -> Score {
        Score { expected: expected.len(), retrieved: expected.retrieved(cards, view), forbidden }
    }
}

impl std::ops::Add for Score {
    type Output = Score;

    fn add(self, other: Score) -> Score {
        Score {
            expected: self.expected + other.expected,
            retrieved: self.retrieved + other.retrieved,
            forbidden: self.forbidden + other.forbidden,
        }
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::default(), |a, b| a + b)
    }
}

/// Both scorecards of one policy, with every forbidden pair and why: what a
/// report shows per policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scorecard {
    pub policy: Policy,
    #[serde(flatten)]
    pub score: Score,
    /// Every forbidden pair, viewers in order, cards in view order.
    pub forbidden_pairs: Vec<Forbidden>,
    /// The third scorecard, kept apart ([`identifying`]).
    pub identifying: usize,
}

/// Both scorecards, as numbers, of an evaluation whose views (in the order
/// of [`Evaluation::viewers`], as [`Evaluation::views`] gives them) are
/// already built. `expected` says what each viewer (by position, and who)
/// should see.
pub fn score<'e>(
    eval: &Evaluation<'_>,
    views: &[Vec<usize>],
    mut expected: impl FnMut(usize, Viewer<'_>) -> Expected<'e>,
) -> Score {
    let cards = &eval.workspace.cards;
    eval.viewers()
        .zip(views)
        .enumerate()
        .map(|(v, (viewer, view))| {
            Score::of_view(cards, view, expected(v, viewer), eval.forbidden_count(viewer, view))
        })
        .sum()
}

/// Both scorecards of an evaluation with every forbidden pair listed; see
/// [`score`] for `views` and `expected`.
pub fn scorecard<'e>(
    eval: &Evaluation<'_>,
    views: &[Vec<usize>],
    mut expected: impl FnMut(usize, Viewer<'_>) -> Expected<'e>,
) -> Scorecard {
    let cards = &eval.workspace.cards;
    let mut total = Score::default();
    let mut forbidden_pairs = Vec::new();
    for (v, (viewer, view)) in eval.viewers().zip(views).enumerate() {
        let pairs = eval.forbidden_in(viewer, view);
        total = total + Score::of_view(cards, view, expected(v, viewer), pairs.len());
        forbidden_pairs.extend(pairs);
    }
    let probe = Probe::new(cards, eval.workspace.profiles());
    Scorecard { policy: eval.policy, score: total, forbidden_pairs, identifying: identifying(eval, views, &probe) }
}

/// The third scorecard, kept apart from the other two as the seed asks:
/// "identifying content appeared", the (viewer, card) pairs where a viewer
/// is handed a card that singles out another user by their profile facts
/// ([`crate::probe`]). A canary catches a token; this catches a guess of an
/// identity. Like the others, it is judged from the cards as written,
/// whatever the policy that built the views (in [`Evaluation::viewers`]
/// order).
pub fn identifying(eval: &Evaluation<'_>, views: &[Vec<usize>], probe: &Probe) -> usize {
    eval.viewers().zip(views).map(|(viewer, view)| probe.identifying_in(view, viewer.user)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::seed_workspace;

    fn seed_card(id: &str) -> Card {
        seed_workspace().cards.into_iter().find(|c| c.id == id).map(|c| (*c).clone()).unwrap()
    }

    #[test]
    fn personal_is_the_owner_of_a_card_labelled_protected() {
        assert_eq!(personal(&seed_card("X")), Some("alice"), "rejected or not");
        assert_eq!(personal(&seed_card("B")), Some("bob"));
        assert_eq!(personal(&seed_card("G")), None);
        let ws = seed_workspace();
        let eval = Evaluation::new(&ws, "三行", Policy::FourScope);
        for (i, card) in ws.cards.iter().enumerate() {
            assert_eq!(eval.personal(i), personal(card), "scanned early or asked late");
        }
    }

    #[test]
    fn another_users_protected_card_is_forbidden_whatever_its_scope() {
        let canaries = Canaries::default();
        // P is alice's protected PAIR card; X her protected GLOBAL one.
        for id in ["P", "X"] {
            let card = seed_card(id);
            assert_eq!(
                forbidden(&card, Viewer::new("bob", "writer-v1"), &canaries),
                Some(ForbiddenReason::OthersProtected { owner: "alice".into() })
            );
            assert_eq!(forbidden(&card, Viewer::new("alice", "checker-v1"), &canaries), None);
        }
    }

    #[test]
    fn a_misspelled_or_mistyped_stream_is_not_a_protected_label() {
        let canaries = Canaries::default();
        let mut card = seed_card("P");
        card.stream = "Protected".into();
        assert_eq!(forbidden(&card, Viewer::new("bob", "w"), &canaries), None);
        let card: Card = serde_json::from_value(serde_json::json!({"id": "Z", "owner_user": "alice", "stream": 5})).unwrap();
        assert_eq!(forbidden(&card, Viewer::new("bob", "w"), &canaries), None);
    }

    #[test]
    fn another_users_canary_in_id_or_lesson_is_forbidden_unless_registered_too() {
        let ws = seed_workspace();
        // G is reusable, alice's; give it bob's canary in the lesson.
        let mut card = seed_card("G");
        card.lesson = "FAKE-BOB-852".into();
        let reason = ForbiddenReason::OthersCanary { token: "FAKE-BOB-852".into(), owner: "bob".into() };
        assert_eq!(forbidden(&card, Viewer::new("alice", "w"), &ws.canaries), Some(reason.clone()));
        assert_eq!(forbidden(&card, Viewer::new("bob", "w"), &ws.canaries), None);
        // In the id too; in the situation or source it is never handed over.
        card.lesson = "ok".into();
        card.id = "G-FAKE-BOB-852".into();
        assert_eq!(forbidden(&card, Viewer::new("alice", "w"), &ws.canaries), Some(reason));
        card.id = "G".into();
        card.situation = "FAKE-BOB-852".into();
        card.source = "FAKE-BOB-852".into();
        assert_eq!(forbidden(&card, Viewer::new("alice", "w"), &ws.canaries), None);
        // A token alice registered too is hers to see.
        let mut canaries = ws.canaries.clone();
        canaries.add("alice", "FAKE-BOB-852");
        card.lesson = "FAKE-BOB-852".into();
        assert_eq!(forbidden(&card, Viewer::new("alice", "w"), &canaries), None);
    }

    #[test]
    fn protected_is_reported_before_a_canary() {
        // U is alice's protected card holding her own canary; for bob the
        // label decides first.
        let ws = seed_workspace();
        assert_eq!(
            forbidden(&seed_card("U"), Viewer::new("bob", "w"), &ws.canaries),
            Some(ForbiddenReason::OthersProtected { owner: "alice".into() })
        );
        assert_eq!(ForbiddenReason::OthersProtected { owner: "a".into() }.code(), "others_protected");
        assert_eq!(ForbiddenReason::OthersCanary { token: "t".into(), owner: "a".into() }.code(), "others_canary");
    }

    #[test]
    fn the_evaluation_judges_pairs_as_the_free_function_does() {
        let ws = seed_workspace();
        for policy in Policy::ALL {
            let eval = Evaluation::new(&ws, "", policy);
            for viewer in eval.viewers() {
                let mut listed = Vec::new();
                for (i, card) in ws.cards.iter().enumerate() {
                    let expected = forbidden(card, viewer, &ws.canaries);
                    assert_eq!(eval.forbidden(i, viewer), expected, "{policy:?} {} {}", viewer.key(), card.id);
                    if let Some(reason) = expected {
                        listed.push(Forbidden { viewer: viewer.key(), card: card.id.clone(), index: i, reason });
                    }
                }
                let all: Vec<usize> = (0..ws.cards.len()).collect();
                assert_eq!(eval.forbidden_count(viewer, &all), listed.len());
                assert_eq!(eval.forbidden_in(viewer, &all), listed);
            }
        }
    }

    #[test]
    fn expected_ids_and_cards_count_what_was_retrieved() {
        let ws = seed_workspace();
        let ids: BTreeSet<String> = ["P", "G", "nope"].iter().map(|s| s.to_string()).collect();
        // Cards 0 (P), 2 (A), 3 (G) retrieved.
        let view = [0, 2, 3];
        assert_eq!(Expected::Ids(&ids).retrieved(&ws.cards, &view), 2);
        assert_eq!(Expected::Ids(&ids).len(), 3);
        assert_eq!(Expected::Cards(&[1, 2, 3, 6]).retrieved(&ws.cards, &view), 2);
        assert_eq!(Expected::Cards(&[]).retrieved(&ws.cards, &view), 0);
        assert!(Expected::Cards(&[]).is_empty());
        assert_eq!(
            Score::of_view(&ws.cards, &view, Expected::Ids(&ids), 4),
            Score { expected: 3, retrieved: 2, forbidden: 4 }
        );
    }

    #[test]
    fn seed_scorecards_keep_the_policies_apart() {
        let ws = seed_workspace();
        let four = Evaluation::new(&ws, &ws.query, Policy::FourScope);
        let answer = four.views();
        for (policy, retrieved, forbidden) in
            [(Policy::FourScope, 11, 0), (Policy::GlobalOnly, 4, 0), (Policy::UnsafePool, 11, 8)]
        {
            let eval = Evaluation::new(&ws, &ws.query, policy);
            let views = eval.views();
            let card = scorecard(&eval, &views, |v, _| Expected::Cards(&answer[v]));
            let counts = score(&eval, &views, |v, _| Expected::Cards(&answer[v]));
            assert_eq!(card.score, counts, "{policy:?}");
            assert_eq!(card.policy, policy);
            assert_eq!(counts, Score { expected: 11, retrieved, forbidden }, "{policy:?}");
            assert_eq!(card.forbidden_pairs.len(), forbidden);
        }
    }

    #[test]
    fn a_scorecard_serializes_flat_with_its_reasons() {
        let ws = seed_workspace();
        let pool = Evaluation::new(&ws, &ws.query, Policy::UnsafePool);
        let views = pool.views();
        let card = scorecard(&pool, &views, |_, _| Expected::Cards(&[]));
        let json = serde_json::to_value(&card).unwrap();
        assert_eq!(json["policy"], "unsafe_pool");
        // Alice is handed Bob's B; Bob is handed Alice's P, U and X.
        assert_eq!(json["forbidden"], 8);
        let first = &json["forbidden_pairs"][0];
        assert_eq!(first["viewer"], "alice/writer-v1");
        assert_eq!(first["card"], "B");
        assert_eq!(first["index"], 4);
        assert_eq!(first["reason"], "others_protected");
        assert_eq!(first["owner"], "bob");
    }
}
