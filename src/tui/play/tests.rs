use super::complete::common_prefix;

#[test]
fn common_prefix_table() {
    let cases: [(&[&str], &str); 5] = [
        (&["Nbd2", "Nbd7"], "Nbd"),
        (&["O-O", "O-O-O"], "O-O"),
        (&["e4"], "e4"),
        (&["Nf3", "Bc4"], ""),
        (&[], ""),
    ];
    for (words, expected) in cases {
        assert_eq!(common_prefix(words.iter().copied()), expected);
    }
}
