"""The learning interfaces need the rl extra (``./dev.sh`` installs it)."""

from __future__ import annotations

import pytest

for _name in ("numpy", "gymnasium", "pettingzoo"):
    pytest.importorskip(_name, reason="the rl extra is not installed")
