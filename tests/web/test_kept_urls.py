"""``{% url %}`` keeps what it reversed (``config.templating``): the same links as
Django's own tag, wherever the site is mounted."""

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, clear_script_prefix, set_script_prefix

from config import templating


@pytest.fixture(autouse=True)
def _fresh():
    templating._urls.clear()
    yield
    templating._urls.clear()
    clear_script_prefix()


def render(source: str, **values) -> str:
    return Template(source).render(Context(values))


def test_links_with_and_without_arguments():
    source = "{% url 'home' %} {% url 'puzzles:solve' slug %} {% url 'daily:day' game=g day=d %}"
    assert render(source, slug="a", g="go", d="2026-12-04") == "/ /puzzles/a/ /daily/go/2026-12-04/"
    # Kept, and still each slug its own link.
    assert render(source, slug="b", g="go", d="2026-12-05") == "/ /puzzles/b/ /daily/go/2026-12-05/"


def test_a_site_under_a_path_links_under_it():
    assert render("{% url 'puzzles:solve' 'a' %}") == "/puzzles/a/"
    set_script_prefix("/school/")
    assert render("{% url 'puzzles:solve' 'a' %}") == "/school/puzzles/a/"


def test_as_keeps_no_error_and_a_missing_name_still_fails():
    assert render("{% url 'no-such-page' as link %}[{{ link }}]") == "[]"
    assert render("{% url 'home' as link %}[{{ link }}]") == "[/]"
    with pytest.raises(NoReverseMatch):
        render("{% url 'no-such-page' %}")


def test_an_object_argument_is_reversed_each_time():
    class Named:
        text = "first"

        def __str__(self):
            return self.text

    thing = Named()
    assert render("{% url 'puzzles:solve' thing %}", thing=thing) == "/puzzles/first/"
    thing.text = "second"
    assert render("{% url 'puzzles:solve' thing %}", thing=thing) == "/puzzles/second/"


def test_a_number_and_a_flag_are_not_one_argument():
    assert render("{% url 'puzzles:solve' n %}", n=1) == "/puzzles/1/"
    assert render("{% url 'puzzles:solve' n %}", n=True) == "/puzzles/True/"
