#!/usr/bin/env bash
# Puur's two commands (see README "Quickstart"):
#   ./dev.sh start [ARGS]  set up .venv and start the main program: the web app (puur serve);
#                          with ARGS, run `puur ARGS` instead (e.g. `./dev.sh start play`)
#   ./dev.sh test  [ARGS]  set up .venv (and the browser the tests need) and run every check
set -euo pipefail
cd "$(dirname "$0")"
PY="${PYTHON:-python3}"

setup() {
  if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
  fi
  local stamp=.venv/.puur-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[all,rl,fast,cluster,dev]'
    touch "$stamp"
  fi
}

browser() {
  # Browser tests drive Debian's Chromium (never a downloaded browser build).
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "== /usr/bin/chromium is missing: browser tests will be skipped (apt-get install chromium)"
  fi
}

cmd="${1:-start}"
[ $# -gt 0 ] && shift
case "$cmd" in
  start)
    setup
    if [ $# -eq 0 ]; then
      exec .venv/bin/puur serve
    fi
    exec .venv/bin/puur "$@"
    ;;
  test)
    setup
    browser
    echo "== ruff"
    .venv/bin/ruff check src tests benchmarks scripts
    echo "== mypy --strict"
    .venv/bin/mypy
    echo "== pytest (all but the browser tests)"
    .venv/bin/python -m pytest -n 2 -q -m "not browser" "$@"
    # Playwright's synchronous API keeps an event loop running in its worker for the whole
    # session, which breaks asyncio-based tests (the terminal app) that share the worker, so
    # the browser tests run in a session of their own. They spend most of their time waiting
    # on the page and the server (a whole-game test keeps a core a third busy), so three
    # workers share the two cores.
    echo "== pytest (browser tests in headless Chromium)"
    .venv/bin/python -m pytest -n 3 -q -m browser "$@"
    ;;
  *)
    echo "usage: ./dev.sh start|test [ARGS]" >&2
    exit 2
    ;;
esac
