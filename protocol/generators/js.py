"""The js files generated from the protocol description."""

from __future__ import annotations

import model


def outputs(m: model.Model) -> dict[str, str]:
    return {}
