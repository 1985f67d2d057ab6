//! Who a request comes from: its peer's address, or, when the peer is one of
//! the reverse proxies the server is told to trust (`--trusted-proxies`),
//! the client that proxy names in `Forwarded` (RFC 7239) or
//! `X-Forwarded-For`.
//!
//! Each proxy appends the address it received a request from to the right
//! of the list, so only the right end can be believed: the walk goes from
//! the right, passes over addresses that are themselves trusted proxies,
//! and takes the first one that is not (the last address a trusted proxy
//! added). Anything to its left was written by the client and is ignored.
//! A list that cannot be read (or names a hop by an obfuscated identifier
//! such as `unknown`) leaves the peer as the client. From a peer that is not
//! a trusted proxy, both headers are ignored.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::ConnectInfo;
use axum::http::header::FORWARDED;
use axum::http::{Extensions, HeaderMap};
use ipnet::IpNet;

/// The address a request is limited and logged under: its peer's, or the
/// client a trusted proxy among `trusted` names in `headers`; `None` when
/// the request did not come over a socket (tests that call the router).
pub(crate) fn client_of(
    trusted: &TrustedProxies,
    extensions: &Extensions,
    headers: &HeaderMap,
) -> Option<IpAddr> {
    let peer = extensions.get::<ConnectInfo<SocketAddr>>()?.0.ip();
    Some(trusted.client(peer, headers))
}

/// The reverse proxies whose forwarding headers are believed: IPv4 and
/// IPv6 networks (`10.0.0.0/8`, `::1/128`) or single addresses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Whether `address` is one of the trusted proxies (an IPv4 address
    /// mapped into IPv6, `::ffff:127.0.0.1`, counts as its IPv4 self).
    pub fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|net| net.contains(&address))
    }

    /// Whether no proxy is trusted (the headers are never read).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client of a request from `peer` with `headers` (an IPv4 address
    /// mapped into IPv6 read as IPv4): the peer itself unless it is a
    /// trusted proxy, else the last address a trusted proxy
    /// added to `Forwarded` (when present) or `X-Forwarded-For`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.contains(peer) {
            return peer;
        }
        let forwarded = if headers.contains_key(FORWARDED) {
            chain(headers, FORWARDED.as_str(), forwarded_for)
        } else {
            chain(headers, "x-forwarded-for", |entry| {
                entry.trim().parse().ok()
            })
        };
        forwarded
            .and_then(|hops| self.first_untrusted_from_the_right(&hops))
            .unwrap_or(peer)
    }

    /// The rightmost hop that is not a trusted proxy; the leftmost when all
    /// are (every hop a proxy: the first one is where the request entered).
    fn first_untrusted_from_the_right(&self, hops: &[IpAddr]) -> Option<IpAddr> {
        hops.iter()
            .rev()
            .find(|&&hop| !self.contains(hop))
            .or(hops.first())
            .map(|hop| hop.to_canonical())
    }
}

/// Every hop of the comma-separated lists in all `name` headers, in order,
/// each read by `read`; `None` when a header or a hop cannot be read.
fn chain(
    headers: &HeaderMap,
    name: &str,
    read: impl Fn(&str) -> Option<IpAddr>,
) -> Option<Vec<IpAddr>> {
    let mut hops = Vec::new();
    for value in headers.get_all(name) {
        for entry in value.to_str().ok()?.split(',') {
            hops.push(read(entry)?);
        }
    }
    Some(hops)
}

/// The address of one `Forwarded` element's `for=` parameter: `for=192.0.2.60`,
/// `for="[2001:db8::17]:4711"`, `for="192.0.2.60:8080"`; `None` when it
/// has none, or names an obfuscated or unknown node.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    let value = element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("for")
            .then_some(value.trim())
    })?;
    let node = value
        .strip_prefix('"')
        .and_then(|quoted| quoted.strip_suffix('"'))
        .unwrap_or(value);
    if let Some(bracketed) = node.strip_prefix('[') {
        // An IPv6 address, with or without a port: `[::1]` or `[::1]:80`.
        let (address, rest) = bracketed.split_once(']')?;
        if !(rest.is_empty() || rest.starts_with(':')) {
            return None;
        }
        return address.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6);
    }
    node.parse::<IpAddr>()
        .ok()
        .filter(IpAddr::is_ipv4)
        .or_else(|| node.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .filter(IpAddr::is_ipv4)
}

impl std::fmt::Display for TrustedProxies {
    /// The networks, comma-separated, as `--trusted-proxies` reads them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let nets: Vec<String> = self.0.iter().map(IpNet::to_string).collect();
        f.write_str(&nets.join(","))
    }
}

/// Why a `--trusted-proxies` entry cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct TrustedProxiesError(String);

impl std::fmt::Display for TrustedProxiesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is neither an IP address nor a network such as 10.0.0.0/8 or fd00::/8",
            self.0
        )
    }
}

impl std::error::Error for TrustedProxiesError {}

impl FromStr for TrustedProxies {
    type Err = TrustedProxiesError;

