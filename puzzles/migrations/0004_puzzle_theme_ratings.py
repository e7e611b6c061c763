"""Puzzle themes get an explicit model carrying copies of the puzzle's game, flag and rating.

The table Django made for the many-to-many field stays (same name, columns,
unique index and foreign-key indexes); it only gains the copied columns and
an index that walks a theme's puzzles in rating order.
"""

import django.db.models.deletion
from django.db import migrations, models


def copy_from_puzzles(apps, schema_editor):
    PuzzleTheme = apps.get_model("puzzles", "PuzzleTheme")
    Puzzle = apps.get_model("puzzles", "Puzzle")
    source = Puzzle.objects.filter(pk=models.OuterRef("puzzle_id"))
    PuzzleTheme.objects.update(
        game=models.Subquery(source.values("game")[:1]),
        is_public=models.Subquery(source.values("is_public")[:1]),
        rating=models.Subquery(source.values("rating")[:1]),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0003_progress"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="PuzzleTheme",
                    fields=[
                        ("id", models.AutoField(primary_key=True, serialize=False)),
                        (
                            "puzzle",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, to="puzzles.puzzle"
                            ),
                        ),
                        (
                            "theme",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, to="puzzles.theme"
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "puzzle theme",
                        "verbose_name_plural": "puzzle themes",
                        "db_table": "puzzles_puzzle_themes",
                        "unique_together": {("puzzle", "theme")},
                    },
                ),
                migrations.AlterField(
                    model_name="puzzle",
                    name="themes",
                    field=models.ManyToManyField(
                        blank=True,
                        related_name="puzzles",
                        through="puzzles.PuzzleTheme",
                        to="puzzles.theme",
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.AddField(
            model_name="puzzletheme",
            name="game",
            field=models.CharField(default="", max_length=20),
        ),
        migrations.AddField(
            model_name="puzzletheme",
            name="is_public",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="puzzletheme",
            name="rating",
            field=models.FloatField(default=0.0),
        ),
        migrations.RunPython(copy_from_puzzles, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="puzzletheme",
            index=models.Index(
                fields=["theme", "game", "is_public", "rating"], name="puzzle_theme_by_rating"
            ),
        ),
    ]
