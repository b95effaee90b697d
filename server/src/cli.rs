//! The operator's command line: `swaz serve | migrate | user create | openapi | backup | service-key`.

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use crate::auth::password::NewPassword;
use crate::auth::service::{self, CreateUser};
use crate::billing::entitlements;
use crate::config::{Config, Settings};
use crate::domain::{name_part, Email};

#[derive(Parser)]
#[command(
    name = "swaz",
    version,
    about = "SWAZ: mental-performance training for athletes"
)]
pub struct Cli {
    /// Log filter, in tracing's `EnvFilter` syntax
    #[arg(
        long,
        env = "SWAZ_LOG",
        value_name = "FILTER",
        default_value = "info,sqlx=warn",
        global = true,
        help_heading = "Logging"
    )]
    pub log: String,
    /// `text`, or `json`: one JSON object per log line, a request's lines carrying its
    /// `request_id` in `span`
    #[arg(
        long,
        env = "SWAZ_LOG_FORMAT",
        value_name = "FORMAT",
        default_value = "text",
        global = true,
        help_heading = "Logging"
    )]
    pub log_format: String,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run the web server. Each setting is a flag or its environment variable (a `.env` file in
    /// the working directory is read too); the other commands read the same variables.
    Serve(Box<Settings>),
    /// Apply database migrations and exit.
    Migrate,
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Print the OpenAPI document of /_api/v1.
    Openapi,
    /// Print a service-role key for the admin API of /auth/v1 (`Authorization: Bearer KEY`),
    /// signed with the server's JWT secret. Keep it as secret as the JWT secret itself.
    ServiceKey {
        /// Days until the key expires.
        #[arg(long, default_value_t = 365)]
        days: i64,
    },
    /// Copy the SQLite database to a new file while the server keeps running (PostgreSQL: use
    /// pg_dump, see README).
    Backup {
        /// The file to create; it must not exist yet.
        path: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
pub enum UserCommand {
    /// Create a user and print its id.
    Create(CreateArgs),
}

#[derive(Args)]
pub struct CreateArgs {
    #[arg(long)]
    pub email: String,
    #[arg(long)]
    pub password: String,
    #[arg(long = "first-name")]
    pub first_name: String,
    #[arg(long = "last-name", default_value = "")]
    pub last_name: String,
    /// Mark the e-mail as confirmed (no confirmation mail is sent).
    #[arg(long)]
    pub confirmed: bool,
    /// Give a complimentary solo membership.
    #[arg(long)]
    pub paid: bool,
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => {
            println!("{}", serde_json::to_string_pretty(&crate::app::openapi())?);
            Ok(())
        }
        Command::Migrate => {
            let config = Config::from_env()?;
            crate::app::build(config).await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Serve(settings) => {
            let config = Config::from_settings(*settings)?;
            let addr = config.addr;
            let state = crate::app::build(config).await?;
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("binding {addr}"))?;
            tracing::info!(%addr, database = state.config.database_kind(), "SWAZ is listening on http://{addr}");
            crate::app::serve(state, listener).await
        }
        Command::User {
            command: UserCommand::Create(args),
        } => create_user(args).await,
        Command::Backup { path } => backup(&path).await,
        Command::ServiceKey { days } => {
            if !(1..=3650).contains(&days) {
                anyhow::bail!("--days must be from 1 to 3650");
            }
            let config = Config::from_env()?;
            let now = crate::clock::Clock::now_secs(&crate::clock::SystemClock);
            println!(
                "{}",
                crate::auth::admin::service_key(config.jwt_secret.expose(), now, days)?
            );
            Ok(())
        }
    }
}

/// A consistent copy of the live SQLite database (`VACUUM INTO`: one read transaction, so every
/// write committed before it started is in the copy, and writers are not blocked meanwhile).
async fn backup(path: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    if config.database_kind() != "sqlite" {
        anyhow::bail!(
            "swaz backup copies a SQLite database; DATABASE_URL is PostgreSQL: back it up with pg_dump \
             (e.g. pg_dump --format=custom --file=swaz.dump \"$DATABASE_URL\"; restore with pg_restore), see README"
        );
    }
    let url = config.database_url.expose();
    match crate::db::sqlite_path(url) {
        Some(source) if std::path::Path::new(&source).exists() => {}
        Some(source) => anyhow::bail!(
            "there is no database at {source} to back up (check DATABASE_URL or SWAZ_DATA_DIR)"
        ),
        None => anyhow::bail!("DATABASE_URL names no SQLite file to back up"),
    }
    if path.exists() {
        anyhow::bail!(
            "{} already exists: give a new file name, a backup never overwrites a file",
            path.display()
        );
    }
    let db = crate::db::Db::connect(url).await?;
    db.backup_sqlite_into(path).await?;
    db.close().await;
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!("backup written to {} ({size} bytes)", path.display());
    Ok(())
}

async fn create_user(args: CreateArgs) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let state = crate::app::build(config).await?;
    let email = Email::parse(&args.email).map_err(|e| anyhow::anyhow!("--email: {e}"))?;
    let password =
        NewPassword::parse(&args.password).map_err(|e| anyhow::anyhow!("--password: {e}"))?;
    let first = name_part(&args.first_name, "First name", true)
        .map_err(|e| anyhow::anyhow!("--first-name: {e}"))?;
    let last = name_part(&args.last_name, "Last name", false)
        .map_err(|e| anyhow::anyhow!("--last-name: {e}"))?;
    let redirect = format!("{}/user-dashboard", state.config.public_url);
    let created = service::create_user(
        &state.db,
        state.mailer(),
        CreateUser {
            email: &email,
            password: &password,
            first_name: &first,
            last_name: &last,
            // The operator gives the names, as `user_metadata` of GoTrue's admin create would.
            metadata: serde_json::json!({ "first_name": first, "last_name": last }),
            confirmed: args.confirmed,
            confirmation_redirect: Some(redirect),
        },
        state.clock.now_ms(),
    )
    .await
    .map_err(|e| anyhow::anyhow!("{}", e.public_message()))?;
    if args.paid {
        let mut conn = state.db.pool().acquire().await?;
        entitlements::grant(
            &mut conn,
            &created.user.id,
            entitlements::COMP_SOLO,
            "created with --paid",
            state.clock.now_ms(),
        )
        .await?;
    }
    if !args.confirmed {
        // Deliver the confirmation mail now: no server may be running to do it.
        let transport = crate::mail::worker::Transport::from_config(&state.config)?;
        crate::mail::worker::deliver_due(&state.db, state.clock.as_ref(), &transport).await?;
    }
    println!("{}", created.user.id);
    state.db.close().await;
    Ok(())
}
