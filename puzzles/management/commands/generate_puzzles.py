"""Write a game's generated puzzles: ``manage.py generate_puzzles <game> [options]``.

Each taught game with a generator has it in ``puzzles.games.<game>.generate`` (a
``Generator``: its own options, help and run); ``manage.py generate_puzzles <game>
--help`` lists a game's options.
"""

from django.core.management.base import BaseCommand

from puzzles.games import taught_games


def generators() -> dict[str, type[BaseCommand]]:
    found = {}
    for game in taught_games():
        module = game.part("generate")
        if module is not None:
            found[game.slug] = module.Generator
    return found


class Command(BaseCommand):
    help = "Generate a game's puzzles (each proven by its engine) as content files."

    def add_arguments(self, parser):
        games = parser.add_subparsers(
            dest="game", required=True, title="games", parser_class=type(parser)
        )
        from_command_line = getattr(parser, "called_from_command_line", None)
        for slug, generator in generators().items():
            sub = games.add_parser(
                slug, help=generator.help, called_from_command_line=from_command_line
            )
            generator().add_arguments(sub)

    def handle(self, *args, game, **options):
        generator = generators()[game](stdout=self.stdout, stderr=self.stderr)
        return generator.handle(*args, **options)
