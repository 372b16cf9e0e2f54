"""Exit codes of the ``fliptable`` command: a policy of the command, not of the kernel
(the rules raise typed errors and know nothing of processes).

- 0: done; 1: a log that replays to an illegal action (the file is well formed, the
  game in it is not); 2: any other user error (unknown game, bad option, malformed
  input); 130: interrupted (Ctrl-C); 143: stopped by SIGTERM.
"""

from __future__ import annotations

from .core.errors import ReplayError

OK = 0
ILLEGAL_LOG = 1
USER_ERROR = 2
INTERRUPTED = 130
TERMINATED = 143


def exit_code(exc: BaseException) -> int:
    """The command's exit code for an error raised on purpose by fliptable."""
    return ILLEGAL_LOG if isinstance(exc, ReplayError) else USER_ERROR
