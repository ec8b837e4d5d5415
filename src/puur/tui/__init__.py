"""The terminal game: ``puur play`` (full-screen Textual app and a plain line mode).

Modules: :mod:`~puur.tui.session` (the game loop shared by both modes), :mod:`~puur.tui.render`
(words and pictures), :mod:`~puur.tui.settings` (remembered choices), :mod:`~puur.tui.plain`
(line mode), :mod:`~puur.tui.app` (full screen) and :mod:`~puur.tui.cli` (flags).
"""
