# Generated from protocol/detent-protocol.json by protocol/generate
# (protocol/generators/python.py); do not edit: change the description and run protocol/generate.
"""The protocol's enumerated values, each an OpenEnum: a value a newer
daemon sends is kept as its text."""

from __future__ import annotations

from ._base import OpenEnum

__all__ = ["Mode", "Cause", "ErrorCode", "Curve"]


class Mode(OpenEnum):
    """The `mode` of a snap reply: keep the momentum, or stop and animate."""

    DECELERATE = "decelerate"
    ANIMATE = "animate"


class Cause(OpenEnum):
    """The `cause` of a snap reply: what led to it."""

    RELEASE = "release"
    CANCEL = "cancel"
    GOTO = "goto"
    AUTOPLAY = "autoplay"
    WHEEL = "wheel"
    SCROLL = "scroll"
    STEP = "step"
    SCROLLBY = "scrollby"


class Curve(OpenEnum):
    """The curves of a decision's motion (detent-protocol(7), "Motion")."""

    DECAY = "decay"
    """pos(t) = x - D*R^t with D = x - from: the momentum kept, retargeted to stop at x"""
    SPRING = "spring"
    """pos(t) = x + (A + B*t)*exp(-W*t), A = from - x, B = v + W*A: a critically damped spring"""
    EASE = "ease"
    """pos(t) = from + (x - from)*e(t/ms), Qt's InOutQuad"""
    BRAKE = "brake"
    """a uniform deceleration until stop ms (from aim ms, if given, one that stops on x at stop), then an ease to x"""
    NONE = "none"
    """pos(t) = x: drawn at once, no animation (motion=reduced)"""
    BEZIER = "bezier"
    """pos(t) = from + (x - from)*B(t/ms), B the CSS cubic-bezier(p1x, p1y, p2x, p2y) solved as Chromium's gfx::CubicBezier; x from ms on"""
    PATH = "path"
    """segments in time order, each at/span/from/to/p1x/p1y/p2x/p2y: pos(t) is the last segment with at <= t, from + (to - from)*B((t - at)/span), its to from at + span on; from before the first"""


class ErrorCode(OpenEnum):
    """Every code of detent-protocol(7), "Errors"."""

    BAD_LINE = "bad-line"
    """not a verb with key=value fields, unbalanced quotes, a key twice, invalid JSON, not UTF-8"""
    LINE_TOO_LONG = "line-too-long"
    """a line longer than limits.maxLineBytes"""
    UNKNOWN_VERB = "unknown-verb"
    """a well-formed verb that does not exist"""
    UNKNOWN_KEY = "unknown-key"
    """a key the verb does not take"""
    MISSING_KEY = "missing-key"
    """a required key is absent"""
    BAD_VALUE = "bad-value"
    """not a finite number, out of range, wrong type, a malformed list, an invalid s"""
    UNKNOWN_SESSION = "unknown-session"
    """no session of that name on this connection"""
    SESSION_EXISTS = "session-exists"
    """a session of that name is already open"""
    UNKNOWN_PLUGIN = "unknown-plugin"
    """no plugin of that name is configured"""
    TOO_MANY_SESSIONS = "too-many-sessions"
    """more than limits.maxSessionsPerConnection"""
    BAD_LAYOUT = "bad-layout"
    """geometry that cannot be paged"""
    UNSUPPORTED_LAYOUT = "unsupported-layout"
    """the plugin's strategy cannot page it"""
    BUSY = "busy"
    """more than limits.maxConnections, or out of descriptors; sent once, then the connection is closed"""
    FORBIDDEN = "forbidden"
    """the peer is not in allowUsers or allowGroups; sent once, then the connection is closed"""
    PLUGIN_FAILED = "plugin-failed"
    """a loaded strategy failed or chose what is not a decision; the session stays where it rested"""


CURVE_FIELDS: dict[str, tuple[str, ...]] = {
    Curve.DECAY: ("rate",),
    Curve.SPRING: ("omega",),
    Curve.EASE: (),
    Curve.BRAKE: ("accel", "stop"),
    Curve.NONE: (),
    Curve.BEZIER: ("p1x", "p1y", "p2x", "p2y"),
    Curve.PATH: ("path",),
}
"""The fields (attribute names) a decision carries with each curve."""
