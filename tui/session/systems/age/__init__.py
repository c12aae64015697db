"""Everything the tracker knows about age."""
