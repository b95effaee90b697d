//! Storage of contact messages.

use sqlx::AnyConnection;

use super::contact::ContactMessage;

/// Stores `message`; answers its id.
pub async fn save_contact_message(
    conn: &mut AnyConnection,
    message: &ContactMessage,
    now: i64,
) -> sqlx::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO contact_messages (id, name, email, subject, message, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&message.name)
    .bind(message.email.as_str())
    .bind(&message.subject)
    .bind(&message.message)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}
