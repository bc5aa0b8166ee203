"""``to_static(full_graph=True)``: a tensor-dependent ``if`` whose branches both ``return`` becomes ``torch.cond``
(Paddle's AST translator turns it into a conditional_block op), so the function stays one graph.

The source is rewritten once: ``if c: A...return a`` followed by ``B...return b`` (or an ``else``) becomes
``return _jst_cond(c, lambda-like true_fn, false_fn)``. ``_jst_cond`` runs ``torch.cond`` when ``c`` is a Tensor
under tracing and a plain Python ``if`` otherwise, so eager results are unchanged. Other ``if`` shapes stay as
they are (and graph-break).
"""

import ast
import inspect
import textwrap

import torch

from ..._core.tensor import Tensor, wrap

__all__ = ["convert_tensor_ifs", "jst_cond"]


def _to_torch(x):
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, (tuple, list)):
        return type(x)(_to_torch(i) for i in x)
    return x


def _to_paddle(x):
    if isinstance(x, torch.Tensor):
        return wrap(x)
    if isinstance(x, (tuple, list)):
        return type(x)(_to_paddle(i) for i in x)
    return x


def jst_cond(pred, true_fn, false_fn):
    if isinstance(pred, Tensor) and torch.compiler.is_compiling():
        flag = pred._t.reshape(())
        if flag.dtype != torch.bool:
            flag = flag != 0
        return _to_paddle(torch.cond(flag, lambda: _to_torch(true_fn()), lambda: _to_torch(false_fn()), ()))
    return true_fn() if pred else false_fn()


def _ends_with_return(body):
    return bool(body) and isinstance(body[-1], ast.Return)


class _IfToCond(ast.NodeTransformer):
    def __init__(self):
        self.count = 0

    def _rewrite(self, body):
        """Rewrites the first return-terminated ``if`` of ``body`` (and, recursively, of its branches)."""
        out = []
        for i, stmt in enumerate(body):
            if isinstance(stmt, ast.If) and _ends_with_return(stmt.body):
                rest = stmt.orelse if stmt.orelse else body[i + 1:]
                if _ends_with_return(rest):
                    k = self.count
                    self.count += 1
                    true_fn = ast.FunctionDef(name=f"__jst_true_{k}", args=_no_args(), body=self._rewrite(stmt.body),
                                              decorator_list=[], returns=None, type_params=[])
                    false_fn = ast.FunctionDef(name=f"__jst_false_{k}", args=_no_args(), body=self._rewrite(rest),
                                               decorator_list=[], returns=None, type_params=[])
                    call = ast.Call(func=ast.Name(id="__jst_cond", ctx=ast.Load()),
                                    args=[stmt.test, ast.Name(id=true_fn.name, ctx=ast.Load()),
                                          ast.Name(id=false_fn.name, ctx=ast.Load())], keywords=[])
                    out += [true_fn, false_fn, ast.Return(value=call)]
                    return out
            out.append(stmt)
        return out

    def visit_FunctionDef(self, node):  # noqa: N802  ast's visitor naming
        node.body = self._rewrite(node.body)
        node.decorator_list = []
        return node


def _no_args():
    return ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                         defaults=[])


def convert_tensor_ifs(function):
    """The function with its return-terminated ``if``s as ``jst_cond`` calls, or None when there is none or the
    source cannot be rewritten (lambdas, no source, closures over names that are not set yet)."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return None
    if not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    transformer = _IfToCond()
    tree.body[0] = transformer.visit(tree.body[0])
    if transformer.count == 0:
        return None
    code = function.__code__
    free = code.co_freevars
    try:
        cells = [c.cell_contents for c in (function.__closure__ or ())]
    except ValueError:  # an empty cell
        return None
    factory_args = _no_args()
    factory_args.args = [ast.arg(arg=n) for n in (*free, "__jst_cond")]
    give_back = ast.Return(value=ast.Name(id=tree.body[0].name, ctx=ast.Load()))
    factory = ast.FunctionDef(name="__jst_factory", args=factory_args, body=[tree.body[0], give_back],
                              decorator_list=[], returns=None, type_params=[])
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    # defined in the function's own module globals (dynamo guards look globals up there); the factory name is
    # removed again, jst_cond arrives as a closure variable
    namespace = function.__globals__
    exec(compile(module, code.co_filename, "exec"), namespace)  # noqa: S102  the user's own function, rewritten
    converted = namespace.pop("__jst_factory")(*cells, jst_cond)
    converted.__defaults__ = function.__defaults__
    converted.__kwdefaults__ = function.__kwdefaults__
    return converted
