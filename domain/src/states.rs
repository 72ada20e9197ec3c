//! The states of every flow, and the kinds of transfer: the vocabulary
//! that both the sandbox's `store/` (which reads and writes them) and its
//! `flows/` (which moves them) use, so neither imports the other. What
//! moves a flow from one state to the next is its module in `flows/`.
//!
//! A state a client reads is the wire's enum itself (`TransactionState`,
//! `PaymentStatus`...), so one type goes from the request edge to the
//! database and back; this module adds what the flows need to know of it.
//! A quote's stored states are its own: `EXPIRED` is derived from the
//! lock when a quote is read, never stored.

/// A state of some flow.
pub trait FlowState: Copy + Eq + std::fmt::Debug {
    fn as_str(self) -> &'static str;
    /// A final state is never left.
    fn is_final(self) -> bool;
}

/// Declares which states of a wire vocabulary are final.
macro_rules! final_states {
    ($state:ty: [$($final:ident),+]) => {
        impl $crate::states::FlowState for $state {
            fn as_str(self) -> &'static str {
                <$state>::as_str(self)
            }

            fn is_final(self) -> bool {
                matches!(self, $(<$state>::$final)|+)
            }
        }
    };
}

/// A payment's states.
pub mod payments {
    pub use payctl_wire::payments::PaymentStatus as State;

    final_states!(State: [Settled, Expired, Failed]);
}

/// A transaction's states.
pub mod transactions {
    pub use payctl_wire::transactions::TransactionState as State;

    final_states!(State: [Completed, Failed]);
}

/// A transfer's states, and which transfer it is.
pub mod transfers {
    pub use payctl_wire::transfers::{TransferKind as Kind, TransferStatus as State};

    final_states!(State: [Completed, Failed]);

    /// What each kind of transfer moves, and how its id reads.
    pub trait KindRules: Copy {
        /// Whether the source is the customer's own balance (else `external`).
        fn spends_customer_balance(self) -> bool;
        /// Whether the destination is the customer's account (else `external`).
        fn credits_customer(self) -> bool;
        /// Public id prefix: swaps are `fx_`, the rest `tr_`.
        fn id_prefix(self) -> &'static str;
    }

    impl KindRules for Kind {
        fn spends_customer_balance(self) -> bool {
            match self {
                Kind::Payout => true,
                Kind::Payin | Kind::Bridge | Kind::OnchainFx => false,
            }
        }

        fn credits_customer(self) -> bool {
            match self {
                Kind::Payin => true,
                Kind::Payout | Kind::Bridge | Kind::OnchainFx => false,
            }
        }

        fn id_prefix(self) -> &'static str {
            match self {
                Kind::OnchainFx => "fx",
                Kind::Payin | Kind::Payout | Kind::Bridge => "tr",
            }
        }
    }
}

/// A customer verification's states: approval is final; a rejection can be
/// resubmitted.
pub mod verification {
    pub use payctl_wire::customers::KybStatus as State;

    final_states!(State: [Approved]);
}

/// A quote's stored states and forms; `EXPIRED` is derived from the lock,
/// never stored.
pub mod quotes {
    use payctl_wire::transactions::QuoteStatus;

    payctl_wire::vocabulary! {
        /// `CREATED` until accepted (read as `EXPIRED` once its lock runs
        /// out), `ACCEPTED` until one flow uses it, then `USED`.
        State = [Created = "CREATED", Accepted = "ACCEPTED", Used = "USED"]
    }

    payctl_wire::vocabulary! {
        /// Which request created a quote.
        Form = [
            /// `POST /v1/transactions/quote`.
            Transaction = "transaction",
            /// `GET /v1/quotes` with a JSON body.
            Legacy = "legacy",
            /// `POST /v1/quotes` with a corridor.
            Corridor = "corridor",
        ]
    }

    impl State {
        /// The status a reader sees: a `CREATED` quote whose lock has run
        /// out reads `EXPIRED`.
        pub fn shown(self, lock_ran_out: bool) -> QuoteStatus {
            match self {
                State::Created if lock_ran_out => QuoteStatus::Expired,
                State::Created => QuoteStatus::Created,
                State::Accepted => QuoteStatus::Accepted,
                State::Used => QuoteStatus::Used,
            }
        }
    }

    impl super::FlowState for State {
        fn as_str(self) -> &'static str {
            State::as_str(self)
        }

        fn is_final(self) -> bool {
            matches!(self, State::Used)
        }
    }
}
