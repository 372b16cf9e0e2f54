"""A pytest plugin for ``tools/mutation.py``: before every test, empty the rules' caches.

mutmut runs each mutant in a process forked from one that has already run the tests, so
whatever the rules computed once and kept (the Flush deck spec cache, a game's action
space or action index, the FLAPS guess lists) was computed by the unmutated code: a
mutant in the function that fills a cache is never run by the tests that read it, and
"survives" whatever they assert. Emptying the caches before each test (in the coverage
run, the clean run and every mutant's run alike) makes each test compute what it reads,
so the coverage run links the filling function to every test that needs it and the
mutant is run by them.

What counts as a cache: a module global named ``*_CACHE`` (or in ``MORE``) that is a
dict; a function
with ``cache_clear`` (``functools.cache``/``lru_cache``); an attribute named ``*_cache``
in the ``__dict__`` of an object a module holds (the games' ``_space_cache`` and
``_action_index_cache``), also one level inside a dict, list or tuple the module holds
(the registry of games).
"""

from __future__ import annotations

import sys
import types

PREFIX = "fliptable."
#: module-level caches not named ``*_CACHE``: Flush's pack template per deck, FLINCH's
#: table layout per player count and options, Fly-swatter's swat lists less a fly
MORE = frozenset({"_DECKS", "_CONFIGS", "_EXCEPT"})


def _drop_instance_caches(value: object) -> int:
    if isinstance(value, (type, types.ModuleType, types.FunctionType)):
        return 0
    attrs = getattr(value, "__dict__", None)
    if not isinstance(attrs, dict):
        return 0
    names = [name for name in attrs if name.endswith("_cache")]
    for name in names:
        del attrs[name]
    return len(names)


def reset_caches(prefix: str = PREFIX) -> int:
    """Empty every cache the modules named ``prefix...`` hold; the number emptied."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if (attr.endswith("_CACHE") or attr in MORE) and isinstance(value, dict):
                emptied += bool(value)
                value.clear()
            elif callable(getattr(value, "cache_clear", None)) and not isinstance(value, type):
                value.cache_clear()
                emptied += 1
            elif isinstance(value, dict):
                emptied += sum(_drop_instance_caches(v) for v in list(value.values()))
            elif isinstance(value, (list, tuple)):
                emptied += sum(_drop_instance_caches(v) for v in value)
            else:
                emptied += _drop_instance_caches(value)
    return emptied


def pytest_runtest_setup(item) -> None:  # noqa: ARG001 - pytest's hook signature
    reset_caches()
