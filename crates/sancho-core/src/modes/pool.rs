//! Which puzzles a Storm or Streak run plays, and in what order.
//!
//! Storm, as Lichess does it, draws a pool from rating buckets (here 100
//! points wide, from 1000 to 2500) and plays it in rising rating. Streak
//! plays every puzzle once, easiest first.

use crate::rng::Rng;

/// The lowest and highest rating of Storm's buckets; puzzles outside are
/// counted in the first or last bucket, and taken there only when the
/// puzzles inside the range do not fill it.
pub const STORM_RANGE: (u32, u32) = (1000, 2500);

/// The width of one rating bucket.
pub const BUCKET_WIDTH: u32 = 100;

/// How many puzzles Storm takes from one bucket at most.
pub const PER_BUCKET: usize = 8;

/// Storm's pool from `ratings` (one per candidate puzzle, by index): up to
/// [`PER_BUCKET`] puzzles from each 100-point bucket between 1000 and 2500,
/// chosen at random with `seed` (from outside the range only to fill a
/// bucket), in rising rating (ties: the shuffled
/// order). Returns indices into `ratings`.
#[must_use]
pub fn storm_pool(ratings: &[u32], seed: u64) -> Vec<usize> {
    let (low, high) = STORM_RANGE;
    let buckets = ((high - low) / BUCKET_WIDTH) as usize;
    let bucket = |r: u32| ((r.clamp(low, high - 1) - low) / BUCKET_WIDTH) as usize;
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    let mut rng = Rng::new(seed);
    // Fisher-Yates, so that each bucket's pick is random.
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    // Puzzles inside the range first (stable: each group stays shuffled), so
    // that a 600-rated puzzle opens a run only when 1000 to 1099 has too few.
    order.sort_by_key(|&i| !(low..high).contains(&ratings[i]));
    let mut taken = vec![0usize; buckets];
    let mut pool: Vec<usize> = Vec::new();
    for i in order {
        let b = bucket(ratings[i]);
        if taken[b] < PER_BUCKET {
            taken[b] += 1;
            pool.push(i);
        }
    }
    // Stable: equal ratings keep the shuffled order.
    pool.sort_by_key(|&i| ratings[i]);
    pool
}

/// Streak's order: every puzzle, easiest first, equal ratings shuffled
/// with `seed`. Returns indices into `ratings`.
#[must_use]
pub fn rising_pool(ratings: &[u32], seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    order.sort_by_key(|&i| ratings[i]);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storm_pool_rises_and_caps_each_bucket() {
        // 30 puzzles at 1050, 30 at 1450, 5 at 2900 (above the range).
        let mut ratings = vec![1050; 30];
        ratings.extend(vec![1450; 30]);
        ratings.extend(vec![2900; 5]);
        let pool = storm_pool(&ratings, 7);
        assert_eq!(pool.len(), PER_BUCKET * 2 + 5);
        assert!(pool.windows(2).all(|w| ratings[w[0]] <= ratings[w[1]]));
        assert_eq!(pool.iter().filter(|&&i| ratings[i] == 1050).count(), 8);
    }

    #[test]
    fn puzzles_below_the_range_only_fill_the_first_bucket() {
        // 20 puzzles at 600 and 5 at 1020: the run opens with the five in
        // range, then three from below to fill the bucket of eight.
        let mut ratings = vec![600; 20];
        ratings.extend(vec![1020; 5]);
        let pool = storm_pool(&ratings, 3);
        assert_eq!(pool.len(), PER_BUCKET);
        assert_eq!(pool.iter().filter(|&&i| ratings[i] == 1020).count(), 5);
        // And with enough in range, none from below.
        ratings.extend(vec![1080; 10]);
        let pool = storm_pool(&ratings, 3);
        assert!(pool.iter().all(|&i| ratings[i] >= 1000), "{pool:?}");
    }

    #[test]
    fn storm_pool_depends_on_the_seed_and_only_on_it() {
        let ratings = vec![1200; 40];
        assert_eq!(storm_pool(&ratings, 1), storm_pool(&ratings, 1));
        assert_ne!(storm_pool(&ratings, 1), storm_pool(&ratings, 2));
    }

    #[test]
    fn rising_pool_keeps_every_puzzle() {
        let ratings = vec![1800, 900, 1400, 900];
        let order = rising_pool(&ratings, 3);
        assert_eq!(order.len(), 4);
        assert_eq!(ratings[order[3]], 1800);
        assert_eq!(ratings[order[2]], 1400);
    }
}
