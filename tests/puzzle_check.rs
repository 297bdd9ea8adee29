use std::path::Path;
use sancho::puzzle::check_path;
#[test]
fn dump() {
    for f in ["good_pack.json","alternative_mate.json","illegal_move.json","wrong_side.json","false_mate.json","bad_fen.json","duplicate_id.json","mismatched_solution.json","malformed.json","lichess_small.csv","lichess_broken.csv"] {
        let p = Path::new("tests/fixtures/puzzles").join(f);
        let (fs, s) = check_path(&p);
        println!("== {f} {s:?}");
        for x in fs { println!("{x}"); }
    }
}
