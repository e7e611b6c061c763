from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.edit_profile, name="profile"),
    path("first-password/", views.first_password, name="first_password"),
]
