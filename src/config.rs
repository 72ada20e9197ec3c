//! Profiles: which API a command talks to and as whom, kept in `config.toml`
//! in the platform's config directory (or `$PAYCTL_CONFIG_DIR`).
//!
//! Only non-secret settings live here; secrets go to [`crate::credentials`].
//! The file is plain TOML so people can read and edit it by hand.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use payctl_wire::applications::Environment;
use serde::{Deserialize, Serialize};

use crate::credentials::StoreKind;
use crate::exit;

pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:4242";
/// Appended to the base URL when no auth URL is configured: the sandbox's realm.
pub const DEFAULT_AUTH_PATH: &str = "/auth/realms/sandbox";
pub const DEFAULT_PROFILE: &str = "default";
pub const FILE_NAME: &str = "config.toml";

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// Profile used when neither `--profile` nor `PAYCTL_PROFILE` says otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_profile: Option<String>,
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Environment of the profile's stored API key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<Environment>,
    /// Application the stored API key belongs to; default of `keys` commands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_key_id: Option<String>,
    /// Where the profile's secrets are kept, recorded when the first one
    /// is, so that every later command reads them from the same store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential_store: Option<StoreKind>,
    /// The ready file `config init --from-ready` read (absolute), so that a
    /// sandbox no longer at the profile's base URL can be explained.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_ready: Option<String>,
    /// The webhook endpoint `payctl listen` keeps for this profile across
    /// runs (its signing secret is in the secret store).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listen_webhook_id: Option<String>,
}

/// The keys `payctl config set` accepts, in display order.
pub const KEYS: &[&str] =
    &["base_url", "auth_url", "client_id", "username", "environment", "application_id", "api_key_id"];

impl Profile {
    /// Sets one key after checking the value; an empty value unsets it.
    pub fn set(&mut self, key: &str, value: &str) -> anyhow::Result<()> {
        let value = Some(value.trim().to_owned()).filter(|v| !v.is_empty());
        match key {
            "base_url" | "auth_url" => {
                if let Some(v) = &value {
                    parse_url(v, key)?;
                }
                if key == "base_url" { &mut self.base_url } else { &mut self.auth_url }.clone_from(&value);
            }
            "client_id" => self.client_id = value,
            "username" => self.username = value,
            "environment" => {
                self.environment = match value {
                    None => None,
                    Some(v) => Some(
                        Environment::parse(&v.to_ascii_uppercase())
                            .ok_or_else(|| exit::usage(format!("environment must be TEST or LIVE, not {v:?}")))?,
                    ),
                }
            }
            "application_id" => self.application_id = value,
            "api_key_id" => self.api_key_id = value,
            other => {
                return Err(exit::usage(format!(
                    "unknown config key {other:?}; known keys: {}, and api_key (kept in the secret store)",
                    KEYS.join(", ")
                )));
            }
        }
        Ok(())
    }
}

/// Parses an http(s) URL, dropping a trailing slash so paths join cleanly.
pub fn parse_url(raw: &str, what: &str) -> anyhow::Result<reqwest::Url> {
    let url = reqwest::Url::parse(raw.trim_end_matches('/'))
        .map_err(|e| exit::usage(format!("{what} {raw:?} is not a valid URL: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(exit::usage(format!("{what} {raw:?} must be an http:// or https:// URL with a host")));
    }
    Ok(url)
}

/// The config directory: `$PAYCTL_CONFIG_DIR`, else the platform's.
pub fn dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("PAYCTL_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    let dirs = directories::ProjectDirs::from("dev", "payctl", "payctl")
        .context("cannot find a config directory for this user; set PAYCTL_CONFIG_DIR")?;
    Ok(dirs.config_dir().to_path_buf())
}

impl ConfigFile {
    pub fn load(dir: &Path) -> anyhow::Result<ConfigFile> {
        let path = dir.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                toml::from_str(&text).with_context(|| format!("cannot read {}: invalid config", path.display()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Writes through a temporary file so a crash never leaves half a config.
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let path = dir.join(FILE_NAME);
        let tmp = dir.join(format!("{FILE_NAME}.tmp"));
        std::fs::write(&tmp, toml::to_string_pretty(self)?)
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_validates_and_round_trips() {
        let mut p = Profile::default();
        p.set("base_url", "http://localhost:1/").unwrap();
        p.set("environment", "live").unwrap();
        assert_eq!(p.environment, Some(Environment::Live));
        assert!(p.set("base_url", "ftp://x").is_err());
        assert!(p.set("nope", "x").is_err());
        p.set("base_url", "").unwrap();
        assert_eq!(p.base_url, None);
        let mut file = ConfigFile::default();
        file.profiles.insert("a".into(), p.clone());
        let text = toml::to_string_pretty(&file).unwrap();
        let back: ConfigFile = toml::from_str(&text).unwrap();
        assert_eq!(back.profiles["a"], p);
    }
}
