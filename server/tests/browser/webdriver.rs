//! A small WebDriver client: the W3C protocol's JSON over HTTP/1.1 to a
//! local `chromedriver`, blocking. A dozen commands are all the browser
//! tests need; a client crate would add an async TLS stack to the build.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The key under which WebDriver names an element.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long a wait lasts before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(15);

/// One HTTP request to `port` on loopback: the JSON answer.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: read the head, then the
    // body by its length (or its chunks).
    stream
        .set_read_timeout(Some(PATIENCE))
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    let mut buffer = [0u8; 65536];
    let body = loop {
        let n = stream
            .read(&mut buffer)
            .map_err(|e| format!("{method} {path}: {e}"))?;
        answer.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some((head, rest)) = text.split_once("\r\n\r\n") {
            let head = head.to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|n| n.trim().parse::<usize>().ok());
            match length {
                Some(length) if rest.len() >= length => break rest[..length].to_owned(),
                None if head.contains("transfer-encoding: chunked")
                    && rest.ends_with("0\r\n\r\n") =>
                {
                    break dechunk(rest)
                }
                None if n == 0 => break rest.to_owned(),
                _ => {}
            }
        }
        if n == 0 {
            return Err(format!("{method} {path}: the answer ended early"));
        }
    };
    serde_json::from_str(&body).map_err(|e| format!("{method} {path}: {e}: {body}"))
}

/// The body of a chunked HTTP answer.
fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    body
}

/// A running `chromedriver` with one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

/// An element of the page.
#[derive(Clone)]
pub struct Element(String);

impl Browser {
    /// Starts `chromedriver` and a headless `chromium` with `args`.
    pub fn start(chromedriver: &str, chromium: &str, args: &[&str]) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while request(port, "GET", "/status", None).is_err() {
            assert!(started.elapsed() < PATIENCE, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        let answer = request(port, "POST", "/session", Some(&capabilities)).unwrap();
        let session = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_owned();
        Browser {
            driver,
            port,
            session,
        }
    }

    /// A command of this session: its `value`, or the driver's error.
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.session);
        let answer = request(self.port, method, &path, body.as_ref())?;
        match answer["value"].get("error") {
            Some(error) => Err(format!("{error}: {}", answer["value"]["message"])),
            None => Ok(answer["value"].clone()),
        }
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        self.command(method, path, Some(body))
            .unwrap_or_else(|error| panic!("{method} {path}: {error}"))
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    /// Makes the page see the system's colour scheme as `scheme` (`light`
    /// or `dark`).
    pub fn color_scheme(&self, scheme: &str) {
        self.cdp(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": scheme}]}),
        );
    }

