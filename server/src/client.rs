//! Who a request comes from: its peer's address, or, when the peer is one of
//! the reverse proxies the server is told to trust (`--trusted-proxies`),
//! the client those proxies name in the one forwarding header the operator
//! chose (`--forwarded-header`: `X-Forwarded-For` unless told otherwise, or
//! `Forwarded` of RFC 7239). Any other forwarding header is ignored: a proxy
//! set up to append to `X-Forwarded-For` passes a client's own `Forwarded`
//! through untouched, so reading it would let a client name itself.
//!
//! Each proxy appends the address it received a request from to the right
//! of the list, so only the right end can be believed: the walk goes from
//! the right, passes over hops that are themselves trusted proxies, and
//! takes the first one that is not (the last address a trusted proxy
//! added). What lies left of it was written by the client and is never
//! read. An unreadable hop where the walk stops (or one named by an
//! obfuscated identifier such as `unknown`) leaves the last trusted proxy
//! reached as the client. From a peer that is not a trusted proxy, the
//! header is ignored.
//!
//! Searches are shared out per client by [`share_key`]: an IPv4 address,
//! or an IPv6 address's network prefix (a /64 by default), since one
//! subscriber usually holds a whole /64.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::http::header::{HeaderName, FORWARDED};
use axum::http::{Extensions, HeaderMap};
use ipnet::{IpNet, Ipv4Net, Ipv6Net};
use prometheus_client::metrics::counter::Counter;

/// Where the client of a request is read from: the trusted proxies and the
/// header they set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forwarding {
    /// The peers whose header is believed; none by default.
    pub proxies: TrustedProxies,
    /// The header they set (and the only one read).
    pub header: ForwardedHeader,
}

/// The address a request is limited and logged under: its peer's, or the
/// client the trusted proxies of `forwarding` name in its header; `None`
/// when the request did not come over a socket (tests that call the router).
/// An unreadable hop where the client should stand is told to `unreadable`.
pub(crate) fn client_of(
    forwarding: &Forwarding,
    extensions: &Extensions,
    headers: &HeaderMap,
    unreadable: &UnreadableHops,
) -> Option<IpAddr> {
    let peer = extensions.get::<ConnectInfo<SocketAddr>>()?.0.ip();
    let reading = forwarding.read(peer, headers);
    if let Some(hop) = reading.unreadable {
        unreadable.seen(forwarding, headers, hop);
    }
    Some(reading.client)
}

/// Who a request's client is, as the header was read.
#[derive(Debug, PartialEq, Eq)]
pub struct Reading<'a> {
    /// The client.
    pub client: IpAddr,
    /// The hop where the client should have stood, when it could not be
    /// read (so the last trusted proxy reached stands for the client).
    pub unreadable: Option<&'a [u8]>,
}

impl Forwarding {
    /// The client of a request from `peer` with `headers` (an IPv4 address
    /// mapped into IPv6 read as IPv4): the peer itself unless it is a
    /// trusted proxy, else the first hop from the right of the header's
    /// list that is not a trusted proxy (the leftmost when all are; the last
    /// trusted one reached when the next cannot be read).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        self.read(peer, headers).client
    }

    /// The client, as [`Forwarding::client`] finds it, and the hop that
    /// could not be read where the walk stopped, if one did.
    pub fn read<'a>(&self, peer: IpAddr, headers: &'a HeaderMap) -> Reading<'a> {
        let mut client = peer.to_canonical();
        if !self.proxies.contains(client) {
            return Reading {
                client,
                unreadable: None,
            };
        }
        for entry in hops_from_the_right(headers, self.header.name()) {
            let Some(hop) = self.header.read(entry) else {
                return Reading {
                    client,
                    unreadable: Some(entry),
                };
            };
            client = hop.to_canonical();
            if !self.proxies.contains(client) {
                break;
            }
        }
        Reading {
            client,
            unreadable: None,
        }
    }
}

