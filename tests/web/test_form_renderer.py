"""Form fields are drawn by Django's own form templates in their Jinja2 versions
(``config.forms``): the same HTML as Django's template language gives, and the admin's
widgets, written for that language alone, still drawn by it."""

import re

import pytest
from django.forms import renderers
from django.template.backends import django as django_backend
from django.template.backends import jinja2 as jinja2_backend

from classrooms.forms import AssignmentForm, TeacherForm
from classrooms.services import create_classroom, join
from config.forms import FormRenderer
from tests.conftest import make_user


def drawn(form) -> str:
    """The form's HTML as a browser reads it: a run of white space is one space."""
    form.is_valid()
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", form.as_div())).strip()


@pytest.mark.parametrize("data", [None, {}, {"username": "x" * 200}])
def test_a_form_is_drawn_as_django_s_templates_draw_it(db, data):
    ours = drawn(TeacherForm(data, renderer=FormRenderer()))
    theirs = drawn(TeacherForm(data, renderer=renderers.DjangoTemplates()))
    assert ours == theirs
    if data:
        assert 'class="errorlist' in ours


def test_a_form_with_choices_and_dates_is_drawn_the_same(db):
    teacher = make_user("t", teacher=True)
    classroom = create_classroom(teacher, name="Class", game="go")
    for name in ("ann", "bo"):
        join(make_user(name), classroom.join_code)
    data = {"title": "", "due_date": "2026-13-40", "students": ["x"]}

    def form(renderer):
        return AssignmentForm(data, classroom=classroom, renderer=renderer)

    ours = drawn(form(FormRenderer()))
    assert ours == drawn(form(renderers.DjangoTemplates()))
    assert ours.count('type="checkbox"') >= 2


def test_django_s_form_templates_are_jinja2_and_the_admin_s_are_not():
    renderer = FormRenderer()
    field = renderer.get_template("django/forms/field.html")
    assert isinstance(field, jinja2_backend.Template)
    admin = renderer.get_template("admin/widgets/related_widget_wrapper.html")
    assert isinstance(admin, django_backend.Template)
    # The choice is remembered: asked again, the same kind of template.
    again = renderer.get_template("admin/widgets/related_widget_wrapper.html")
    assert isinstance(again, django_backend.Template)
