//! The flat error codes of the accounts and partner routes.
//!
//! The specification gives those routes their own codes (`VALIDATION_ERROR`,
//! `UNAUTHORIZED`, `FORBIDDEN`) for the conditions the rest of the API calls
//! `VAL_0001`, `ATH_0001` and `ATH_0002`. Rather than teach every extractor,
//! middleware and handler two vocabularies, everything keeps failing with
//! the numbered codes and this layer re-renders the response: `ApiError`
//! leaves a copy of itself in the response extensions, so the layer swaps the
//! code and keeps message, details and correlation id.
//!
//! [`rerender`] is applied twice: outermost, so failures of the
//! authentication layer are re-rendered too, and inside the idempotency
//! layer, so the answer stored for a replay is already in the flat form.

use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;

use crate::error::ApiError;

/// The flat code for a numbered one, where the flat dialect has its own.
pub fn flat_code(code: ErrorCode) -> Option<ErrorCode> {
    match code {
        ErrorCode::Validation => Some(ErrorCode::ValidationError),
        ErrorCode::InvalidCredential => Some(ErrorCode::Unauthorized),
        ErrorCode::Forbidden => Some(ErrorCode::ForbiddenFlat),
        _ => None,
    }
}

/// Re-renders a numbered error in the flat dialect. The operation's layers
/// apply it to the flat dialect's operations, twice (see the module
/// documentation).
pub fn rerender(response: Response) -> Response {
    match response.extensions().get::<ApiError>() {
        Some(error) => match flat_code(error.code) {
            Some(code) => ApiError { code, ..error.clone() }.into_response(),
            None => response,
        },
        None => response,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_codes_map_to_their_flat_twins_and_others_pass() {
        for code in ErrorCode::ALL {
            if let Some(flat) = flat_code(*code) {
                assert_eq!(flat.status(), code.status(), "{code}");
                assert_eq!(flat_code(flat), None, "{flat} is already flat");
            }
        }
        assert_eq!(flat_code(ErrorCode::PartnerNotFound), None);
        assert_eq!(flat_code(ErrorCode::PayloadTooLarge), None);
    }
}
