//! ISO 3166-1 alpha-2 country codes and their English short names.
//!
//! payctl stores and exposes country codes (account holders, IBAN countries,
//! bank addresses); this table lets the API reject codes that do not exist
//! and show a name without pulling in a locale database. The table is
//! compiled in and searched with a binary search, so lookups allocate nothing
//! and take a handful of comparisons whatever the input.
//!
//! Names follow the ISO 3166-1 English short names in title case, without
//! the trailing "(the)" article ISO appends (e.g. "United States of
//! America", "Korea (Republic of)", "Netherlands (Kingdom of the)"). Source:
//! the ISO 3166-1 list as published in lukes/ISO-3166-Countries-with-Regional-
//! Codes, updated for ISO changes since: MK "North Macedonia" (2019), TR
//! "Türkiye" (2022), NL "Netherlands (Kingdom of the)" (2023).

/// Every officially assigned alpha-2 code (249), sorted by code so
/// [`country_name`] can binary-search it; a test enforces the ordering.
static COUNTRIES: [(&str, &str); 249] = [
    ("AD", "Andorra"),
    ("AE", "United Arab Emirates"),
    ("AF", "Afghanistan"),
    ("AG", "Antigua and Barbuda"),
    ("AI", "Anguilla"),
    ("AL", "Albania"),
    ("AM", "Armenia"),
    ("AO", "Angola"),
    ("AQ", "Antarctica"),
    ("AR", "Argentina"),
    ("AS", "American Samoa"),
    ("AT", "Austria"),
    ("AU", "Australia"),
    ("AW", "Aruba"),
    ("AX", "Åland Islands"),
    ("AZ", "Azerbaijan"),
    ("BA", "Bosnia and Herzegovina"),
    ("BB", "Barbados"),
    ("BD", "Bangladesh"),
    ("BE", "Belgium"),
    ("BF", "Burkina Faso"),
    ("BG", "Bulgaria"),
    ("BH", "Bahrain"),
    ("BI", "Burundi"),
    ("BJ", "Benin"),
    ("BL", "Saint Barthélemy"),
    ("BM", "Bermuda"),
    ("BN", "Brunei Darussalam"),
    ("BO", "Bolivia (Plurinational State of)"),
    ("BQ", "Bonaire, Sint Eustatius and Saba"),
    ("BR", "Brazil"),
    ("BS", "Bahamas"),
    ("BT", "Bhutan"),
    ("BV", "Bouvet Island"),
    ("BW", "Botswana"),
    ("BY", "Belarus"),
    ("BZ", "Belize"),
    ("CA", "Canada"),
    ("CC", "Cocos (Keeling) Islands"),
    ("CD", "Congo (Democratic Republic of the)"),
    ("CF", "Central African Republic"),
    ("CG", "Congo"),
    ("CH", "Switzerland"),
    ("CI", "Côte d'Ivoire"),
    ("CK", "Cook Islands"),
    ("CL", "Chile"),
    ("CM", "Cameroon"),
    ("CN", "China"),
    ("CO", "Colombia"),
    ("CR", "Costa Rica"),
    ("CU", "Cuba"),
    ("CV", "Cabo Verde"),
    ("CW", "Curaçao"),
    ("CX", "Christmas Island"),
    ("CY", "Cyprus"),
    ("CZ", "Czechia"),
    ("DE", "Germany"),
    ("DJ", "Djibouti"),
    ("DK", "Denmark"),
    ("DM", "Dominica"),
    ("DO", "Dominican Republic"),
    ("DZ", "Algeria"),
    ("EC", "Ecuador"),
    ("EE", "Estonia"),
    ("EG", "Egypt"),
    ("EH", "Western Sahara"),
    ("ER", "Eritrea"),
    ("ES", "Spain"),
    ("ET", "Ethiopia"),
    ("FI", "Finland"),
    ("FJ", "Fiji"),
    ("FK", "Falkland Islands (Malvinas)"),
    ("FM", "Micronesia (Federated States of)"),
    ("FO", "Faroe Islands"),
    ("FR", "France"),
    ("GA", "Gabon"),
    ("GB", "United Kingdom of Great Britain and Northern Ireland"),
    ("GD", "Grenada"),
    ("GE", "Georgia"),
    ("GF", "French Guiana"),
    ("GG", "Guernsey"),
    ("GH", "Ghana"),
    ("GI", "Gibraltar"),
    ("GL", "Greenland"),
    ("GM", "Gambia"),
    ("GN", "Guinea"),
    ("GP", "Guadeloupe"),
    ("GQ", "Equatorial Guinea"),
    ("GR", "Greece"),
    ("GS", "South Georgia and the South Sandwich Islands"),
    ("GT", "Guatemala"),
    ("GU", "Guam"),
    ("GW", "Guinea-Bissau"),
    ("GY", "Guyana"),
    ("HK", "Hong Kong"),
    ("HM", "Heard Island and McDonald Islands"),
    ("HN", "Honduras"),
    ("HR", "Croatia"),
    ("HT", "Haiti"),
    ("HU", "Hungary"),
    ("ID", "Indonesia"),
    ("IE", "Ireland"),
    ("IL", "Israel"),
    ("IM", "Isle of Man"),
    ("IN", "India"),
    ("IO", "British Indian Ocean Territory"),
    ("IQ", "Iraq"),
    ("IR", "Iran (Islamic Republic of)"),
    ("IS", "Iceland"),
    ("IT", "Italy"),
    ("JE", "Jersey"),
    ("JM", "Jamaica"),
    ("JO", "Jordan"),
    ("JP", "Japan"),
    ("KE", "Kenya"),
    ("KG", "Kyrgyzstan"),
    ("KH", "Cambodia"),
    ("KI", "Kiribati"),
    ("KM", "Comoros"),
    ("KN", "Saint Kitts and Nevis"),
    ("KP", "Korea (Democratic People's Republic of)"),
    ("KR", "Korea (Republic of)"),
    ("KW", "Kuwait"),
    ("KY", "Cayman Islands"),
    ("KZ", "Kazakhstan"),
    ("LA", "Lao People's Democratic Republic"),
    ("LB", "Lebanon"),
    ("LC", "Saint Lucia"),
    ("LI", "Liechtenstein"),
    ("LK", "Sri Lanka"),
    ("LR", "Liberia"),
    ("LS", "Lesotho"),
    ("LT", "Lithuania"),
    ("LU", "Luxembourg"),
    ("LV", "Latvia"),
    ("LY", "Libya"),
    ("MA", "Morocco"),
    ("MC", "Monaco"),
    ("MD", "Moldova (Republic of)"),
    ("ME", "Montenegro"),
    ("MF", "Saint Martin (French part)"),
    ("MG", "Madagascar"),
    ("MH", "Marshall Islands"),
    ("MK", "North Macedonia"),
    ("ML", "Mali"),
    ("MM", "Myanmar"),
    ("MN", "Mongolia"),
    ("MO", "Macao"),
    ("MP", "Northern Mariana Islands"),
    ("MQ", "Martinique"),
    ("MR", "Mauritania"),
    ("MS", "Montserrat"),
    ("MT", "Malta"),
    ("MU", "Mauritius"),
    ("MV", "Maldives"),
    ("MW", "Malawi"),
    ("MX", "Mexico"),
    ("MY", "Malaysia"),
    ("MZ", "Mozambique"),
    ("NA", "Namibia"),
    ("NC", "New Caledonia"),
    ("NE", "Niger"),
    ("NF", "Norfolk Island"),
    ("NG", "Nigeria"),
    ("NI", "Nicaragua"),
    ("NL", "Netherlands (Kingdom of the)"),
    ("NO", "Norway"),
    ("NP", "Nepal"),
    ("NR", "Nauru"),
    ("NU", "Niue"),
    ("NZ", "New Zealand"),
    ("OM", "Oman"),
    ("PA", "Panama"),
    ("PE", "Peru"),
    ("PF", "French Polynesia"),
    ("PG", "Papua New Guinea"),
    ("PH", "Philippines"),
    ("PK", "Pakistan"),
    ("PL", "Poland"),
    ("PM", "Saint Pierre and Miquelon"),
    ("PN", "Pitcairn"),
    ("PR", "Puerto Rico"),
    ("PS", "Palestine, State of"),
    ("PT", "Portugal"),
    ("PW", "Palau"),
    ("PY", "Paraguay"),
    ("QA", "Qatar"),
    ("RE", "Réunion"),
    ("RO", "Romania"),
    ("RS", "Serbia"),
    ("RU", "Russian Federation"),
    ("RW", "Rwanda"),
    ("SA", "Saudi Arabia"),
    ("SB", "Solomon Islands"),
    ("SC", "Seychelles"),
    ("SD", "Sudan"),
    ("SE", "Sweden"),
    ("SG", "Singapore"),
    ("SH", "Saint Helena, Ascension and Tristan da Cunha"),
    ("SI", "Slovenia"),
    ("SJ", "Svalbard and Jan Mayen"),
    ("SK", "Slovakia"),
    ("SL", "Sierra Leone"),
    ("SM", "San Marino"),
    ("SN", "Senegal"),
    ("SO", "Somalia"),
    ("SR", "Suriname"),
    ("SS", "South Sudan"),
    ("ST", "Sao Tome and Principe"),
    ("SV", "El Salvador"),
    ("SX", "Sint Maarten (Dutch part)"),
    ("SY", "Syrian Arab Republic"),
    ("SZ", "Eswatini"),
    ("TC", "Turks and Caicos Islands"),
    ("TD", "Chad"),
    ("TF", "French Southern Territories"),
    ("TG", "Togo"),
    ("TH", "Thailand"),
    ("TJ", "Tajikistan"),
    ("TK", "Tokelau"),
    ("TL", "Timor-Leste"),
    ("TM", "Turkmenistan"),
    ("TN", "Tunisia"),
    ("TO", "Tonga"),
    ("TR", "Türkiye"),
    ("TT", "Trinidad and Tobago"),
    ("TV", "Tuvalu"),
    ("TW", "Taiwan, Province of China"),
    ("TZ", "Tanzania, United Republic of"),
    ("UA", "Ukraine"),
    ("UG", "Uganda"),
    ("UM", "United States Minor Outlying Islands"),
    ("US", "United States of America"),
    ("UY", "Uruguay"),
    ("UZ", "Uzbekistan"),
    ("VA", "Holy See"),
    ("VC", "Saint Vincent and the Grenadines"),
    ("VE", "Venezuela (Bolivarian Republic of)"),
    ("VG", "Virgin Islands (British)"),
    ("VI", "Virgin Islands (U.S.)"),
    ("VN", "Viet Nam"),
    ("VU", "Vanuatu"),
    ("WF", "Wallis and Futuna"),
    ("WS", "Samoa"),
    ("YE", "Yemen"),
    ("YT", "Mayotte"),
    ("ZA", "South Africa"),
    ("ZM", "Zambia"),
    ("ZW", "Zimbabwe"),
];

