//! Keyrings that misbehave the ways real ones do, for tests of the debug
//! binary: `PAYCTL_TEST_KEYRING=refuses-first` refuses the process's first
//! keyring call (as an inherited session keyring does with `EACCES`), then
//! serves a new, empty keyring; `=none` refuses every call (no keyring at
//! all). Release builds ignore the variable.

#[cfg(debug_assertions)]
pub fn install() {
    use std::sync::Once;
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let behaviour = match std::env::var("PAYCTL_TEST_KEYRING").as_deref() {
            Ok("refuses-first") => Behaviour::RefusesFirst,
            Ok("none") => Behaviour::None,
            _ => return,
        };
        keyring::set_default_credential_builder(Box::new(Builder(behaviour)));
    });
}

#[cfg(not(debug_assertions))]
pub fn install() {}

#[cfg(debug_assertions)]
use imp::{Behaviour, Builder};

#[cfg(debug_assertions)]
mod imp {
    use std::any::Any;
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, OnceLock};

    use keyring::credential::{Credential, CredentialApi, CredentialBuilderApi};
    use keyring::{Error, Result};

    #[derive(Debug, Clone, Copy)]
    pub enum Behaviour {
        RefusesFirst,
        None,
    }

    #[derive(Debug)]
    pub struct Builder(pub Behaviour);

    /// The keyring behind every entry of the process, and whether it has
    /// refused its one call yet.
    #[derive(Default)]
    struct Shared(Mutex<HashMap<String, Vec<u8>>>, AtomicBool);

    fn shared() -> &'static Shared {
        static SHARED: OnceLock<Shared> = OnceLock::new();
        SHARED.get_or_init(Shared::default)
    }

    #[derive(Debug)]
    struct Entry {
        behaviour: Behaviour,
        name: String,
    }

    impl Entry {
        fn gate(&self) -> Result<()> {
            match self.behaviour {
                Behaviour::None => Err(Error::NoStorageAccess("no keyring in this session".into())),
                Behaviour::RefusesFirst if !shared().1.swap(true, Ordering::SeqCst) => {
                    Err(Error::PlatformFailure("Permission denied (os error 13)".into()))
                }
                Behaviour::RefusesFirst => Ok(()),
            }
        }
    }

    impl CredentialApi for Entry {
        fn set_secret(&self, secret: &[u8]) -> Result<()> {
            self.gate()?;
            shared().0.lock().unwrap_or_else(|e| e.into_inner()).insert(self.name.clone(), secret.to_vec());
            Ok(())
        }

        fn get_secret(&self) -> Result<Vec<u8>> {
            self.gate()?;
            shared().0.lock().unwrap_or_else(|e| e.into_inner()).get(&self.name).cloned().ok_or(Error::NoEntry)
        }

        fn delete_credential(&self) -> Result<()> {
            self.gate()?;
            shared().0.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.name).map(drop).ok_or(Error::NoEntry)
        }

        fn as_any(&self) -> &dyn Any {
            self
        }
    }

    impl CredentialBuilderApi for Builder {
        fn build(&self, target: Option<&str>, service: &str, user: &str) -> Result<Box<Credential>> {
            Ok(Box::new(Entry { behaviour: self.0, name: format!("{target:?}/{service}/{user}") }))
        }

        fn as_any(&self) -> &dyn Any {
            self
        }
    }
}
