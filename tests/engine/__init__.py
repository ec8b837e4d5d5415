"""Tests of the Schieber engine core (src/puur top-level modules)."""
