//! IBAN (ISO 13616) parsing, validation and generation.
//!
//! payctl accepts bank payout destinations as IBANs typed or pasted by users,
//! so [`Iban::parse`] tolerates the paper format (spaces, lowercase) but then
//! checks everything that can be checked offline: the country is in the
//! SWIFT IBAN registry, the length and BBAN character classes match that
//! country's registry entry, and the ISO 7064 mod-97-10 check digits hold.
//! National check digits inside the BBAN are bank-specific and not verified.
//! [`generate`] makes valid IBANs for sandbox accounts from caller entropy.

use std::fmt;

/// ISO 13616 caps an IBAN at 34 characters.
const MAX_IBAN_LEN: usize = 34;
/// Norway's 15 is the shortest IBAN in the registry; anything shorter cannot
/// be an IBAN for any country, whatever its prefix.
const MIN_IBAN_LEN: usize = 15;
/// Raw input cap, checked before any per-character work. Paper format adds a
/// space every 4 characters (34 -> 42); the slack allows sloppy spacing but
/// keeps the work bounded for hostile request bodies.
const MAX_INPUT_BYTES: usize = 100;

/// SWIFT IBAN Registry, Release 100: country code, total IBAN length and the
/// BBAN structure in the registry's own notation (`4!a6!n8!n`: fixed-length
/// runs of `n` digits, `a` uppercase letters, `c` alphanumerics). Kept in the
/// registry notation so entries can be diffed against future releases.
/// Territories that the registry folds into another code (e.g. AX into FI,
/// GF into FR, JE into GB) use that code's IBANs and are not listed. Sorted
/// by code for binary search; a test enforces it.
static REGISTRY: [(&str, usize, &str); 89] = [
    ("AD", 24, "4!n4!n12!c"),
    ("AE", 23, "3!n16!n"),
    ("AL", 28, "8!n16!c"),
    ("AT", 20, "5!n11!n"),
    ("AZ", 28, "4!a20!c"),
    ("BA", 20, "3!n3!n8!n2!n"),
    ("BE", 16, "3!n7!n2!n"),
    ("BG", 22, "4!a4!n2!n8!c"),
    ("BH", 22, "4!a14!c"),
    ("BI", 27, "5!n5!n11!n2!n"),
    ("BR", 29, "8!n5!n10!n1!a1!c"),
    ("BY", 28, "4!c4!n16!c"),
    ("CH", 21, "5!n12!c"),
    ("CR", 22, "4!n14!n"),
    ("CY", 28, "3!n5!n16!c"),
    ("CZ", 24, "4!n6!n10!n"),
    ("DE", 22, "8!n10!n"),
    ("DJ", 27, "5!n5!n11!n2!n"),
    ("DK", 18, "4!n9!n1!n"),
    ("DO", 28, "4!c20!n"),
    ("EE", 20, "2!n14!n"),
    ("EG", 29, "4!n4!n17!n"),
    ("ES", 24, "4!n4!n1!n1!n10!n"),
    ("FI", 18, "3!n11!n"),
    ("FK", 18, "2!a12!n"),
    ("FO", 18, "4!n9!n1!n"),
    ("FR", 27, "5!n5!n11!c2!n"),
    ("GB", 22, "4!a6!n8!n"),
    ("GE", 22, "2!a16!n"),
    ("GI", 23, "4!a15!c"),
    ("GL", 18, "4!n9!n1!n"),
    ("GR", 27, "3!n4!n16!c"),
    ("GT", 28, "4!c20!c"),
    ("HN", 28, "4!a20!n"),
    ("HR", 21, "7!n10!n"),
    ("HU", 28, "3!n4!n1!n15!n1!n"),
    ("IE", 22, "4!a6!n8!n"),
    ("IL", 23, "3!n3!n13!n"),
    ("IQ", 23, "4!a3!n12!n"),
    ("IS", 26, "4!n2!n6!n10!n"),
    ("IT", 27, "1!a5!n5!n12!c"),
    ("JO", 30, "4!a4!n18!c"),
    ("KW", 30, "4!a22!c"),
    ("KZ", 20, "3!n13!c"),
    ("LB", 28, "4!n20!c"),
    ("LC", 32, "4!a24!c"),
    ("LI", 21, "5!n12!c"),
    ("LT", 20, "5!n11!n"),
    ("LU", 20, "3!n13!c"),
    ("LV", 21, "4!a13!c"),
    ("LY", 25, "3!n3!n15!n"),
    ("MC", 27, "5!n5!n11!c2!n"),
    ("MD", 24, "2!c18!c"),
    ("ME", 22, "3!n13!n2!n"),
    ("MK", 19, "3!n10!c2!n"),
    ("MN", 20, "4!n12!n"),
    ("MR", 27, "5!n5!n11!n2!n"),
    ("MT", 31, "4!a5!n18!c"),
    ("MU", 30, "4!a2!n2!n12!n3!n3!a"),
    ("NI", 28, "4!a20!n"),
    ("NL", 18, "4!a10!n"),
    ("NO", 15, "4!n6!n1!n"),
    ("OM", 23, "3!n16!c"),
    ("PK", 24, "4!a16!c"),
    ("PL", 28, "8!n16!n"),
    ("PS", 29, "4!a21!c"),
    ("PT", 25, "4!n4!n11!n2!n"),
    ("QA", 29, "4!a21!c"),
    ("RO", 24, "4!a16!c"),
    ("RS", 22, "3!n13!n2!n"),
    ("RU", 33, "9!n5!n15!c"),
    ("SA", 24, "2!n18!c"),
    ("SC", 31, "4!a2!n2!n16!n3!a"),
    ("SD", 18, "2!n12!n"),
    ("SE", 24, "3!n16!n1!n"),
    ("SI", 19, "5!n8!n2!n"),
    ("SK", 24, "4!n6!n10!n"),
    ("SM", 27, "1!a5!n5!n12!c"),
    ("SO", 23, "4!n3!n12!n"),
    ("ST", 25, "4!n4!n11!n2!n"),
    ("SV", 28, "4!a20!n"),
    ("TL", 23, "3!n14!n2!n"),
    ("TN", 24, "2!n3!n13!n2!n"),
    ("TR", 26, "5!n1!n16!c"),
    ("UA", 29, "6!n19!c"),
    ("VA", 22, "3!n15!n"),
    ("VG", 24, "4!a16!n"),
    ("XK", 20, "4!n10!n2!n"),
    ("YE", 30, "4!a4!n18!c"),
];

