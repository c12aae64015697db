"""The ``tablekeeper`` command line: the app, and its ``check``, ``serve`` and ``recap`` words."""
