//! The PDF file: the pages' content from [`layout`](super::layout), the two
//! standard fonts, the twelve pieces as forms drawn once and placed many
//! times, and the document's title. Nothing in it depends on the time, so
//! the same sheet gives the same bytes.

use pdf_writer::{Finish, Name, Pdf, Rect, Ref, TextStr};
use sancho_core::worksheet::Worksheet;
use shakmaty::{Color, Role};

use super::Paper;
use super::board::{ARROW_ALPHA, ARROW_STATE};
use super::canvas::piece_name;
use super::font::{FIRST_CHAR, Face};
use super::layout;
use super::pieces::{self, UNITS};

/// A sheet written as a PDF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The file.
    pub bytes: Vec<u8>,
    /// Its pages.
    pub pages: usize,
    /// Of which the exercises' (or the scoresheet's): the key's follow.
    pub exercise_pages: usize,
}

/// The sheet as a PDF on `paper`.
#[must_use]
pub fn pdf(sheet: &Worksheet, paper: Paper) -> Document {
    let contents = layout::pages(sheet, paper);
    let (width, height) = paper.size();
    let mut ids = (1..).map(Ref::new);
    let mut id = || ids.next().unwrap_or(Ref::new(i32::MAX));
    let (catalog, tree, info, arrow_state) = (id(), id(), id(), id());
    let fonts = [(Face::Regular, id()), (Face::Bold, id())];
    let forms: Vec<_> = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| Role::ALL.map(|role| role.of(color)))
        .map(|piece| (piece, id()))
        .collect();
    let pages: Vec<(Ref, Ref)> = contents.iter().map(|_| (id(), id())).collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(pages.iter().map(|&(page, _)| page))
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    for (&(page_id, content_id), content) in pages.iter().zip(&contents) {
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height))
            .parent(tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut font_names = resources.fonts();
        for (face, font) in fonts {
            font_names.pair(Name(face.resource()), font);
        }
        font_names.finish();
        let mut names = resources.x_objects();
        let piece_names: Vec<[u8; 2]> = forms.iter().map(|&(piece, _)| piece_name(piece)).collect();
        for (name, &(_, form)) in piece_names.iter().zip(&forms) {
            names.pair(Name(name), form);
        }
        names.finish();
        resources
            .ext_g_states()
            .pair(Name(ARROW_STATE), arrow_state);
        resources.finish();
        page.finish();
        pdf.stream(content_id, content);
    }
    pdf.ext_graphics(arrow_state)
        .non_stroking_alpha(ARROW_ALPHA);
    for (face, font) in fonts {
        pdf.type1_font(font)
            .base_font(Name(face.base_font()))
            .encoding_predefined(Name(b"WinAnsiEncoding"))
            .first_char(FIRST_CHAR)
            .last_char(255)
            .widths(face.widths().iter().map(|&w| f32::from(w)));
    }
    for &(piece, form) in &forms {
        let content = pieces::form(piece);
        pdf.form_xobject(form, &content)
            .bbox(Rect::new(0.0, 0.0, UNITS, UNITS));
    }
    let creator = format!("Sancho {}", env!("CARGO_PKG_VERSION"));
    pdf.document_info(info)
        .title(TextStr(&sheet.title))
        .creator(TextStr(&creator))
        .producer(TextStr(&creator));
    Document {
        bytes: pdf.finish(),
        pages: contents.len(),
        exercise_pages: sheet.exercise_pages(),
    }
}
