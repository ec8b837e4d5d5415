"""The terminal game: ``puur play`` (full-screen Textual app and a plain line mode).

Modules: :mod:`~puur.tui.session` (the game loop shared by both modes), :mod:`~puur.tui.render`
(words and pictures), :mod:`~puur.tui.notes` (messages kept as text keys and arguments),
:mod:`~puur.tui.reasons` (why an action is refused), :mod:`~puur.tui.names` (answers typed the
way the game prints them), :mod:`~puur.tui.settings` (remembered choices),
:mod:`~puur.tui.plain` (line mode), :mod:`~puur.tui.app` (full screen: :mod:`~puur.tui.setup`,
:mod:`~puur.tui.view` and :mod:`~puur.tui.table`, :mod:`~puur.tui.replay`,
:mod:`~puur.tui.widgets`) and :mod:`~puur.tui.cli` (flags).
"""
