"""``{% fragment "name" var ... %}...{% endfragment %}``: render once, reuse.

Like Django's ``{% cache %}``, but kept in this process's content cache
(``puzzles.content_cache``): no key hashing or pickling on the way, dropped
whenever content changes and after ``CONTENT_CACHE_SECONDS`` anyway. For the
parts of a page that depend only on the language and the values named (never
on a CSRF token or on anything private to a learner).
"""

from django import template

from puzzles import content_cache

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist, name, vary_on):
        self.nodelist = nodelist
        self.name = name
        self.vary_on = vary_on

    def key(self, context) -> tuple:
        return ("fragment", self.name, *(var.resolve(context) for var in self.vary_on))

    def render(self, context):
        return content_cache.cached(self.key(context), lambda: self.nodelist.render(context))


def _parse(parser, token, node_class):
    """``{% tag "name" var ... %}...{% endtag %}`` into ``node_class``."""
    bits = token.split_contents()
    tag = bits[0]
    if len(bits) < 2:
        raise template.TemplateSyntaxError(f"'{tag}' needs a name")
    name = bits[1].strip("\"'")
    nodelist = parser.parse((f"end{tag}",))
    parser.delete_first_token()
    return node_class(nodelist, name, [parser.compile_filter(bit) for bit in bits[2:]])


@register.tag
def fragment(parser, token):
    return _parse(parser, token, FragmentNode)


class LearnerFragmentNode(FragmentNode):
    def render(self, context):
        from accounts.kept import kept
        from accounts.learners import get_learner

        request = context.get("request")
        learner = get_learner(request) if request is not None else None
        if learner is None:
            return self.nodelist.render(context)
        return kept(learner, self.key(context), lambda: self.nodelist.render(context))


@register.tag
def learnerfragment(parser, token):
    """``{% learnerfragment "name" var ... %}...{% endlearnerfragment %}``: a part of a
    page made of the signed-in learner's progress (their review queue), rendered once
    for each of their revisions (``accounts.kept``) and the values named (the day, the
    language). Never a CSRF token inside; without a learner, rendered each time."""
    return _parse(parser, token, LearnerFragmentNode)
