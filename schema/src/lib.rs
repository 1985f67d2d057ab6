//! The Klotski database: schema, migrations, typed rows and queries (to come).
