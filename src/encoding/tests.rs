use super::*;
use der::asn1::AnyRef;
use der::Decode;

fn check(oid: &str, parameters: Option<&[u8]>) -> spki::Result<()> {
    let parameters = parameters.map(|p| AnyRef::from_der(p).unwrap());
    verify_algorithm_id(&spki::AlgorithmIdentifierRef {
        oid: ObjectIdentifier::new_unwrap(oid),
        parameters,
    })
}

/// The accepted identifiers, and the errors for everything else
/// (OIDs differing in the last arc or in length included).
#[test]
fn algorithm_identifiers() {
    const NULL: &[u8] = &[0x05, 0x00];
    // An RSASSA-PSS-params sequence with every field at its default.
    const EMPTY_SEQUENCE: &[u8] = &[0x30, 0x00];
    const INTEGER: &[u8] = &[0x02, 0x01, 0x01];
    assert_eq!(check("1.2.840.113549.1.1.1", Some(NULL)), Ok(()));
    for p in [None, Some(EMPTY_SEQUENCE), Some(INTEGER)] {
        assert_eq!(
            check("1.2.840.113549.1.1.1", p),
            Err(spki::Error::KeyMalformed)
        );
    }
    assert_eq!(check("1.2.840.113549.1.1.10", None), Ok(()));
    assert_eq!(check("1.2.840.113549.1.1.10", Some(EMPTY_SEQUENCE)), Ok(()));
    for p in [NULL, INTEGER] {
        assert_eq!(
            check("1.2.840.113549.1.1.10", Some(p)),
            Err(spki::Error::KeyMalformed)
        );
    }
    for oid in [
        "1.2.840.113549.1.1.11",
        "1.2.840.113549.1.1",
        "1.2.840.113549.1.1.1.1",
        "1.2.840.113549.1.1.100",
        "1.2.840.10045.2.1",
    ] {
        assert_eq!(
            check(oid, Some(NULL)),
            Err(spki::Error::OidUnknown {
                oid: ObjectIdentifier::new_unwrap(oid)
            }),
            "{oid}"
        );
    }
}
