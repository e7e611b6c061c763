"""Template tags every template gets (a builtin library, ``TEMPLATES`` in settings).

``{% extends %}``: Django's own, except that the blocks of the root template (the
layout, ``base.html``) are found once per compiled template instead of on every
render. Django walks the layout's whole node tree, into every ``{% if %}`` and
``{% fragment %}``, each time a page extends it, to collect its ``{% block %}``
nodes: in process that walk was about two fifths of rendering the layout. A
compiled template never changes (an edited file is compiled afresh into a new one),
so what the walk finds is kept on it.
"""

from django import template
from django.template.base import TextNode
from django.template.loader_tags import (
    BLOCK_CONTEXT_KEY,
    BlockContext,
    BlockNode,
    ExtendsNode,
    do_extends,
)

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
