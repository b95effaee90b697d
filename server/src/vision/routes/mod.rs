//! `/_api/v1/userinput/athleticvision…` (SPEC §7).

pub mod recording;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use super::answers::{Answer, Step, STEPS};
use super::dto::{AthleticVision, VisionVersion};
use super::storage::{self, Version, Vision};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::billing::PaidUser;
use crate::db::ms_to_rfc3339;
use crate::error::{AppError, ErrorBody, Result};
use crate::http::api_router::ApiRouter;
use crate::http::json::ApiJson;
use crate::idempotency::{self, IdempotencyKey};

/// This capability's product-API routes, joined under `/_api/v1` by `app::router`.
pub fn routes() -> ApiRouter<AppState> {
    ApiRouter::new()
        .routes(routes!(get_vision, save_vision))
        .routes(routes!(get_step, save_step))
        .routes(routes!(list_versions))
        .merge(recording::routes())
}

/// The nine answers to save; every one is required.
#[derive(Deserialize, ToSchema)]
pub struct AthleticVisionInput {
    #[schema(required = true)]
    pub q1: Option<String>,
    #[schema(required = true)]
    pub q2: Option<String>,
    #[schema(required = true)]
    pub q3: Option<String>,
    #[schema(required = true)]
    pub q4: Option<String>,
    #[schema(required = true)]
    pub q5: Option<String>,
    #[schema(required = true)]
    pub q6: Option<String>,
    #[schema(required = true)]
    pub q7: Option<String>,
    #[schema(required = true)]
    pub q8: Option<String>,
    #[schema(required = true)]
    pub q9: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct VisionVersions {
    pub versions: Vec<VisionVersion>,
}

/// One step's saved text; `null` before it is written.
#[derive(Serialize, ToSchema)]
pub(crate) struct StepText {
    pub data: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct StepInput {
    #[schema(required = true)]
    pub text: Option<String>,
}

fn complete_or_404(vision: Option<Vision>) -> Result<AthleticVision> {
    let vision = vision.ok_or_else(|| AppError::not_found("No Athletic Vision is saved yet."))?;
    let answers = vision.complete().ok_or_else(|| {
        AppError::not_found("No Athletic Vision is saved yet: some questions are still unanswered.")
    })?;
    Ok(AthleticVision::from_answers(answers, vision.updated_at))
}

/// The signed-in athlete's vision; 404 until all nine answers are saved.
#[utoipa::path(get, path = "/userinput/athleticvision", tag = "vision",
    responses((status = 200, body = AthleticVision), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_vision(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<AthleticVision>> {
    Ok(Json(complete_or_404(
        storage::read_current(&state.db, &me.id).await?,
    )?))
}

/// Saves all nine answers; the previous vision stays in the history. With an
/// `Idempotency-Key`, the same key within 24 hours answers the first save and stores nothing new.
#[utoipa::path(post, path = "/userinput/athleticvision", tag = "vision", request_body = AthleticVisionInput,
    params(("Idempotency-Key" = Option<String>, Header, description = "A key the app made for this draft (1 to 255 visible characters)")),
    responses((status = 200, body = AthleticVision), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 409, description = "The key was used for another kind of save", body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn save_vision(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    key: IdempotencyKey,
    ApiJson(input): ApiJson<AthleticVisionInput>,
) -> Result<Json<serde_json::Value>> {
    let raw = [
        input.q1, input.q2, input.q3, input.q4, input.q5, input.q6, input.q7, input.q8, input.q9,
    ];
    let mut answers: Vec<Answer> = Vec::with_capacity(STEPS);
    for (i, text) in raw.iter().enumerate() {
        answers.push(Answer::parse(text.as_deref(), i + 1)?);
    }
    let answers: [Answer; STEPS] = answers.try_into().expect("nine answers");
    let now = state.clock.now_ms();
    let tx = state.db.begin_write().await?;
    let saved = idempotency::once(tx, &me.id, &key, "athleticvision", now, async |tx| {
        let vision = storage::save_all(tx, &me.id, &answers, now).await?;
        complete_or_404(Some(vision))
    })
    .await?;
    Ok(Json(saved))
}

/// One step's saved text.
#[utoipa::path(get, path = "/userinput/athleticvision/single/{order}", tag = "vision",
    params(("order" = u8, Path, minimum = 1, maximum = 9, description = "Step 1 to 9")),
    responses((status = 200, body = StepText), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn get_step(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(order): Path<String>,
) -> Result<Json<StepText>> {
    let step = Step::parse(&order)?;
    let vision = storage::read_current(&state.db, &me.id).await?;
    Ok(Json(StepText {
        data: vision.and_then(|v| v.answers[step.number() - 1].clone()),
    }))
}

/// Saves one step's answer.
#[utoipa::path(post, path = "/userinput/athleticvision/single/{order}", tag = "vision", request_body = StepInput,
    params(("order" = u8, Path, minimum = 1, maximum = 9, description = "Step 1 to 9")),
    responses((status = 200, body = StepText), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn save_step(
    State(state): State<AppState>,
    PaidUser(me): PaidUser,
    Path(order): Path<String>,
    ApiJson(input): ApiJson<StepInput>,
) -> Result<Json<StepText>> {
    let step = Step::parse(&order)?;
    let answer = Answer::parse(input.text.as_deref(), step.number())?;
    let mut tx = state.db.begin_write().await?;
    storage::save_step(&mut tx, &me.id, step, &answer, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(Json(StepText {
        data: Some(answer.into_string()),
    }))
}

/// Every kept version of the athlete's vision, newest first.
#[utoipa::path(get, path = "/userinput/athleticvision/versions", tag = "vision",
    responses((status = 200, body = VisionVersions), (status = 401, body = ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn list_versions(
    State(state): State<AppState>,
    me: CurrentUser,
) -> Result<Json<VisionVersions>> {
    let mut conn = state.db.pool().acquire().await?;
    let versions = storage::versions(&mut conn, &me.id, 1000).await?;
    Ok(Json(VisionVersions {
        versions: versions
            .into_iter()
            .map(|v: Version| VisionVersion {
                version: v.version,
                created_at: ms_to_rfc3339(v.created_at),
                updated_at: ms_to_rfc3339(v.updated_at),
                vision: AthleticVision::from_answers(v.answers, v.updated_at),
            })
            .collect(),
    }))
}
