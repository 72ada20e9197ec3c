//! What a partner may open with `POST /v1/accounts`: the support matrix
//! (documented in sandbox/README.md). A fiat settlement account is offered
//! in a corridor of its currency; a stablecoin wallet on a network its coin
//! is issued on. A well-formed request outside the matrix is refused with
//! the reason in words (422 `UNSUPPORTED_COMBINATION` at the API).

use crate::address::Network;
use crate::asset::{Asset, AssetKind};

/// Fiat settlement accounts: each currency and the corridors it settles in.
pub const FIAT_CORRIDORS: &[(&str, &[&str])] = &[("AED", &["uae"])];

/// Stablecoins: each coin and the networks it is issued on.
pub const STABLECOIN_NETWORKS: &[(&str, &[Network])] = &[
    (
        "USDC",
        &[
            Network::Ethereum,
            Network::Avalanche,
            Network::Arbitrum,
            Network::Base,
            Network::Polygon,
            Network::Stellar,
            Network::Solana,
            Network::Xrpl,
            Network::Algorand,
            Network::Sui,
        ],
    ),
    (
        "USDT",
        &[Network::Ethereum, Network::Avalanche, Network::Arbitrum, Network::Polygon, Network::Tron, Network::Solana],
    ),
];

/// Whether `coin` is issued on `network`: what a wallet may be opened for,
/// and what a transfer may move on.
pub fn issued_on(coin: Asset, network: Network) -> bool {
    STABLECOIN_NETWORKS.iter().any(|(code, networks)| *code == coin.code && networks.contains(&network))
}

/// Whether a fiat settlement account in `currency` may be opened in
/// `corridor`; the refusal says why.
pub fn fiat_account(currency: Asset, corridor: &str) -> Result<(), String> {
    if currency.kind == AssetKind::Stablecoin {
        return Err(format!("{currency} is a stablecoin: open a stablecoin wallet"));
    }
    let offered: Vec<&str> = FIAT_CORRIDORS.iter().map(|(code, _)| *code).collect();
    match FIAT_CORRIDORS.iter().find(|(code, _)| *code == currency.code) {
        None => Err(format!("fiat accounts are offered in {} only, not {currency}", offered.join(", "))),
        Some((_, corridors)) if !corridors.contains(&corridor) => {
            Err(format!("{currency} accounts settle in corridor {}, not {corridor}", corridors.join(", ")))
        }
        Some(_) => Ok(()),
    }
}

/// Whether a wallet for `coin` may be opened on `network`; the refusal
/// says why.
pub fn stablecoin_wallet(coin: Asset, network: Network) -> Result<(), String> {
    match STABLECOIN_NETWORKS.iter().find(|(code, _)| *code == coin.code) {
        None => Err(format!("{coin} is not a stablecoin: open a fiat account")),
        Some((_, networks)) if !networks.contains(&network) => Err(format!("{coin} is not offered on {network}")),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asset::asset;

    #[test]
    fn the_matrix_opens_what_it_lists_and_says_why_not_otherwise() {
        let (aed, eur, usdc, usdt) =
            (asset("AED").unwrap(), asset("EUR").unwrap(), asset("USDC").unwrap(), asset("USDT").unwrap());
        assert_eq!(fiat_account(aed, "uae"), Ok(()));
        assert_eq!(fiat_account(aed, "gcc").unwrap_err(), "AED accounts settle in corridor uae, not gcc");
        assert_eq!(fiat_account(eur, "uae").unwrap_err(), "fiat accounts are offered in AED only, not EUR");
        assert_eq!(fiat_account(usdc, "uae").unwrap_err(), "USDC is a stablecoin: open a stablecoin wallet");
        assert_eq!(stablecoin_wallet(usdc, Network::Solana), Ok(()));
        assert_eq!(stablecoin_wallet(usdt, Network::Tron), Ok(()));
        assert_eq!(stablecoin_wallet(usdc, Network::Tron).unwrap_err(), "USDC is not offered on tron");
        assert_eq!(
            stablecoin_wallet(aed, Network::Ethereum).unwrap_err(),
            "AED is not a stablecoin: open a fiat account"
        );
    }

    #[test]
    fn every_coin_of_the_matrix_is_a_stablecoin_and_every_currency_fiat() {
        for (code, _) in STABLECOIN_NETWORKS {
            assert_eq!(asset(code).map(|a| a.kind), Some(AssetKind::Stablecoin), "{code}");
        }
        for (code, _) in FIAT_CORRIDORS {
            assert_eq!(asset(code).map(|a| a.kind), Some(AssetKind::Fiat), "{code}");
        }
    }
}
