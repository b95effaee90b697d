//! The serving lifecycle an operator sees: ready, then draining (SIGTERM or [`Lifecycle::drain`]:
//! `/readyz` answers 503 so load balancers stop sending), then stopped accepting (in-flight
//! requests finish, the workers release what they hold), then exit within
//! `SWAZ_SHUTDOWN_GRACE_SECS`.

use tokio::sync::watch;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    Ready,
    /// Still serving, but telling load balancers to go elsewhere.
    Draining,
    /// No new connections; what was accepted is being finished.
    Stopping,
}

/// Shared by the server loop, `/readyz` and the background workers.
pub struct Lifecycle {
    phase: watch::Sender<Phase>,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Self::new()
    }
}

impl Lifecycle {
    pub fn new() -> Self {
        Self {
            phase: watch::channel(Phase::Ready).0,
        }
    }

    pub(crate) fn phase(&self) -> Phase {
        *self.phase.borrow()
    }

    /// Starts shutting down (what SIGTERM does); a no-op once under way.
    pub fn drain(&self) {
        self.advance(Phase::Draining);
    }

    /// Stops accepting connections; called by the server loop after the drain delay.
    pub(crate) fn stop_accepting(&self) {
        self.advance(Phase::Stopping);
    }

    fn advance(&self, to: Phase) {
        self.phase.send_if_modified(|phase| {
            let later = to > *phase;
            if later {
                *phase = to;
            }
            later
        });
    }

    /// Resolves once the lifecycle has reached `phase`.
    pub(crate) async fn reached(&self, phase: Phase) {
        let mut rx = self.phase.subscribe();
        // The sender lives as long as `self`, so `wait_for` only fails if it is dropped.
        let _ = rx.wait_for(|p| *p >= phase).await;
    }
}
