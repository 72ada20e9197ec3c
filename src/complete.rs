//! Values offered by shell completion (`COMPLETE=bash payctl ...`, see
//! `payctl completions`) for arguments whose values are names rather than
//! files: profiles from the config file, event types, networks, assets and
//! corridors. Offering a value is not checking it: the API stays the judge.

use clap_complete::engine::{ArgValueCandidates, CompletionCandidate};
use payctl_sandbox::domain::{address::Network, asset::ASSETS, rates::CORRIDORS};
use payctl_wire::events::EventType;

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
    ArgValueCandidates::new(|| of(Network::ALL.iter().map(|n| n.code().to_owned())))
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
