"""The curve, from detent-protocol(7), "Motion" (not from libdetent): what a client draws at t."""

import math


class UnknownCurve(Exception):
    pass


def eased(start, end, t, length):
    """Qt's InOutQuad from start to end over length ms (end from length on)."""
    if not length > 0 or not t < length:
        return end
    p = t / length
    e = 2 * p * p if p < 0.5 else 1 - (2 - 2 * p) ** 2 / 2
    return start + (end - start) * e


def position(m, t):
    """Where the content is t ms into the motion of a snap reply m (its fields as parsed)."""
    t = max(t, 0.0)
    x, x0, v, curve = m["x"], m["from"], m["v"], m["curve"]
    if curve == "decay":
        return x - (x - x0) * m["rate"] ** t
    if curve == "spring":
        a = x0 - x
        b = v + m["omega"] * a
        return x + (a + b * t) * math.exp(-m["omega"] * t)
    if curve == "ease":
        return eased(x0, x, t, m["ms"])
    if curve == "brake":
        def braked(s):
            return x0 + v * s - math.copysign(m["accel"], v) * s * s / 2 if v else x0
        stop, aim = m["stop"], m.get("aim", 0)
        if 0 < aim < stop:  # re-aimed: from pos(aim) a deceleration that stops on x at stop
            if t <= aim:
                return braked(t)
            at, span, u = braked(aim), stop - aim, min(t, stop) - aim
            w = 2 * (x - at) / span
            return at + w * u - w * u * u / (2 * span) if t <= stop else x
        return braked(t) if t <= stop else eased(braked(stop), x, t - stop, m["ms"] - stop)
    raise UnknownCurve(curve)


def drawn_at(m, t):
    """What a client draws at t: pos(t) until ms, then x."""
    return m["x"] if t >= m["ms"] else position(m, t)
