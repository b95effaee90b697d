//! The access tokens an instance verified lately, kept per thread, so the next request that
//! carries one (a session sends the same token until it refreshes it, an hour) skips its HMAC
//! over about a kilobyte and its parse: together a fifth of a signed-in dashboard's instructions
//! (bench/PROFILE.md, finding 29). What a kept token still gets at every request: its times
//! against the clock ([`Keys::verify_member`](super::tokens::Keys::verify_member)), and the
//! session check, so a sign-out or password change is honoured at once.
//!
//! A slot is chosen by the token's last bytes (its signature's, random to whoever lacks the
//! secret) and holds the whole token, compared in full before its claims are used: two tokens
//! in one slot only evict each other. Only tokens that passed every check are kept.

use std::cell::RefCell;
use std::sync::Arc;

use thread_local::ThreadLocal;

use super::tokens::MemberClaims;

/// Slots on each thread, 2^9: at about 1.2 kB a token, under a megabyte per runtime thread.
const SLOT_BITS: u32 = 9;
const SLOTS: usize = 1 << SLOT_BITS;

struct Kept {
    token: Box<str>,
    claims: Arc<MemberClaims>,
}

#[derive(Default)]
pub(crate) struct VerifiedTokens {
    slots: ThreadLocal<RefCell<Vec<Option<Kept>>>>,
}

impl VerifiedTokens {
    /// The claims of `token` when this thread verified exactly this token before.
    pub(crate) fn get(&self, token: &str) -> Option<Arc<MemberClaims>> {
        let slot = slot(token)?;
        let slots = self.slots.get()?.borrow();
        match slots.get(slot)? {
            Some(kept) if *kept.token == *token => Some(kept.claims.clone()),
            _ => None,
        }
    }

    /// Keeps `token`, just verified, with its claims.
    pub(crate) fn keep(&self, token: &str, claims: Arc<MemberClaims>) {
        let Some(slot) = slot(token) else {
            return;
        };
        let mut slots = self
            .slots
            .get_or(|| RefCell::new(std::iter::repeat_with(|| None).take(SLOTS).collect()))
            .borrow_mut();
        slots[slot] = Some(Kept {
            token: token.into(),
            claims,
        });
    }
}

/// The slot of `token`: its last eight bytes (base64 text, six random bits in each), mixed
/// by a multiplication whose top bits depend on all of them.
fn slot(token: &str) -> Option<usize> {
    let tail: [u8; 8] = token.as_bytes().last_chunk::<8>().copied()?;
    let mixed = u64::from_le_bytes(tail).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Some((mixed >> (64 - SLOT_BITS)) as usize)
}
