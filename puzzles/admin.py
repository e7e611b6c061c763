from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from . import publishing
from .models import (
    Attempt,
    DailyPuzzle,
    LearnerRating,
    PublicationRequest,
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
    list_filter = ["game", "kind", "themes", "is_public", "publication"]
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


class DeclineForm(forms.Form):
    note = forms.CharField(
        label=gettext_lazy("Note to the author"),
        required=False,
        max_length=publishing.NOTE_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Optional. Say what would make the puzzle right for the library."),
    )


@admin.register(PublicationRequest)
class PublicationRequestAdmin(admin.ModelAdmin):
    """The review list: teachers' puzzles that ask to join the library.

    Open one to read it (and "view on site" to try it), then approve it or decline
    it with a note the teacher reads; or approve or decline several from the list.
    """

    list_display = ["slug", "game", "kind", "author", "short_prompt", "publication_requested_at"]
    list_filter = ["game", "kind"]
    search_fields = ["slug", "author__username", "prompt_zh", "prompt_en"]
    ordering = ["publication_requested_at", "pk"]
    actions = ["approve", "decline"]
    fields = [
        "slug",
        "game",
        "kind",
        "author",
        "prompt_zh",
        "prompt_en",
        "explanation_zh",
        "explanation_en",
        "rating",
        "data",
        "publication_requested_at",
        "publication_note",
    ]
    readonly_fields = [name for name in fields if name != "publication_note"]
    change_form_template = "admin/puzzles/publicationrequest/change_form.html"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .filter(publication=Puzzle.Publication.REQUESTED, is_public=False)
            .select_related("author")
        )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("prompt"))
    def short_prompt(self, puzzle):
        text = puzzle.prompt
        return text if len(text) <= 80 else f"{text[:79]}…"

    @admin.action(
        description=gettext_lazy("Approve: put it in the library"), permissions=["change"]
    )
    def approve(self, request, queryset):
        puzzles = list(queryset)
        for puzzle in puzzles:
            publishing.approve(puzzle)
        self.message_user(
            request,
            ngettext(
                "%(count)d puzzle is in the library now.",
                "%(count)d puzzles are in the library now.",
                len(puzzles),
            )
            % {"count": len(puzzles)},
            messages.SUCCESS,
        )

    @admin.action(description=gettext_lazy("Decline, with a note…"), permissions=["change"])
    def decline(self, request, queryset):
        """Asks for the note first (a page of its own), then declines."""
        form = DeclineForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            puzzles = list(queryset)
            for puzzle in puzzles:
                publishing.decline(puzzle, form.cleaned_data["note"])
            self.message_user(
                request,
                ngettext(
                    "%(count)d puzzle is declined.", "%(count)d puzzles are declined.", len(puzzles)
                )
                % {"count": len(puzzles)},
                messages.SUCCESS,
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Decline puzzles for the library"),
            "opts": self.model._meta,
            "puzzles": queryset,
            "form": form,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/puzzles/publicationrequest/decline.html", context)

    def save_model(self, request, obj, form, change):
        """The change form's buttons: approve, or decline with the note typed."""
        if "_approve" in request.POST:
            publishing.approve(obj)
        elif "_decline" in request.POST:
            publishing.decline(obj, form.cleaned_data.get("publication_note", ""))

    def response_change(self, request, obj):
        if "_approve" in request.POST:
            self.message_user(request, _("The puzzle is in the library now."), messages.SUCCESS)
        elif "_decline" in request.POST:
            self.message_user(request, _("The puzzle is declined."), messages.SUCCESS)
        else:
            self.message_user(request, _("Nothing changed: approve or decline."), messages.INFO)
        return HttpResponseRedirect(reverse("admin:puzzles_publicationrequest_changelist"))