/// The unreadable hops seen where a client should stand: counted, and
/// logged at most once per [`UNREADABLE_LOG_EVERY`] with the hop's text
/// (and how many went unlogged since), so that a proxy writing garbage is
/// seen without flooding the log.
#[derive(Default)]
pub(crate) struct UnreadableHops {
    /// Every one seen, for the metrics.
    pub(crate) count: Counter,
    /// When one was last logged, and how many were not logged since.
    logged: Mutex<(Option<Instant>, u64)>,
}

/// The least time between two log lines about unreadable hops.
pub(crate) const UNREADABLE_LOG_EVERY: Duration = Duration::from_secs(10);

impl UnreadableHops {
    fn seen(&self, forwarding: &Forwarding, headers: &HeaderMap, hop: &[u8]) {
        self.count.inc();
        let now = Instant::now();
        let unlogged = {
            let mut logged = self
                .logged
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match logged.0 {
                Some(at) if now.duration_since(at) < UNREADABLE_LOG_EVERY => {
                    logged.1 += 1;
                    return;
                }
                _ => std::mem::replace(&mut *logged, (Some(now), 0)).1,
            }
        };
        let lines: Vec<_> = headers.get_all(forwarding.header.name()).iter().collect();
        let text: Vec<_> = lines
            .iter()
            .map(|line| String::from_utf8_lossy(line.as_bytes()))
            .collect();
        tracing::warn!(
            header = %text.join(", "),
            hop = %String::from_utf8_lossy(hop),
            unlogged,
            "a trusted proxy's {} holds no address where the client should be; the proxy \
             stands for the client, sharing its allowance with every client behind it",
            forwarding.header,
        );
    }
}

/// The hops of every `name` header line, from the right end of the last
/// line to the left end of the first, unread.
fn hops_from_the_right<'a>(
    headers: &'a HeaderMap,
    name: &HeaderName,
) -> impl Iterator<Item = &'a [u8]> {
    let lines: Vec<&[u8]> = headers.get_all(name).iter().map(|v| v.as_bytes()).collect();
    lines
        .into_iter()
        .rev()
        .flat_map(|line| line.rsplit(|&byte| byte == b','))
}

/// The forwarding header the trusted proxies set: `Forwarded` (RFC 7239,
/// read by its `for=` parameters) or a list of plain addresses under any
/// other name (`X-Forwarded-For`, the default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForwardedHeader {
    /// `Forwarded`, its elements' `for=` parameters.
    Forwarded,
    /// A comma-separated list of addresses under this name.
    List(HeaderName),
}

impl Default for ForwardedHeader {
    fn default() -> ForwardedHeader {
        ForwardedHeader::List(HeaderName::from_static("x-forwarded-for"))
    }
}

impl ForwardedHeader {
    fn name(&self) -> &HeaderName {
        match self {
            ForwardedHeader::Forwarded => &FORWARDED,
            ForwardedHeader::List(name) => name,
        }
    }

    /// The address of one hop; `None` when it cannot be read.
    fn read(&self, entry: &[u8]) -> Option<IpAddr> {
        let entry = std::str::from_utf8(entry).ok()?;
        match self {
            ForwardedHeader::Forwarded => forwarded_for(entry),
            ForwardedHeader::List(_) => entry.trim().parse().ok(),
        }
    }
}

impl std::fmt::Display for ForwardedHeader {
    /// The name with each word capitalised, as written in docs and logs
    /// (`X-Forwarded-For`); header names are read in any case.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self
            .name()
            .as_str()
            .split('-')
            .map(|word| {
                let mut letters = word.chars();
                letters
                    .next()
                    .map(|first| first.to_ascii_uppercase().to_string() + letters.as_str())
                    .unwrap_or_default()
            })
            .collect();
        f.write_str(&words.join("-"))
    }
}

/// Why a `--forwarded-header` cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct ForwardedHeaderError(String);

impl std::fmt::Display for ForwardedHeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is not a header name such as X-Forwarded-For or Forwarded",
            self.0
        )
    }
}

