"""Teacher-made puzzles, mounted at /classes/puzzles/ in the classrooms namespace."""

from django.urls import path

from . import puzzle_views as views

urlpatterns = [
    path("", views.puzzle_list, name="puzzles"),
    path("new/<slug:game>/", views.new_puzzle, name="puzzle_new"),
    path("new/<slug:game>/<slug:mode>/", views.new_puzzle, name="puzzle_new_mode"),
    path("<slug:slug>/edit/", views.edit_puzzle, name="puzzle_edit"),
    path("<slug:slug>/publish/", views.publish_puzzle, name="puzzle_publish"),
    path("<slug:slug>/delete/", views.delete_puzzle, name="puzzle_delete"),
]
