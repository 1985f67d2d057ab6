//! The Klotski HTTP query service (to come).
