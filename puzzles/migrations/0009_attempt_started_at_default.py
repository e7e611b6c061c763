import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    """``started_at`` is set by the code before the attempt is first written (it was
    stamped on insert, then moved back to when the board was opened). The column is
    the same: only Django's state changes, so no table is rebuilt."""

    dependencies = [
        ("puzzles", "0008_attempt_deviations"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="attempt",
                    name="started_at",
                    field=models.DateTimeField(
                        default=django.utils.timezone.now, editable=False, verbose_name="started"
                    ),
                ),
            ],
        ),
    ]
