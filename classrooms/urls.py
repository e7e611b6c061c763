from django.urls import path

from . import views

app_name = "classrooms"
urlpatterns = [
    path("", views.class_list, name="list"),
    path("new/", views.create_class, name="create"),
    path("join/", views.join_class, name="join"),
    path("join/<str:code>/", views.join_link, name="join_link"),
    path("<int:pk>/", views.class_detail, name="detail"),
    path("<int:pk>/teachers/", views.add_teacher, name="add_teacher"),
    path("<int:pk>/archive/", views.archive_class, name="archive"),
    path("<int:pk>/students/new/", views.create_students, name="create_students"),
    path("<int:pk>/students/<int:student>/", views.change_student, name="change_student"),
    path(
        "<int:pk>/students/<int:student>/password/",
        views.reset_password,
        name="reset_password",
    ),
]
