from django.urls import path

from . import views

app_name = "puzzles"
urlpatterns = [
    path("<slug:slug>/", views.solve_puzzle, name="solve"),
]
