//! Stored data printed to a terminal must not be able to drive it: a
//! customer's legal name holding `ESC ]` or a right-to-left override would
//! otherwise rewrite the screen of whoever lists it. Every string the CLI
//! prints in a table or a message goes through [`text`]; JSON goes through
//! [`JsonFormatter`], which adds the escapes serde leaves out.

use std::borrow::Cow;
use std::io;

/// Characters a terminal may act on: C0 controls, DEL, C1 controls (U+0080
/// to U+009F, which 8-bit terminals read as `CSI`, `OSC`...), and the
/// bidirectional formatting characters that reorder what follows them.
pub fn is_dangerous(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `s` with every dangerous character written as a visible escape
/// (`\x1b`, `\u{202e}`); newlines are kept when `keep_newlines`.
pub fn escape(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    let keep = |c: char| !is_dangerous(c) || (keep_newlines && c == '\n');
    if s.chars().all(keep) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if keep(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// A data string for a table cell or a one-line message.
pub fn text(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// JSON text with the dangerous characters serde writes raw (DEL, C1,
/// bidi) turned into `\uXXXX` escapes. Those characters can only occur
/// inside strings, so the result is the same JSON value.
pub fn json_text(raw: &str) -> Cow<'_, str> {
    if !raw.chars().any(is_dangerous_in_json) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len() + 8);
    for c in raw.chars() {
        if is_dangerous_in_json(c) {
            push_json_escape(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// serde_json already escapes C0 inside strings; JSON's own white space
/// (tab, newline, carriage return between tokens) is harmless.
fn is_dangerous_in_json(c: char) -> bool {
    is_dangerous(c) && !matches!(c, '\t' | '\n' | '\r' | ' ')
}

fn push_json_escape(out: &mut String, c: char) {
    let mut units = [0u16; 2];
    for unit in c.encode_utf16(&mut units) {
        out.push_str(&format!("\\u{unit:04x}"));
    }
}

/// A serde_json formatter (pretty or compact) that escapes what
/// [`json_text`] escapes, so `--output json` is safe on a terminal too.
pub struct JsonFormatter<F>(pub F);

impl<F: serde_json::ser::Formatter> serde_json::ser::Formatter for JsonFormatter<F> {
    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        writer.write_all(json_text(fragment).as_bytes())
    }
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_controls_become_visible_escapes() {
        assert_eq!(text("Acme LLC"), "Acme LLC");
        assert_eq!(text("a\x1b]0;pwned\x07b"), "a\\x1b]0;pwned\\x07b");
        assert_eq!(text("x\u{9b}31m\u{202e}y\n"), "x\\u{9b}31m\\u{202e}y\\x0a");
        assert_eq!(escape("two\nlines\r", true), "two\nlines\\x0d");
    }

    #[test]
    fn json_keeps_its_value_and_loses_the_controls() {
        let value = serde_json::json!({"name": "e\u{1b}[2J\u{9b}\u{202e}\u{7f}x", "n": 1});
        let mut out = Vec::new();
        let mut ser =
            serde_json::Serializer::with_formatter(&mut out, JsonFormatter(serde_json::ser::PrettyFormatter::new()));
        serde::Serialize::serialize(&value, &mut ser).unwrap();
        let printed = String::from_utf8(out).unwrap();
        assert!(!printed.chars().any(|c| is_dangerous(c) && c != '\n'), "{printed:?}");
        assert!(printed.contains("\\u001b[2J\\u009b\\u202e\\u007fx"), "{printed}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&printed).unwrap(), value);
        assert_eq!(json_text("{\"a\":\"\u{2066}\"}\n"), "{\"a\":\"\\u2066\"}\n");
    }
}
