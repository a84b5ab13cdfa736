//! The words of the Cedar export (issue 54): the policy a read is decided
//! by, as the card inspector names it, the Work menu's action, and what
//! `mixua export --cedar` says when it writes or refuses.

use mixua_policy::cedar::{rule, Effect};
use mixua_policy::{cedar_policy_id, Access};

use crate::explain::Lang;

/// "Cedar: permitted by `pair-owner`": the exported policy that decides
/// this read under the four-scope policy, beside the playground's own
/// reason. `None` for an answer no exported policy gives (the global-only
/// baseline's "not shared").
pub fn cedar_decision_text(access: &Access, lang: Lang) -> Option<String> {
    let id = cedar_policy_id(access)?;
    let permit = rule(id).is_some_and(|r| r.effect == Effect::Permit);
    Some(match permit {
        true => pick!(lang, format!("Cedar:由政策 @id(\"{id}\") 允許"), format!("Cedar: permitted by @id(\"{id}\")")),
        false => pick!(lang, format!("Cedar:由政策 @id(\"{id}\") 禁止"), format!("Cedar: forbidden by @id(\"{id}\")")),
    })
}

/// The Work menu's action.
pub fn export_cedar_label(lang: Lang) -> &'static str {
    pick!(lang, "匯出為 Cedar", "Export as Cedar")
}

/// The Work menu action's longer description (its title).
pub fn export_cedar_title(lang: Lang) -> &'static str {
    pick!(
        lang,
        "下載三個檔案:schema.cedarschema、policies.cedar、entities.json,可以用 Cedar 自己的工具檢查誰讀得到哪張卡片。",
        "Downloads three files, schema.cedarschema, policies.cedar and entities.json, to ask Cedar's own tools who may read which card."
    )
}

/// Why `mixua export --cedar` wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportRefusal {
    /// The workspace file can't be read (`why`: the system's words).
    CannotRead { path: String, why: String },
    /// The file is not a workspace, or not UTF-8 text (`why`: already in
    /// the run's language).
    NotAWorkspace { path: String, why: String },
    /// `--at` is after the workspace's clock.
    AfterClock { tick: u64, clock: u64 },
    /// DIR exists and is not a directory.
    NotADirectory { path: String },
    /// One of the files to write is the workspace read.
    WouldOverwriteInput { path: String },
    /// A file can't be written (`why`: the system's words).
    CannotWrite { path: String, why: String },
}

/// The refusal in words.
pub fn export_refusal_text(refusal: &ExportRefusal, lang: Lang) -> String {
    match refusal {
        ExportRefusal::CannotRead { path, why } => {
            pick!(lang, format!("讀不到 `{path}`:{why}"), format!("cannot read `{path}`: {why}"))
        }
        ExportRefusal::NotAWorkspace { path, why } => format!("`{path}`: {why}"),
        ExportRefusal::AfterClock { tick, clock } => pick!(
            lang,
            format!("時刻 {tick} 在工作區的時鐘({clock})之後:`--at` 只能往回看,從 0 到時鐘"),
            format!("tick {tick} is after the workspace's clock ({clock}): `--at` looks back, from 0 up to the clock"),
        ),
        ExportRefusal::NotADirectory { path } => pick!(
            lang,
            format!("`{path}` 已經存在,但不是資料夾:請給一個資料夾(不存在的會被建立)"),
            format!("`{path}` exists and is not a directory: give a directory (one that does not exist is made)"),
        ),
        ExportRefusal::WouldOverwriteInput { path } => pick!(
            lang,
            format!("`{path}` 就是讀進來的工作區:匯出不會覆寫它,請換一個資料夾"),
            format!("`{path}` is the workspace read: the export never overwrites it, give another directory"),
        ),
        ExportRefusal::CannotWrite { path, why } => {
            pick!(lang, format!("寫不了 `{path}`:{why}"), format!("cannot write `{path}`: {why}"))
        }
    }
}

/// One file written, and its size.
pub fn export_wrote_text(path: &str, bytes: usize, lang: Lang) -> String {
    pick!(lang, format!("已寫入 {path}({bytes} 位元組)"), format!("wrote {path} ({bytes} bytes)"))
}

/// What to run next, after the files are written.
pub fn export_next_text(dir: &str, lang: Lang) -> String {
    let cmd = format!(
        "cedar authorize --schema {dir}/schema.cedarschema --policies {dir}/policies.cedar --entities {dir}/entities.json \\\n    --principal 'MixUA::Viewer::\"USER/AGENT\"' --action 'MixUA::Action::\"read\"' --resource 'MixUA::Card::\"ID\"'"
    );
    pick!(lang, format!("用 Cedar 自己的 CLI 問一次讀取:\n  {cmd}"), format!("Ask Cedar's own CLI about one read:\n  {cmd}"))
}

#[cfg(all(test, not(any(feature = "only-en", feature = "only-zh"))))]
mod tests {
    use super::*;
    use mixua_policy::Rejection;

    #[test]
    fn a_read_and_a_refusal_name_their_policy_in_both_languages() {
        let read = Access::User { user_matches: true };
        assert_eq!(cedar_decision_text(&read, Lang::En).unwrap(), "Cedar: permitted by @id(\"user-owner\")");
        assert_eq!(cedar_decision_text(&read, Lang::ZhTw).unwrap(), "Cedar:由政策 @id(\"user-owner\") 允許");
        let refusal = Access::Rejected { rejection: Rejection::MissingOwnerUser };
        assert_eq!(cedar_decision_text(&refusal, Lang::En).unwrap(), "Cedar: forbidden by @id(\"owner-user-required\")");
        assert_eq!(cedar_decision_text(&refusal, Lang::ZhTw).unwrap(), "Cedar:由政策 @id(\"owner-user-required\") 禁止");
        assert_eq!(cedar_decision_text(&Access::NotShared { scope: mixua_policy::Scope::User }, Lang::En), None);
        let refusals = [
            ExportRefusal::AfterClock { tick: 5, clock: 0 },
            ExportRefusal::NotADirectory { path: "x".into() },
            ExportRefusal::WouldOverwriteInput { path: "x".into() },
        ];
        for refusal in &refusals {
            assert_ne!(export_refusal_text(refusal, Lang::En), export_refusal_text(refusal, Lang::ZhTw));
        }
    }
}
