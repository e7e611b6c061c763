"""Everything web-side about renju: its puzzle kinds, prose and pictures."""
