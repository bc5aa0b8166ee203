"""Entry (admission) rules of sparse parameter-server tables: each renders itself as the ``entry`` attribute string
Paddle's sparse embedding ops carry (``"<rule>:<arg>[:<arg>]"``)."""

__all__ = []


class EntryAttr:
    """Base of the entry rules."""

    def __init__(self):
        self._name = None

    def _to_attr(self):
        raise NotImplementedError("EntryAttr is base class")


class ProbabilityEntry(EntryAttr):
    """Admit a new feature with the given probability (a float strictly between 0 and 1)."""

    def __init__(self, probability):
        super().__init__()
        if not isinstance(probability, float) or not 0 < probability < 1:
            raise ValueError("probability must be a float in (0,1)")
        self._name = "probability_entry"
        self._probability = probability

    def _to_attr(self):
        return f"{self._name}:{self._probability}"


class CountFilterEntry(EntryAttr):
    """Admit a feature once it has been seen ``count_filter`` times."""

    def __init__(self, count_filter):
        super().__init__()
        if not isinstance(count_filter, int):
            raise ValueError("count_filter must be a valid integer greater than 0")
        if count_filter < 0:
            raise ValueError("count_filter must be a valid integer greater or equal than 0")
        self._name = "count_filter_entry"
        self._count_filter = count_filter

    def _to_attr(self):
        return f"{self._name}:{self._count_filter}"


class ShowClickEntry(EntryAttr):
    """Admit features by their show/click statistics, read from the two named variables."""

    def __init__(self, show_name, click_name):
        super().__init__()
        if not isinstance(show_name, str) or not isinstance(click_name, str):
            raise ValueError("show_name click_name must be a str")
        self._name = "show_click_entry"
        self._show_name = show_name
        self._click_name = click_name

    def _to_attr(self):
        return f"{self._name}:{self._show_name}:{self._click_name}"
