//! The vision in the athlete's own voice: the audio they recorded, its type, and the byte
//! ranges a player asks for (iPhone's player seeks with `Range` only).

use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

/// The largest recording: about 20 minutes of Opus or AAC at voice quality.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// The audio types a browser's recorder makes: WebM or Ogg with Opus, MP4 with AAC on Safari,
/// and MP3 from elsewhere.
pub const TYPES: [&str; 4] = ["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg"];

/// A `Content-Type` the recording may be stored with: one of [`TYPES`], with its parameters
/// (`codecs=opus`) kept when they are plain. `None` for anything else.
pub fn accepted_type(header: &str) -> Option<String> {
    let mut parts = header.split(';').map(str::trim);
    let essence = parts.next()?.to_ascii_lowercase();
    if !TYPES.contains(&essence.as_str()) {
        return None;
    }
    let params: Vec<String> = parts
        .filter(|p| !p.is_empty())
        .filter(|p| {
            p.chars()
                .all(|c| c.is_ascii_alphanumeric() || "=.-_,\"+ ".contains(c))
        })
        .map(str::to_owned)
        .collect();
    Some(if params.is_empty() {
        essence
    } else {
        format!("{essence}; {}", params.join("; "))
    })
}

/// A stored recording's description.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RecordingInfo {
    pub content_type: String,
    pub size: i64,
    pub etag: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Stores `audio` as the athlete's recording, replacing one kept before; answers whether there
/// was none before. Run in a write transaction.
pub async fn save(
    conn: &mut AnyConnection,
    user_id: &str,
    content_type: &str,
    audio: &[u8],
    now: i64,
) -> sqlx::Result<(RecordingInfo, bool)> {
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(audio)[..16]));
    let existed = info(conn, user_id).await?;
    let created_at = existed.as_ref().map_or(now, |e| e.created_at);
    sqlx::query(
        "INSERT INTO vision_recordings (user_id, content_type, audio, size, etag, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (user_id) DO UPDATE SET content_type = $2, audio = $3, size = $4, etag = $5, \
           updated_at = $7",
    )
    .bind(user_id)
    .bind(content_type)
    .bind(audio.to_vec())
    .bind(audio.len() as i64)
    .bind(&etag)
    .bind(created_at)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok((
        RecordingInfo {
            content_type: content_type.to_owned(),
            size: audio.len() as i64,
            etag,
            created_at,
            updated_at: now,
        },
        existed.is_none(),
    ))
}

/// The recording's description, without its audio.
pub async fn info(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<RecordingInfo>> {
    sqlx::query_as(
        "SELECT content_type, size, etag, created_at, updated_at FROM vision_recordings \
         WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// The recording with its audio.
pub async fn audio(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<(RecordingInfo, Vec<u8>)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        info: RecordingInfo,
        audio: Vec<u8>,
    }
    let row: Option<Row> = sqlx::query_as(
        "SELECT content_type, size, etag, created_at, updated_at, audio FROM vision_recordings \
         WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.info, r.audio)))
}

/// Deletes the recording; answers whether there was one.
pub async fn delete(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM vision_recordings WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// What a `Range` header asks of a body of `size` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Wanted {
    /// The whole body (no header, or one this server answers whole, such as several ranges).
    All,
    /// Bytes `start..=end`.
    Part { start: u64, end: u64 },
    /// Nothing of it exists (416).
    Unsatisfiable,
}

/// Reads a `Range` header (RFC 9110 §14.1.2) against a body of `size` bytes: one range of
/// bytes is answered in part; anything else is answered whole.
pub fn wanted(range: Option<&str>, size: u64) -> Wanted {
    let Some(spec) = range.and_then(|r| r.trim().strip_prefix("bytes=")) else {
        return Wanted::All;
    };
    if spec.contains(',') {
        return Wanted::All;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return Wanted::All;
    };
    let number = |s: &str| -> Option<Option<u64>> {
        let s = s.trim();
        if s.is_empty() {
            Some(None)
        } else if s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse().ok().map(Some)
        } else {
            None
        }
    };
    let (Some(first), Some(last)) = (number(first), number(last)) else {
        return Wanted::All;
    };
    match (first, last) {
        (Some(start), last) => {
            if last.is_some_and(|l| l < start) {
                return Wanted::All;
            }
            if start >= size {
                return Wanted::Unsatisfiable;
            }
            let end = last.map_or(size - 1, |l| l.min(size - 1));
            Wanted::Part { start, end }
        }
        (None, Some(suffix)) => {
            if suffix == 0 || size == 0 {
                return Wanted::Unsatisfiable;
            }
            Wanted::Part {
                start: size.saturating_sub(suffix),
                end: size - 1,
            }
        }
        (None, None) => Wanted::All,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_types_a_recorder_makes_are_accepted_with_their_codecs() {
        assert_eq!(
            accepted_type("audio/webm;codecs=opus").as_deref(),
            Some("audio/webm; codecs=opus")
        );
        assert_eq!(accepted_type("Audio/MP4").as_deref(), Some("audio/mp4"));
        assert_eq!(accepted_type("audio/mpeg").as_deref(), Some("audio/mpeg"));
        for refused in ["video/webm", "audio/wav", "text/html", "", "audio/webm-x"] {
            assert_eq!(accepted_type(refused), None, "{refused}");
        }
        assert_eq!(
            accepted_type("audio/ogg; codecs=opus; x=<script>").as_deref(),
            Some("audio/ogg; codecs=opus")
        );
    }

    #[test]
    fn ranges_are_read_as_rfc_9110_says() {
        let size = 1000;
        assert_eq!(wanted(None, size), Wanted::All);
        assert_eq!(
            wanted(Some("bytes=0-1"), size),
            Wanted::Part { start: 0, end: 1 }
        );
        assert_eq!(
            wanted(Some("bytes=500-"), size),
            Wanted::Part {
                start: 500,
                end: 999
            }
        );
        assert_eq!(
            wanted(Some("bytes=900-5000"), size),
            Wanted::Part {
                start: 900,
                end: 999
            }
        );
        assert_eq!(
            wanted(Some("bytes=-100"), size),
            Wanted::Part {
                start: 900,
                end: 999
            }
        );
        assert_eq!(
            wanted(Some("bytes=-5000"), size),
            Wanted::Part { start: 0, end: 999 }
        );
        assert_eq!(wanted(Some("bytes=1000-"), size), Wanted::Unsatisfiable);
        assert_eq!(wanted(Some("bytes=-0"), size), Wanted::Unsatisfiable);
        for whole in [
            "bytes=5-1",
            "bytes=0-1,5-6",
            "items=0-1",
            "bytes=a-b",
            "bytes=-",
        ] {
            assert_eq!(wanted(Some(whole), size), Wanted::All, "{whole}");
        }
    }
}

/// The recording as the data export carries it: the audio in base64.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordingExport {
    pub content_type: String,
    pub size: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The audio, base64-encoded (standard alphabet, padded).
    pub audio_base64: String,
}

/// The athlete's recording for their data export.
pub async fn export(
    conn: &mut AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<RecordingExport>> {
    use base64::Engine as _;
    Ok(audio(conn, user_id)
        .await?
        .map(|(info, bytes)| RecordingExport {
            content_type: info.content_type,
            size: info.size,
            created_at: crate::db::ms_to_rfc3339(info.created_at),
            updated_at: crate::db::ms_to_rfc3339(info.updated_at),
            audio_base64: base64::engine::general_purpose::STANDARD.encode(bytes),
        }))
}
