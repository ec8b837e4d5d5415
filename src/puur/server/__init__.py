"""The web app: lobby, tables, typed versioned messages, SQLite storage and the front end.

``puur serve`` runs it (see ``docs/server.md``); the wire protocol is ``docs/protocol.md``.
Build the ASGI app with :func:`puur.server.app.create_app`.
"""

from __future__ import annotations

__all__: list[str] = []
