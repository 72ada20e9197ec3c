//! The rule every text of a request is held to ([`payctl_domain::text`]):
//! no control character and no bidirectional formatting character, in any
//! string of a JSON body or query parameter. It is stated as a `pattern` on
//! every free-text string schema a request reaches: one without a pattern
//! gets "only allowed characters", one whose pattern is `\S` (not blank)
//! gets "only allowed characters, one of them visible". Strings with an
//! enumeration, a format or an anchored pattern of their own already name
//! the characters they take. An object that takes members it does not name
//! holds their names to the rule with `propertyNames`.

use std::collections::BTreeSet;

use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{OpenApi, RefOr};

/// One character a text may hold.
pub const CHAR: &str = r"[^\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]";
/// One such character that is not white space.
pub const VISIBLE: &str = r"[^\s\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]";

/// States the rule on every string a request reaches.
pub fn state(api: &mut OpenApi) {
    let mut names = Vec::new();
    for item in api.paths.paths.values_mut() {
        for (_, op) in super::operations(item) {
            for param in op.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Query) {
                if let Some(schema) = param.schema.as_mut() {
                    visit(schema, &mut names);
                }
            }
            let body = op.request_body.as_mut().and_then(|b| b.content.get_mut("application/json"));
            if let Some(schema) = body.and_then(|c| c.schema.as_mut()) {
                visit(schema, &mut names);
            }
        }
    }
    let Some(components) = api.components.as_mut() else { return };
    let mut seen = BTreeSet::new();
    while let Some(name) = names.pop() {
        if seen.insert(name.clone())
            && let Some(schema) = components.schemas.get_mut(&name)
        {
            visit(schema, &mut names);
        }
    }
}

/// Applies the rule inside `schema`, collecting the schema names it refers to.
fn visit(schema: &mut RefOr<Schema>, names: &mut Vec<String>) {
    let schema = match schema {
        RefOr::Ref(r) => return names.push(super::schema_name(&r.ref_location).to_owned()),
        RefOr::T(schema) => schema,
    };
    match schema {
        Schema::Object(object) => {
            let text = match &object.schema_type {
                SchemaType::Type(t) => *t == Type::String,
                SchemaType::Array(types) => types.contains(&Type::String),
                SchemaType::AnyValue => false,
            };
            if text && object.enum_values.is_none() && object.format.is_none() {
                match object.pattern.as_deref() {
                    None => object.pattern = Some(format!("^{CHAR}*$")),
                    Some(r"\S") => object.pattern = Some(format!("^{CHAR}*{VISIBLE}{CHAR}*$")),
                    Some(_) => {}
                }
            }
            // An object open to other members still holds their names to the rule.
            let closed = matches!(object.additional_properties.as_deref(), Some(AdditionalProperties::FreeForm(false)));
            if object.schema_type == SchemaType::Type(Type::Object) && !closed {
                let name = ObjectBuilder::new().schema_type(Type::String).pattern(Some(format!("^{CHAR}*$")));
                object.property_names = Some(Box::new(name.into()));
            }
            object.properties.values_mut().for_each(|p| visit(p, names));
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                visit(items, names);
            }
        }
        Schema::OneOf(union) => union.items.iter_mut().for_each(|i| visit(i, names)),
        Schema::AnyOf(union) => union.items.iter_mut().for_each(|i| visit(i, names)),
        Schema::AllOf(all) => all.items.iter_mut().for_each(|i| visit(i, names)),
        _ => {}
    }
}
