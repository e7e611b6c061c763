from django.urls import include, path

from . import assignment_views, views

app_name = "classrooms"
urlpatterns = [
    path("", views.class_list, name="list"),
    path("new/", views.create_class, name="create"),
    path("join/", views.join_class, name="join"),
    path("puzzles/", include("classrooms.puzzle_urls")),
    path("join/<str:code>/", views.join_link, name="join_link"),
    path("<int:pk>/", views.class_detail, name="detail"),
    path("invitations/<int:invitation>/", views.answer_invitation, name="answer_invitation"),
    path("<int:pk>/teachers/", views.invite_teacher, name="invite_teacher"),
    path("<int:pk>/teachers/<int:teacher>/remove/", views.remove_teacher, name="remove_teacher"),
    path(
        "<int:pk>/invitations/<int:invitation>/withdraw/",
        views.withdraw_invitation,
        name="withdraw_invitation",
    ),
    path("<int:pk>/archive/", views.archive_class, name="archive"),
    path("<int:pk>/students/new/", views.create_students, name="create_students"),
    path("<int:pk>/cards/", views.login_cards, name="cards"),
    path("<int:pk>/cards/batch/<int:batch>/", views.login_cards, name="batch_cards"),
    path("<int:pk>/cards/student/<int:student>/", views.login_cards, name="student_card"),
    path("<int:pk>/students/<int:student>/", views.change_student, name="change_student"),
    path(
        "<int:pk>/students/<int:student>/password/",
        views.reset_password,
        name="reset_password",
    ),
    path("<int:pk>/assignments/new/", assignment_views.new_assignment, name="new_assignment"),
    path(
        "<int:pk>/assignments/<int:assignment>/",
        assignment_views.assignment_detail,
        name="assignment",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/edit/",
        assignment_views.edit_assignment,
        name="edit_assignment",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/items/",
        assignment_views.assignment_items,
        name="assignment_items",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/delete/",
        assignment_views.delete_assignment,
        name="delete_assignment",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/results.csv",
        assignment_views.assignment_csv,
        name="assignment_csv",
    ),
]