/// A syntactically valid IBAN in electronic form: no spaces, uppercase.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Iban(String);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IbanError {
    TooShort,
    TooLong,
    BadCharacter,
    UnknownCountry,
    WrongLength { expected: usize, found: usize },
    BadStructure,
    BadChecksum,
}

impl fmt::Display for IbanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IbanError::TooShort => f.write_str("IBAN is too short"),
            IbanError::TooLong => f.write_str("IBAN is too long"),
            IbanError::BadCharacter => f.write_str("IBAN may only contain letters, digits and spaces"),
            IbanError::UnknownCountry => f.write_str("IBAN country code is not in the IBAN registry"),
            IbanError::WrongLength { expected, found } => {
                write!(f, "IBAN for this country must be {expected} characters, found {found}")
            }
            IbanError::BadStructure => f.write_str("IBAN does not match the country's account format"),
            IbanError::BadChecksum => f.write_str("IBAN check digits do not match"),
        }
    }
}

impl std::error::Error for IbanError {}

impl Iban {
    /// Parses an IBAN in electronic or paper format (spaces, any case).
    pub fn parse(input: &str) -> Result<Iban, IbanError> {
        if input.len() > MAX_INPUT_BYTES {
            return Err(IbanError::TooLong);
        }
        let mut s = String::with_capacity(MAX_IBAN_LEN);
        for c in input.chars() {
            if c == ' ' {
                continue;
            }
            if !c.is_ascii_alphanumeric() {
                return Err(IbanError::BadCharacter);
            }
            s.push(c.to_ascii_uppercase());
        }
        if s.len() > MAX_IBAN_LEN {
            return Err(IbanError::TooLong);
        }
        if s.len() < MIN_IBAN_LEN {
            return Err(IbanError::TooShort);
        }
        let b = s.as_bytes();
        let (expected, spec) = lookup(b.get(..2).unwrap_or_default()).ok_or(IbanError::UnknownCountry)?;
        let check_digits = b.get(2..4).unwrap_or_default();
        if !check_digits.iter().all(u8::is_ascii_digit) {
            return Err(IbanError::BadStructure);
        }
        if b.len() != expected {
            return Err(IbanError::WrongLength { expected, found: b.len() });
        }
        if !matches_structure(spec, b.get(4..).unwrap_or_default()) {
            return Err(IbanError::BadStructure);
        }
        // 00, 01 and 99 can never come out of the check-digit algorithm
        // (it yields 02..=98), yet 01/99/00 pass the mod-97 test whenever
        // 98/02/97 would; ISO 13616 treats them as invalid, so reject them.
        if matches!(check_digits, b"00" | b"01" | b"99") || mod97(b) != 1 {
            return Err(IbanError::BadChecksum);
        }
        Ok(Iban(s))
    }

