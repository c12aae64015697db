"""Everything the tracker knows about brp."""