    /// A DevTools command through chromedriver's passage: its result.
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": cmd, "params": params}),
        )
    }

    /// Makes the pages opened from now on see the clock start at `at` (a
    /// UTC time such as `2026-01-02T12:00:00Z`) and run on from there, so
    /// that what a page computes from the date (the day's puzzle) is fixed
    /// while timers still run: `Date` is replaced before any script of the
    /// page runs, through chromedriver's DevTools passage.
    pub fn set_clock(&self, at: &str) {
        let source = format!(
            "(() => {{
                const Real = Date;
                const offset = Real.parse({at:?}) - Real.now();
                class Clock extends Real {{
                    constructor(...args) {{
                        if (args.length === 0) super(Real.now() + offset);
                        else super(...args);
                    }}
                    static now() {{ return Real.now() + offset; }}
                }}
                globalThis.Date = Clock;
            }})();"
        );
        self.call(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source": source}}),
        );
    }

    /// Sets the window's size in CSS pixels.
    pub fn resize(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            json!({"width": width, "height": height}),
        );
    }

    /// The elements matching a CSS selector now.
    pub fn all(&self, css: &str) -> Vec<Element> {
        let found = self.call(
            "POST",
            "/elements",
            json!({"using": "css selector", "value": css}),
        );
        found
            .as_array()
            .unwrap()
            .iter()
            .map(|e| Element(e[ELEMENT].as_str().unwrap().to_owned()))
            .collect()
    }

    /// Waits until `css` matches a displayed element, and returns it.
    pub fn find(&self, css: &str) -> Element {
        self.wait_for(&format!("{css} is shown"), || {
            self.all(css).into_iter().find(|e| {
                self.command("GET", &format!("/element/{}/displayed", e.0), None) == Ok(json!(true))
            })
        })
    }

    /// Waits until `probe` gives something, and returns it.
    pub fn wait_for<T>(&self, what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
        let started = Instant::now();
        loop {
            if let Some(found) = probe() {
                return found;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for: {what}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the text of the element `css` satisfies `test`; returns the text.
    pub fn wait_text(&self, css: &str, test: impl Fn(&str) -> bool) -> String {
        self.wait_for(&format!("the text of {css}"), || {
            let text = self.text(&self.all(css).into_iter().next()?);
            test(&text).then_some(text)
        })
    }

    /// Clicks an element.
    pub fn click(&self, element: &Element) {
        self.call("POST", &format!("/element/{}/click", element.0), json!({}));
    }

    /// Types `text` into an element.
    pub fn type_in(&self, element: &Element, text: &str) {
        self.call("POST", &format!("/element/{}/clear", element.0), json!({}));
        self.call(
            "POST",
            &format!("/element/{}/value", element.0),
            json!({ "text": text }),
        );
    }

    /// An element's visible text ("" when it has gone).
    pub fn text(&self, element: &Element) -> String {
        self.command("GET", &format!("/element/{}/text", element.0), None)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// An element's attribute.
    pub fn attribute(&self, element: &Element, name: &str) -> Option<String> {
        self.command(
            "GET",
            &format!("/element/{}/attribute/{name}", element.0),
            None,
        )
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
    }

    /// Runs a script in the page; its result (awaited when a promise).
    pub fn script(&self, script: &str) -> Value {
        self.script_with(script, json!([]))
    }

    /// Runs a script in the page with `args` as its `arguments`.
    pub fn script_with(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": args}),
        )
    }

    /// Sends keys to the focused element.
    pub fn keys(&self, keys: &str) {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|key| {
                [
                    json!({"type": "keyDown", "value": key}),
                    json!({"type": "keyUp", "value": key}),
                ]
            })
            .collect();
        self.call(
            "POST",
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]}),
        );
    }

    /// Drags an element by `dx`, `dy` CSS pixels with the mouse.
    pub fn drag(&self, element: &Element, dx: f64, dy: f64) {
        self.drag_holding(element, dx, dy);
        self.release();
    }

    /// Presses the mouse on an element and moves it by `dx`, `dy` CSS
    /// pixels, holding the button (see `release`).
    pub fn drag_holding(&self, element: &Element, dx: f64, dy: f64) {
        self.pointer(json!([
            {"type": "pointerMove", "origin": {ELEMENT: element.0}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": "pointer", "x": (dx / 2.0).round() as i64, "y": (dy / 2.0).round() as i64, "duration": 50},
            {"type": "pointerMove", "origin": "pointer", "x": (dx / 2.0).round() as i64, "y": (dy / 2.0).round() as i64, "duration": 50},
        ]));
    }

    /// Releases the mouse button held since `drag_holding`.
    pub fn release(&self) {
        self.pointer(json!([{"type": "pointerUp", "button": 0}]));
    }

    /// A finger put down at `x`, `y` (CSS pixels of the window), moved by
    /// `dy` and lifted: a swipe.
    pub fn swipe(&self, x: i64, y: i64, dy: i64) {
        self.call(
            "POST",
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": [
                {"type": "pointerMove", "x": x, "y": y},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "x": x, "y": y + dy, "duration": 300},
                {"type": "pointerUp", "button": 0},
            ]}]}),
        );
    }

    /// Fingers put down at `fingers` (CSS pixels of the window), moved
    /// together by `dx`, `dy` in ten steps and lifted, as DevTools' touch
    /// events (`Input.dispatchTouchEvent`): a swipe with one finger, a
    /// two-finger drag with two. With no move, a tap.
    pub fn touch(&self, fingers: &[(f64, f64)], dx: f64, dy: f64) {
        let points = |k: f64| -> Vec<Value> {
            fingers
                .iter()
                .enumerate()
                .map(|(id, (x, y))| json!({"x": x + dx * k, "y": y + dy * k, "id": id}))
                .collect()
        };
        self.cdp(
            "Input.dispatchTouchEvent",
            json!({"type": "touchStart", "touchPoints": points(0.0)}),
        );
        if dx != 0.0 || dy != 0.0 {
            for step in 1..=10 {
                self.cdp(
                    "Input.dispatchTouchEvent",
                    json!({"type": "touchMove", "touchPoints": points(f64::from(step) / 10.0)}),
                );
                std::thread::sleep(Duration::from_millis(16));
            }
        }
        self.cdp(
            "Input.dispatchTouchEvent",
            json!({"type": "touchEnd", "touchPoints": []}),
        );
    }

    fn pointer(&self, actions: Value) {
        self.call(
            "POST",
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]}),
        );
    }

    /// The browser's console messages since the last call.
    pub fn console(&self) -> Vec<Value> {
        self.call("POST", "/se/log", json!({"type": "browser"}))
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let text = self.command("GET", "/screenshot", None).unwrap();
        base64_decode(text.as_str().unwrap())
    }

    /// A PNG of the whole page, as wide as the window and as long as the
    /// page (DevTools' `Page.captureScreenshot` beyond the window).
    pub fn page_screenshot(&self) -> Vec<u8> {
        let shot = self.cdp(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        base64_decode(shot["data"].as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = request(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64, as WebDriver sends screenshots.
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut n_bits) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let Some(value) = ALPHABET.iter().position(|&a| a == c) else {
            continue;
        };
        bits = (bits << 6) | value as u32;
        n_bits += 6;
        if n_bits >= 8 {
            n_bits -= 8;
            bytes.push((bits >> n_bits) as u8);
        }
    }
    bytes
}
