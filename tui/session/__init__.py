"""The session model: campaign state, commands with undo, the log. Imports no Textual/Rich."""
