//! The library off the UI thread: a [`Worker`] owns the puzzle source (its
//! own SQLite connection, opened on its own thread) and answers the filter
//! screen's requests while the keys go on being answered. The app asks one
//! request at a time and drops an answer for an older filter (see
//! [`FilterState::counted`](super::FilterState::counted)).

use std::thread::Scope;

use super::effect::{Reply, Request};
use super::filter::{PuzzleSource, answer};
use super::service::{Service, Waker};
use crate::library::LibraryError;

/// Opens the puzzle source on the worker's thread.
pub type OpenSource<'s> =
    Box<dyn FnOnce() -> Result<Box<dyn PuzzleSource + 's>, LibraryError> + Send + 's>;

/// A puzzle source on a thread of its own.
pub type Worker = Service<Request, Reply>;

impl Service<Request, Reply> {
    /// Starts the worker in `scope`: it opens the source with `open` on
    /// its thread, then answers each request in turn until the
    /// [`Worker`] is dropped, waking the runner with each answer. If the
    /// source cannot be opened, every request is answered with why.
    pub fn spawn<'scope, 'env>(
        scope: &'scope Scope<'scope, 'env>,
        open: OpenSource<'env>,
        waker: Waker,
    ) -> Worker {
        Service::scoped(scope, waker, move || {
            let source = open();
            move |request| match &source {
                Ok(source) => answer(&**source, request),
                Err(e) => failed(request, e),
            }
        })
    }
}

/// The answer to `request` when the source could not be opened.
fn failed(request: Request, why: &LibraryError) -> Reply {
    let error = || LibraryError::Io {
        context: "opening the library".to_owned(),
        source: std::io::Error::other(why.to_string()),
    };
    match request {
        Request::Count(filter) => Reply::Counted {
            filter,
            result: Err(error()),
        },
        Request::Pick { .. } => Reply::Picked(Err(error())),
        Request::Pool => Reply::Pool(Err(error())),
    }
}
