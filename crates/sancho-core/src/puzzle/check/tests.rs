use super::{asserts_mate, mentions_mate};

#[test]
fn comments_that_claim_mate() {
    // (comment, claims the puzzle mates, says this move mates)
    for (comment, claims, here) in [
        ("Checkmate!", true, true),
        ("Black delivers checkmate", true, true),
        ("Mate", true, true),
        ("Qh7#", true, true),
        ("Qh7 mates", true, true),
        ("Mate in 2 follows", true, false),
        ("The mating net closes", true, false),
        ("Threatening mate on f7", false, false),
        ("Stops the mate threat", false, false),
        ("Not mate yet", false, false),
        ("Wins the queen", false, false),
        ("Kc7: if Ke8 then Rd8 is mate.", false, false),
        ("Otherwise Qh7 would be mate", false, false),
        (
            "Nf6: a quiet move that sets up an unstoppable mate.",
            true,
            false,
        ),
        (
            "h6: the most stubborn try; every other reply also runs into mate.",
            true,
            false,
        ),
        ("Rd8#: the rook reaches the back rank.", true, true),
        ("Now it is mate", true, true),
        ("Nf6: from lichess.org/KZg99zwE/black#14", false, false),
        ("(Qxe7#) also mates", true, true),
        ("Checkmates are rare; an animated teammate", true, true),
    ] {
        assert_eq!(mentions_mate(comment), claims, "{comment}");
        assert_eq!(asserts_mate(comment), here, "{comment}");
    }
}
