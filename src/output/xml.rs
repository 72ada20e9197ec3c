//! Text for XML (the JUnit reports of `payctl review` and `payctl
//! parity`): markup escaped, and characters XML 1.0 cannot hold written
//! as Rust writes them.

/// Text for an attribute value: markup escaped, line breaks kept as
/// character references (a parser would turn a raw one into a space).
pub fn attribute(value: &str) -> String {
    escape(value, true)
}

/// Text for element content.
pub fn text(value: &str) -> String {
    escape(value, false)
}

fn escape(value: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '\'' if in_attribute => out.push_str("&apos;"),
            '\n' if in_attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if in_attribute => out.push_str("&#9;"),
            '\n' | '\t' => out.push(c),
            // Characters XML 1.0 cannot hold at all, even escaped: written
            // as Rust writes them, so what they were stays readable.
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push_str(&c.escape_unicode().to_string());
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_characters_xml_cannot_hold_are_escaped() {
        assert_eq!(attribute("a<b>&\"c'\nd"), "a&lt;b&gt;&amp;&quot;c&apos;&#10;d");
        assert_eq!(text("a<b>&\"c'\nd\u{1b}[31m"), "a&lt;b&gt;&amp;\"c'\nd\\u{1b}[31m");
    }
}
