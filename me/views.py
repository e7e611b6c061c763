from django.shortcuts import render

from accounts.learners import get_learner
from classrooms import assignments
from classrooms.services import pending_invitations
from puzzles import daily
from puzzles.dashboard import game_progress
from tutorials.services import lessons_summary


def dashboard(request):
    """The learner's progress in every game, and their daily-puzzle streak."""
    learner = get_learner(request)
    lessons = {game.slug: (done, total) for game, done, total in lessons_summary(learner)}
    games = game_progress(learner, lessons=lessons)
    current, best = daily.streak(learner)
    homework = assignments.for_student(request.user, assignments.student_assignments(request.user))
    context = {
        "invitations": pending_invitations(request.user),
        "homework": [work for work in homework if not work.is_done],
        "homework_done": [work for work in homework if work.is_done],
        "games": games,
        "daily_games": [progress.game for progress in games if progress.has_library],
        "streak": current,
        "best_streak": best,
    }
    return render(request, "me/dashboard.html", context)
