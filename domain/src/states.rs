//! The states of every flow, the kinds of flow and of transfer, and the
//! timed moves: the vocabulary that both the sandbox's `store/` (which reads and writes them) and its
//! `flows/` (which moves them) use, so neither imports the other. What
//! moves a flow from one state to the next is its module in `flows/`.
//!
//! A state a client reads is the wire's enum itself (`TransactionState`,
//! `PaymentStatus`...), so one type goes from the request edge to the
//! database and back; this module adds what the flows need to know of it.
//! A quote's stored states are its own: `EXPIRED` is derived from the
//! lock when a quote is read, never stored.

payctl_wire::vocabulary! {
    /// Which state machine a row belongs to; names its timeline, its
    /// events' resource and its ledger references (and URLs), and is
    /// stored as that word in a timeline's `flow`.
    FlowKind = [Transaction = "transaction", Payment = "payment", Transfer = "transfer", Verification = "customer"]
}

/// A timed move: which flow it belongs to and which of its moves it is,
/// stored by its [`Move::as_str`] name in `scheduled_moves.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Verification(verification::Move),
    Transaction(transactions::Move),
    Payment(payments::Move),
    Transfer(transfers::Move),
}

impl Move {
    pub const ALL: [Move; 8] = [
        Move::Verification(verification::Move::Decide),
        Move::Transaction(transactions::Move::Process),
        Move::Transaction(transactions::Move::Settle),
        Move::Payment(payments::Move::Fund),
        Move::Payment(payments::Move::Settle),
        Move::Payment(payments::Move::Expire),
        Move::Transfer(transfers::Move::Process),
        Move::Transfer(transfers::Move::Complete),
    ];

    /// The name it is stored by.
    pub fn as_str(self) -> &'static str {
        match self {
            Move::Verification(verification::Move::Decide) => "customer.kyb_decide",
            Move::Transaction(transactions::Move::Process) => "transaction.process",
            Move::Transaction(transactions::Move::Settle) => "transaction.settle",
            Move::Payment(payments::Move::Fund) => "payment.fund",
            Move::Payment(payments::Move::Settle) => "payment.settle",
            Move::Payment(payments::Move::Expire) => "payment.expire",
            Move::Transfer(transfers::Move::Process) => "transfer.process",
            Move::Transfer(transfers::Move::Complete) => "transfer.complete",
        }
    }

    pub fn parse(name: &str) -> Option<Move> {
        Move::ALL.into_iter().find(|m| m.as_str() == name)
    }
}

payctl_wire::stored_as_text!(Move);

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

    /// The timed moves of a payment.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Move {
        Fund,
        Settle,
        Expire,
    }
}

/// A transaction's states.
pub mod transactions {
    pub use payctl_wire::transactions::TransactionState as State;

    final_states!(State: [Completed, Failed]);

    /// The timed moves of a transaction.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Move {
        Process,
        Settle,
    }
}

/// A transfer's states, and which transfer it is.
pub mod transfers {
    pub use payctl_wire::transfers::{TransferKind as Kind, TransferStatus as State};

    use crate::accounts;
    use crate::address::Network;
    use crate::asset::Asset;

    final_states!(State: [Completed, Failed]);

