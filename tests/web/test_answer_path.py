"""The answer path: judged before anything is written, recorded once, and a
rejected answer leaves no trace.

An answer is judged by its kind (the engine's work) outside any transaction, then
recorded in a short one that checks the attempt is still as it was judged.
"""

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client

from accounts.models import Learner
from puzzles import services
from puzzles.kinds import get_kind
from puzzles.models import Attempt, Puzzle

PICK_ONE = "/puzzles/pick-one/"


def test_the_engine_judges_outside_any_transaction(transactional_db, monkeypatch):
    """Another learner's answer or log-in never waits behind a long search."""
    from django.core.management import call_command

    from tests.conftest import CONTENT

    call_command("load_content", dir=CONTENT, stdout=open("/dev/null", "w"))  # noqa: SIM115
    kind = type(get_kind("test.pick"))
    check = kind.check
    seen = []

    def watching(self, data, state, answer):
        seen.append(connection.in_atomic_block)
        return check(self, data, state, answer)

    monkeypatch.setattr(kind, "check", watching)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert "Correct!" in client.post(PICK_ONE, {"move": "c2", "ply": "0"}).content.decode()
    assert seen == [False]
    assert Attempt.objects.get().status == Attempt.Status.SOLVED


@pytest.mark.parametrize(
    "fields",
    [{"move": "zz9", "ply": "0"}, {"move": "", "ply": "0"}, {"ply": "x"}, {"action": "hint"}],
)
def test_a_rejected_answer_writes_nothing(content, fields):
    """A visitor without a cookie whose answer is refused gets no learner and no session."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    before = (Learner.objects.count(), Session.objects.count(), Attempt.objects.count())
    response = client.post(PICK_ONE, fields)
    assert response.status_code == 400
    assert (Learner.objects.count(), Session.objects.count(), Attempt.objects.count()) == before
    assert "sessionid" not in response.cookies


def test_an_answer_that_counts_makes_the_visitor_a_learner(content):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post(PICK_ONE, {"move": "a1", "ply": "0"})
    assert Learner.objects.count() == 1
    assert Attempt.objects.get().status == Attempt.Status.FAILED


def test_a_double_clicked_final_answer_counts_once(content, learner_user):
    """Two copies of one answer, both judged before either is recorded: the race of a
    double click. The second gets the recorded verdict; one attempt, one result."""
    from accounts.services import learner_for_user

    learner = learner_for_user(learner_user)
    puzzle = Puzzle.objects.get(slug="pick-one")
    first = services.judge_answer(learner, puzzle, {"move": "c2"}, ply=0)
    second = services.judge_answer(learner, puzzle, {"move": "c2"}, ply=0)
    recorded = services.record_answer(learner, puzzle, first)
    again = services.record_answer(learner, puzzle, second)
    assert again.attempt.pk == recorded.attempt.pk
    assert again.verdict.is_correct and again.verdict.message == recorded.verdict.message
    assert Attempt.objects.filter(learner=learner).count() == 1
    assert learner.ratings.get(game="go").games == 1  # rated once
    assert Puzzle.objects.get(slug="pick-one").plays == 1


def test_two_different_answers_at_once_one_wins_the_other_is_stale(content, learner_user):
    from accounts.services import learner_for_user

    learner = learner_for_user(learner_user)
    puzzle = Puzzle.objects.get(slug="pick-one")
    right = services.judge_answer(learner, puzzle, {"move": "c2"}, ply=0)
    wrong = services.judge_answer(learner, puzzle, {"move": "a1"}, ply=0)
    services.record_answer(learner, puzzle, right)
    with pytest.raises(services.StaleAnswer):
        services.record_answer(learner, puzzle, wrong)
    [attempt] = Attempt.objects.filter(learner=learner)
    assert attempt.status == Attempt.Status.SOLVED and attempt.moves == ["c2"]


def test_a_resent_answer_keeps_its_verdict_after_the_puzzle_loads_again(content):
    """The verdict comes from the attempt, not from judging again."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    first = client.post(PICK_ONE, {"move": "a1", "ply": "0"}).content.decode()
    assert "a1 is too far away." in first
    again = client.post(PICK_ONE, {"move": "a1", "ply": "0"})
    assert again.status_code == 200
    assert "a1 is too far away." in again.content.decode()
    assert Attempt.objects.count() == 1
