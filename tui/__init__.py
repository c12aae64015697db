"""Tablekeeper's terminal app: the session model, the store, and the Textual screens."""
