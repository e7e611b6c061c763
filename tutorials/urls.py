from django.urls import path

from . import views

app_name = "tutorials"
urlpatterns = [
    path("<slug:game>/", views.learn_game, name="game"),
    path("<slug:game>/<slug:lesson>/", views.start_lesson, name="lesson"),
    path("<slug:game>/<slug:lesson>/done/", views.lesson_done, name="done"),
    path("<slug:game>/<slug:lesson>/<int:order>/", views.play_step, name="step"),
]
