from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    name = "tutorials"
    verbose_name = _("Lessons")

    def ready(self):
        from puzzles import content_cache

        from . import services  # noqa: F401  (signal receivers)
        from .models import Lesson, Step

        content_cache.watch(Lesson, Step, counted=True)
