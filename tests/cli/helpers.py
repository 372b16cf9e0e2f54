"""Run the ``fliptable`` command in-process, as the console script does."""

from __future__ import annotations

import pytest

from fliptable import cli


def run(capsys, *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``fliptable ARGS``."""
    with pytest.raises(SystemExit) as exc:
        cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    code = exc.value.code
    return (0 if code is None else code), out, err


def one_line_error(code: int, err: str, expected_code: int = 2) -> str:
    """Assert a user error: the exit code, exactly one line on stderr, no traceback."""
    assert code == expected_code, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err
