"""hatchling build hook: compiles ``fliptable/adapters/_writers.pyx`` and its parts
(``adapters/writers_source.py``: ``adapters/_writers_*.pxi`` and each game's
``games/<game>/_writers.pxi``) as one Cython module, the RL adapters' compiled writers,
into the wheel (``pip install .``) or beside its source (``pip install -e .``).
Optional: without a C compiler (or with ``FLIPTABLE_PURE_BUILD=1``) the build says why
and goes on pure-Python; the adapters then use their own writers. The compiled module
carries ``SOURCE_HASH``, the SHA-256 of the source it was built from
(``adapters/compiled.py`` refuses a build whose hash is not the source's), and a build
is kept under ``build/fliptable-writers/<hash>/`` so later builds of the same source
reuse it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sysconfig
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "fliptable.adapters._writers"
SOURCE = Path("fliptable/adapters/writers_source.py")


def writers_source(root: Path):
    """``fliptable/adapters/writers_source.py``, loaded by its path (the package and its
    dependencies are not installed while it builds)."""
    spec = importlib.util.spec_from_file_location("_fliptable_writers_source", root / SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_writers(root: Path) -> Path:
    """The compiled module's path (built, or reused from an earlier build of this source)."""
    parts = writers_source(root)
    package = root / "fliptable"
    digest = parts.source_hash(package)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    cache = root / "build" / "fliptable-writers" / digest
    built = cache / f"_writers{suffix}"
    if built.exists():
        return built
    cache.parent.mkdir(parents=True, exist_ok=True)
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    # built in a directory of this process's own, then moved into place in one step, so
    # builds running at once (parallel test workers building wheels) never see half a file
    work = Path(tempfile.mkdtemp(prefix="build-", dir=cache.parent))
    try:
        src = work / "_writers.pyx"
        src.write_text(parts.source(package) + f"\n\nSOURCE_HASH = {digest!r}\n")
        ext = Extension(MODULE, [str(src)], extra_compile_args=["-O2"])
        dist = Distribution(
            {
                "ext_modules": cythonize(
                    [ext], quiet=True, compiler_directives={"language_level": 3}, build_dir=str(work / "c")
                )
            }
        )
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(work / "lib")
        cmd.build_temp = str(work / "tmp")
        cmd.ensure_finalized()
        cmd.run()
        cache.mkdir(parents=True, exist_ok=True)
        os.replace(cmd.get_ext_fullpath(MODULE), built)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return built


class WritersHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if os.environ.get("FLIPTABLE_PURE_BUILD"):
            return
        root = Path(self.root)
        try:
            built = build_writers(root)
        except Exception as exc:  # no compiler, no Cython: the pure-Python writers serve
            self.app.display_warning(
                f"fliptable: compiled writers not built ({type(exc).__name__}: {exc}); "
                "the RL adapters use their pure-Python writers"
            )
            return
        target = f"fliptable/adapters/{built.name}"
        if version == "editable":
            # replaced in one step, never rewritten in place: a running process may have it loaded
            tmp = root / f"{target}.{os.getpid()}.tmp"
            shutil.copy2(built, tmp)
            os.replace(tmp, root / target)
        else:
            build_data["force_include"][str(built)] = target
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
