"""Template tags every template gets (a builtin library, ``TEMPLATES`` in settings).

``{% extends %}``: Django's own, except that the blocks of the root template (the
layout, ``base.html``) are found once per compiled template instead of on every
render. Django walks the layout's whole node tree, into every ``{% if %}`` and
``{% fragment %}``, each time a page extends it, to collect its ``{% block %}``
nodes: in process that walk was about two fifths of rendering the layout. A
compiled template never changes (an edited file is compiled afresh into a new one),
so what the walk finds is kept on it.

``{% url %}``: Django's own, except that what it reverses is kept in this process.
Reversing a name walks the URL patterns and quotes every part, about 15 µs a link; a
page's header alone has four. What a name with the same plain arguments (text,
numbers) reverses to never changes while the process runs: the URL patterns are
loaded once. The key holds everything else ``reverse`` reads (the script prefix, the
URLconf, the current app, the language).
"""

from django import template
from django.template.base import TextNode
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as do_url
from django.template.loader_tags import (
    BLOCK_CONTEXT_KEY,
    BlockContext,
    BlockNode,
    ExtendsNode,
    do_extends,
)
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = template.Library()

_NOT_ROOT = object()


def _root_blocks(compiled):
    """The ``{% block %}`` nodes of ``compiled`` by name when it extends nothing (it
    is the root of the page), else ``None``: Django's test, worked out once."""
    found = compiled.__dict__.get("_qipai_root_blocks", _NOT_ROOT)
    if found is _NOT_ROOT:
        found = None
        for node in compiled.nodelist:
            # The {% extends %} node has to be the first non-text node.
            if not isinstance(node, TextNode):
                if not isinstance(node, ExtendsNode):
                    found = {n.name: n for n in compiled.nodelist.get_nodes_by_type(BlockNode)}
                break
        compiled._qipai_root_blocks = found
    return found


class KeptExtendsNode(ExtendsNode):
    def render(self, context):
        compiled_parent = self.get_parent(context)
        if BLOCK_CONTEXT_KEY not in context.render_context:
            context.render_context[BLOCK_CONTEXT_KEY] = BlockContext()
        block_context = context.render_context[BLOCK_CONTEXT_KEY]
        block_context.add_blocks(self.blocks)
        root_blocks = _root_blocks(compiled_parent)
        if root_blocks is not None:
            block_context.add_blocks(root_blocks)
        with context.render_context.push_state(compiled_parent, isolated_context=False):
            return compiled_parent._render(context)


@register.tag("extends")
def extends(parser, token):
    node = do_extends(parser, token)
    node.__class__ = KeptExtendsNode
    return node


# What ``{% url %}`` reversed, by everything the result depends on; emptied when full
# (a site's links number in the thousands: a name and a slug each).
MAX_URLS = 20_000
_urls: dict[tuple, str] = {}
_PLAIN = (str, int)  # text (a template's literals are SafeString) and numbers


class KeptURLNode(URLNode):
    def render(self, context):
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple((k, v.resolve(context)) for k, v in self.kwargs.items())
        values = (*args, *(v for _, v in kwargs))
        if not all(isinstance(v, _PLAIN) and not isinstance(v, bool) for v in values):
            # An object's text may change; True would find 1's link (equal keys).
            return super().render(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        view_name = self.view_name.resolve(context)
        key = (view_name, args, kwargs, current_app)
        key += (get_script_prefix(), get_urlconf(), get_language())  # what reverse reads
        url = _urls.get(key)
        if url is None:
            try:
                url = reverse(view_name, args=args, kwargs=dict(kwargs), current_app=current_app)
            except NoReverseMatch:
                if self.asvar is None:
                    raise
                url = ""  # "as": no match is no link, and nothing kept
            else:
                if len(_urls) >= MAX_URLS:
                    _urls.clear()
                _urls[key] = url
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag("url")
def url(parser, token):
    node = do_url(parser, token)
    node.__class__ = KeptURLNode
    return node
