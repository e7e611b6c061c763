from django.contrib import admin

from .models import Learner, Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name", "language", "is_teacher"]
    list_filter = ["is_teacher", "language"]
    search_fields = ["user__username", "user__email", "display_name"]
    raw_id_fields = ["user"]


@admin.register(Learner)
class LearnerAdmin(admin.ModelAdmin):
    list_display = ["__str__", "user", "created_at"]
    search_fields = ["user__username", "token"]
    raw_id_fields = ["user"]
    readonly_fields = ["token", "created_at"]
