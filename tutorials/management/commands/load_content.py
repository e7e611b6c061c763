from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tutorials.content import ContentError, load_content


class Command(BaseCommand):
    help = "Load lessons and puzzles from the content folder (idempotent, all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir",
            type=Path,
            default=None,
            help="content folder (default: settings.CONTENT_DIR)",
        )

    def handle(self, *args, dir=None, **options):
        root = dir or settings.CONTENT_DIR
        try:
            report = load_content(root)
        except ContentError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {report.lessons} lessons ({report.steps} steps), "
                f"{report.puzzles} puzzles and {report.themes} themes "
                f"from {len(report.files)} files in {root}."
            )
        )
        if report.retired:
            self.stdout.write(
                f"{report.retired} library puzzles no longer in the files left the library "
                "(kept, with the attempts at them)."
            )
