"""The terminal game: ``puur play`` (full-screen Textual app and a plain line mode) for every
variant of :mod:`puur.variants`.

Modules: :mod:`~puur.tui.session` (the game loop shared by both modes) and
:mod:`~puur.tui.events` (what the human sees happen), :mod:`~puur.tui.moves` (what an action
of a variant is, from its action space), :mod:`~puur.tui.faces` with
:mod:`~puur.tui.face_differenzler` and :mod:`~puur.tui.face_coiffeur` (each variant's scores in
words and tables), :mod:`~puur.tui.render` (words and pictures), :mod:`~puur.tui.notes`
(messages kept as text keys and arguments), :mod:`~puur.tui.reasons` (why an action is
refused), :mod:`~puur.tui.names` (answers typed the way the game prints them),
:mod:`~puur.tui.settings` (remembered choices), :mod:`~puur.tui.plain` (line mode),
:mod:`~puur.tui.app` (full screen: :mod:`~puur.tui.setup` with
:mod:`~puur.tui.setup_schieber` and :mod:`~puur.tui.optionform`, :mod:`~puur.tui.view` and
:mod:`~puur.tui.table` with :mod:`~puur.tui.decisions`, :mod:`~puur.tui.replay`,
:mod:`~puur.tui.widgets`) and :mod:`~puur.tui.cli` (flags).
"""
