"""The Textual app and what it owns: the open campaign's files, the config, keys and palette.

Nothing is imported here, so the command line can read the config without loading Textual.
"""
