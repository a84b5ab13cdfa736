//! Words issue 50 added to the screen, in both languages: the classroom
//! timeline's "Ticks and events" and a loaded card's rank in its layer.

use mixua_words::explain::time_details_label;
use mixua_words::prompt_words::rank_words;
use mixua_words::Lang;

#[test]
fn the_classroom_timeline_names_what_it_folds_in_both_languages() {
    assert_eq!(time_details_label(0, Lang::En), "Ticks and events");
    assert_eq!(time_details_label(0, Lang::ZhTw), "時刻與事件");
    assert_eq!(time_details_label(2, Lang::En), "Ticks and events · 2 not in effect");
    assert_eq!(time_details_label(2, Lang::ZhTw), "時刻與事件 · 2 張不生效");
}

#[test]
fn a_rank_is_said_with_its_number_in_both_languages() {
    assert_eq!(rank_words(1, Lang::En), "rank 1 in this layer");
    assert_eq!(rank_words(12, Lang::ZhTw), "本層排第 12");
}
