//! Who a payout may be aimed at: a beneficiary of the sending customer
//! whose account receives the asset paid out. Transactions and fiat payout
//! transfers both ask this one rule; the sandbox answers a beneficiary of
//! another customer with 400 `VAL_0001` and an account in another asset
//! with 422 `UNSUPPORTED_COMBINATION`, naming the request's field.

use payctl_wire::beneficiaries::Beneficiary;

use crate::asset::Asset;

/// Why a beneficiary cannot receive a payout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ineligible {
    /// It belongs to another customer than the sender.
    OtherCustomer { beneficiary: String, owner: String, sender: String },
    /// Its account receives another asset.
    OtherAsset { beneficiary: String, receives: String, paid: Asset },
}

impl std::fmt::Display for Ineligible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ineligible::OtherCustomer { beneficiary, owner, sender } => write!(
                f,
                "beneficiary {beneficiary} belongs to customer {owner}, but the payout is sent by customer {sender}"
            ),
            Ineligible::OtherAsset { beneficiary, receives, paid } => {
                write!(f, "beneficiary {beneficiary} receives {receives}, but the payout pays out {paid}")
            }
        }
    }
}

/// Whether `beneficiary` may receive `paid` from `sender` (a customer's
/// public id; `None` when the payout names none and the beneficiary's own
/// customer sends it).
pub fn eligible(beneficiary: &Beneficiary, sender: Option<&str>, paid: Asset) -> Result<(), Ineligible> {
    if let Some(sender) = sender
        && sender != beneficiary.customer_id
    {
        return Err(Ineligible::OtherCustomer {
            beneficiary: beneficiary.id.clone(),
            owner: beneficiary.customer_id.clone(),
            sender: sender.to_owned(),
        });
    }
    if beneficiary.account.destination_asset != paid.code {
        return Err(Ineligible::OtherAsset {
            beneficiary: beneficiary.id.clone(),
            receives: beneficiary.account.destination_asset.clone(),
            paid,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use payctl_wire::beneficiaries::{BeneficiaryAccount, BeneficiaryType, PayoutAccountKind};

    use super::*;
    use crate::asset::asset;

    fn beneficiary(customer: &str, receives: &str) -> Beneficiary {
        Beneficiary {
            id: "b1".into(),
            customer_id: customer.into(),
            beneficiary_type: BeneficiaryType::Individual,
            full_name: "A".into(),
            country: "DE".into(),
            gov_id_ref: None,
            account: BeneficiaryAccount {
                kind: PayoutAccountKind::BankAccount,
                destination_asset: receives.into(),
                is_default: true,
                iban: None,
                bank_name: None,
                bank_country: None,
                routing: None,
                network: None,
                address: None,
                address_format: None,
            },
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    #[test]
    fn the_senders_beneficiary_in_the_paid_asset_is_eligible() {
        let eur = asset("EUR").unwrap();
        assert_eq!(eligible(&beneficiary("c1", "EUR"), Some("c1"), eur), Ok(()));
        assert_eq!(eligible(&beneficiary("c1", "EUR"), None, eur), Ok(()));
    }

    #[test]
    fn another_customers_or_another_assets_beneficiary_is_not() {
        let (eur, gbp) = (asset("EUR").unwrap(), asset("GBP").unwrap());
        let other = eligible(&beneficiary("c2", "EUR"), Some("c1"), eur).unwrap_err();
        assert!(matches!(other, Ineligible::OtherCustomer { .. }));
        assert_eq!(other.to_string(), "beneficiary b1 belongs to customer c2, but the payout is sent by customer c1");
        let asset = eligible(&beneficiary("c1", "EUR"), Some("c1"), gbp).unwrap_err();
        assert_eq!(asset.to_string(), "beneficiary b1 receives EUR, but the payout pays out GBP");
    }
}
