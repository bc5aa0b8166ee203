"""``paddle.base.layers.layer_function_generator``: the docstring helpers Paddle's layer functions are
decorated with (``templatedoc``, ``autodoc``): here they leave functions unchanged."""

__all__ = []


def templatedoc(op_type=None):
    def decorate(func):
        return func

    return decorate


def autodoc(comment=""):
    def decorate(func):
        return func

    return decorate
