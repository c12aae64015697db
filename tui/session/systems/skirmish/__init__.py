"""Everything the tracker knows about skirmish."""
