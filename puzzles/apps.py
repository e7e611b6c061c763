from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = _("Puzzles")

    def ready(self):
        from . import content_cache, services  # noqa: F401  (signal receivers)
        from .games import load_kinds
        from .models import Puzzle, Theme

        content_cache.watch(Puzzle, Theme)

        load_kinds()
