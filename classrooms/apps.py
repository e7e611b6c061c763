from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomsConfig(AppConfig):
    name = "classrooms"
    verbose_name = _("Classrooms")

    def ready(self):
        # Private teacher puzzles open to the author's classes; ``puzzles`` asks
        # through its registries and never imports this app.
        from puzzles.access import register_visibility
        from puzzles.navigation import register_return

        from . import signals  # noqa: F401  forgets one-time passwords once changed
        from .access import is_visible_to_classes
        from .assignments import return_to_assignment

        register_visibility(is_visible_to_classes)
        # A puzzle opened from an assignment leads back to it.
        register_return(return_to_assignment)
