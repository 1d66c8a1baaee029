"""One generator per language; each maps the model to {path: text}."""

from . import c, js, python, swift

GENERATORS = [swift, c, python, js]
