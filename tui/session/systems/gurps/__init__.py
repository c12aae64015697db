"""Everything the tracker knows about gurps."""
