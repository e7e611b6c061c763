"""The table of the default cache (Django's database cache), where allauth's rate
limits count: made wherever the site's database is, by the same migrate.

Made whatever CACHES says when this runs, so a site that moves from Redis back to
the database cache finds it there. Its name is settings.CACHE_TABLE.
"""

from django.core.management import call_command
from django.db import migrations

CACHE_TABLE = "qipai_cache"


def create_cache_table(apps, schema_editor):
    # Does nothing when the table is already there (made by createcachetable, say).
    call_command(
        "createcachetable", CACHE_TABLE, database=schema_editor.connection.alias, verbosity=0
    )


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(CACHE_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_profile_must_change_password"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, drop_cache_table, elidable=False),
    ]
