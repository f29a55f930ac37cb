/** Go, Rust and CSS sources written for the tests: no such files ship in node_modules. */
export const GO_SOURCE = `package server

import (
\t"net/http"
\t"sync"
)

const DefaultPort = 8080

var (
\tmu      sync.Mutex
\tclients = map[string]*Client{}
)

// Client tracks one connection.
type Client struct {
\tID   string
\tAddr string
}

type Handler interface {
\tServe(w http.ResponseWriter, r *http.Request)
}

type ID = string

func NewClient(id, addr string) *Client {
\treturn &Client{ID: id, Addr: addr}
}

func (c *Client) Close() error {
\tmu.Lock()
\tdefer mu.Unlock()
\tdelete(clients, c.ID)
\treturn nil
}
`;

/** A Rust module with the usual item kinds. */
export const RUST_SOURCE = `use std::fmt;

pub const MAX_DEPTH: usize = 32;

#[derive(Debug, Clone)]
pub struct Point {
    pub x: i64,
    pub y: i64,
}

pub enum Shape {
    Circle(Point, u32),
    Square { corner: Point, side: u32 },
}

pub trait Area {
    fn area(&self) -> f64;
}

impl Point {
    pub fn new(x: i64, y: i64) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

mod tests {
    fn origin() {}
}

macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}
`;

/** A stylesheet with plain rules, a media query and keyframes. */
export const CSS_SOURCE = `:root {
  --accent: #0a7;
}

body,
html {
  margin: 0;
}

.nav > a:hover {
  color: var(--accent);
}

@media (max-width: 600px) {
  .nav {
    display: none;
  }
}

@keyframes spin {
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
}
`;
