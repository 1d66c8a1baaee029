"""Benchmarks/qt-quick/run.py's Markdown report, and what it names (the CPU, Qt)."""

import json
import statistics
import subprocess

NAMES = {"qt": "Qt's SwipeView", "detent": "Detent's SwipeView"}  # and "before" with --before


def cpu_name():
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return "?"


def qt_version():
    r = subprocess.run(["qmake6", "-query", "QT_VERSION"], capture_output=True, text=True)
    return r.stdout.strip() or "?"


def report(info, alone, together, at_rest, traced, out):
    med = statistics.median
    a = {k: [r for r in alone if r["label"] == k] for k in list(NAMES) + ["before"]}
    t = {k: [next(r for r in rnd if r["label"] == k) for rnd in together] for k in NAMES}
    ratios_t = [d["us_frame"] / q["us_frame"] for q, d in zip(t["qt"], t["detent"])]
    ratios_a = [d["us_frame"] / q["us_frame"] for q, d in zip(a["qt"], a["detent"])]
    print(f"CPU: {info['cpu']}; Qt {info['qt']}; {info['views']} views a window, paged by {info['input']} every "
          f"{info['every_ms']} ms; Qt Quick's graphics API {info['api']} (GraphicsInfo.api); Detent's plugin "
          f"{info['plugin']}; raw rows in {out}\n")
    print("| | Qt's SwipeView | Detent's SwipeView | Detent / Qt |\n| --- | ---: | ---: | ---: |")
    print(f"| app CPU a frame, both at once, median (µs) | {med(r['us_frame'] for r in t['qt']):.1f} | "
          f"{med(r['us_frame'] for r in t['detent']):.1f} | **{med(ratios_t):.3f}** ({min(ratios_t):.3f} to "
          f"{max(ratios_t):.3f}) |")
    print(f"| app CPU a frame, each alone, median (µs) | {med(r['us_frame'] for r in a['qt']):.1f} | "
          f"{med(r['us_frame'] for r in a['detent']):.1f} | {med(ratios_a):.3f} ({min(ratios_a):.3f} to "
          f"{max(ratios_a):.3f}) |")
    for who, rows in (("both at once", t), ("each alone", a)):
        per_move = [d["cpu_ns"] / max(d["moves"], 1) / (q["cpu_ns"] / max(q["moves"], 1))
                    for q, d in zip(rows["qt"], rows["detent"])]
        print(f"| app CPU a page change, {who}, median (µs) | "
              f"{med(r['cpu_ns'] / 1000 / max(r['moves'], 1) for r in rows['qt']):.1f} | "
              f"{med(r['cpu_ns'] / 1000 / max(r['moves'], 1) for r in rows['detent']):.1f} | {med(per_move):.3f} "
              f"({min(per_move):.3f} to {max(per_move):.3f}) |")
    for what, key in (("frames a second, alone", "frames"), ("page changes (currentIndex) a second, alone", "moves"),
                      ("voluntary context switches a second, alone (every thread)", "voluntary")):
        print(f"| {what} | {med(r[key] / r['seconds'] for r in a['qt']):.1f} | "
              f"{med(r[key] / r['seconds'] for r in a['detent']):.1f} | |")
    print(f"| detentd's CPU, alone (% of a core) | {med(r['daemon_cpu_ns'] / r['seconds'] / 1e7 for r in a['qt']):.2f}"
          f" | {med(r['daemon_cpu_ns'] / r['seconds'] / 1e7 for r in a['detent']):.2f} | |")
    if "before" in a and a["before"]:
        tb = [next(r for r in rnd if r["label"] == "before") for rnd in together]
        rb = [b["us_frame"] / q["us_frame"] for q, b in zip(t["qt"], tb)]
        mb = [b["cpu_ns"] / max(b["moves"], 1) / (q["cpu_ns"] / max(q["moves"], 1)) for q, b in zip(t["qt"], tb)]
        print(f"| before ({len(tb)} rounds at once): µs a frame {med(r['us_frame'] for r in tb):.1f}, / Qt's "
              f"{med(rb):.3f} ({min(rb):.3f} to {max(rb):.3f}); a page change / Qt's {med(mb):.3f}; frames a second "
              f"alone {med(r['frames'] / r['seconds'] for r in a['before']):.1f} | | | |")
    print("\nAt rest:\n\n| | Qt's SwipeView | Detent's SwipeView | detentd |\n| --- | ---: | ---: | ---: |")
    print(f"| frames | {at_rest['qt']['frames']} | {at_rest['detent']['frames']} | |")
    for key in ("voluntary", "involuntary", "cpu_us"):
        print(f"| {key} | {at_rest['qt'][key]:g} | {at_rest['detent'][key]:g} | {at_rest['detentd'][key]:g} |")
    print(f"| poll-family calls under strace -c -f | {traced['qt']} | {traced['detent']} | {traced['detentd']} |")
    if "before" in at_rest:
        print(f"| before, at rest: {json.dumps(at_rest['before'])}, strace {traced['before']} | | | |")
