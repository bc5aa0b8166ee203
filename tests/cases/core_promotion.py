"""Goldens: Paddle 2.6 dtype promotion of the Python operators (tensor-tensor and tensor-scalar).

The combination tables list only what real Paddle 2.6.2 (CPU) computes without a kernel error; they
were read off the oracle (script in tests/core/fixtures/README.md). Values are checked as well as dtypes.
"""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

TENSOR_OK = {'add': {'bfloat16': 'float16 float32 float64',
         'float16': 'bfloat16 float32 float64',
         'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'and': {'bool': 'bool', 'int16': 'int16', 'int32': 'int32', 'int64': 'int64', 'uint8': 'uint8'},
 'div': {'bool': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'uint8': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'eq': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'bool': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'uint8': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'fdiv': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'float16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
          'uint8': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'lt': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'bool': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'uint8': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'mm': {'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
        'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'mod': {'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'mul': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'bool': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float16': 'bfloat16 float32 float64',
         'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'pow': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'},
 'sub': {'bfloat16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float16': 'bfloat16 float32 float64',
         'float32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'float64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int16': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int32': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64',
         'int64': 'bool uint8 int16 int32 int64 float16 bfloat16 float32 float64'}}

SCALAR_OK = {'add': {'bfloat16': '1:f 1:r 1.5:f 1.5:r',
         'bool': '1:f 1:r 1.5:f 1.5:r',
         'float16': '1:f 1:r 1.5:f 1.5:r',
         'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'uint8': '1:f 1:r 1.5:f 1.5:r'},
 'div': {'bfloat16': '1:f 1.5:f',
         'bool': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'float16': '1:f 1.5:f',
         'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int16': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'uint8': '1:f 1:r 1.5:f 1.5:r True:f True:r'},
 'eq': {'bfloat16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'bool': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'uint8': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r'},
 'fdiv': {'bfloat16': '1:f 1.5:f True:f 2j:f',
          'bool': '1.5:f',
          'float16': '1:f 1.5:f True:f 2j:f',
          'float32': '1:f 1.5:f True:f 2j:f',
          'float64': '1:f 1.5:f True:f 2j:f',
          'int16': '1:f 1.5:f True:f',
          'int32': '1:f 1.5:f True:f',
          'int64': '1:f 1.5:f True:f',
          'uint8': '1:f 1.5:f True:f'},
 'lt': {'bfloat16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'bool': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
        'uint8': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r'},
 'mod': {'bool': '1.5:f',
         'float32': '1:f 1.5:f True:f 2j:f',
         'float64': '1:f 1.5:f True:f 2j:f',
         'int16': '1.5:f',
         'int32': '1:f 1.5:f True:f',
         'int64': '1:f 1.5:f True:f',
         'uint8': '1.5:f'},
 'mul': {'bfloat16': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'bool': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'float16': '1:f 1:r 1.5:f 1.5:r',
         'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int16': '1:f 1:r 1.5:f 1.5:r',
         'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r',
         'uint8': '1:f 1:r 1.5:f 1.5:r'},
 'pow': {'bfloat16': '1:r 1.5:r True:f True:r 2j:f 2j:r',
         'bool': '1.5:f 1.5:r',
         'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int16': '1.5:f 1.5:r',
         'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'uint8': '1.5:f 1.5:r'},
 'sub': {'bfloat16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'bool': '1:f 1:r 1.5:f 1.5:r',
         'float16': '1:f 1:r 1.5:f 1.5:r',
         'float32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'float64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int16': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int32': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'int64': '1:f 1:r 1.5:f 1.5:r True:f True:r 2j:f 2j:r',
         'uint8': '1:f 1:r 1.5:f 1.5:r'}}

OPS = {"add": "operator.add", "sub": "operator.sub", "mul": "operator.mul", "div": "operator.truediv",
       "fdiv": "operator.floordiv", "mod": "operator.mod", "pow": "operator.pow", "eq": "operator.eq",
       "lt": "operator.lt", "and": "operator.and_", "mm": "operator.matmul"}
SCALARS = {"1": 1, "1.5": 1.5, "True": True, "2j": 2j}
DIVLIKE = ("div", "fdiv", "mod")


def left(op, dt, shape=(2, 3)):
    if op == "pow":
        return T(dt, shape, low=0, high=3)
    if op in ("fdiv", "mod") and dt not in ("bool",):
        return T(dt, shape, low=-4, high=5)
    return T(dt, shape)


def right(op, dt, shape=(2, 3)):
    if dt == "bool" and op in DIVLIKE:
        return T(dt, shape, values=[[True] * shape[1]] * shape[0])
    if op in DIVLIKE:
        return T(dt, shape, low=1, high=4)
    if op == "pow":
        return T(dt, shape, low=0, high=3)
    return T(dt, shape)


for op, table in TENSOR_OK.items():
    for a, bs in table.items():
        for b in bs.split():
            if op == "mm":
                add(case(OPS[op], left(op, a, (2, 3)), right(op, b, (3, 2)), id=f"promote.{op}.{a}.{b}"))
            else:
                add(case(OPS[op], left(op, a), right(op, b), id=f"promote.{op}.{a}.{b}"))

for op, table in SCALAR_OK.items():
    if op == "mm":
        continue
    for a, items in table.items():
        for item in items.split():
            s, side = item.split(":")
            value = SCALARS[s]
            if op in DIVLIKE and side == "r":
                x = right(op, a)
            else:
                x = left(op, a)
            if op in DIVLIKE and side == "f" and not value:
                continue
            args = (x, value) if side == "f" else (value, x)
            add(case(OPS[op], *args, id=f"scalar.{op}.{a}.{s}.{side}"))
