//! `/_api/v1/userinput/athleticvision/recording`: the athlete records their vision in their own
//! voice, plays it back (in parts, as phones' players ask), and deletes it.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::billing::PaidUser;
use crate::db::ms_to_rfc3339;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::vision::recording::{self, RecordingInfo, Wanted, MAX_BYTES, TYPES};

/// Where the recording lives (the body limit makes room for it there only).
pub const PATH: &str = "/_api/v1/userinput/athleticvision/recording";

pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new().routes(routes!(put_recording, get_recording, delete_recording))
}

/// The stored recording, without its audio.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Recording {
    /// `audio/webm`, `audio/ogg`, `audio/mp4` or `audio/mpeg`, with its codecs when given.
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    pub created_at: String,
    pub updated_at: String,
}

impl From<RecordingInfo> for Recording {
    fn from(r: RecordingInfo) -> Self {
        Self {
            content_type: r.content_type,
            size: r.size,
            created_at: ms_to_rfc3339(r.created_at),
            updated_at: ms_to_rfc3339(r.updated_at),
        }
    }
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge(format!(
        "A recording can be at most {} MB: record a shorter reading.",
        MAX_BYTES / (1024 * 1024)
    ))
}

/// Keeps the athlete's recording of their vision (the audio as the body), replacing the one
/// before.
#[utoipa::path(put, path = "/userinput/athleticvision/recording", tag = "vision",
    request_body(description = "The recorded audio, at most 20 MB",
        content(("audio/webm"), ("audio/ogg"), ("audio/mp4"), ("audio/mpeg"))),
    responses((status = 201, description = "The first recording was kept", body = Recording),
              (status = 200, description = "The recording replaced the one before", body = Recording),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 415, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn put_recording(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Recording>)> {
    let given = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let content_type = recording::accepted_type(given).ok_or_else(|| {
        AppError::UnsupportedMediaType(format!(
            "Send the recording as {} (Content-Type), as the browser's recorder makes it.",
            TYPES.join(", ")
        ))
    })?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_BYTES) {
        return Err(too_large());
    }
    let audio = axum::body::to_bytes(body, MAX_BYTES).await.map_err(|err| {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&err);
        while let Some(e) = source {
            if e.is::<http_body_util::LengthLimitError>() {
                return too_large();
            }
            source = e.source();
        }
        AppError::bad_request("The recording did not arrive whole: please send it again.")
    })?;
    if audio.is_empty() {
        return Err(AppError::bad_request(
            "The recording is empty: record your vision, then save it.",
        ));
    }
    let mut tx = state.db.begin_write().await?;
    let (saved, first) =
        recording::save(&mut tx, &me.id, &content_type, &audio, state.clock.now_ms()).await?;
    tx.commit().await?;
    let status = if first {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(saved.into())))
}

/// The athlete's recording: whole, or the one byte range `Range` asks for (206).
#[utoipa::path(get, path = "/userinput/athleticvision/recording", tag = "vision",
    params(("Range" = Option<String>, Header, description = "One range of bytes, such as bytes=0-1")),
    responses((status = 200, description = "The whole recording, as its Content-Type"),
              (status = 206, description = "The range asked for, with Content-Range"),
              (status = 401, body = ErrorBody),
              (status = 404, description = "No recording yet", body = ErrorBody),
              (status = 416, description = "The range lies outside the recording", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_recording(
    State(state): State<AppState>,
    me: CurrentUser,
    headers: HeaderMap,
) -> Result<Response> {
    let mut conn = state.db.pool().acquire().await?;
    let (info, audio) = recording::audio(&mut conn, &me.id)
        .await?
        .ok_or_else(|| AppError::not_found("You have not recorded your vision yet."))?;
    drop(conn);
    let size = audio.len() as u64;
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    let common = [
        (header::ACCEPT_RANGES, "bytes".to_owned()),
        (header::ETAG, info.etag.clone()),
    ];
    Ok(match recording::wanted(range, size) {
        Wanted::All => (
            StatusCode::OK,
            common,
            [(header::CONTENT_TYPE, info.content_type)],
            Body::from(audio),
        )
            .into_response(),
        Wanted::Part { start, end } => {
            let part = audio[start as usize..=end as usize].to_vec();
            (
                StatusCode::PARTIAL_CONTENT,
                common,
                [
                    (header::CONTENT_TYPE, info.content_type),
                    (header::CONTENT_RANGE, format!("bytes {start}-{end}/{size}")),
                ],
                Body::from(part),
            )
                .into_response()
        }
        Wanted::Unsatisfiable => {
            let mut res = AppError::RangeNotSatisfiable(format!(
                "The recording is {size} bytes long: ask for a range inside it."
            ))
            .into_response();
            if let Ok(value) = format!("bytes */{size}").parse() {
                res.headers_mut().insert(header::CONTENT_RANGE, value);
            }
            res
        }
    })
}

/// Deletes the athlete's recording (the device's voice reads the vision again).
#[utoipa::path(delete, path = "/userinput/athleticvision/recording", tag = "vision",
    responses((status = 204, description = "Deleted, or there was none"),
              (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn delete_recording(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    recording::delete(&mut tx, &me.id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
