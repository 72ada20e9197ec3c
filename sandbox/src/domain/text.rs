//! What text the API accepts: no control characters and no bidirectional
//! formatting characters, in any field of any request.
//!
//! Stored text is shown later in terminals, logs and dashboards. A C0 or C1
//! control character (NUL, ESC and the sequences it starts, CSI...) can
//! drive the terminal of whoever lists the data; a bidirectional override or
//! isolate (Trojan Source) makes text display in another order than it is
//! stored, so `"Acme\u{202E}CLL"` shows as something it is not. The
//! invisible direction marks (LRM, RLM, ALM) are refused too: no field of
//! this API needs them (the Unicode bidirectional algorithm orders
//! right-to-left text by itself), and they make two names that look the
//! same compare different.

/// The first character `text` may not contain, with its position in
/// characters; `None` when all of it is acceptable.
pub fn forbidden(text: &str) -> Option<(usize, char)> {
    text.chars().enumerate().find(|&(_, c)| is_forbidden(c))
}

/// C0 and C1 controls and DEL, the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069), and the direction marks
/// (U+200E, U+200F, U+061C).
pub fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Why a value was refused, for the `details` message.
pub fn refusal(position: usize, c: char) -> String {
    format!(
        "must not contain control characters or bidirectional formatting characters \
         (U+{:04X} at character {})",
        u32::from(c),
        position + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_formatting_are_found() {
        for bad in ["\0", "a\u{1b}[31m", "tab\there", "line\nbreak", "\u{7f}", "\u{85}", "\u{9b}", "x\u{202E}y"] {
            assert!(forbidden(bad).is_some(), "{bad:?}");
        }
        for c in ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            assert!(is_forbidden(c), "{c:?}");
        }
        for c in ['\u{200E}', '\u{200F}', '\u{061C}'] {
            assert!(is_forbidden(c), "{c:?}");
        }
        assert_eq!(forbidden("Acme\u{202E}CLL"), Some((4, '\u{202E}')));
        assert_eq!(
            refusal(4, '\u{202E}'),
            "must not contain control characters or bidirectional formatting characters (U+202E at character 5)"
        );
    }

    #[test]
    fn ordinary_text_in_any_script_is_accepted() {
        for ok in
            ["Acme Trading LLC", "شركة أكمي", "Zürich GmbH", "株式会社", "a\u{200D}b", "emoji 🚀", "O'Brien & Co."]
        {
            assert_eq!(forbidden(ok), None, "{ok:?}");
        }
    }
}
