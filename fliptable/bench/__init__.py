"""Benchmarks, one module per concern, apart from the tests (no test asserts a timing):

- ``rules.py``: random play of every game in one process, the search clone, ISMCTS
  iterations and the ``simulate`` path (``fliptable bench``);
- ``envs.py``: the RL environments' steps per second beside PettingZoo's own
  (``fliptable bench --envs``, ``python -m fliptable.bench.envs``; needs the ``rl`` extra);
- ``server.py``: a real server's action -> frame latency over real websockets
  (``fliptable bench-server``).

``cli/bench.py`` parses the flags and prints; the scripts in ``bench/`` (bench/README.md)
measure more and keep the numbers the docs quote.
"""
