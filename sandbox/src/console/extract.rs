//! What console handlers take, checked once for all of them: the page of an
//! application (the signed-in visitor and the application the URL's `{app}`
//! names, within the visitor's partner), a form (its CSRF token checked), a
//! form about an application, and a page's query parameters.

use std::collections::BTreeMap;

use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;

use super::form::{Fields, query};
use super::session::Visitor;
use super::{AppCtx, Console, Failure};
use crate::http::pagination::{PageQuery, PageRequest};

/// The newest rows of a list, up to 100: for a list a page shows without
/// paging through it (an application's endpoints, a customer's
/// beneficiaries).
pub const NEWEST: PageRequest = PageRequest { limit: 100, before: None };

/// The application a URL names, for a signed-in visitor; another partner's,
/// or an unknown one, is 404.
pub struct AppPage {
    pub visitor: Visitor,
    pub app: AppCtx,
}

/// The `{app}` of the URL.
async fn app_id(parts: &mut Parts, console: &Console) -> Result<String, Failure> {
    let params = RawPathParams::from_request_parts(parts, console).await.map_err(|_| Failure::NotFound)?;
    params.iter().find(|(name, _)| *name == "app").map(|(_, v)| v.to_owned()).ok_or(Failure::NotFound)
}

impl FromRequestParts<Console> for AppPage {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, console: &Console) -> Result<Self, Failure> {
        let visitor = Visitor::from_request_parts(parts, console).await?;
        let app = console.app(&visitor, app_id(parts, console).await?).await?;
        Ok(AppPage { visitor, app })
    }
}

/// A form a signed-in visitor sent, carrying their session's CSRF token
/// (403 otherwise, before anything is looked up).
pub struct Form {
    pub visitor: Visitor,
    pub fields: Fields,
}

impl FromRequest<Console> for Form {
    type Rejection = Failure;

    async fn from_request(request: Request, console: &Console) -> Result<Self, Failure> {
        let (mut parts, body) = request.into_parts();
        let visitor = Visitor::from_request_parts(&mut parts, console).await?;
        let fields = Fields::from_request(Request::from_parts(parts, body), console).await?;
        visitor.check(&fields)?;
        Ok(Form { visitor, fields })
    }
}

/// A form about the application its URL names.
pub struct AppForm {
    pub visitor: Visitor,
    pub app: AppCtx,
    pub fields: Fields,
}

impl FromRequest<Console> for AppForm {
    type Rejection = Failure;

    async fn from_request(request: Request, console: &Console) -> Result<Self, Failure> {
        let (mut parts, body) = request.into_parts();
        let id = app_id(&mut parts, console).await?;
        // The visitor and the token first: a forged form learns nothing about the id.
        let Form { visitor, fields } = Form::from_request(Request::from_parts(parts, body), console).await?;
        let app = console.app(&visitor, id).await?;
        Ok(AppForm { visitor, app, fields })
    }
}

/// A page's query parameters, blank ones left out; never fails.
pub struct Params(pub BTreeMap<String, String>);

impl Params {
    /// The page of a list its `cursor` parameter asks for, 50 rows; a
    /// cursor the console did not make is 400.
    pub fn page(&self) -> Result<PageRequest, Failure> {
        PageRequest::parse(&PageQuery { limit: Some("50".into()), cursor: self.0.get("cursor").cloned() })
            .map_err(|_| Failure::BadRequest("That page link is not one the console made.".into()))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Params(query(parts.uri.query())))
    }
}
