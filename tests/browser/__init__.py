"""Browser tests of the web front end (headless Chromium)."""
