"""Model URLs built without reverse() agree with the URLconf."""

from django.urls import reverse

from tutorials.models import Step


def test_step_urls_match_the_urlconf(content):
    steps = Step.objects.select_related("lesson")
    assert steps.count() == 3
    for step in steps:
        expected = reverse("tutorials:step", args=[step.lesson.game, step.lesson.slug, step.order])
        assert step.get_absolute_url() == expected
