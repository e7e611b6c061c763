from django.urls import include, path

import config.inputs  # noqa: F401  registers <id:…>: ids too big for the database are 404s

from . import assignment_views, views

app_name = "classrooms"
urlpatterns = [
    path("", views.class_list, name="list"),
    path("new/", views.create_class, name="create"),
    path("join/", views.join_class, name="join"),
    path("puzzles/", include("classrooms.puzzle_urls")),
    path("join/<str:code>/", views.join_link, name="join_link"),
    path("<id:pk>/", views.class_detail, name="detail"),
    path("invitations/<id:invitation>/", views.answer_invitation, name="answer_invitation"),
    path("<id:pk>/teachers/", views.invite_teacher, name="invite_teacher"),
    path("<id:pk>/teachers/<id:teacher>/remove/", views.remove_teacher, name="remove_teacher"),
    path(
        "<id:pk>/invitations/<id:invitation>/withdraw/",
        views.withdraw_invitation,
        name="withdraw_invitation",
    ),
    path("<id:pk>/archive/", views.archive_class, name="archive"),
    path("<id:pk>/students/new/", views.create_students, name="create_students"),
    path("<id:pk>/cards/", views.login_cards, name="cards"),
    path("<id:pk>/cards/batch/<id:batch>/", views.login_cards, name="batch_cards"),
    path("<id:pk>/cards/student/<id:student>/", views.login_cards, name="student_card"),
    path("<id:pk>/students/<id:student>/", views.change_student, name="change_student"),
    path(
        "<id:pk>/students/<id:student>/password/",
        views.reset_password,
        name="reset_password",
    ),
    path("<id:pk>/assignments/new/", assignment_views.new_assignment, name="new_assignment"),
    path(
        "<id:pk>/assignments/<id:assignment>/",
        assignment_views.assignment_detail,
        name="assignment",
    ),
    path(
        "<id:pk>/assignments/<id:assignment>/edit/",
        assignment_views.edit_assignment,
        name="edit_assignment",
    ),
    path(
        "<id:pk>/assignments/<id:assignment>/items/",
        assignment_views.assignment_items,
        name="assignment_items",
    ),
    path(
        "<id:pk>/assignments/<id:assignment>/delete/",
        assignment_views.delete_assignment,
        name="delete_assignment",
    ),
    path(
        "<id:pk>/assignments/<id:assignment>/results.csv",
        assignment_views.assignment_csv,
        name="assignment_csv",
    ),
]
