use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    // Before parsing: clap reads the settings' variables, and `.env` may hold some.
    let _ = dotenvy::dotenv();
    let cli = swaz::cli::Cli::parse();
    if let Err(err) = swaz::logging::init(&cli.log, &cli.log_format) {
        eprintln!("error: {err:#}");
        return std::process::ExitCode::FAILURE;
    }
    match swaz::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
