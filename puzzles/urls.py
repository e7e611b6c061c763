from django.urls import path

from . import views

app_name = "puzzles"
urlpatterns = [
    path("<slug:game>/next/", views.next_puzzle, name="next"),
    path("<slug:slug>/report/", views.report_puzzle, name="report"),
    path("<slug:slug>/", views.solve_puzzle, name="solve"),
]

# Mounted at /daily/ and /review/ (see config/urls.py).
daily_patterns = (
    [
        path("<slug:game>/", views.daily_puzzle, name="today"),
        path("<slug:game>/<str:day>/", views.daily_puzzle, name="day"),
    ],
    "daily",
)
review_patterns = (
    [
        path("", views.review_queue, name="queue"),
        path("<slug:slug>/", views.review_puzzle, name="play"),
    ],
    "review",
)
