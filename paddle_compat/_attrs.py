"""Class-building helpers shared across namespaces: Paddle exposes many constructor arguments as read-only
properties over private attributes (``AffineTransform.loc`` over ``_loc``, ``Variable.event_rank`` over
``_event_rank``...); one factory builds them instead of a hand-written getter per class and name."""

from operator import attrgetter


def read_only(attr):
    """A ``property`` (no setter) answering ``self.<attr>``; ``attr`` may be dotted (``"_base.mean"``)."""
    return property(attrgetter(attr))


def private_views(*names):
    """``read_only`` properties for the public ``names`` over their ``_``-prefixed attributes, in order:
    ``loc, scale = private_views("loc", "scale")`` in a class body."""
    return tuple(read_only("_" + name) for name in names)
