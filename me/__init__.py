"""The learner's own page (/me/): progress in every game, the daily streak, homework.

It gathers what every app knows about one learner, so it sits above them all:
no app imports it.
"""