    /// The ISO 3166 country code (first two characters).
    pub fn country(&self) -> &str {
        self.0.get(..2).unwrap_or_default()
    }

    /// Display form that is safe to log or show back to a user: country and
    /// check digits, a fixed run of bullets (so the length leaks nothing
    /// beyond the country) and the last four characters.
    pub fn masked(&self) -> String {
        let head = self.0.get(..4).unwrap_or_default();
        let tail = self.0.get(self.0.len().saturating_sub(4)..).unwrap_or_default();
        format!("{head}••••••••{tail}")
    }
}

impl AsRef<str> for Iban {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Iban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Builds a valid IBAN for `country` (exact uppercase registry code) whose
/// BBAN follows the registry structure and whose check digits are correct.
/// The same entropy always gives the same IBAN. `None` for codes that are
/// not in the registry.
pub fn generate(country: &str, entropy: &[u8; 32]) -> Option<Iban> {
    const ALNUM: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let (len, spec) = lookup(country.as_bytes())?;
    let mut s = String::with_capacity(len);
    s.push_str(country);
    s.push_str("00");
    // The longest BBAN (30) fits in 32 bytes; cycling is only a guard.
    let mut bytes = entropy.iter().cycle();
    for (count, class) in Segments::new(spec) {
        for _ in 0..count {
            let b = bytes.next().copied().unwrap_or_default();
            let c = match class {
                b'n' => b'0' + b % 10,
                b'a' => b'A' + b % 26,
                _ => ALNUM[usize::from(b % 36)],
            };
            s.push(char::from(c));
        }
    }
    // With "00" as placeholder, 98 - (n mod 97) is the standard check value.
    let check = 98 - mod97(s.as_bytes());
    s.replace_range(2..4, &format!("{check:02}"));
    // Re-parse so a generated IBAN can never disagree with the validator.
    Iban::parse(&s).ok()
}

/// The length of the shortest IBAN of any country (Norway's).
pub const SHORTEST: usize = 15;

/// The length of every IBAN of `country` (an upper-case registry code).
pub fn length_for(country: &[u8]) -> Option<usize> {
    lookup(country).map(|(len, _)| len)
}

fn lookup(country: &[u8]) -> Option<(usize, &'static str)> {
    REGISTRY
        .binary_search_by(|(code, _, _)| code.as_bytes().cmp(country))
        .ok()
        .and_then(|i| REGISTRY.get(i))
        .map(|&(_, len, spec)| (len, spec))
}

/// Walks a registry structure string like `4!a6!n8!n`, yielding
/// `(count, class)`. Stops at anything malformed rather than panicking; the
/// tests check every table entry parses completely.
struct Segments<'a> {
    rest: &'a [u8],
}

impl<'a> Segments<'a> {
    fn new(spec: &'a str) -> Self {
        Segments { rest: spec.as_bytes() }
    }
}

