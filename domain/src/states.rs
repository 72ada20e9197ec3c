//! The states of every flow, and the kinds of transfer: the vocabulary
//! that both `store/` (which reads and writes them as text) and `flows/`
//! (which moves them) use, so neither imports the other. What moves a flow
//! from one state to the next is its module in `flows/`.

/// A state of some flow.
pub trait FlowState: Copy + Eq + std::fmt::Debug {
    fn as_str(self) -> &'static str;
    /// A final state is never left.
    fn is_final(self) -> bool;
}

/// Declares a flow's states: the enum, the name each is stored and shown
/// under, and which of them are final.
macro_rules! flow_states {
    ($(#[$meta:meta])* pub enum $name:ident { $($variant:ident => $text:literal),+ $(,)? } final: [$($final:ident),+]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn parse(s: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|state| $crate::states::FlowState::as_str(*state) == s)
            }
        }

        impl $crate::states::FlowState for $name {
            fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            fn is_final(self) -> bool {
                matches!(self, $($name::$final)|+)
            }
        }
    };
}

/// A payment's states.
pub mod payments {
    flow_states! {
        pub enum State {
            AwaitingFunds => "awaiting_funds",
            FundsReceived => "funds_received",
            Settled => "settled",
            Expired => "expired",
            Failed => "failed",
        }
        final: [Settled, Expired, Failed]
    }
}

/// A transaction's states.
pub mod transactions {
    flow_states! {
        pub enum State {
            Pending => "PENDING",
            Processing => "PROCESSING",
            Completed => "COMPLETED",
            Failed => "FAILED",
        }
        final: [Completed, Failed]
    }
}

/// A transfer's states, and which transfer it is.
pub mod transfers {
    flow_states! {
        pub enum State {
            Pending => "pending",
            Processing => "processing",
            Completed => "completed",
            Failed => "failed",
        }
        final: [Completed, Failed]
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Kind {
        Payin,
        Payout,
        Bridge,
        OnchainFx,
    }

    impl Kind {
        pub const ALL: [Kind; 4] = [Kind::Payin, Kind::Payout, Kind::Bridge, Kind::OnchainFx];

        pub fn as_str(self) -> &'static str {
            match self {
                Kind::Payin => "payin",
                Kind::Payout => "payout",
                Kind::Bridge => "bridge",
                Kind::OnchainFx => "onchain_fx",
            }
        }

        pub fn parse(s: &str) -> Option<Kind> {
            Kind::ALL.into_iter().find(|k| k.as_str() == s)
        }

        /// Whether the source is the customer's own balance (else `external`).
        pub fn spends_customer_balance(self) -> bool {
            match self {
                Kind::Payout => true,
                Kind::Payin | Kind::Bridge | Kind::OnchainFx => false,
            }
        }

        /// Whether the destination is the customer's account (else `external`).
        pub fn credits_customer(self) -> bool {
            match self {
                Kind::Payin => true,
                Kind::Payout | Kind::Bridge | Kind::OnchainFx => false,
            }
        }

        /// Public id prefix: swaps are `fx_`, the rest `tr_`.
        pub fn id_prefix(self) -> &'static str {
            match self {
                Kind::OnchainFx => "fx",
                Kind::Payin | Kind::Payout | Kind::Bridge => "tr",
            }
        }
    }
}

/// A customer verification's states.
pub mod verification {
    flow_states! {
        /// Approval is final; a rejection can be resubmitted.
        pub enum State {
            Pending => "pending",
            Approved => "approved",
            Rejected => "rejected",
        }
        final: [Approved]
    }
}

/// A quote's stored states; `EXPIRED` is derived from the lock, never stored.
pub mod quotes {
    flow_states! {
        /// `CREATED` until accepted (read as `EXPIRED` once its lock runs
        /// out), `ACCEPTED` until one flow uses it, then `USED`.
        pub enum State {
            Created => "CREATED",
            Accepted => "ACCEPTED",
            Used => "USED",
        }
        final: [Used]
    }
}
