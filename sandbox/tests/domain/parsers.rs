//! Every parser that reads untrusted input answers Ok or Err for any input,
//! never panics, and accepts what the sandbox itself generates.

use payctl_domain::address::{self, Network};
use payctl_domain::country;
use payctl_domain::decimal::Decimal;
use payctl_domain::iban::{self, Iban};
use payctl_domain::time::Timestamp;
use payctl_sandbox::testing::{JwtKey, KeyIdentity, KeyIndex, PageQuery, PageRequest, StoredKey, mint_api_key};
use payctl_wire::applications::Environment;
use proptest::prelude::*;

/// Arbitrary text, plus text shaped like what each parser expects.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9A-Za-z ]{0,40}",
        "0x[0-9a-fA-F]{0,70}",
        "[1-9A-HJ-NP-Za-km-z]{20,60}",
        "[A-Z]{2}[0-9]{2}[0-9A-Z ]{0,40}",
        "[0-9]{0,45}(\\.[0-9]{0,25})?",
        "[A-Za-z0-9_-]{0,40}\\.[A-Za-z0-9_-]{0,80}\\.[A-Za-z0-9_-]{0,60}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn address_validation_is_total(input in text()) {
        for network in Network::ALL.iter().copied() {
            let _ = address::validate(network, &input);
        }
        let _ = Network::parse(&input);
    }

    #[test]
    fn generated_addresses_validate(entropy in any::<[u8; 32]>()) {
        for network in Network::ALL.iter().copied() {
            let generated = address::generate(network, &entropy);
            prop_assert!(address::validate(network, &generated).is_ok(), "{} {}", network.as_str(), generated);
        }
    }

    #[test]
    fn iban_parsing_is_total_and_generated_ibans_parse(input in text(), entropy in any::<[u8; 32]>()) {
        let _ = Iban::parse(&input);
        for code in ["AE", "GB", "DE", "FR", "NL"] {
            let generated = iban::generate(code, &entropy).expect("a registry country");
            prop_assert!(Iban::parse(generated.as_ref()).is_ok(), "{generated}");
        }
        let _ = country::country_name(&input);
    }

    #[test]
    fn decimal_parsing_is_total_and_round_trips(input in text()) {
        if let Ok(d) = Decimal::parse(&input) {
            prop_assert_eq!(Decimal::parse(&d.to_string()).ok(), Some(d));
        }
    }

    #[test]
    fn page_parameters_are_total(limit in proptest::option::of(text()), cursor in proptest::option::of(text())) {
        let _ = PageRequest::parse(&PageQuery { limit, cursor });
    }

    #[test]
    fn bearer_tokens_and_api_keys_are_total(input in text()) {
        let key = JwtKey::new(vec![[3; 32]]);
        prop_assert!(key.verify(&input, Timestamp::from_millis(0)).is_err());
        // An index holding one real key: arbitrary input never authenticates
        // as it, and the key itself still does.
        let index = KeyIndex::default();
        let minted = mint_api_key(Environment::Test);
        index.insert(StoredKey {
            prefix: minted.prefix.clone(),
            hash: minted.hash,
            expires_at: None,
            application_active: true,
            identity: KeyIdentity {
                key_id: 1,
                key_public_id: "k".into(),
                application_id: 1,
                application_public_id: "a".into(),
                partner_id: 1,
                environment: Environment::Test,
            },
        });
        let now = Timestamp::from_millis(0);
        prop_assert_eq!(index.authenticate(&input, |_| now).is_ok(), input == minted.secret);
        prop_assert!(index.authenticate(&minted.secret, |_| now).is_ok());
        let mut near = minted.secret.clone();
        near.push_str(&input);
        prop_assert_eq!(index.authenticate(&near, |_| now).is_ok(), input.is_empty());
    }
}
