"""Package layout that pyproject.toml cannot state: the edition as package data.

The repository's top-level `content/` folder is the one source of truth for
the default edition (the README and `throne init` point editors there). A
wheel carries it as the data folder `throne_pnp/edition/`, mapped here at
build time, so no second copy is kept by hand. A source checkout (editable
install, PYTHONPATH) reads `content/` in place; see throne_pnp/content/lookup.py.
Every other setting is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["throne_pnp", "throne_pnp.*"]) + ["throne_pnp.edition"],
    package_dir={"throne_pnp.edition": "content"},
    package_data={
        "throne_pnp.edition": ["*.yaml", "*.txt"],
        # data files beside the code (templates, styles, fonts) travel too
        "throne_pnp": ["**/*.html", "**/*.css", "**/*.js", "**/*.svg", "**/*.ttf",
                       "**/*.json", "**/*.txt"],
    },
)
