//! The interactive flows in a real pseudo-terminal (expectrl): the login
//! prompt (password not echoed, echo restored after Ctrl-C), the transfer's
//! countdown answered yes and no, the LIVE confirmation with mistypes and
//! colour, a countdown that follows the server's clock to an expired quote
//! and a fresh one, and Ctrl-C at the question (exit 130) and during `--wait`
//! (exit 0, the transfer goes on).

use std::process::Command;
use std::time::Duration;

use expectrl::process::unix::WaitStatus;
use expectrl::{ControlCode, Expect, Session};
use serde_json::{Value, json};

use super::Home;
use super::transfer::{bank_beneficiary, transfer_args};

pub(super) type Pty = expectrl::session::OsSession;

/// `payctl ARGS` on a pseudo-terminal of its own, in this home. The
/// terminal echoes what is typed, as a person's does (expectrl turns echo
/// off when it opens one).
pub(super) fn spawn(home: &Home, args: &[String], colour: bool) -> Pty {
    let mut cmd = Command::new("bash");
    cmd.args(["-c", "stty echo; exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_payctl")]).args(args);
    spawn_command(home, &mut cmd, colour)
}

/// A command on a pseudo-terminal of its own, with this home's environment.
pub(super) fn spawn_command(home: &Home, cmd: &mut Command, colour: bool) -> Pty {
    let mut cmd = std::mem::replace(cmd, Command::new("true"));
    cmd.env("PAYCTL_CONFIG_DIR", home.dir.path())
        .env("PAYCTL_CREDENTIAL_STORE", "file")
        .env("TERM", "xterm")
        .env_remove("PAYCTL_BASE_URL")
        .env_remove("PAYCTL_API_KEY")
        .env_remove("PAYCTL_PROFILE");
    if colour {
        cmd.env_remove("NO_COLOR");
    } else {
        cmd.env("NO_COLOR", "1");
    }
    let mut pty = Session::spawn(cmd).expect("a pseudo-terminal");
    pty.set_expect_timeout(Some(Duration::from_secs(30)));
    pty
}

/// Everything printed from here to the end, and the exit code.
pub(super) fn finish(mut pty: Pty) -> (String, i32) {
    use std::io::Read;
    // A pseudo-terminal whose child has gone reads as an error (EIO), not an
    // end of file: read until either.
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match pty.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let rest = String::from_utf8_lossy(&out).into_owned();
    let code = match pty.get_process().wait().unwrap() {
        WaitStatus::Exited(_, code) => code,
        other => panic!("not exited: {other:?}"),
    };
    (rest, code)
}

/// Runs `script` on the terminal (off the async runtime: expectrl blocks),
/// then reads to the end: what the script kept, followed by everything
/// printed after it, and the exit code.
pub(super) async fn drive(pty: Pty, script: impl FnOnce(&mut Pty) -> String + Send + 'static) -> (String, i32) {
    tokio::task::spawn_blocking(move || {
        let mut pty = pty;
        let shown = script(&mut pty);
        let (rest, code) = finish(pty);
        (shown + &rest, code)
    })
    .await
    .unwrap()
}

pub(super) fn text(c: &expectrl::Captures) -> String {
    String::from_utf8_lossy(c.before()).into_owned()
}

pub(super) fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| (*a).to_owned()).collect()
}

