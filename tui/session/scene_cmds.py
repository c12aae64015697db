"""Slash commands: placeholder until implemented."""