/// Returns the English short name for an officially assigned alpha-2 code.
///
/// Matching is exact and case-sensitive: codes are stored and compared in
/// their canonical uppercase form, and silently upper-casing here would let
/// non-canonical values leak into stored data. Reserved or user-assigned
/// codes such as "UK", "EU" or "XK" are not countries and return `None`.
pub fn country_name(alpha2: &str) -> Option<&'static str> {
    if alpha2.len() != 2 {
        return None;
    }
    COUNTRIES
        .binary_search_by(|(code, _)| (*code).cmp(alpha2))
        .ok()
        .and_then(|i| COUNTRIES.get(i))
        .map(|(_, name)| *name)
}

/// True when `alpha2` is an officially assigned ISO 3166-1 alpha-2 code.
pub fn is_country(alpha2: &str) -> bool {
    country_name(alpha2).is_some()
}

/// An officially assigned ISO 3166-1 alpha-2 country, by its canonical
/// upper-case code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Country {
    code: &'static str,
    name: &'static str,
}

impl Country {
    /// Exact, upper-case codes only (see [`country_name`]).
    pub fn parse(alpha2: &str) -> Option<Country> {
        let i = COUNTRIES.binary_search_by(|(code, _)| (*code).cmp(alpha2)).ok()?;
        COUNTRIES.get(i).map(|&(code, name)| Country { code, name })
    }