    /// The timed moves of a transfer.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Move {
        Process,
        Complete,
    }

    /// The stablecoins an on-chain swap converts between.
    pub const SWAP_COINS: [&str; 2] = ["USDC", "USDT"];

    /// One side of a transfer as its kind's rules see it: what it holds,
    /// and on which network when it is a wallet.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SideAsset {
        pub asset: Asset,
        pub network: Option<Network>,
    }

    /// Why two sides do not make one transfer of a kind.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum PairProblem {
        /// A well-formed pair the kind does not allow: the field to blame
        /// and why (a 400 among the request's other problems).
        Field(&'static str, &'static str),
        /// A coin named on a network it is not issued on (`source` or
        /// `destination`): no transfer of any kind can move it there.
        NotIssued(String),
    }

    /// What each kind of transfer moves, and how its id reads.
    pub trait KindRules: Copy {
        /// Whether the source is the customer's own balance (else `external`).
        fn spends_customer_balance(self) -> bool;
        /// Whether the destination is the customer's account (else `external`).
        fn credits_customer(self) -> bool;
        /// Public id prefix: swaps are `fx_`, the rest `tr_`.
        fn id_prefix(self) -> &'static str;
        /// What the kind asks of its two sides together, beyond each
        /// side's own shape: a bridge moves one coin between two networks,
        /// a swap converts USDC and USDT into each other; and no side names
        /// a coin on a network it is not issued on.
        fn pair_problem(self, source: SideAsset, destination: SideAsset) -> Option<PairProblem>;
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

        fn pair_problem(self, s: SideAsset, d: SideAsset) -> Option<PairProblem> {
            let field = |name, why| Some(PairProblem::Field(name, why));
            match self {
                Kind::Bridge if s.asset.code != d.asset.code => {
                    return field("destination.asset", "a bridge moves one stablecoin: must equal source.asset");
                }
                Kind::Bridge if s.network.is_some() && s.network == d.network => {
                    return field(
                        "destination.network",
                        "a bridge moves between two networks: must differ from source.network",
                    );
                }
                Kind::OnchainFx
                    if !SWAP_COINS.contains(&s.asset.code)
                        || !SWAP_COINS.contains(&d.asset.code)
                        || s.asset.code == d.asset.code =>
                {
                    return field("destination.asset", "a swap converts USDC to USDT or USDT to USDC");
                }
                Kind::Payin | Kind::Payout | Kind::Bridge | Kind::OnchainFx => {}
            }
            [("source", s), ("destination", d)].into_iter().find_map(|(name, side)| {
                let network = side.network?;
                (!accounts::issued_on(side.asset, network))
                    .then(|| PairProblem::NotIssued(format!("{} is not issued on {network} ({name})", side.asset)))
            })
        }
    }
}

/// A customer verification's states: approval is final; a rejection can be
/// resubmitted.
pub mod verification {
    pub use payctl_wire::customers::KybStatus as State;

    final_states!(State: [Approved]);

    /// The timed move of a verification.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Move {
        Decide,
    }
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

#[cfg(test)]
mod tests {
    use super::transfers::{Kind, KindRules, PairProblem, SideAsset};
    use crate::address::Network;
    use crate::asset::asset;

    fn side(code: &str, network: Option<Network>) -> SideAsset {
        SideAsset { asset: asset(code).unwrap(), network }
    }

    #[test]
    fn each_kind_asks_its_own_of_a_pair_of_sides() {
        let (eth, polygon, tron) = (Some(Network::Ethereum), Some(Network::Polygon), Some(Network::Tron));
        let bridge = |s, d| Kind::Bridge.pair_problem(s, d);
        assert_eq!(bridge(side("USDC", eth), side("USDC", polygon)), None);
        assert!(matches!(
            bridge(side("USDC", eth), side("USDT", polygon)),
            Some(PairProblem::Field("destination.asset", _))
        ));
        assert!(matches!(
            bridge(side("USDC", eth), side("USDC", eth)),
            Some(PairProblem::Field("destination.network", _))
        ));
        let swap = |s, d| Kind::OnchainFx.pair_problem(s, d);
        assert_eq!(swap(side("USDC", eth), side("USDT", eth)), None);
        assert!(matches!(swap(side("USDC", eth), side("USDC", eth)), Some(PairProblem::Field("destination.asset", _))));
        // A payin takes any pair; what it cannot take is a coin where it is not issued.
        assert_eq!(Kind::Payin.pair_problem(side("USD", None), side("USDC", eth)), None);
        let Some(PairProblem::NotIssued(why)) = Kind::Payin.pair_problem(side("USD", None), side("USDC", tron)) else {
            panic!("USDC is not issued on Tron here")
        };
        assert_eq!(why, "USDC is not issued on tron (destination)");
    }
}
