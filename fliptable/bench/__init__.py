"""Benchmarks, one module per concern, apart from the tests (no test asserts a timing):

- ``rules.py``: random play of every game in one process, the search clone, ISMCTS
  iterations and the ``simulate`` path (``fliptable bench``);
- ``server.py``: a real server's action -> frame latency over real websockets
  (``fliptable bench-server``);
- the RL environments' steps per second beside PettingZoo's own (``fliptable bench
  --envs``) are measured by ``fliptable/adapters/bench.py``.

``cli/bench.py`` parses the flags and prints; the scripts in ``bench/`` (bench/README.md)
measure more and keep the numbers the docs quote.
"""