impl std::error::Error for ForwardedHeaderError {}

impl FromStr for ForwardedHeader {
    type Err = ForwardedHeaderError;

    /// A header name, in any case: `Forwarded` is read as RFC 7239 says,
    /// any other as a list of addresses.
    fn from_str(text: &str) -> Result<ForwardedHeader, ForwardedHeaderError> {
        let name =
            HeaderName::from_str(text.trim()).map_err(|_| ForwardedHeaderError(text.to_owned()))?;
        Ok(if name == FORWARDED {
            ForwardedHeader::Forwarded
        } else {
            ForwardedHeader::List(name)
        })
    }
}

/// The key a client's searches are counted under: an IPv4 address itself,
/// an IPv6 address's first `ipv6_prefix` bits (the rest zero).
pub fn share_key(client: IpAddr, ipv6_prefix: u8) -> IpAddr {
    match client.to_canonical() {
        IpAddr::V6(address) => {
            let prefix = ipv6_prefix.min(128);
            let net = Ipv6Net::new(address, prefix).expect("a prefix of at most 128 bits");
            IpAddr::V6(net.trunc().addr())
        }
        v4 => v4,
    }
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
        return address.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    node.parse::<IpAddr>()
        .ok()
        .filter(IpAddr::is_ipv4)
        .or_else(|| node.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .filter(IpAddr::is_ipv4)
}

/// `net` with an IPv4 network mapped into IPv6 (`::ffff:0:0/96` and
/// within) written as IPv4.
fn unmapped(net: IpNet) -> IpNet {
    match net {
        IpNet::V6(v6) if v6.prefix_len() >= 96 => match v6.addr().to_ipv4_mapped() {
            Some(v4) => Ipv4Net::new(v4, v6.prefix_len() - 96).map_or(net, IpNet::V4),
            None => net,
        },
        _ => net,
    }
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
    /// `::1`); an empty text trusts no proxy. IPv4 written mapped into IPv6
    /// (`::ffff:10.0.0.1`, `::ffff:10.0.0.0/104`) is read as IPv4, as the
    /// addresses it is matched against are.
    fn from_str(text: &str) -> Result<TrustedProxies, TrustedProxiesError> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map(|net| unmapped(net).trunc())
                    .map_err(|_| TrustedProxiesError(entry.to_owned()))
            })
            .collect::<Result<_, _>>()
            .map(TrustedProxies)
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;
    use proptest::prelude::*;

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

    /// Trusting `trusted`, reading `header`.
    fn forwarding(trusted: &str, header: &str) -> Forwarding {
        Forwarding {
            proxies: proxies(trusted),
            header: header.parse().unwrap(),
        }
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
    fn the_header_is_named_in_any_case() {
        assert_eq!(ForwardedHeader::default().to_string(), "X-Forwarded-For");
        assert_eq!(ForwardedHeader::Forwarded.to_string(), "Forwarded");
        assert_eq!(
            "FORWARDED".parse::<ForwardedHeader>(),
            Ok(ForwardedHeader::Forwarded)
        );
        assert_eq!(
            "X-Real-IP".parse::<ForwardedHeader>().unwrap().to_string(),
            "X-Real-Ip"
        );
        let error = "X Forwarded".parse::<ForwardedHeader>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"X Forwarded\" is not a header name such as X-Forwarded-For or Forwarded"
        );
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let spoofed = headers(&[("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")]);
        for header in ["X-Forwarded-For", "Forwarded"] {
            let rule = forwarding("10.0.0.1", header);
            assert_eq!(rule.client(ip("192.0.2.9"), &spoofed), ip("192.0.2.9"));
            assert_eq!(
                rule.client(ip("::ffff:192.0.2.9"), &spoofed),
                ip("192.0.2.9")
            );
            let none = forwarding("", header);
            assert_eq!(none.client(ip("10.0.0.1"), &spoofed), ip("10.0.0.1"));
        }
    }

    #[test]
    fn the_last_address_a_trusted_proxy_added_is_the_client() {
        let rule = forwarding("10.0.0.0/8", "X-Forwarded-For");
        let peer = ip("10.0.0.1");
        // Each case: the header lines, the client.
        let cases: &[(&[&str], &str)] = &[
            // The client put 6.6.6.6 there itself; the proxy appended 192.0.2.7.
            (&["6.6.6.6, 192.0.2.7"], "192.0.2.7"),
            // Two proxies: the second appended the first's address.
            (&["6.6.6.6,192.0.2.7 , 10.1.2.3"], "192.0.2.7"),
            // Several header lines are one list, in order.
            (&["6.6.6.6", "192.0.2.7, 10.1.2.3"], "192.0.2.7"),
            // What the client wrote to the left is never read.
            (&["not-an-address, 192.0.2.7"], "192.0.2.7"),
            (&["[2001:db8::1]:80,, 2001:db8::9"], "2001:db8::9"),
            // Only proxies: the first is where the request entered.
            (&["10.9.9.9, 10.1.2.3"], "10.9.9.9"),
            // An unreadable hop where the walk stops: the last proxy reached.
            (&["192.0.2.7, not-an-address"], "10.0.0.1"),
            (&["192.0.2.7, garbage, 10.1.2.3"], "10.1.2.3"),
            (&["192.0.2.7,,"], "10.0.0.1"),
            (&["192.0.2.7:8080"], "10.0.0.1"),
            (&["[2001:db8::1]"], "10.0.0.1"),
            // No header: the proxy itself is the client.
            (&[], "10.0.0.1"),
        ];
        for (lines, client) in cases {
            let map = headers(
                &lines
                    .iter()
                    .map(|line| ("x-forwarded-for", *line))
                    .collect::<Vec<_>>(),
            );
            assert_eq!(rule.client(peer, &map), ip(client), "{lines:?}");
        }
        // A byte that is not text spoils its own hop only.
        let mut binary = HeaderMap::new();
        binary.insert(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"6.6.6.\xff, 192.0.2.7").unwrap(),
        );
        assert_eq!(rule.client(peer, &binary), ip("192.0.2.7"));
    }

    #[test]
    fn only_the_chosen_header_is_read() {
        let both = headers(&[
            ("forwarded", "for=192.0.2.1"),
            ("x-forwarded-for", "192.0.2.2"),
            ("x-real-ip", "192.0.2.3"),
        ]);
        let peer = ip("127.0.0.1");
        for (header, client) in [
            ("X-Forwarded-For", "192.0.2.2"),
            ("Forwarded", "192.0.2.1"),
            ("X-Real-IP", "192.0.2.3"),
        ] {
            assert_eq!(
                forwarding("127.0.0.1", header).client(peer, &both),
                ip(client)
            );
        }
        // A client's own `Forwarded` through a proxy that sets only
        // `X-Forwarded-For` is not read.
        let spoofed = headers(&[("forwarded", "for=10.7.7.7")]);
        let rule = forwarding("127.0.0.1", "X-Forwarded-For");
        assert_eq!(rule.client(peer, &spoofed), peer);
    }

    #[test]
    fn forwarded_is_read_with_quotes_brackets_and_ports() {
        let rule = forwarding("127.0.0.1,::1", "Forwarded");
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
            ("for=_hidden, for=192.0.2.7", "192.0.2.7"),
            // Unreadable where the walk stops: the proxy.
            ("for=unknown", "::1"),
            ("by=192.0.2.7", "::1"),
            ("for=2001:db8::1", "::1"),
            ("for=\"[2001:db8::1]x\"", "::1"),
            ("for=\"[2001:db8::1\"", "::1"),
            ("for=192.0.2.999", "::1"),
            ("for=192.0.2.7, for=_hidden, for=127.0.0.1", "127.0.0.1"),
        ];
        for (value, client) in cases {
            let map = headers(&[("forwarded", value)]);
            assert_eq!(rule.client(peer, &map), ip(client), "{value}");
        }
    }

    #[test]
    fn ipv6_clients_share_by_prefix() {
        let cases = [
            ("192.0.2.7", 64, "192.0.2.7"),
            ("::ffff:192.0.2.7", 64, "192.0.2.7"),
            ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::"),
            ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 48, "2001:db8:1::"),
            (
                "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
                128,
                "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
            ),
            ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 0, "::"),
        ];
        for (client, prefix, key) in cases {
            assert_eq!(share_key(ip(client), prefix), ip(key), "{client}/{prefix}");
        }
    }

    /// One hop as a proxy or client may write it: an address from a few
    /// trusted and untrusted ones (IPv4, IPv6, mapped), or garbage.
    fn hop() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => prop::sample::select(vec![
                "10.0.0.1", "10.20.30.40", "192.0.2.7", "198.51.100.1", "fd00::1",
                "fd12:3456::9", "2001:db8::1", "2001:db8:0:1::5", "::ffff:10.1.1.1",
                "::ffff:192.0.2.8", "::1", "127.0.0.1",
            ])
            .prop_map(str::to_owned),
            // Printable, without the list's comma.
            1 => "[ -+\\--~]{0,12}",
            1 => prop::sample::select(vec!["", "unknown", "[2001:db8::1]", "1.2.3.4:80", " "])
                .prop_map(str::to_owned),
        ]
    }

    /// Whether `client` is an address the chain vouches for: the peer, or a
    /// hop every hop to whose right is a readable trusted proxy's address.
    fn vouched(rule: &Forwarding, peer: IpAddr, hops: &[String], client: IpAddr) -> bool {
        if client == peer.to_canonical() {
            return true;
        }
        (0..hops.len()).any(|at| {
            let right_trusted = hops[at + 1..].iter().all(|hop| {
                hop.trim()
                    .parse::<IpAddr>()
                    .is_ok_and(|address| rule.proxies.contains(address))
            });
            right_trusted
                && hops[at].trim().parse::<IpAddr>().map(|a| a.to_canonical()) == Ok(client)
        })
    }

    proptest! {
        #[test]
        fn the_client_is_vouched_for_by_the_trusted_chain(
            hops in prop::collection::vec(hop(), 0..12),
            // Where the list is cut into header lines, and its spacing.
            cuts in prop::collection::vec(any::<bool>(), 12),
            spaced in any::<bool>(),
            peer in prop::sample::select(vec!["10.0.0.2", "::1", "192.0.2.99", "::ffff:10.9.9.9"]),
            prepended in prop::collection::vec(hop(), 0..4),
            forwarded in "[ -~]{0,20}",
        ) {
            let rule = forwarding("10.0.0.0/8, fd00::/8, ::1", "X-Forwarded-For");
            let peer = ip(peer);
            let to_headers = |hops: &[String]| {
                let mut lines = vec![Vec::new()];
                for (at, hop) in hops.iter().enumerate() {
                    lines.last_mut().unwrap().push(hop.as_str());
                    if cuts[at % cuts.len()] && at + 1 < hops.len() {
                        lines.push(Vec::new());
                    }
                }
                let mut map = HeaderMap::new();
                for line in lines.iter().filter(|_| !hops.is_empty()) {
                    let line = line.join(if spaced { ", " } else { "," });
                    map.append("x-forwarded-for", HeaderValue::from_str(&line).unwrap());
                }
                if let Ok(value) = HeaderValue::from_str(&forwarded) {
                    map.append("forwarded", value);
                }
                map
            };
            let client = rule.client(peer, &to_headers(&hops));
            prop_assert!(vouched(&rule, peer, &hops, client), "{client} from {peer} {hops:?}");
            // Whatever lies left of an untrusted client is never read.
            if client != peer.to_canonical() && !rule.proxies.contains(client) {
                let longer: Vec<String> = prepended.iter().chain(&hops).cloned().collect();
                prop_assert_eq!(rule.client(peer, &to_headers(&longer)), client);
            }
        }
    }
}
