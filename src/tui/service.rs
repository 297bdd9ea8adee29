//! Work off the UI thread. A [`Service`] is a thread that takes requests in
//! order and sends each one's reply back (gitui's `AsyncSingleJob` is the
//! model: a job thread, requests in, replies out); the runner hands it a
//! request without waiting and takes the reply in when it is ready. Every
//! reply also pokes a [`Waker`], so that the runner's wait ends at once
//! instead of at its next tick.
//!
//! The library ([`Worker`](super::Worker)), the engine
//! ([`Refuter`](super::Refuter)), the progress store (recording and the
//! stats after it) and the loading of the mined pack each run on one.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::Scope;
use std::time::Duration;

use ratatui::crossterm::event::Event;

/// What ends the runner's wait: a terminal event, or a reply ready.
#[derive(Debug)]
pub(crate) enum Wake {
    /// The terminal's input thread read an event (or failed to).
    Event(io::Result<Event>),
    /// A service has a reply ready (or a signal asks the runner to stop).
    Ready,
}

/// Ends the runner's wait when a reply is ready. A waker that wakes no one
/// ([`Waker::default`]) suits a runner driven by a scripted event source.
#[derive(Clone, Debug, Default)]
pub struct Waker(Option<Sender<Wake>>);

impl Waker {
    /// A waker and what it wakes: tests that script the runner's events
    /// wait on [`Woken`] for a service's reply before going on.
    pub fn channel() -> (Waker, Woken) {
        let (tx, rx) = mpsc::channel();
        (Waker(Some(tx)), Woken(rx))
    }

    /// A waker that sends into the runner's own channel.
    pub(crate) fn to(sender: Sender<Wake>) -> Waker {
        Waker(Some(sender))
    }

    /// Says a reply is ready (to no one, once the runner is gone).
    pub fn wake(&self) {
        if let Some(sender) = &self.0 {
            let _ = sender.send(Wake::Ready);
        }
    }
}

/// The other end of [`Waker::channel`].
#[derive(Debug)]
pub struct Woken(Receiver<Wake>);

impl Woken {
    /// Waits up to `timeout` for a reply to be ready; whether one was.
    pub fn wait(&self, timeout: Duration) -> bool {
        loop {
            match self.0.recv_timeout(timeout) {
                Ok(Wake::Ready) => return true,
                Ok(Wake::Event(_)) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return false,
            }
        }
    }
}

/// A thread answering requests `Q` with replies `R`, in order.
#[derive(Debug)]
pub struct Service<Q, R> {
    /// `None` once closed: the thread ends after what it was asked.
    requests: Option<Sender<Q>>,
    replies: Receiver<R>,
}

impl<Q: Send, R: Send> Service<Q, R> {
    /// Starts the service on a thread of `scope` (it may borrow what the
    /// scope's caller owns, such as the progress store); the scope waits
    /// for it to finish what it was asked once the [`Service`] is dropped.
    /// `start` makes the function that answers, on the service's thread
    /// (what it holds, such as an SQLite connection, never crosses threads).
    pub fn scoped<'scope, 'env, F, S>(
        scope: &'scope Scope<'scope, 'env>,
        waker: Waker,
        start: F,
    ) -> Service<Q, R>
    where
        F: FnOnce() -> S + Send + 'scope,
        S: FnMut(Q) -> R,
        Q: 'scope,
        R: 'scope,
    {
        let (service, inbox, outbox) = Service::channels();
        scope.spawn(move || answer(inbox, &outbox, &waker, start()));
        service
    }

    /// Starts the service on a thread of its own that is never waited for
    /// (an engine may hang: leaving never waits on it). It ends once the
    /// [`Service`] is dropped and its request in hand is answered.
    pub fn detached<F, S>(waker: Waker, start: F) -> Service<Q, R>
    where
        F: FnOnce() -> S + Send + 'static,
        S: FnMut(Q) -> R,
        Q: 'static,
        R: 'static,
    {
        let (service, inbox, outbox) = Service::channels();
        std::thread::spawn(move || answer(inbox, &outbox, &waker, start()));
        service
    }

    fn channels() -> (Service<Q, R>, Receiver<Q>, Sender<R>) {
        let (requests, inbox) = mpsc::channel();
        let (outbox, replies) = mpsc::channel();
        let service = Service {
            requests: Some(requests),
            replies,
        };
        (service, inbox, outbox)
    }

    /// Hands a request over (never waits). Returns whether the thread is
    /// still there to take it.
    pub fn ask(&self, request: Q) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|requests| requests.send(request).is_ok())
    }

    /// A reply, if one is ready (never waits).
    pub fn answered(&self) -> Option<R> {
        self.replies.try_recv().ok()
    }

    /// Waits for the next reply (`None` once the thread is gone and every
    /// reply has been taken).
    pub fn wait(&self) -> Option<R> {
        self.replies.recv().ok()
    }

    /// Asks nothing more: the thread answers what it was asked, then ends
    /// (and [`Service::wait`] then says `None`).
    pub fn close(&mut self) {
        self.requests = None;
    }
}

/// The service's thread: each request answered in turn until the
/// requests end or no one takes the replies.
fn answer<Q, R>(
    inbox: Receiver<Q>,
    outbox: &Sender<R>,
    waker: &Waker,
    mut serve: impl FnMut(Q) -> R,
) {
    for request in inbox {
        if outbox.send(serve(request)).is_err() {
            break;
        }
        waker.wake();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_come_in_order_and_wake_the_runner() {
        let (waker, woken) = Waker::channel();
        let mut seen = Vec::new();
        std::thread::scope(|scope| {
            let seen = &mut seen;
            let mut service = Service::scoped(scope, waker, move || {
                move |n: u32| {
                    seen.push(n);
                    n * 2
                }
            });
            assert!(service.ask(1));
            assert!(service.ask(2));
            assert!(woken.wait(Duration::from_secs(10)));
            assert_eq!(service.wait(), Some(2));
            assert_eq!(service.wait(), Some(4));
            service.close();
            assert!(!service.ask(3), "closed");
            assert_eq!(service.wait(), None, "the thread ended");
        });
        assert_eq!(seen, [1, 2]);
    }

    #[test]
    fn a_detached_service_ends_with_its_handle() {
        let service = Service::detached(Waker::default(), || |s: String| s.len());
        assert!(service.ask("four".to_owned()));
        assert_eq!(service.wait(), Some(4));
        assert_eq!(service.answered(), None);
    }
}
