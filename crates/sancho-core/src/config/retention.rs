//! `retention` in config.toml: FSRS's desired retention, the chance of
//! recall at which a review falls due.

/// `retention`: the probability of recall at which a review falls due
/// (FSRS's desired retention), kept in thousandths so that settings compare
/// exactly. Accepted from 0.70 to 0.99 (Anki's range); default 0.9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention(u16);

impl Retention {
    /// The lowest value accepted, in thousandths.
    pub const MIN: u16 = 700;
    /// The highest value accepted, in thousandths.
    pub const MAX: u16 = 990;

    /// The retention of a value in the file (`0.9`), if it is in range.
    #[must_use]
    pub fn from_value(value: f64) -> Option<Retention> {
        let thousandths = (value * 1000.0).round();
        (value.is_finite()
            && thousandths >= f64::from(Self::MIN)
            && thousandths <= f64::from(Self::MAX))
        .then(|| {
            // In range, so the cast is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let t = thousandths as u16;
            Retention(t)
        })
    }

    /// As a probability (0.9).
    #[must_use]
    pub fn get(self) -> f32 {
        f32::from(self.0) / 1000.0
    }
}

impl Default for Retention {
    fn default() -> Retention {
        Retention(900)
    }
}

impl std::fmt::Display for Retention {
    /// As written in the file: `0.9`, `0.875`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut fraction = format!("{:03}", self.0 % 1000);
        while fraction.len() > 1 && fraction.ends_with('0') {
            fraction.pop();
        }
        write!(f, "{}.{fraction}", self.0 / 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, render};
    use super::*;

    #[test]
    fn retention_is_read_in_range_and_a_problem_outside_it() {
        for (text, thousandths) in [
            ("retention = 0.9", 900),
            ("retention = 0.85", 850),
            ("retention = 0.7", 700),
            ("retention = 0.99", 990),
        ] {
            let (settings, problems) = parse(text);
            assert_eq!(problems, vec![], "{text}");
            assert_eq!(settings.retention, Retention(thousandths), "{text}");
        }
        assert_eq!(Retention(850).get(), 0.85);
        assert_eq!(
            render(&parse("retention = 0.875").0)
                .lines()
                .find(|l| l.starts_with("retention")),
            Some("retention = 0.875")
        );
        for text in [
            "retention = 0.5",
            "retention = 1",
            "retention = 0.995",
            "retention = \"high\"",
            "retention = -0.9",
        ] {
            let (settings, problems) = parse(&format!("lang = \"en\"\n{text}"));
            assert_eq!(settings.retention, Retention::default(), "{text}");
            assert_eq!(problems.len(), 1, "{text}");
            assert_eq!(
                (problems[0].line, problems[0].key.as_str()),
                (2, "retention")
            );
            assert!(
                problems[0].message.contains("from 0.7 to 0.99"),
                "{}",
                problems[0].message
            );
        }
    }
}
