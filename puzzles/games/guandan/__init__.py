"""Everything web-side about guandan (掼蛋): its puzzle kinds, prose and pictures."""