async fn transactions(home: &Home, key: &crate::support::Auth) -> Vec<Value> {
    home.sb.get("/v1/transactions?limit=100", key).await.body["data"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_prompts_for_both_and_never_echoes_the_password() {
    let home = Home::new().await;
    let base = home.sb.ready.base_url.clone();
    let (user, password) = (home.sb.ready.username.clone(), home.sb.ready.password.clone());
    let args = strings(&["--base-url", &base, "login"]);
    let pty = spawn(&home, &args, false);
    let (typed, code) = drive(pty, move |pty| {
        pty.expect("Username: ").unwrap();
        pty.send_line(&user).unwrap();
        let typed = text(&pty.expect("Password: ").unwrap());
        pty.send_line(&password).unwrap();
        typed + &text(&pty.expect("Logged in as").unwrap())
    })
    .await;
    assert_eq!(code, 0, "{typed}");
    assert!(typed.contains(&home.sb.ready.username), "the terminal echoes the username: {typed:?}");
    assert!(!typed.contains(&home.sb.ready.password), "the password was echoed: {typed:?}");
    let me = home.run(&["--base-url", &base, "whoami", "-o", "json"], None).await.ok();
    assert_eq!(me.json()["username"], home.sb.ready.username.as_str());

    // Ctrl-C at the password: exit 130, and the terminal echoes again, as
    // the shell it ran in sees it.
    // The shell survives the Ctrl-C (its trap runs a command) to report.
    let script = format!(
        "stty echo; trap 'true' INT; '{}' --base-url {base} login --username x; echo \"exit=$?\"; stty -a",
        env!("CARGO_BIN_EXE_payctl")
    );
    let pty = spawn_command(&home, Command::new("bash").args(["-c", &script]), false);
    let (shown, _) = drive(pty, |pty| {
        pty.expect("Password: ").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        pty.send(ControlCode::EndOfText).unwrap();
        String::new()
    })
    .await;
    assert!(shown.contains("exit=130"), "{shown}");
    let settings: Vec<&str> = shown.split_whitespace().collect();
    assert!(settings.contains(&"echo") && !settings.contains(&"-echo"), "echo is restored: {shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_countdown_is_answered_yes_or_no() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let pty = spawn(&home, &strings(&transfer_args("50000", &ben, &[])), false);
    let (shown, code) = drive(pty, |pty| {
        let shown = text(&pty.expect("Expires in ").unwrap()) + &text(&pty.expect("[y/N] ").unwrap());
        pty.send_line("y").unwrap();
        shown
    })
    .await;
    assert_eq!(code, 0, "{shown}");
    assert!(shown.contains("To:            Acme GmbH, BANK_ACCOUNT DE89••••••••3000 (DE)"), "{shown}");
    assert!(shown.contains("Environment:   TEST"), "{shown}");
    assert!(shown.contains("Created transaction"), "{shown}");
    assert_eq!(transactions(&home, &home.sb.test_key()).await.len(), 1);

    let pty = spawn(&home, &strings(&transfer_args("50000", &ben, &[])), false);
    let (shown, code) = drive(pty, |pty| {
        pty.expect("[y/N] ").unwrap();
        pty.send_line("n").unwrap();
        String::new()
    })
    .await;
    assert_eq!(code, 1, "{shown}");
    assert!(shown.contains("transfer cancelled"), "{shown}");
    assert_eq!(transactions(&home, &home.sb.test_key()).await.len(), 1, "no second transaction");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_transfer_asks_for_the_amount_again_after_a_mistype() {
    let home = Home::initialised().await;
    let live = home.sb.live_key();
    let customer = home
        .sb
        .post(
            "/v1/customers",
            &live,
            json!({"type": "business", "legal_name": "Live Co", "email": "live@example.com",
            "country": "AE", "verification_level": "standard", "tax_id": "TRN-1"}),
        )
        .await;
    assert_eq!(customer.status, 201, "{}", customer.body);
    // A sender must be verified; the operator decides LIVE customers.
    let approve = format!("/sandbox/customers/{}/approve", customer.body["id"].as_str().unwrap());
    assert_eq!(home.sb.post(&approve, &home.sb.control(), json!(null)).await.status, 200);
    let body = json!({"customer_id": customer.body["id"], "type": "business", "full_name": "Live GmbH", "country": "DE",
        "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": "DE89370400440532013000",
                    "bank_name": "Commerzbank", "bank_country": "DE"}});
    let ben = home.sb.post("/v1/beneficiaries", &live, body).await;
    assert_eq!(ben.status, 201, "{}", ben.body);
    let ben = ben.body["id"].as_str().unwrap().to_owned();
    let key = home.sb.ready.live_api_key.clone();
    let mut args = strings(&["--profile", "default-live"]);
    args.extend(strings(&transfer_args("100000", &ben, &[])));

    // Typed wrong twice, then LIVE: sent. Colour off with NO_COLOR.
    let pty = spawn(&home, &args, false);
    let (shown, code) = drive(pty, |pty| {
        let mut shown = text(&pty.expect("Type 1000.00 or LIVE to send 1,000.00 AED: ").unwrap());
        pty.send_line("100").unwrap();
        shown += &text(&pty.expect("2 tries left").unwrap());
        pty.expect("to send 1,000.00 AED: ").unwrap();
        pty.send_line("live").unwrap();
        shown += &text(&pty.expect("1 try left").unwrap());
        pty.expect("to send 1,000.00 AED: ").unwrap();
        pty.send_line("LIVE").unwrap();
        shown
    })
    .await;
    assert_eq!(code, 0, "{shown}");
    assert!(shown.contains("Environment:   LIVE ("), "{shown}");
    assert!(!shown.contains("\u{1b}[1;31m"), "NO_COLOR is honoured: {shown:?}");
    assert_eq!(transactions(&home, &crate::support::Auth::Key(key)).await.len(), 1);

    // Three mistypes cancel; LIVE shows in red where the terminal allows.
    let pty = spawn(&home, &args, true);
    let (shown, code) = drive(pty, |pty| {
        let mut shown = String::new();
        for wrong in ["1", "2", "3"] {
            shown += &text(&pty.expect("to send 1,000.00 AED: ").unwrap());
            pty.send_line(wrong).unwrap();
        }
        shown
    })
    .await;
    assert_eq!(code, 1, "{shown}");
    assert!(shown.contains("\u{1b}[1;31mLIVE\u{1b}[0m"), "{shown:?}");
    assert!(shown.contains("transfer cancelled"), "{shown}");

    // The amount as the summary shows it, separators and code included, is a yes too.
    let pty = spawn(&home, &args, false);
    let (shown, code) = drive(pty, |pty| {
        let shown = text(&pty.expect("to send 1,000.00 AED: ").unwrap());
        pty.send_line("1,000.00 AED").unwrap();
        shown
    })
    .await;
    assert_eq!(code, 0, "{shown}");
    assert_eq!(transactions(&home, &crate::support::Auth::Key(home.sb.ready.live_api_key.clone())).await.len(), 2);
}

/// `--json` is `-o json`, on a terminal too, where the default is a table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_is_an_alias_of_output_json_on_a_terminal() {
    let home = Home::initialised().await;
    let (table, code) = on_a_terminal(&home, 120, &["customers", "list"]).await;
    assert_eq!(code, 0, "{table}");
    assert!(table.contains('┌'), "a table by default: {table}");
    let (shown, code) = on_a_terminal(&home, 120, &["customers", "list", "--json"]).await;
    assert_eq!(code, 0, "{shown}");
    let json: Value = serde_json::from_str(shown.trim()).unwrap_or_else(|e| panic!("{e}: {shown}"));
    assert!(json["data"].is_array(), "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_countdown_follows_the_servers_clock_and_offers_a_fresh_quote() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let pty = spawn(&home, &strings(&transfer_args("70000", &ben, &[])), false);
    let first = tokio::task::spawn_blocking(move || {
        let mut pty = pty;
        let shown = text(&pty.expect("[y/N] ").unwrap());
        (pty, shown)
    });
    let (pty, shown) = first.await.unwrap();
    let first_quote = shown.split("Quote ").nth(1).and_then(|r| r.split_whitespace().next()).unwrap().to_owned();
    assert!(shown.contains("Expires in 2:5") || shown.contains("Expires in 3:00"), "{shown}");
    // Time moves on elsewhere: the quote's lock ends by the server's clock.
    home.sb.advance_clock(200).await;
    let (shown, code) = drive(pty, |pty| {
        let mut shown = text(&pty.expect("Get a fresh quote? [y/N] ").unwrap());
        pty.send_line("y").unwrap();
        shown += &text(&pty.expect("Expires in ").unwrap());
        pty.expect("[y/N] ").unwrap();
        pty.send_line("y").unwrap();
        shown
    })
    .await;
    assert_eq!(code, 0, "{shown}");
    assert!(shown.contains("expired") || shown.contains("lock has ended"), "{shown}");
    let txns = transactions(&home, &home.sb.test_key()).await;
    assert_eq!(txns.len(), 1);
    assert_ne!(txns[0]["quote_id"], first_quote.as_str(), "the transaction used the fresh quote");

    // At zero, stopping is the other answer.
    let pty = spawn(&home, &strings(&transfer_args("70000", &ben, &[])), false);
    let waiting = tokio::task::spawn_blocking(move || {
        let mut pty = pty;
        pty.expect("[y/N] ").unwrap();
        pty
    });
    let pty = waiting.await.unwrap();
    home.sb.advance_clock(200).await;
    let (shown, code) = drive(pty, |pty| {
        pty.expect("Get a fresh quote? [y/N] ").unwrap();
        pty.send_line("n").unwrap();
        String::new()
    })
    .await;
    assert_eq!(code, 1, "{shown}");
    assert!(shown.contains("expired before it was confirmed"), "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_at_the_question_exits_130_and_during_wait_exits_0() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let pty = spawn(&home, &strings(&transfer_args("40000", &ben, &["--wait"])), false);
    let (shown, code) = drive(pty, |pty| {
        pty.expect("[y/N] ").unwrap();
        pty.send(ControlCode::EndOfText).unwrap();
        String::new()
    })
    .await;
    assert_eq!(code, 130, "{shown}");
    // As "n" does, it says so: the quote is left unaccepted and nothing was sent.
    assert!(shown.contains("was not accepted and nothing was sent"), "{shown}");
    assert!(transactions(&home, &home.sb.test_key()).await.is_empty());

    let pty = spawn(&home, &strings(&transfer_args("40000", &ben, &["--wait"])), false);
    let (shown, code) = drive(pty, |pty| {
        pty.expect("[y/N] ").unwrap();
        pty.send_line("y").unwrap();
        let shown = text(&pty.expect("Ctrl-C stops waiting").unwrap());
        std::thread::sleep(Duration::from_millis(300));
        pty.send(ControlCode::EndOfText).unwrap();
        shown
    })
    .await;
    assert_eq!(code, 0, "{shown}");
    let txns = transactions(&home, &home.sb.test_key()).await;
    assert_eq!(txns.len(), 1);
    let id = txns[0]["id"].as_str().unwrap();
    assert!(shown.contains(&format!("payctl transactions get {id}")), "{shown}");
}

/// `script` in bash on a terminal `stty` sized `cols` wide, once the
/// terminal is ready: the pseudo-terminal library gives a new terminal its
/// default 80 columns from the parent after the child starts, so a child
/// that sized it at once could lose to that on a loaded machine. The child
/// waits for a line the parent sends once the spawn has returned.
fn sized_terminal(home: &Home, cols: u16, script: &str) -> Pty {
    let script = format!("stty -echo; read -r _; stty echo cols {cols} rows 40; {script}");
    let mut pty = spawn_command(home, Command::new("bash").args(["-c", &script]), false);
    pty.send_line("").expect("the terminal takes a line");
    pty
}

/// `payctl ARGS` on a terminal `stty` sized `cols` wide (COLUMNS unset):
/// what the terminal showed, lines without `\r`, and the exit code.
pub(super) async fn on_a_terminal(home: &Home, cols: u16, args: &[&str]) -> (String, i32) {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script = format!("unset COLUMNS; exec '{}' {}", env!("CARGO_BIN_EXE_payctl"), quoted.join(" "));
    let (shown, code) = drive(sized_terminal(home, cols, &script), |_| String::new()).await;
    (shown.replace('\r', ""), code)
}

/// `payctl transactions list` on a terminal `stty` sized as given, with
/// `COLUMNS` as given: what the terminal showed, lines without `\r`.
async fn list_on_a_terminal(home: &Home, stty_cols: u16, columns: Option<&str>) -> String {
    let columns = columns.map_or("unset COLUMNS".to_owned(), |c| format!("export COLUMNS={c}"));
    let script = format!("{columns}; exec '{}' transactions list", env!("CARGO_BIN_EXE_payctl"));
    let (shown, code) = drive(sized_terminal(home, stty_cols, &script), |_| String::new()).await;
    assert_eq!(code, 0, "{shown}");
    shown.replace('\r', "")
}

fn widest(shown: &str) -> usize {
    shown.lines().filter(|l| l.starts_with(['┌', '│', '╞', '└'])).map(|l| l.chars().count()).max().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_fits_the_terminal_and_never_wraps_an_id() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    let run = home.run(&transfer_args("123456", &ben, &["--yes"]), None).await.ok();
    let id = run.json()["id"].as_str().unwrap().to_owned();

    // Wide enough: every column, nothing said.
    let wide = list_on_a_terminal(&home, 220, None).await;
    assert!(wide.contains("CREATED") && !wide.contains("Not shown"), "{wide}");
    // 80 columns: the id whole on one line, the money kept, the last columns left out and named.
    let narrow = list_on_a_terminal(&home, 80, None).await;
    assert!(widest(&narrow) <= 80, "{narrow}");
    assert!(narrow.lines().any(|l| l.contains(&id)), "the id wrapped: {narrow}");
    assert!(narrow.contains("1,234.56 AED"), "{narrow}");
    assert!(narrow.contains("Not shown for the terminal's width:") && narrow.contains("CREATED"), "{narrow}");
    // A terminal that reports no width is COLUMNS wide, else 80, not one character per column.
    let sizeless = list_on_a_terminal(&home, 0, None).await;
    assert!((70..=80).contains(&widest(&sizeless)), "{sizeless}");
    assert!(sizeless.lines().any(|l| l.contains(&id)), "{sizeless}");
    let told = list_on_a_terminal(&home, 0, Some("220")).await;
    assert!(widest(&told) > 80 && told.contains("CREATED") && !told.contains("Not shown"), "{told}");
}

/// At 90 columns a request log still shows what matters, path and status:
/// the ids in paths shorten to their end before any column goes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_narrow_terminal_keeps_a_logs_path_and_status() {
    let home = Home::initialised().await;
    let key = home.sb.test_key();
    let id = crate::support::factories::customer(&home.sb, &key, false).await;
    assert_eq!(home.sb.get(&format!("/v1/customers/{id}"), &key).await.status, 200);
    home.sb.logs_where(&key, "method=GET&endpoint=/v1/customers", |l| !l.is_empty()).await;
    let (shown, code) = on_a_terminal(&home, 90, &["logs", "list", "--endpoint", "/v1/customers"]).await;
    assert_eq!(code, 0, "{shown}");
    assert!(widest(&shown) <= 90, "{shown}");
    let header = shown.lines().find(|l| l.contains("METHOD")).unwrap_or_else(|| panic!("{shown}"));
    assert!(header.contains("PATH") && header.contains("STATUS"), "{shown}");
    let tail: String = id.chars().skip(id.len() - 8).collect();
    let read = shown.lines().find(|l| l.contains("GET")).unwrap_or_else(|| panic!("{shown}"));
    assert!(read.contains(&format!("/v1/customers/…{tail}")) && read.contains("200"), "{shown}");
    assert!(shown.contains("Not shown for the terminal's width:") && shown.contains("CORRELATION ID"), "{shown}");
}
