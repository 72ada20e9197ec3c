//! Values offered by shell completion (`COMPLETE=bash payctl ...`, see
//! `payctl completions`) for arguments whose values are names rather than
//! files: profiles from the config file, event types, networks, assets,
//! corridors, fault kinds and the operations fault rules apply to. Offering
//! a value is not checking it: the API stays the judge.

use clap_complete::engine::{ArgValueCandidates, CompletionCandidate};
use payctl_domain::{address::Network, asset::ASSETS, rates::CORRIDORS};
use payctl_wire::events::EventType;
use payctl_wire::faults::FaultKind;
use payctl_wire::logs::LogMethod;

fn of(values: impl IntoIterator<Item = String>) -> Vec<CompletionCandidate> {
    values.into_iter().map(CompletionCandidate::new).collect()
}

/// The profiles of the config file in effect.
pub fn profiles() -> ArgValueCandidates {
    ArgValueCandidates::new(|| {
        let names = crate::config::dir()
            .ok()
            .and_then(|dir| crate::config::ConfigFile::load(&dir).ok())
            .map(|file| file.profiles.into_keys().collect::<Vec<_>>())
            .unwrap_or_default();
        of(names)
    })
}

pub fn events() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(EventType::ALL.iter().map(|e| e.as_str().to_owned())))
}

pub fn networks() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(Network::ALL.iter().map(|n| n.as_str().to_owned())))
}

pub fn assets() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(ASSETS.iter().map(|a| a.code.to_owned())))
}

/// The corridor code and the pair ids `GET /v1/pricing/corridors` lists.
pub fn corridors() -> ArgValueCandidates {
    ArgValueCandidates::new(|| {
        let pairs = CORRIDORS.iter().map(|c| format!("{}-{}", c.source, c.destination));
        of(std::iter::once("uae".to_owned()).chain(pairs))
    })
}

/// Event types and `*` (every one), for a delivery fault rule.
pub fn events_or_any() -> ArgValueCandidates {
    ArgValueCandidates::new(|| {
        of(std::iter::once("*".to_owned()).chain(EventType::ALL.iter().map(|e| e.as_str().to_owned())))
    })
}

pub fn fault_kinds() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(FaultKind::ALL.iter().map(|k| k.as_str().to_owned())))
}

pub fn methods() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(LogMethod::VALUES.iter().map(|m| (*m).to_owned())))
}

/// The operation ids fault rules apply to, from the route table: the
/// partner API's operations (called with an API key), not `/sandbox/...`.
pub fn operations() -> ArgValueCandidates {
    ArgValueCandidates::new(|| of(payctl_sandbox::partner_operation_ids()))
}
