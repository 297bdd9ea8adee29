//! Worksheets on paper (issue 40): the core's [`Worksheet`] model laid
//! out on A4 or Letter pages and written as a PDF, or as plain text.
//!
//! The PDF is written with `pdf-writer` (a small low-level writer, MIT or
//! Apache-2.0): text in the standard Helvetica fonts (no font embedded),
//! the pieces as vector shapes ([`pieces`]), figurines in the key drawn
//! the same way. Pages are not compressed: a page of six diagrams is
//! about 20 KB.
//!
//! This lives in the binary's package, not the core: the core says what a
//! sheet holds; how it looks on a page (points, fonts, a file format) is a
//! rendering, as the terminal's screens are, and it keeps `pdf-writer`
//! out of the core.
//!
//! [`Worksheet`]: sancho_core::worksheet::Worksheet

mod board;
mod canvas;
mod font;
mod layout;
mod pdf;
mod pieces;
mod scoresheet;
mod svg_path;
mod text;

use std::fmt;
use std::str::FromStr;

pub use font::unprintable;
pub use pdf::{Document, pdf};
pub use text::text;

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (most of the world).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (the Americas).
    Letter,
}

impl Paper {
    /// Every size, as `--paper` names them.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Width and height in points (1/72 in).
    #[must_use]
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name `--paper` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper a locale prints on (`en_US.UTF-8`, `fr_CA`): Letter in
    /// the countries that use it (the United States, Canada, Mexico, the
    /// Philippines and much of Central and South America), A4 elsewhere
    /// and when the locale says no country (`C`, `POSIX`).
    #[must_use]
    pub fn of_locale(locale: &str) -> Paper {
        const LETTER: [&str; 14] = [
            "US", "CA", "MX", "PH", "PR", "CL", "CO", "VE", "CR", "GT", "NI", "PA", "SV", "DO",
        ];
        let name = locale.split(['.', '@']).next().unwrap_or_default();
        match name.split_once('_') {
            Some((_, country)) if LETTER.contains(&country) => Paper::Letter,
            _ => Paper::A4,
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A paper size other than A4 or Letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is no paper size here: choose a4 or letter")]
pub struct UnknownPaper(pub String);

impl FromStr for Paper {
    type Err = UnknownPaper;

    fn from_str(text: &str) -> Result<Paper, UnknownPaper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownPaper(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_chooses_letter_in_the_americas_and_a4_elsewhere() {
        assert_eq!(Paper::of_locale("en_US.UTF-8"), Paper::Letter);
        assert_eq!(Paper::of_locale("fr_CA"), Paper::Letter);
        assert_eq!(Paper::of_locale("es_MX.utf8@euro"), Paper::Letter);
        assert_eq!(Paper::of_locale("en_GB.UTF-8"), Paper::A4);
        assert_eq!(Paper::of_locale("de_DE"), Paper::A4);
        assert_eq!(Paper::of_locale("C.UTF-8"), Paper::A4);
        assert_eq!(Paper::of_locale(""), Paper::A4);
    }

    #[test]
    fn paper_names_read_back() {
        for paper in Paper::ALL {
            assert_eq!(paper.to_string().parse::<Paper>(), Ok(paper));
        }
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert!(
            "a5".parse::<Paper>()
                .unwrap_err()
                .to_string()
                .contains("a4 or letter")
        );
    }
}
