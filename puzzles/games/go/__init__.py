"""Everything web-side about go: its puzzle kinds, prose and pictures."""
