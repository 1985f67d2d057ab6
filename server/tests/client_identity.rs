//! Who a client is behind a trusted proxy, said out loud: an unreadable hop
//! where the client should stand is counted in `/metrics`, and a trusted
//! proxy written as a mapped IPv4 address (`::ffff:10.0.0.1`) matches.

mod common;

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderValue, Request};
use common::{app_with, get_text, test_db};
use server::{Config, ForwardedHeader, Forwarding, TrustedProxies};
use tower::ServiceExt;

fn forwarding(trusted: &str, header: &str) -> Forwarding {
    Forwarding {
        proxies: trusted.parse().unwrap(),
        header: header.parse().unwrap(),
    }
}

/// `klotski_client_unreadable_hops_total`, as `/metrics` says.
async fn unreadable_hops(app: &axum::Router) -> u64 {
    let (_, _, text) = get_text(app, "/metrics").await;
    text.lines()
        .find_map(|line| line.strip_prefix("klotski_client_unreadable_hops_total "))
        .unwrap_or_else(|| panic!("no counter in\n{text}"))
        .parse()
        .unwrap()
}

/// GET /health from `peer` with `name: value`.
async fn from_peer(app: &axum::Router, peer: &str, name: &str, value: &str) {
    let peer: SocketAddr = peer.parse().unwrap();
    let request = Request::get("/health")
        .header(name, value)
        .extension(ConnectInfo(peer))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn an_unreadable_hop_where_the_client_should_be_is_counted() {
    for (trusted, header) in [
        ("10.0.0.0/8", "X-Forwarded-For"),
        ("::ffff:10.0.0.0/104", "Forwarded"),
    ] {
        let config = Config {
            forwarding: forwarding(trusted, header),
            ..Config::default()
        };
        let app = app_with(test_db(), config);
        let is_forwarded = header == "Forwarded";
        let hop = |address: &str| {
            if is_forwarded {
                format!("for={address}")
            } else {
                address.to_owned()
            }
        };
        // Readable: the client is named, nothing is counted.
        from_peer(&app, "10.0.0.1:5000", header, &hop("192.0.2.7")).await;
        from_peer(&app, "[::ffff:10.0.0.1]:5000", header, &hop("192.0.2.7")).await;
        assert_eq!(unreadable_hops(&app).await, 0, "{header}");
        // Unreadable where the client should be: counted, whatever it is.
        let unreadable = ["_hidden", "[2001:db8::1", "garbage", "unknown"];
        for (n, text) in unreadable.iter().enumerate() {
            let value = format!("{}, {}", hop("192.0.2.9"), hop(text));
            from_peer(&app, "10.0.0.1:5000", header, &value).await;
            assert_eq!(unreadable_hops(&app).await, n as u64 + 1, "{value}");
        }
        // Left of the client, or from a peer that is not trusted: not read.
        let value = format!("{}, {}", hop("garbage"), hop("192.0.2.9"));
        from_peer(&app, "10.0.0.1:5000", header, &value).await;
        from_peer(&app, "192.0.2.1:5000", header, &hop("garbage")).await;
        assert_eq!(unreadable_hops(&app).await, 4, "{header}");
    }
}

#[test]
fn a_mapped_ipv4_trusted_entry_matches() {
    let mut headers = HeaderMap::new();
    headers.insert("x-forwarded-for", HeaderValue::from_static("192.0.2.7"));
    for trusted in ["::ffff:10.0.0.1", "::ffff:10.0.0.0/120", "10.0.0.1"] {
        let rule = forwarding(trusted, "X-Forwarded-For");
        for peer in ["10.0.0.1", "::ffff:10.0.0.1"] {
            assert_eq!(
                rule.client(peer.parse().unwrap(), &headers),
                "192.0.2.7".parse::<std::net::IpAddr>().unwrap(),
                "{trusted} {peer}"
            );
        }
        assert_eq!(
            rule.client("10.0.1.1".parse().unwrap(), &headers),
            "10.0.1.1".parse::<std::net::IpAddr>().unwrap()
        );
    }
    let mapped: TrustedProxies = "::ffff:10.0.0.0/104, ::ffff:0:0/96".parse().unwrap();
    assert_eq!(mapped.to_string(), "10.0.0.0/8,0.0.0.0/0");
    assert_eq!(ForwardedHeader::default().to_string(), "X-Forwarded-For");
}