    pub fn code(self) -> &'static str {
        self.code
    }

    /// The English short name (`United Arab Emirates`).
    pub fn name(self) -> &'static str {
        self.name
    }
}

impl std::fmt::Display for Country {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code)
    }
}

/// Every code, in order: what the API documents as accepted.
pub fn codes() -> impl Iterator<Item = &'static str> {
    COUNTRIES.iter().map(|(code, _)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_all_assigned_codes() {
        // ISO 3166-1 currently lists 249 officially assigned alpha-2 codes.
        assert_eq!(COUNTRIES.len(), 249);
    }

    #[test]
    fn table_is_sorted_unique_and_well_formed() {
        for pair in COUNTRIES.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} !< {}", pair[0].0, pair[1].0);
        }
        for (code, name) in COUNTRIES {
            assert!(code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()), "{code}");
            assert!(!name.is_empty() && name.trim() == name, "{code}: {name:?}");
            assert_eq!(country_name(code), Some(name));
        }
    }

    #[test]
    fn known_names() {
        assert_eq!(country_name("AE"), Some("United Arab Emirates"));
        assert_eq!(country_name("GB"), Some("United Kingdom of Great Britain and Northern Ireland"));
        assert_eq!(country_name("DE"), Some("Germany"));
        assert_eq!(country_name("US"), Some("United States of America"));
        assert_eq!(country_name("FR"), Some("France"));
        assert_eq!(country_name("CI"), Some("Côte d'Ivoire"));
        assert_eq!(country_name("AX"), Some("Åland Islands"));
        assert_eq!(country_name("MK"), Some("North Macedonia"));
        assert_eq!(country_name("TR"), Some("Türkiye"));
        assert_eq!(country_name("ZW"), Some("Zimbabwe"));
        assert_eq!(country_name("AD"), Some("Andorra"));
        assert!(is_country("AQ"));
        assert!(is_country("SS"));
    }

    #[test]
    fn rejects_non_codes() {
        for bad in [
            "", "gb", "Gb", "gB", "XX", "UK", "EU", "XK", "AN", "ZZ", "G", "GBR", " GB", "GB ", "G\u{0}", "ÅX", "€",
            "😀", "12",
        ] {
            assert_eq!(country_name(bad), None, "{bad:?}");
            assert!(!is_country(bad), "{bad:?}");
        }
        assert!(!is_country(&"A".repeat(1 << 16)));
    }
}
