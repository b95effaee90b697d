//! The public site's content: the contact form (stored, and e-mailed to the operator), the four
//! inspiration athletes (static data shipped with the server) and the settings the landing page
//! reads (DESIGN §7).

pub mod contact;
pub mod inspiration;
pub mod routes;
pub mod storage;
