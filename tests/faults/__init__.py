"""Fault tests: kills, write errors, broken saves and a second instance."""