    /// Comma-separated networks (`10.0.0.0/8`) or addresses (`127.0.0.1`,
    /// `::1`); an empty text trusts no proxy.
    fn from_str(text: &str) -> Result<TrustedProxies, TrustedProxiesError> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .map(|net| net.trunc())
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| TrustedProxiesError(entry.to_owned()))
            })
            .collect::<Result<_, _>>()
            .map(TrustedProxies)
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn proxies(text: &str) -> TrustedProxies {
        text.parse().unwrap()
    }

    #[test]
    fn proxies_are_networks_or_addresses() {
        let trusted = proxies("127.0.0.1, 10.0.0.0/8,fd00::/8,::1");
        for inside in [
            "127.0.0.1",
            "10.200.3.4",
            "fd12::5",
            "::1",
            "::ffff:10.1.1.1",
        ] {
            assert!(trusted.contains(ip(inside)), "{inside}");
        }
        for outside in ["127.0.0.2", "11.0.0.1", "fe80::1", "::2"] {
            assert!(!trusted.contains(ip(outside)), "{outside}");
        }
        // Host bits are dropped, as a network is meant.
        assert!(proxies("192.168.1.77/24").contains(ip("192.168.1.1")));
        assert!("".parse::<TrustedProxies>().unwrap().is_empty());
        assert_eq!(
            trusted.to_string(),
            "127.0.0.1/32,10.0.0.0/8,fd00::/8,::1/128"
        );
        let error = "10.0.0.0/8,proxy.example".parse::<TrustedProxies>();
        assert_eq!(
            error.unwrap_err().to_string(),
            "\"proxy.example\" is neither an IP address nor a network such as 10.0.0.0/8 or fd00::/8"
        );
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let trusted = proxies("10.0.0.1");
        let spoofed = headers(&[("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")]);
        assert_eq!(trusted.client(ip("192.0.2.9"), &spoofed), ip("192.0.2.9"));
        assert_eq!(
            trusted.client(ip("::ffff:192.0.2.9"), &spoofed),
            ip("192.0.2.9")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("10.0.0.1"), &spoofed),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn the_last_address_a_trusted_proxy_added_is_the_client() {
        let trusted = proxies("10.0.0.0/8");
        let peer = ip("10.0.0.1");
        // The client put 6.6.6.6 there itself; the proxy appended 192.0.2.7.
        let spoofed = headers(&[("x-forwarded-for", "6.6.6.6, 192.0.2.7")]);
        assert_eq!(trusted.client(peer, &spoofed), ip("192.0.2.7"));
        // Two proxies: the second appended the first's address.
        let two = headers(&[("x-forwarded-for", "6.6.6.6,192.0.2.7 , 10.1.2.3")]);
        assert_eq!(trusted.client(peer, &two), ip("192.0.2.7"));
        // Several header lines are one list, in order.
        let lines = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "192.0.2.7, 10.1.2.3"),
        ]);
        assert_eq!(trusted.client(peer, &lines), ip("192.0.2.7"));
        // Only proxies: the first is where the request entered.
        let inside = headers(&[("x-forwarded-for", "10.9.9.9, 10.1.2.3")]);
        assert_eq!(trusted.client(peer, &inside), ip("10.9.9.9"));
        // No header: the proxy itself is the client.
        assert_eq!(trusted.client(peer, &HeaderMap::new()), peer);
    }

    #[test]
    fn forwarded_is_read_with_quotes_brackets_and_ports() {
        let trusted = proxies("127.0.0.1,::1");
        let peer = ip("::1");
        let cases = [
            ("for=192.0.2.60;proto=http;by=203.0.113.43", "192.0.2.60"),
            ("For=\"[2001:db8:cafe::17]:4711\"", "2001:db8:cafe::17"),
            ("for=\"[2001:db8::1]\", for=127.0.0.1", "2001:db8::1"),
            (
                "for=6.6.6.6, for=\"192.0.2.43:8080\";proto=https",
                "192.0.2.43",
            ),
            ("proto=https;for=192.0.2.44", "192.0.2.44"),
            ("for=\"[::ffff:192.0.2.45]\"", "192.0.2.45"),
        ];
        for (value, client) in cases {
            let map = headers(&[("forwarded", value)]);
            assert_eq!(trusted.client(peer, &map), ip(client), "{value}");
        }
        // Forwarded wins over X-Forwarded-For when both are sent.
        let both = headers(&[
            ("forwarded", "for=192.0.2.1"),
            ("x-forwarded-for", "192.0.2.2"),
        ]);
        assert_eq!(trusted.client(peer, &both), ip("192.0.2.1"));
    }

    #[test]
    fn a_list_that_cannot_be_read_leaves_the_peer() {
        let trusted = proxies("127.0.0.1");
        let peer = ip("127.0.0.1");
        let garbage = [
            ("x-forwarded-for", "192.0.2.7, not-an-address"),
            ("x-forwarded-for", "192.0.2.7,,"),
            ("x-forwarded-for", "192.0.2.7:8080"),
            ("x-forwarded-for", "[2001:db8::1]"),
            ("forwarded", "for=unknown"),
            ("forwarded", "for=_hidden, for=192.0.2.7"),
            ("forwarded", "by=192.0.2.7"),
            ("forwarded", "for=2001:db8::1"),
            ("forwarded", "for=\"[2001:db8::1]x\""),
            ("forwarded", "for=\"[2001:db8::1\""),
            ("forwarded", "for=192.0.2.999"),
        ];
        for (name, value) in garbage {
            let map = headers(&[(name, value)]);
            assert_eq!(trusted.client(peer, &map), peer, "{name}: {value}");
        }
        let mut binary = HeaderMap::new();
        binary.insert(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"192.0.2.7\xff").unwrap(),
        );
        assert_eq!(trusted.client(peer, &binary), peer);
    }
}
