//! The library off the UI thread: a [`Worker`] owns the puzzle source (its
//! own SQLite connection, opened on its own thread) and answers the filter
//! screen's requests while the keys go on being answered. The app asks one
//! request at a time and drops an answer for an older filter (see
//! [`FilterState::counted`](super::FilterState::counted)).

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::Scope;

use super::effect::{Reply, Request};
use super::filter::{PuzzleSource, answer};
use crate::library::LibraryError;

/// Opens the puzzle source on the worker's thread.
pub type OpenSource<'s> =
    Box<dyn FnOnce() -> Result<Box<dyn PuzzleSource + 's>, LibraryError> + Send + 's>;

/// A puzzle source on a thread of its own.
#[derive(Debug)]
pub struct Worker {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
}

impl Worker {
    /// Starts the worker in `scope`: it opens the source with `open`, then
    /// answers each request in turn until the [`Worker`] is dropped. If the
    /// source cannot be opened, every request is answered with why.
    pub fn spawn<'scope, 'env>(
        scope: &'scope Scope<'scope, 'env>,
        open: OpenSource<'env>,
    ) -> Worker {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (outbox, replies) = mpsc::channel::<Reply>();
        scope.spawn(move || {
            let source = open();
            for request in inbox {
                let reply = match &source {
                    Ok(source) => answer(&**source, request),
                    Err(e) => failed(request, e),
                };
                if outbox.send(reply).is_err() {
                    break;
                }
            }
        });
        Worker { requests, replies }
    }

    /// Hands a request to the worker (never waits). Returns whether the
    /// worker is still there to take it.
    pub fn ask(&self, request: Request) -> bool {
        self.requests.send(request).is_ok()
    }

    /// An answer, if one is ready (never waits).
    pub fn answered(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// Waits for the next answer (tests; `None` once the worker is gone).
    pub fn wait(&self) -> Option<Reply> {
        self.replies.recv().ok()
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
