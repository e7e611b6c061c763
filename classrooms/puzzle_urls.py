"""Teacher-made puzzles, mounted at /classes/puzzles/ in the classrooms namespace."""

urlpatterns: list = []
