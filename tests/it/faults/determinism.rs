//! The same rules and the same requests fault the same requests in any
//! fresh sandbox, whatever the seed, probability, skip and times.

use proptest::prelude::*;
use reqwest::StatusCode;
use serde_json::json;

use super::add_rule;
use crate::support::spawn_sandbox;

/// Which of `n` requests a fresh sandbox faults under the rule.
async fn faulted(rule: serde_json::Value, n: usize) -> Vec<bool> {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    add_rule(&sb, &key, rule).await;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let r = sb.get("/v1/customers", &key).await;
        out.push(r.status == StatusCode::SERVICE_UNAVAILABLE);
    }
    out
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn two_sandboxes_fault_the_same_requests(
        seed in any::<u64>(),
        millionths in 0u32..=1_000_000,
        skip in 0u64..4,
        times in proptest::option::of(1u64..8),
    ) {
        let probability = format!("{}.{:06}", millionths / 1_000_000, millionths % 1_000_000);
        let rule = json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"},
                          "skip": skip, "times": times, "seed": seed,
                          "probability": probability.parse::<f64>().unwrap()});
        let (a, b) = runtime().block_on(async { (faulted(rule.clone(), 24).await, faulted(rule, 24).await) });
        prop_assert_eq!(&a, &b);
        let skip = usize::try_from(skip).unwrap();
        prop_assert!(a.iter().take(skip).all(|f| !f), "the first {} pass: {:?}", skip, a);
        let fired = a.iter().filter(|f| **f).count();
        if let Some(times) = times {
            prop_assert!(fired <= usize::try_from(times).unwrap());
        }
        if millionths == 1_000_000 && times.is_none() {
            prop_assert_eq!(fired, 24 - skip);
        }
        if millionths == 0 {
            prop_assert_eq!(fired, 0);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_seed_faults_other_requests() {
    let rule = |seed: u64| json!({"match": {"operation_id": "listCustomers"}, "fault": {"kind": "error"}, "probability": 0.5, "seed": seed});
    let a = faulted(rule(1), 40).await;
    let b = faulted(rule(2), 40).await;
    assert_ne!(a, b);
    let fired = a.iter().filter(|f| **f).count();
    assert!((8..=32).contains(&fired), "about half of 40 fire: {fired}");
}
