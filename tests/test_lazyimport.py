"""`lazyimport`: a deferred module costs nothing until read, then is the real one."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from throne_pnp.lazyimport import Deferred, defer
defer("{name}")
stand_in = sys.modules["{name}"]
assert type(stand_in) is Deferred
import {name}                        # importing again: still the stand-in, not loaded
assert {name} is stand_in and type(sys.modules["{name}"]) is Deferred
{use}
"""


def run(name: str, use: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT.format(name=name, use=use)],
                          capture_output=True, text=True)


def test_dataclasses_import_without_loading_inspect():
    done = run("inspect", "import dataclasses\n"
                          "@dataclasses.dataclass(frozen=True)\n"
                          "class Card:\n"
                          "    '''A card.'''\n"
                          "    id: int\n"
                          "assert Card(3) == Card(3) and repr(Card(3)) == 'Card(id=3)'\n"
                          "assert 'ast' not in sys.modules and 'dis' not in sys.modules\n"
                          "assert type(sys.modules['inspect']) is Deferred\n")
    assert done.returncode == 0, done.stderr


def test_the_first_read_loads_the_real_module():
    done = run("inspect", "import types\n"
                          "def f(a, b=2): pass\n"
                          "assert str(inspect.signature(f)) == '(a, b=2)'\n"
                          "real = sys.modules['inspect']\n"
                          "assert type(real) is types.ModuleType and real is not stand_in\n"
                          "assert stand_in.signature is real.signature\n"
                          "from inspect import isfunction\n"
                          "assert isfunction(f) and 'signature' in vars(stand_in)\n"
                          "import inspect as again\n"
                          "assert again is real\n")
    assert done.returncode == 0, done.stderr


def test_a_class_without_docstring_still_gets_its_signature():
    done = run("inspect", "import dataclasses\n"
                          "@dataclasses.dataclass\n"
                          "class P:\n"
                          "    x: int\n"
                          "assert P.__doc__ == 'P(x: int)', P.__doc__\n")
    assert done.returncode == 0, done.stderr


def test_a_module_already_loaded_is_left_alone():
    done = subprocess.run([sys.executable, "-c",
                           "import sys, inspect\n"
                           "from throne_pnp.lazyimport import defer\n"
                           "defer('inspect')\n"
                           "assert sys.modules['inspect'] is inspect\n"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
