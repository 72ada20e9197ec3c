//! `payctl mcp`: a Model Context Protocol server over stdio, built on the
//! official Rust SDK (`rmcp`), so that a coding agent drives the API, the
//! sandbox, the drill and the go-live review.
//!
//! - [`target`]: where requests go (the profile, `--ready FILE`, or an
//!   in-memory sandbox of its own with `--sandbox`) and with which
//!   credentials, through the shared `Session`.
//! - [`tools`]: the registry: one tool per API operation
//!   ([`operations`], read from the OpenAPI document), and the tools that
//!   are not operations (`explain_error`, [`explain`]); the rules every
//!   call keeps (LIVE keys, idempotency keys, masked secrets, errors).
//! - [`resources`]: the OpenAPI document, the sandbox's specification by
//!   section, the shipped fixtures; [`prompts`]: the go-live review and the
//!   reproduction of a ticket, as workflows.
//!
//! stdout carries the protocol and nothing else; messages go to stderr.

mod explain;
mod operations;
mod prompts;
mod resources;
mod target;
mod tools;

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, GetPromptRequestParams, GetPromptResponse, Implementation,
    ListPromptsResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

use crate::cli::Globals;

pub const EXAMPLES: &str = "The MCP client starts it and speaks MCP on its stdin and stdout (Claude Code: \
`claude mcp add payctl -- payctl mcp --sandbox`). Tools: one per API operation, named by its operationId, and \
explain_error. Tools that change data refuse a LIVE key unless --allow-live is given; secrets are masked in every \
result.

Examples:
  payctl mcp --sandbox                           # a sandbox of its own, stopped with the client
  payctl mcp --sandbox --ready-file ready.json   # and its ready line, for the integration's tests
  payctl mcp --ready ready.json                  # a running sandbox's URL, keys and control token
  payctl mcp                                     # the profile's base URL, key and login
  payctl mcp --tools customers,quotes,transactions,sandbox,errors   # a smaller tools/list";

#[derive(Debug, Args)]
pub struct McpArgs {
    /// A running sandbox's ready line: its base URL, TEST key, control token and demo login.
    #[arg(long, value_name = "FILE", conflicts_with = "sandbox")]
    pub ready: Option<PathBuf>,
    /// Start an in-memory sandbox for this session, stopped when the client disconnects.
    #[arg(long)]
    pub sandbox: bool,
    /// With --sandbox: also write its ready line to FILE (mode 0600), for the integration's own tests; removed
    /// when it stops.
    #[arg(long, value_name = "FILE", requires = "sandbox")]
    pub ready_file: Option<PathBuf>,
    /// Let tools that change data run with a LIVE key (they refuse otherwise).
    #[arg(long)]
    pub allow_live: bool,
    /// Offer only these groups of tools (the API's tags, and `errors`), comma separated [default: all].
    #[arg(long, value_delimiter = ',', value_name = "GROUP")]
    pub tools: Vec<String>,
}

pub async fn run(args: McpArgs, globals: &Globals) -> anyhow::Result<()> {
    let log = tracing_subscriber::fmt().with_writer(std::io::stderr);
    match tracing_subscriber::EnvFilter::try_from_env("PAYCTL_LOG") {
        Ok(filter) => log.with_env_filter(filter).init(),
        Err(_) => log.with_max_level(tracing_subscriber::filter::LevelFilter::WARN).init(),
    }
    let registry = tools::Registry::new(&args.tools)?;
    let (target, own) = target::Target::open(globals, &args).await?;
    let server = Server { instructions: instructions(&target), registry, target };
    let served = serve(server).await;
    // The client is gone: the sandbox goes with it.
    let stopped = match own {
        Some(own) => own.stop().await,
        None => Ok(()),
    };
    served.and(stopped)
}

async fn serve(server: Server) -> anyhow::Result<()> {
    let running = server.serve(rmcp::transport::stdio()).await.context("the MCP session did not start")?;
    running.waiting().await.context("the MCP session failed")?;
    Ok(())
}

/// What the client is told at the start: where the tools point, and the rules.
fn instructions(target: &target::Target) -> String {
    let key = match (target.has_key(), target.live) {
        (false, _) => "no API key (only public, dashboard and control-token tools work)".to_owned(),
        (true, true) if target.allow_live => "a LIVE API key; --allow-live lets tools change data".to_owned(),
        (true, true) => "a LIVE API key: tools that change data are refused (start with --allow-live)".to_owned(),
        (true, false) => match &target.application_id {
            Some(app) => format!("the TEST API key of application {app}"),
            None => "a TEST API key".to_owned(),
        },
    };
    let ready = match (&target.ready_file, &target.ready) {
        (Some(file), _) => format!(" Its ready line (for the integration's own tests) is in {}.", file.display()),
        (None, Some(file)) => format!(" Its ready line is in {}.", file.display()),
        (None, None) => String::new(),
    };
    let control = if target.has_control() { "" } else { " No control token: resetSandbox and createSandboxUser fail." };
    format!(
        "payctl: the cross-border payments API at {base}, with {key}.{ready}{control} One tool per API operation, \
         named by its operationId: path and query parameters are arguments, the request body is `body`, and a create \
         takes `idempotency_key` (made and returned when left out: send it again to retry without doing the work \
         twice). An error is a tool error carrying the API's envelope; `explain_error` explains its code. Lists are \
         paged: pass `limit` and the `next_cursor` of the last page as `cursor`. Secrets are masked. The prompts \
         `go_live_review` and `reproduce_ticket` walk through the drill and review, and a ticket's reproduction.",
        base = target.base_url,
    )
}

struct Server {
    registry: tools::Registry,
    target: target::Target,
    instructions: String,
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_resources().enable_prompts().build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("payctl", env!("CARGO_PKG_VERSION")))
            .with_instructions(self.instructions.clone())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.registry.list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        match self.registry.call(&request.name, &args, &self.target).await {
            Some(result) => Ok(result.into()),
            None => Err(ErrorData::invalid_params(format!("no tool {:?}", request.name), None)),
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(resources::list()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match resources::read(&request.uri) {
            Some(contents) => Ok(ReadResourceResult::new(vec![contents]).into()),
            None => Err(ErrorData::resource_not_found(format!("no resource {}", request.uri), None)),
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(prompts::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        prompts::get(&request.name, &args, &self.target)
            .map(Into::into)
            .map_err(|message| ErrorData::invalid_params(message, None))
    }
}
