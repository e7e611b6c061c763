"""Pure-Python rule engines, one package per game.

Engines never import Django and do no I/O beyond parsing text: each exposes a
position type, a move type, ``legal_moves``, ``play``/``push``/``pop``, text
notation both ways and an ``IllegalMove`` error with a machine ``code`` and a
human ``reason``. The web reaches them only through puzzle kinds.
"""
