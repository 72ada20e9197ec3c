//! Answers for requests no route takes: unknown paths and wrong methods,
//! in the error envelope rather than axum's empty bodies.

use axum::http::{Method, Uri};

use crate::error::ApiError;
use payctl_wire::error::ErrorCode;

pub async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::new(ErrorCode::NotFound, format!("no route for {method} {}", uri.path()))
}

pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(ErrorCode::MethodNotAllowed, format!("{} does not accept {method}", uri.path()))
}
