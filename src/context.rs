//! What every API command needs, resolved once from the global flags, the
//! environment, the profile and the defaults, in that order of precedence.

use std::path::PathBuf;

use reqwest::Url;

use crate::cli::Globals;
use crate::client::{Auth, Client};
use crate::config::{self, ConfigFile, Profile};
use crate::credentials::{Secret, Store};
use crate::exit;
use crate::output::Format;

pub struct Ctx {
    pub dir: PathBuf,
    pub config: ConfigFile,
    /// The selected profile's name, whether or not it exists yet.
    pub profile: String,
    pub globals: Globals,
    pub output: Format,
}

impl Ctx {
    pub fn load(globals: &Globals) -> anyhow::Result<Ctx> {
        let dir = config::dir()?;
        let config = ConfigFile::load(&dir)?;
        // clap has already folded PAYCTL_PROFILE into the flag.
        let profile = globals
            .profile
            .clone()
            .or_else(|| config.current_profile.clone())
            .unwrap_or_else(|| config::DEFAULT_PROFILE.to_owned());
        let output = Format::resolve(globals.format())?;
        Ok(Ctx { dir, config, profile, globals: globals.clone(), output })
    }

    pub fn profile(&self) -> Profile {
        self.config.profiles.get(&self.profile).cloned().unwrap_or_default()
    }

    pub fn profile_mut(&mut self) -> &mut Profile {
        self.config.profiles.entry(self.profile.clone()).or_default()
    }

    pub fn save(&self) -> anyhow::Result<()> {
        self.config.save(&self.dir)
    }

    pub fn base_url(&self) -> anyhow::Result<Url> {
        match (&self.globals.base_url, self.profile().base_url) {
            (Some(flag), _) => config::parse_url(flag, "--base-url"),
            (None, Some(stored)) => config::parse_url(&stored, "base_url of the profile"),
            (None, None) => config::parse_url(config::DEFAULT_BASE_URL, "default base URL"),
        }
    }

    /// A profile's auth URL only applies with its own base URL: pointing
    /// `--base-url` elsewhere must not send passwords to the old server.
    pub fn auth_url(&self) -> anyhow::Result<Url> {
        if let Some(flag) = &self.globals.auth_url {
            return config::parse_url(flag, "--auth-url");
        }
        if self.globals.base_url.is_none()
            && let Some(stored) = self.profile().auth_url
        {
            return config::parse_url(&stored, "auth_url of the profile");
        }
        let base = self.base_url()?;
        config::parse_url(&format!("{}{}", base.as_str().trim_end_matches('/'), config::DEFAULT_AUTH_PATH), "auth URL")
    }

    pub fn client_id(&self) -> String {
        self.profile().client_id.unwrap_or_else(|| payctl_wire::DASHBOARD_CLIENT_ID.to_owned())
    }

    pub fn client(&self) -> anyhow::Result<Client> {
        let login = crate::commands::session::Login::of(self)?;
        // A ready file explains the profile's base URL, not one given by flag.
        let ready_file = self.profile().from_ready.filter(|_| self.globals.base_url.is_none()).map(PathBuf::from);
        Ok(Client::new(self.base_url()?, self.globals.verbose, self.globals.request_id.clone(), Some(login))?
            .with_ready_file(ready_file)
            .with_idempotency_key(self.globals.idempotency_key.clone()))
    }

    /// The selected profile's secret store.
    pub fn store(&self) -> anyhow::Result<Store> {
        self.store_for(&self.profile)
    }

    /// The secret store of the profile `name`: the one it recorded, if any.
    pub fn store_for(&self, name: &str) -> anyhow::Result<Store> {
        Store::open(&self.dir, self.config.profiles.get(name).and_then(|p| p.credential_store))
    }

    /// The API key: `--api-key` / `PAYCTL_API_KEY`, else the profile's.
    pub fn api_key(&self) -> anyhow::Result<Auth> {
        if let Some(key) = &self.globals.api_key {
            return Ok(Auth::Key(key.clone()));
        }
        match self.store()?.get(&self.profile, Secret::ApiKey)? {
            Some(key) => Ok(Auth::Key(key)),
            None => Err(exit::auth(format!(
                "profile {:?} has no API key; pass --api-key, set PAYCTL_API_KEY, or run `payctl config init` or `payctl keys create --save`",
                self.profile
            ))),
        }
    }
}
