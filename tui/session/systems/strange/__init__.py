"""Everything the tracker knows about strange."""