impl Iterator for Segments<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        let digits = self.rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let (num, rest) = self.rest.split_at_checked(digits)?;
        let count = num.iter().try_fold(0usize, |acc, &d| acc.checked_mul(10)?.checked_add(usize::from(d - b'0')))?;
        match rest {
            [b'!', class @ (b'n' | b'a' | b'c'), tail @ ..] if count > 0 => {
                self.rest = tail;
                Some((count, *class))
            }
            _ => None,
        }
    }
}

fn matches_structure(spec: &str, bban: &[u8]) -> bool {
    let mut pos = 0;
    for (count, class) in Segments::new(spec) {
        let Some(run) = bban.get(pos..pos + count) else {
            return false;
        };
        let ok = run.iter().all(|b| match class {
            b'n' => b.is_ascii_digit(),
            b'a' => b.is_ascii_uppercase(),
            _ => b.is_ascii_digit() || b.is_ascii_uppercase(),
        });
        if !ok {
            return false;
        }
        pos += count;
    }
    pos == bban.len()
}

/// ISO 7064 mod-97-10 over the IBAN with its first four characters moved to
/// the end and letters expanded to 10..=35. The remainder is folded in one
/// character at a time, so the running value stays below 97 * 100 + 35 and
/// no input length can overflow it (the expanded number has up to 68 digits,
/// far past u128).
fn mod97(iban: &[u8]) -> u32 {
    iban.iter().skip(4).chain(iban.iter().take(4)).fold(0u32, |rem, &c| match c {
        b'0'..=b'9' => (rem * 10 + u32::from(c - b'0')) % 97,
        b'A'..=b'Z' => (rem * 100 + u32::from(c - b'A') + 10) % 97,
        _ => rem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use IbanError::*;

    #[test]
    fn no_country_has_a_shorter_iban_than_the_shortest() {
        assert_eq!(REGISTRY.iter().map(|&(_, len, _)| len).min(), Some(SHORTEST));
    }

    /// "IBAN electronic format example" for every country in the SWIFT IBAN
    /// Registry, Release 100 (iban-registry-100.txt).
    const REGISTRY_EXAMPLES: [&str; 89] = [
        "AD1200012030200359100100",
        "AE070331234567890123456",
        "AL47212110090000000235698741",
        "AT611904300234573201",
        "AZ21NABZ00000000137010001944",
        "BA391290079401028494",
        "BE68539007547034",
        "BG80BNBG96611020345678",
        "BH67BMAG00001299123456",
        "BI4210000100010000332045181",
        "BR1800360305000010009795493C1",
        "BY13NBRB3600900000002Z00AB00",
        "CH9300762011623852957",
        "CR05015202001026284066",
        "CY17002001280000001200527600",
        "CZ6508000000192000145399",
        "DE89370400440532013000",
        "DJ2100010000000154000100186",
        "DK5000400440116243",
        "DO28BAGR00000001212453611324",
        "EE382200221020145685",
        "EG380019000500000000263180002",
        "ES9121000418450200051332",
        "FI2112345600000785",
        "FK88SC123456789012",
        "FO6264600001631634",
        "FR1420041010050500013M02606",
        "GB29NWBK60161331926819",
        "GE29NB0000000101904917",
        "GI75NWBK000000007099453",
        "GL8964710001000206",
        "GR1601101250000000012300695",
        "GT82TRAJ01020000001210029690",
        "HN88CABF00000000000250005469",
        "HR1210010051863000160",
        "HU42117730161111101800000000",
        "IE29AIBK93115212345678",
        "IL620108000000099999999",
        "IQ98NBIQ850123456789012",
        "IS140159260076545510730339",
        "IT60X0542811101000000123456",
        "JO94CBJO0010000000000131000302",
        "KW81CBKU0000000000001234560101",
        "KZ86125KZT5004100100",
        "LB62099900000001001901229114",
        "LC55HEMM000100010012001200023015",
        "LI21088100002324013AA",
        "LT121000011101001000",
        "LU280019400644750000",
        "LV80BANK0000435195001",
        "LY83002048000020100120361",
        "MC5811222000010123456789030",
        "MD24AG000225100013104168",
        "ME25505000012345678951",
        "MK07250120000058984",
        "MN121234123456789123",
        "MR1300020001010000123456753",
        "MT84MALT011000012345MTLCAST001S",
        "MU17BOMM0101101030300200000MUR",
        "NI45BAPR00000013000003558124",
        "NL91ABNA0417164300",
        "NO9386011117947",
        "OM810180000001299123456",
        "PK36SCBL0000001123456702",
        "PL61109010140000071219812874",
        "PS92PALS000000000400123456702",
        "PT50000201231234567890154",
        "QA58DOHB00001234567890ABCDEFG",
        "RO49AAAA1B31007593840000",
        "RS35260005601001611379",
        "RU0304452522540817810538091310419",
        "SA0380000000608010167519",
        "SC18SSCB11010000000000001497USD",
        "SD2129010501234001",
        "SE4550000000058398257466",
        "SI56263300012039086",
        "SK3112000000198742637541",
        "SM86U0322509800000000270100",
        "SO211000001001000100141",
        "ST23000100010051845310146",
        "SV62CENR00000000000000700025",
        "TL380080012345678910157",
        "TN5910006035183598478831",
        "TR330006100519786457841326",
        "UA213223130000026007233566001",
        "VA59001123000012345678",
        "VG96VPVG0000012345678901",
        "XK051212012345678906",
        "YE15CBYE0001018861234567891234",
    ];

    #[test]
    fn registry_examples_are_valid() {
        for (example, (code, len, _)) in REGISTRY_EXAMPLES.iter().zip(REGISTRY.iter()) {
            let iban = Iban::parse(example).unwrap_or_else(|e| panic!("{example}: {e}"));
            assert_eq!(iban.as_ref(), *example);
            assert_eq!(iban.country(), *code);
            assert_eq!(example.len(), *len);
        }
    }

    #[test]
    fn paper_format_and_lowercase() {
        // Registry "IBAN print format example" entries, and the Wikipedia
        // "International Bank Account Number" article's GB example.
        for (paper, electronic) in [
            ("GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"),
            ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
            ("AE07 0331 2345 6789 0123 456", "AE070331234567890123456"),
            ("FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"),
            ("NO93 8601 1117 947", "NO9386011117947"),
            ("LC55 HEMM 0001 0001 0012 0012 0002 3015", "LC55HEMM000100010012001200023015"),
            ("SV 62 CENR 00000000000000700025", "SV62CENR00000000000000700025"),
            ("GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"),
            ("gb82 west 1234 5698 7654 32", "GB82WEST12345698765432"),
            ("  GB82WEST12345698765432  ", "GB82WEST12345698765432"),
        ] {
            assert_eq!(Iban::parse(paper).map(|i| i.to_string()), Ok(electronic.to_string()));
        }
    }

    #[test]
    fn invalid_ibans() {
        let long = "GB82WEST12345698765432".repeat(100);
        for (input, err) in [
            ("GB82WEST12345698765433", BadChecksum),
            ("DE89370400440532013001", BadChecksum),
            ("AE070331234567890123457", BadChecksum),
            ("FR1420041010050500013M02607", BadChecksum),
            ("GB28NWBK60161331926819", BadChecksum),
            ("GB82WEST1234569876543", WrongLength { expected: 22, found: 21 }),
            ("DE8937040044053201300000", WrongLength { expected: 22, found: 24 }),
            ("AE0703312345678901234", WrongLength { expected: 23, found: 21 }),
            // Letter where the registry demands digits (GB 4!a6!n8!n, DE 8!n10!n).
            ("GB82WEST1234569876543A", BadStructure),
            ("DE89370400440532O13000", BadStructure),
            ("GB82123412345698765432", BadStructure),
            ("GBX2WEST12345698765432", BadStructure),
            ("XX82WEST12345698765432", UnknownCountry),
            ("US64SVBKUS6S3300958879", UnknownCountry),
            ("1282WEST12345698765432", UnknownCountry),
            ("GB82", TooShort),
            ("", TooShort),
            ("    ", TooShort),
            ("GB82WEST12345698765432GB82WEST123456", TooLong),
            (long.as_str(), TooLong),
            ("GB82-WEST-1234-5698-7654-32", BadCharacter),
            ("GB82WEST1234569876543\u{e9}", BadCharacter),
            ("GB82\tWEST12345698765432", BadCharacter),
            ("GB82WEST12345698765432\u{1F600}", BadCharacter),
            ("ＧＢ82WEST12345698765432", BadCharacter),
        ] {
            assert_eq!(Iban::parse(input), Err(err), "{input:?}");
        }
    }

    #[test]
    fn unassigned_check_digits_are_rejected() {
        // Constructed: each pair shares a BBAN; the first has the computed
        // check digits (98, 02, 97), the second the mod-97 twin the
        // algorithm never emits (01, 99, 00).
        for (good, twin) in [
            ("GB98WEST12345698765435", "GB01WEST12345698765435"),
            ("GB02WEST12345698765514", "GB99WEST12345698765514"),
            ("GB97WEST12345698765453", "GB00WEST12345698765453"),
        ] {
            assert!(Iban::parse(good).is_ok(), "{good}");
            assert_eq!(mod97(twin.as_bytes()), 1, "{twin} passes plain mod-97");
            assert_eq!(Iban::parse(twin), Err(BadChecksum), "{twin}");
        }
    }

    #[test]
    fn accessors() {
        let iban = Iban::parse("gb82 west 1234 5698 7654 32").expect("valid");
        assert_eq!(iban.country(), "GB");
        assert_eq!(iban.masked(), "GB82••••••••5432");
        assert_eq!(iban.to_string(), "GB82WEST12345698765432");
        assert_eq!(iban.as_ref(), "GB82WEST12345698765432");
        let no = Iban::parse("NO9386011117947").expect("valid");
        assert_eq!(no.masked(), "NO93••••••••7947");
    }

    #[test]
    fn error_display() {
        assert_eq!(
            WrongLength { expected: 22, found: 21 }.to_string(),
            "IBAN for this country must be 22 characters, found 21"
        );
        assert_eq!(BadChecksum.to_string(), "IBAN check digits do not match");
    }

    #[test]
    fn registry_table_is_consistent() {
        for pair in REGISTRY.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} !< {}", pair[0].0, pair[1].0);
        }
        for (code, len, spec) in REGISTRY {
            let segments: Vec<(usize, u8)> = Segments::new(spec).collect();
            let rendered: String = segments.iter().map(|&(n, c)| format!("{n}!{}", char::from(c))).collect();
            assert_eq!(rendered, spec, "{code}: spec must parse completely");
            let bban: usize = segments.iter().map(|&(n, _)| n).sum();
            assert_eq!(bban + 4, len, "{code}");
            assert!((MIN_IBAN_LEN..=MAX_IBAN_LEN).contains(&len), "{code}");
            // Kosovo's XK is a user-assigned code, not an ISO 3166-1 one.
            assert!(code == "XK" || crate::country::is_country(code), "{code}");
        }
    }

    #[test]
    fn generated_ibans_validate() {
        let mut entropy = [0u8; 32];
        for round in 0u8..=255 {
            for (i, b) in entropy.iter_mut().enumerate() {
                *b = round.wrapping_mul(31).wrapping_add(i as u8).rotate_left(u32::from(round % 8));
            }
            for (code, len, _) in REGISTRY {
                let iban = generate(code, &entropy).unwrap_or_else(|| panic!("{code}"));
                assert_eq!(iban.country(), code);
                assert_eq!(iban.as_ref().len(), len);
                assert_eq!(Iban::parse(iban.as_ref()), Ok(iban.clone()));
                assert_eq!(generate(code, &entropy), Some(iban), "deterministic");
            }
        }
        for edge in [[0u8; 32], [0xff; 32]] {
            for (code, _, _) in REGISTRY {
                assert!(generate(code, &edge).is_some(), "{code}");
            }
        }
        for unknown in ["XX", "US", "gb", "", "GBR", "G", "€"] {
            assert_eq!(generate(unknown, &entropy), None, "{unknown:?}");
        }
    }
}
