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
//!
//! Emails and usernames are also compared for uniqueness, by
//! [`uniqueness_key`]: two spellings a reader cannot tell apart (`Äx` and
//! `äx`, precomposed `ä` and `a` with a combining diaeresis, the Kelvin
//! sign and `K`, fullwidth `ｘ` and `x`) are one. Invisible format
//! characters ([`invisible`]: zero-width spaces and joiners, soft hyphens,
//! byte-order marks, variation selectors, tags) are refused in them
//! outright, since no folding can make `a\u{200B}b` look different from
//! `ab`. What the partner sent is kept for display.

use std::borrow::Cow;

use icu_casemap::CaseMapper;
use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};

/// The first character `text` may not contain, with its position in
/// characters; `None` when all of it is acceptable.
pub fn forbidden(text: &str) -> Option<(usize, char)> {
    // Printable ASCII, nearly every text, is checked a byte at a time.
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return None;
    }
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

/// The key an email or username is unique by: fullwidth and halfwidth
/// forms (U+FF00–U+FFEF) mapped to their ordinary forms (the width mapping
/// of RFC 8265), then NFC, full Unicode case folding (`ß` and `SS` fold to
/// `ss`), and NFC again (folding can decompose). Surrounding whitespace is
/// not the caller's business here: trim first.
pub fn uniqueness_key(text: &str) -> String {
    // ASCII is already in NFC, and folds to its lower case: nearly every
    // email and username, without the normalizer's tables.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    unicode_key(text)
}

fn unicode_key(text: &str) -> String {
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let widened: Cow<'_, str> = if text.chars().any(is_width_form) {
        let nfkc = ComposingNormalizerBorrowed::new_nfkc();
        let mut out = String::with_capacity(text.len());
        let mut buf = [0u8; 4];
        for c in text.chars() {
            if is_width_form(c) {
                out.push_str(&nfkc.normalize(c.encode_utf8(&mut buf)));
            } else {
                out.push(c);
            }
        }
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    };
    let folded = CaseMapper::new().fold_string(&nfc.normalize(&widened)).into_owned();
    nfc.normalize(&folded).into_owned()
}

fn is_width_form(c: char) -> bool {
    ('\u{FF00}'..='\u{FFEF}').contains(&c)
}

/// The first invisible character of `text`, with its position in
/// characters: a format character (General Category Cf: zero-width space,
/// joiners, word joiner, soft hyphen, byte-order mark, tags...) or any other
/// default-ignorable code point (variation selectors, Hangul fillers,
/// combining grapheme joiner).
pub fn invisible(text: &str) -> Option<(usize, char)> {
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let category = CodePointMapData::<GeneralCategory>::new();
    text.chars().enumerate().find(|&(_, c)| ignorable.contains(c) || category.get(c) == GeneralCategory::Format)
}

/// Why an email or username was refused for an invisible character.
pub fn invisible_refusal(position: usize, c: char) -> String {
    format!(
        "must not contain invisible characters such as zero-width spaces or joiners (U+{:04X} at character {})",
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

    #[test]
    fn spellings_that_look_alike_share_a_key() {
        let same = [
            ("Äx@u.test", "äx@u.test"),
            ("A\u{308}x@u.test", "äx@u.test"),
            ("\u{212A}elvin@u.test", "kelvin@u.test"),
            ("ＦＵＬＬ@u.test", "full@u.test"),
            ("ｆｕｌｌ@u.test", "FULL@U.TEST"),
            ("Straße", "STRASSE"),
            ("ǅemal", "ǆemal"),
            ("ΣΊΣΥΦΟΣ", "σίσυφος"),
        ];
        for (a, b) in same {
            assert_eq!(uniqueness_key(a), uniqueness_key(b), "{a:?} vs {b:?}");
        }
        for (a, b) in [("ax@u.test", "äx@u.test"), ("a.b@u.test", "ab@u.test"), ("株式会社", "株式")] {
            assert_ne!(uniqueness_key(a), uniqueness_key(b), "{a:?} vs {b:?}");
        }
        assert_eq!(uniqueness_key("demo@payctl.local"), "demo@payctl.local");
    }

    #[test]
    fn ascii_keys_are_what_the_unicode_rules_make() {
        let every_ascii: String = (0u8..=127).map(char::from).collect();
        assert_eq!(uniqueness_key(&every_ascii), unicode_key(&every_ascii));
        assert_eq!(uniqueness_key("Demo.User+Tag@Payctl.LOCAL"), unicode_key("Demo.User+Tag@Payctl.LOCAL"));
    }

    #[test]
    fn invisible_format_characters_are_found() {
        for c in ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{180E}', '\u{034F}'] {
            assert_eq!(invisible(&format!("a{c}b@u.test")), Some((1, c)), "U+{:04X}", u32::from(c));
        }
        for c in ['\u{FE0F}', '\u{E0041}', '\u{3164}', '\u{2064}'] {
            assert!(invisible(&format!("x{c}")).is_some(), "U+{:04X}", u32::from(c));
        }
        for ok in ["demo@payctl.local", "Äx@u.test", "ＦＵＬＬ@u.test", "شركة@u.test", "株式会社", "o'brien+tag@x.co"]
        {
            assert_eq!(invisible(ok), None, "{ok:?}");
        }
        assert_eq!(
            invisible_refusal(1, '\u{200B}'),
            "must not contain invisible characters such as zero-width spaces or joiners (U+200B at character 2)"
        );
    }
}
