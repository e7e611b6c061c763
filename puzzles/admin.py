from django.contrib import admin

from .models import (
    Attempt,
    DailyPuzzle,
    LearnerRating,
    Puzzle,
    PuzzleReport,
    PuzzleTheme,
    Theme,
)


@admin.register(Theme)
class ThemeAdmin(admin.ModelAdmin):
    list_display = ["slug", "name_zh", "name_en"]
    search_fields = ["slug", "name_zh", "name_en"]


class PuzzleThemeInline(admin.TabularInline):
    model = PuzzleTheme
    fields = ["theme"]
    extra = 1


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ["slug", "game", "kind", "rating", "plays", "is_public", "author", "updated_at"]
    list_filter = ["game", "kind", "themes", "is_public"]
    search_fields = ["slug", "prompt_zh", "prompt_en", "explanation_zh", "explanation_en"]
    inlines = [PuzzleThemeInline]
    raw_id_fields = ["author"]


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ["puzzle", "learner", "status", "started_at", "finished_at"]
    list_filter = ["status", "puzzle__game", "puzzle__kind", "puzzle__themes"]
    search_fields = ["puzzle__slug", "learner__user__username"]
    raw_id_fields = ["learner", "puzzle"]
    date_hierarchy = "started_at"


@admin.register(PuzzleReport)
class PuzzleReportAdmin(admin.ModelAdmin):
    list_display = ["puzzle", "reason", "created_at", "resolved"]
    list_filter = ["resolved", "reason", "puzzle__game"]
    list_editable = ["resolved"]
    search_fields = ["puzzle__slug", "note"]
    raw_id_fields = ["puzzle", "learner"]
    date_hierarchy = "created_at"


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ["date", "game", "puzzle"]
    list_filter = ["game"]
    raw_id_fields = ["puzzle"]
    date_hierarchy = "date"


@admin.register(LearnerRating)
class LearnerRatingAdmin(admin.ModelAdmin):
    list_display = ["learner", "game", "rating", "deviation", "games", "updated_at"]
    list_filter = ["game"]
    raw_id_fields = ["learner"]
