"""Everything web-side about dagunzi: its puzzle kinds, prose and pictures."""
