"""``paddle.optimizer.LBFGS``: Paddle's implementation is a port of torch's L-BFGS (same algorithm, same
optional ``'strong_wolfe'`` line search), so the update runs on ``torch.optim.LBFGS``. ``step(closure)``:
the closure clears the gradients, computes the loss, calls ``backward()`` and returns the loss."""

import torch

from .._core import Tensor, wrap
from .optimizer import Optimizer

__all__ = ["LBFGS"]

# Paddle's state key <-> torch's state key
_KEYS = {"alpha": "t", "old_yk": "old_dirs", "old_sk": "old_stps"}
_RKEYS = {v: k for k, v in _KEYS.items()}


def _to_paddle(v):
    if isinstance(v, torch.Tensor):
        return wrap(v)
    if isinstance(v, list):
        return [_to_paddle(i) for i in v]
    return v


def _to_torch(v):
    if isinstance(v, Tensor):
        return v._t
    if isinstance(v, list):
        return [_to_torch(i) for i in v]
    if hasattr(v, "__array__") and not isinstance(v, (int, float)):
        import numpy as np

        return torch.from_numpy(np.asarray(v))
    return v


class LBFGS(Optimizer):
    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07, tolerance_change=1e-09,
                 history_size=100, line_search_fn=None, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        if isinstance(parameters, Tensor):
            raise TypeError(
                "parameters argument given to the optimizer should be an iterable of Tensors or dicts, but got "
                f"{type(parameters)}"
            )
        if line_search_fn not in (None, "strong_wolfe"):
            raise RuntimeError("only 'strong_wolfe' is supported")
        if not isinstance(learning_rate, (int, float)) or isinstance(learning_rate, bool):
            raise TypeError(f"LBFGS `learning_rate` must be a float, but got {type(learning_rate).__name__}")
        options = dict(max_iter=max_iter, max_eval=max_eval, tolerance_grad=tolerance_grad,
                       tolerance_change=tolerance_change, history_size=history_size, line_search_fn=line_search_fn)
        self.learning_rate = learning_rate
        vars(self).update(options)  # Paddle keeps each option as an attribute of the same name
        super().__init__(1.0, parameters, weight_decay, grad_clip, name)
        if isinstance(self._parameter_list[0], dict):
            self._params = self._param_groups[-1]["params"]
        else:
            self._params = self._parameter_list
        self._torch_opt = torch.optim.LBFGS([p._t for p in self._params], lr=learning_rate, **options)

    @property
    def state(self):
        st = self._torch_opt.state[self._torch_opt._params[0]]
        return {_RKEYS.get(k, k): _to_paddle(v) for k, v in st.items()}

    def state_dict(self):
        return {"state": dict(self.state)}

    def set_state_dict(self, state_dict):
        st = state_dict.get("state", state_dict)
        tgt = self._torch_opt.state[self._torch_opt._params[0]]
        tgt.clear()
        for k, v in st.items():
            tgt[_KEYS.get(k, k)] = _to_torch(v)

    set_dict = set_state_dict

    def step(self, closure):
        if not callable(closure):
            raise TypeError(f"LBFGS.step requires a callable `closure`, but got {type(closure).__name__}")

        def torch_closure():
            with torch.enable_grad():
                loss = closure()
            return loss._t if isinstance(loss, Tensor) else torch.as_tensor(loss)

        out = self._torch_opt.step(torch_closure)
        return wrap(out) if isinstance(out, torch.Tensor) else out

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        raise NotImplementedError("LBFGS does not support minimize; use step(closure)")
