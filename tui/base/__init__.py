"""The bottom of the app's house: where files live, the bug log, text made safe to show."""
