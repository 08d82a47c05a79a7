"""Package layout that pyproject.toml cannot state: the edition as package data.

The repository's top-level `content/` folder is the one source of truth for
the default edition (the README and `throne init` point editors there). A
wheel carries it as the data folder `throne_pnp/edition/`, mapped here at
build time, so no second copy is kept by hand. A source checkout (editable
install, PYTHONPATH) reads `content/` in place; see throne_pnp/edition_lookup.py.
Every other setting is in pyproject.toml, including the package data (the
edition's files and the table page's templates): setuptools lets
pyproject.toml's `package-data` replace any given here, so it lives there.
"""

from setuptools import find_namespace_packages, setup

# Namespace discovery also lists data folders such as throne_pnp/web/templates,
# which setuptools otherwise warns about; they hold no code, only package data.
PACKAGES = find_namespace_packages(include=["throne_pnp", "throne_pnp.*"],
                                   exclude=["*.__pycache__"])

setup(
    packages=[*PACKAGES, "throne_pnp.edition"],
    package_dir={"throne_pnp.edition": "content"},
)
