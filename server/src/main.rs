use clap::Parser;

/// mimalloc rather than the system allocator: a request allocates and frees many small blocks
/// across the runtime's threads, where glibc's malloc spent a quarter of a request that touches
/// no database (bench/PROFILE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
