"""Encounters prepared ahead: what a fight brings and the command that starts it."""
