//! Questions asked on the terminal: `login`'s username and password and
//! `transfer`'s confirmation. Answers are whole lines read by one thread
//! that feeds a channel, so a question can be waited on next to other work
//! (the transfer's countdown, which may replace the question when the quote
//! expires) and dropped without losing what the user types next.
//!
//! Ctrl-C at a question exits 130 (see [`crate::exit`]); the password is read
//! with echo off, and echo is restored whatever happens.

use std::io::{BufRead, Write};

use tokio::sync::mpsc;

use crate::exit;

pub struct Prompter {
    lines: mpsc::UnboundedReceiver<std::io::Result<String>>,
    interrupt: Interrupt,
}

impl Prompter {
    /// Starts reading standard input; call only when it is a terminal.
    pub fn new() -> anyhow::Result<Prompter> {
        // Registered before any question is shown, so Ctrl-C is never lost
        // to the default action (which would leave echo off).
        let interrupt = Interrupt::install()?;
        let (tx, lines) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            loop {
                let mut line = String::new();
                let message = match stdin.lock().read_line(&mut line) {
                    Ok(0) => Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "end of input")),
                    Ok(_) => Ok(line.trim_end_matches(['\n', '\r']).to_owned()),
                    Err(e) => Err(e),
                };
                let last = message.is_err();
                if tx.send(message).is_err() || last {
                    return;
                }
            }
        });
        Ok(Prompter { lines, interrupt })
    }

    /// Shows `prompt` on stderr and waits for a line; `None` at end of
    /// input (Ctrl-D).
    pub async fn line(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        show(prompt);
        self.next().await
    }

    /// The next line typed, without showing anything.
    pub async fn next(&mut self) -> anyhow::Result<Option<String>> {
        tokio::select! {
            line = self.lines.recv() => match line {
                Some(Ok(l)) => Ok(Some(l)),
                Some(Err(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
                Some(Err(e)) => Err(anyhow::Error::new(e).context("cannot read from the terminal")),
                None => Ok(None),
            },
            () = self.interrupt.wait() => {
                crate::say!("");
                Err(exit::interrupted())
            }
        }
    }

    /// A password: typed with echo off.
    pub async fn secret(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        let echo = NoEcho::start();
        let answer = self.line(prompt).await;
        drop(echo);
        // The Enter was not echoed either.
        crate::say!("");
        answer
    }

    /// A yes/no question; anything but `y` or `yes` is no.
    pub async fn yes_no(&mut self, prompt: &str) -> anyhow::Result<bool> {
        Ok(self.line(prompt).await?.is_some_and(|a| is_yes(&a)))
    }
}

pub fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

/// Writes a question on stderr without ending the line.
pub fn show(prompt: &str) {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{}", crate::output::safe::escape(prompt, true));
    let _ = err.flush();
}

struct Interrupt {
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl Interrupt {
    #[cfg(unix)]
    fn install() -> anyhow::Result<Interrupt> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(Interrupt { int: signal(SignalKind::interrupt())? })
    }

    #[cfg(not(unix))]
    fn install() -> anyhow::Result<Interrupt> {
        Ok(Interrupt {})
    }

    #[cfg(unix)]
    async fn wait(&mut self) {
        self.int.recv().await;
    }

    #[cfg(not(unix))]
    async fn wait(&mut self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Terminal echo off on standard input until dropped.
struct NoEcho {
    #[cfg(unix)]
    saved: Option<libc::termios>,
}

impl NoEcho {
    #[cfg(unix)]
    fn start() -> NoEcho {
        // SAFETY: tcgetattr and tcsetattr only read and write the termios
        // struct given; on failure (not a terminal) nothing is changed.
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(libc::STDIN_FILENO, &mut t) != 0 {
                return NoEcho { saved: None };
            }
            let saved = t;
            t.c_lflag &= !libc::ECHO;
            if libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &t) != 0 {
                return NoEcho { saved: None };
            }
            NoEcho { saved: Some(saved) }
        }
    }

    #[cfg(not(unix))]
    fn start() -> NoEcho {
        NoEcho {}
    }
}

impl Drop for NoEcho {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = &self.saved {
            // SAFETY: restores the settings read in `start`.
            unsafe {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, saved);
            }
        }
    }
}
