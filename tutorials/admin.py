from django.contrib import admin

from .models import Lesson, LessonProgress, Step


class StepInline(admin.StackedInline):
    model = Step
    extra = 0
    raw_id_fields = ["exercise"]


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ["slug", "game", "order", "title_zh", "title_en"]
    list_filter = ["game"]
    search_fields = ["slug", "title_zh", "title_en", "summary_zh", "summary_en"]
    inlines = [StepInline]


@admin.register(Step)
class StepAdmin(admin.ModelAdmin):
    list_display = ["__str__", "lesson", "order", "exercise"]
    list_filter = ["lesson__game", "exercise__kind", "exercise__themes"]
    search_fields = ["lesson__slug", "text_zh", "text_en"]
    raw_id_fields = ["lesson", "exercise"]


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ["learner", "lesson", "completed_at", "updated_at"]
    list_filter = ["lesson__game"]
    search_fields = ["learner__user__username", "lesson__slug"]
    raw_id_fields = ["learner", "lesson"]
