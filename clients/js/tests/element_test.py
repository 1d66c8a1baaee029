#!/usr/bin/python3
"""<detent-carousel> in a real browser against a real detentd through a
real relay (websockify): the project's page of <sl-carousel>'s
documentation examples (tests/page), paged by drags, wheel, keys and the
methods (paging_checks.py), drawing only when something moves
(frame_checks.py), read by a screen reader (a11y_checks.py),
with the relay stopped and started again, and misused (outage_checks.py):
one headless Chromium for all of that; then real X wheel notches and keys
in full Chromium under Xvfb (notch_checks.py, also under plugin="css-snap"),
one more Chromium; then real wheel clicks and a touchpad swipe in full
Chromium on Wayland under headless sway (notch_checks.py), a third.

    /usr/bin/python3 clients/js/tests/element_test.py [--bin DIR] [--only headless|notches|wayland]

Prints each check; exits 1 if any failed."""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from carousel_page import ROOT, Backend, Chromium, Page  # noqa: E402
import a11y_checks  # noqa: E402
import frame_checks  # noqa: E402
import notch_checks  # noqa: E402
import outage_checks  # noqa: E402
import paging_checks  # noqa: E402
from demo_test import Checks  # noqa: E402  (Tests/Browser's: one line a check, the failures kept)


def headless(check, backend):
    browser = Chromium(width=900, height=1100)
    try:
        page = Page(browser, backend)
        paging_checks.check_load(check, page)
        a11y_checks.check_tree(check, page)
        a11y_checks.check_autoplay(check, page)
        paging_checks.check_drags(check, page)
        frame_checks.check_frames(check, page, backend)
        paging_checks.check_wheel(check, page)
        paging_checks.check_keys(check, page)
        paging_checks.check_methods(check, page)
        paging_checks.check_plugin(check, page)
        a11y_checks.check_reduced_motion(check, page)
        outage_checks.check_outage(check, page, backend)
        outage_checks.check_daemon_restart(check, page, backend)
        outage_checks.check_bad_use(check, page)
        errors = [e for e in browser.errors() if not e.startswith(('<detent-carousel id="bad-endpoint">', '<detent-carousel id="bad-scheme">'))]
        check("the page reported no JavaScript error (but the malformed endpoints' own)", not errors, "; ".join(errors[:5]))
        outage_checks.check_default_endpoint(check, page, backend)
    finally:
        browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.environ.get("DETENT_BIN", os.path.join(ROOT, ".build/release")))
    parser.add_argument("--only", choices=["headless", "notches", "wayland"])
    args = parser.parse_args()
    check = Checks()
    began = time.monotonic()
    backend = Backend(os.path.abspath(args.bin))
    try:
        for name, group in [("headless", headless), ("notches", notch_checks.check_notches),
                            ("wayland", notch_checks.check_wayland)]:
            if args.only in (None, name):
                start = time.monotonic()
                try:
                    group(check, backend)
                except Exception as error:  # a helper failing fails the test
                    check(f"the {name} group ran to the end", False, f"{type(error).__name__}: {error}")
                print(f"--- {name}: {time.monotonic() - start:.1f} s", flush=True)
    finally:
        backend.close()
    print(f"{check.count - len(check.failed)} of {check.count} checks passed in {time.monotonic() - began:.1f} s")
    for failure in check.failed:
        print(f"  FAILED {failure}")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
