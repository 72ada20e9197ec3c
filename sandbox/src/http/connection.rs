//! Connections that a request can cut: what a `reset`, `timeout` or
//! `drop_response` fault does to the client's socket.
//!
//! An HTTP handler cannot close its connection: it can only answer. So the
//! server wraps each socket in [`Cuttable`] and hands every request on it a
//! [`Connection`] (in its extensions) holding the socket's switch. [`Connection::cut`]
//! flips it: from then on every read and write of the socket fails, so the
//! server writes nothing more (not even the status line of the answer the
//! request goes on to return) and drops the connection. A
//! [`Cut::Close`] closes it normally (the client reads end-of-stream, as
//! when a proxy gives up); a [`Cut::Reset`] sets `SO_LINGER` to zero first,
//! so the close sends a TCP reset (the client reads "connection reset by
//! peer").

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// How a connection is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// A normal close: the client reads end-of-stream before any answer.
    Close,
    /// A TCP reset.
    Reset,
}

const OPEN: u8 = 0;
const CLOSED: u8 = 1;
const RESET: u8 = 2;

/// The switch a socket and the requests on it share.
#[derive(Debug, Default)]
struct Switch {
    state: AtomicU8,
    /// The task waiting to read, woken so it notices the cut at once.
    reader: futures_util::task::AtomicWaker,
}

/// What every request learns about its connection.
#[derive(Debug, Clone)]
pub struct Connection {
    switch: Arc<Switch>,
}

impl Connection {
    /// Cuts the connection: nothing more is written to it, and it closes
    /// (or resets) as soon as the server lets go of it.
    pub fn cut(&self, how: Cut) {
        let state = match how {
            Cut::Close => CLOSED,
            Cut::Reset => RESET,
        };
        let _ = self.switch.state.compare_exchange(OPEN, state, Ordering::AcqRel, Ordering::Acquire);
        self.switch.reader.wake();
    }
}

/// A socket that fails every read and write once its switch is flipped.
#[derive(Debug)]
pub struct Cuttable {
    io: TcpStream,
    switch: Arc<Switch>,
    lingering: bool,
}

impl Cuttable {
    /// The socket, wrapped, and the handle its requests cut it with.
    pub fn new(io: TcpStream) -> (Cuttable, Connection) {
        let switch = Arc::<Switch>::default();
        (Cuttable { io, switch: switch.clone(), lingering: false }, Connection { switch })
    }

    /// `Some(error)` once cut; a reset also arranges for the close to send
    /// an RST.
    fn cut(&mut self) -> Option<io::Error> {
        match self.switch.state.load(Ordering::Acquire) {
            OPEN => None,
            state => {
                if state == RESET && !self.lingering {
                    self.lingering = true;
                    // Linger zero: closing discards unsent data and resets.
                    let _ = socket2::SockRef::from(&self.io).set_linger(Some(std::time::Duration::ZERO));
                }
                let kind =
                    if state == RESET { io::ErrorKind::ConnectionReset } else { io::ErrorKind::ConnectionAborted };
                Some(io::Error::new(kind, "connection cut by a sandbox fault"))
            }
        }
    }
}

impl AsyncRead for Cuttable {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.switch.reader.register(cx.waker());
        if let Some(e) = this.cut() {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Cuttable {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(e) = this.cut() {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.io).poll_write(cx, data)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(e) = this.cut() {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.cut() {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.cut() {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}
