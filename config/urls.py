from django.conf import settings
from django.contrib import admin
from django.shortcuts import render
from django.urls import include, path

from accounts.views import set_language
from puzzles.urls import daily_patterns, review_patterns
from tutorials.views import home

urlpatterns = [
    path("", home, name="home"),
    path("learn/", include("tutorials.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("daily/", include(daily_patterns)),
    path("review/", include(review_patterns)),
    path("me/", include("me.urls")),
    path("me/", include("accounts.urls")),
    path("classes/", include("classrooms.urls")),
    path("language/", set_language, name="set_language"),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
]

if settings.BENCH_VIEWS:

    def bare(request):
        """The reference page of the benchmarks: a small template, same settings."""
        return render(request, "bench/bare.html", {"items": range(10)})

    def layout(request):
        """An empty page on the site's layout: what base.html alone costs."""
        return render(request, "bench/layout.html")

    urlpatterns.append(path("bench/bare/", bare, name="bench-bare"))
    urlpatterns.append(path("bench/layout/", layout, name="bench-layout"))
