"""Everything web-side about shengji (升级): its puzzle kinds, prose and pictures."""
