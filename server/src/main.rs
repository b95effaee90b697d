use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if let Err(err) = swaz::logging::init() {
        eprintln!("error: {err:#}");
        return std::process::ExitCode::FAILURE;
    }
    match swaz::cli::run(swaz::cli::Cli::parse()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
