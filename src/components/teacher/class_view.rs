//! The class view: paste many result codes (or drop exported files), get a
//! table of students × exercises and a heatmap over the seating chart of
//! the predicted cells the class got wrong most. The crate reads every
//! code (`read_codes`, refusals with its reasons); nothing leaves the
//! browser.

use std::rc::Rc;

use mixua_policy::ViewerId;
use mixua_words::Lang;
use mixua_course::{
    code_problem_words, read_codes, hints_words, solved_words, CellMark, Pack, Results, Solved,
};
use yew::prelude::*;

use crate::components::event_value;

#[derive(Properties, PartialEq)]
pub struct ClassViewProps {
    /// The pack the codes are for (the teacher's pack in progress).
    pub pack: Rc<Pack>,
    pub lang: Lang,
    /// Closes the drawer (its button, Escape).
    pub onclose: Callback<()>,
}

/// The codes read: the students' results, the refused lines (line number,
/// the code as pasted, the crate's reason in words), and the wrong count
/// per predicted cell.
pub struct Class {
    pub rows: Vec<Results>,
    pub refused: Vec<(usize, String, &'static str, String)>,
    pub wrong: Vec<(ViewerId, usize)>,
}

/// Reads the pasted codes, one per line (blank lines skipped).
pub fn read_class(text: &str, pack: &Pack, lang: Lang) -> Class {
    let mut class = Class { rows: Vec::new(), refused: Vec::new(), wrong: Vec::new() };
    let cells: Vec<Vec<ViewerId>> = pack.exercises.iter().map(|e| e.code_cells()).collect();
    for code in read_codes(text, pack) {
        let (n, line) = (code.line - 1, code.text);
        match code.read {
            Ok(results) => {
                for (e, result) in results.exercises.iter().enumerate() {
                    for (cell, mark) in cells.get(e).into_iter().flatten().zip(&result.cells) {
                        if *mark == CellMark::Wrong {
                            match class.wrong.iter_mut().find(|(c, _)| c == cell) {
                                Some((_, count)) => *count += 1,
                                None => class.wrong.push((cell.clone(), 1)),
                            }
                        }
                    }
                }
                class.rows.push(results);
            }
            Err(problem) => class.refused.push((n + 1, line.trim().chars().take(24).collect(), problem.code(), code_problem_words(&problem, lang))),
        }
    }
    class
}

#[function_component(ClassView)]
pub fn class_view(props: &ClassViewProps) -> Html {
    let lang = props.lang;
    let codes = use_state(String::new);
    // A dropped file that is not UTF-8 text: its name and why.
    let unread = use_state(|| None::<(String, mixua_policy::TextProblem)>);
    let pack = &props.pack;
    let class = read_class(&codes, pack, lang);
    let oninput = {
        let codes = codes.clone();
        Callback::from(move |e: InputEvent| codes.set(event_value(&e)))
    };
    // Dropped exported files: their text is added to the codes.
    let ondrop = {
        let (codes, unread) = (codes.clone(), unread.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            e.stop_propagation();
            let Some(files) = e.data_transfer().and_then(|d| d.files()) else { return };
            for i in 0..files.length() {
                let Some(file) = files.get(i) else { continue };
                let (codes, unread) = (codes.clone(), unread.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let file = gloo_file::File::from(file);
                    let Ok(bytes) = gloo_file::futures::read_as_bytes(&file).await else { return };
                    // The crate reads the bytes: a UTF-8 byte-order mark is
                    // dropped, another encoding is named and not read.
                    match mixua_policy::decode_text(&bytes) {
                        Ok(text) => codes.set(format!("{}\n{}", *codes, text.trim())),
                        Err(problem) => unread.set(Some((file.name(), problem))),
                    }
                });
            }
        })
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ws = pack.exercises.first().map(|e| e.start.workspace(lang));
    let most = class.wrong.iter().map(|(_, n)| *n).max().unwrap_or(0);
    html! {
        <section class="panel drawer class-view" data-panel="class-view" aria-labelledby="class-title" {ondrop} {ondragover}
            onkeydown={crate::components::drawer::on_escape(&props.onclose)}>
            { crate::components::drawer::close_button(lang, &props.onclose) }
            // The pack's title, as its students see it (its id when it has none).
            <h2 id="class-title" data-pack={pack.id.clone()}>{ {
                let name = if pack.title.is_empty() { pack.id.as_str() } else { pack.title.get(lang) };
                pick!(lang, format!("全班成果:{name}"), format!("Class view: {name}"))
            } }</h2>
            <label>
                { pick!(lang, "貼上成果代碼(一行一個),或把匯出的檔案拖進來。所有資料都留在這個瀏覽器裡。", "Paste result codes (one per line), or drop exported files here. Nothing leaves this browser.") }
                <textarea name="result_codes" rows="5" value={(*codes).clone()} {oninput} />
            </label>
            if let Some((name, problem)) = (*unread).clone() {
                <p class="refused" role="alert" data-unread-file={name.clone()}>{ pick!(lang, 
                    format!("沒有讀入「{name}」:{}", mixua_words::text_problem_words(&problem, lang)),
                    format!("“{name}” was not read: {}", mixua_words::text_problem_words(&problem, lang)),
                ) }</p>
            }
            <div class="table-wrap">
                <table class="class-table">
                    <caption>{ pick!(lang, format!("學生:{} 位", class.rows.len()), format!("Students: {}", class.rows.len())) }</caption>
                    <thead><tr>
                        <th scope="col">{ pick!(lang, "學生", "Student") }</th>
                        { for pack.exercises.iter().enumerate().map(|(i, e)| html! { <th scope="col">{ format!("{} · {}", i + 1, e.title.get(lang)) }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for class.rows.iter().map(|r| html! {
                            <tr data-result-row={r.name.clone()}>
                                <th scope="row">{ if r.name.is_empty() { pick!(lang, "(沒有名字)", "(no name)").to_string() } else { r.name.clone() } }</th>
                                { for r.exercises.iter().map(|e| html! {
                                    <td data-solved={e.solved.code()} data-hints={e.hints.to_string()} data-solution-seen={e.solution_seen.to_string()}>
                                        { match e.solved { Solved::Yes => "✓ ", Solved::WithSolution => "◐ ", Solved::Not => "✗ " } }
                                        { solved_words(e.solved, lang) }{ " · " }{ hints_words(e.hints.into(), lang) }
                                        if e.solution_seen && e.solved != Solved::WithSolution {
                                            { pick!(lang, " · 看過解答", " · solution seen") }
                                        }
                                    </td>
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if !class.refused.is_empty() {
                <h3>{ pick!(lang, "沒有收下的代碼", "Codes refused") }</h3>
                <ul class="refused">
                    { for class.refused.iter().map(|(line, code, reason, words)| html! {
                        <li data-refused={line.to_string()} data-reason={*reason}>
                            { pick!(lang, format!("第 {line} 行({code}…):{words}"), format!("Line {line} ({code}…): {words}")) }
                        </li>
                    }) }
                </ul>
            }
            if let Some(ws) = ws.filter(|_| most > 0) {
                <table class="heatmap">
                    <caption>{ pick!(lang, "全班預測錯最多的格子(人數)", "Cells the class predicted wrong most (how many students)") }</caption>
                    <thead><tr>
                        <th scope="col">{ pick!(lang, "使用者 ╲ Agent", "user ╲ agent") }</th>
                        { for ws.agents.iter().map(|a| html! { <th scope="col">{ a }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for ws.users.iter().map(|u| html! {
                            <tr><th scope="row">{ u }</th>{ for ws.agents.iter().map(|a| {
                                let n = class.wrong.iter().find(|(c, _)| c.user == *u && c.agent == *a).map_or(0, |(_, n)| *n);
                                // Shade by share of the most, in whole percent; the number says it too.
                                let style = format!("--heat:{}%", n * 100 / most);
                                html! {
                                    <td data-heat={format!("{u}/{a}")} data-wrong={n.to_string()} {style}>
                                        { pick!(lang, format!("✗ {n} 人錯"), format!("✗ {n} wrong")) }
                                    </td>
                                }
                            }) }</tr>
                        }) }
                    </tbody>
                </table>
            }
        </section>
    }
}
