//! HTTP plumbing below every capability: the accept loop, the JSON body extractor and the wording
//! of its rejections, client facts, security headers and the web app's files. Nothing here names a
//! capability or the app's state.

pub mod api_router;
pub mod client;
pub mod json;
pub mod json_object;
pub mod openapi;
pub mod page;
pub mod rejections;
pub mod security;
pub mod serve;
pub mod static_files;
