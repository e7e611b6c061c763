"""Teacher-made puzzles, mounted at /classes/puzzles/ in the classrooms namespace."""

from django.urls import path

from . import puzzle_views as views

urlpatterns = [
    path("", views.puzzle_list, name="puzzles"),
    path("new/go/sgf/", views.upload_sgf, name="puzzle_upload"),
    path("new/<slug:game>/", views.new_puzzle, name="puzzle_new"),
    path("<slug:slug>/edit/", views.edit_puzzle, name="puzzle_edit"),
    path("<slug:slug>/publish/", views.publish_puzzle, name="puzzle_publish"),
    path("<slug:slug>/delete/", views.delete_puzzle, name="puzzle_delete"),
]
