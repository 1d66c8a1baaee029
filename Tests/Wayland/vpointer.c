/* vpointer: drives a wlroots compositor's virtual pointer
 * (zwlr_virtual_pointer_v1) from a script of lines, one event per line,
 * read from the arguments (each argument one line) or, with none, stdin:
 *
 *   extent W H        the size absolute moves are given in (default 800 600)
 *   move T X Y        pointer to (X, Y) of the extent (motion_absolute)
 *   axis T AXIS V     a finger scroll of V along AXIS (v or h), one frame
 *                     (V = 0 reaches clients as axis_stop: wlroots sends
 *                     a 0 so)
 *   axes T DX DY      both axes in one frame (h first, then v); a zero
 *                     component is left out, both zero is refused
 *   stop T AXIS [AXIS2]  axis_stop on AXIS (v or h) [and AXIS2], one frame
 *   wheel T AXIS N [V]  a mouse wheel's N notches (+ down/right) along AXIS,
 *                     one frame: source wheel, V (default 15 N) with N steps
 *                     (libinput's 15 degrees a notch)
 *   button T B STATE  button B (e.g. 272, left) press (1) or release (0)
 *   wait-ms N         a real pause of N ms before the next line
 *
 * T is the event's timestamp in ms as sent to the compositor, or `now`
 * for CLOCK_MONOTONIC's ms (the clock wlroots stamps real input with).
 * Each event is followed by a roundtrip, so the compositor has handled it
 * before the next line is read (the pacing is real). It prints `ready`
 * once the pointer exists, then one line for each script line (none for
 * blank ones): `sent KIND t=T mono=M ...` for an event (M: CLOCK_MONOTONIC
 * ms when sent), `extent ...`, `waited ...`. Keep one running for a whole
 * session: the seat offers clients a wl_pointer only while a pointer
 * device exists. Exits 2 with a message on any failure. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

static struct wl_display *display;
static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct zwlr_virtual_pointer_v1 *pointer;
static unsigned extent_w = 800, extent_h = 600;
static int lineno;

static void die(const char *fmt, const char *arg) {
	fprintf(stderr, "vpointer: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	exit(2);
}

static void bad(const char *line) {
	fprintf(stderr, "vpointer: line %d: cannot read `%s`\n", lineno, line);
	exit(2);
}

static double mono_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version) {
	(void)data;
	(void)version;
	if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
		seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
	else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
		manager = wl_registry_bind(registry, name,
			&zwlr_virtual_pointer_manager_v1_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
	(void)data;
	(void)registry;
	(void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

/* A roundtrip after each event: the compositor has dispatched it (and any
 * protocol error it raised is seen here, at its line). */
static void sync(void) {
	if (wl_display_roundtrip(display) < 0) {
		int err = wl_display_get_error(display);
		const struct wl_interface *iface = NULL;
		uint32_t id = 0;
		uint32_t code = wl_display_get_protocol_error(display, &iface, &id);
		fprintf(stderr, "vpointer: line %d: connection failed (%s)", lineno, strerror(err));
		if (err == EPROTO)
			fprintf(stderr, ": protocol error %u on %s", code, iface ? iface->name : "?");
		fprintf(stderr, "\n");
		exit(2);
	}
}

static uint32_t stamp(const char *word, const char *line) {
	if (strcmp(word, "now") == 0)
		return (uint32_t)(uint64_t)mono_ms();
	char *end;
	errno = 0;
	unsigned long long t = strtoull(word, &end, 10);
	if (errno || *end || t > UINT32_MAX || word[0] == '-')
		bad(line);
	return (uint32_t)t;
}

static uint32_t axis_of(const char *word, const char *line) {
	if (strcmp(word, "v") == 0)
		return WL_POINTER_AXIS_VERTICAL_SCROLL;
	if (strcmp(word, "h") == 0)
		return WL_POINTER_AXIS_HORIZONTAL_SCROLL;
	bad(line);
	return 0;
}

/* One axis value as a finger scroll. axis_discrete with 0 steps, not
 * axis: wlroots' `axis` files the value under the axis of the last
 * stop/discrete request (so a horizontal `axis` after a vertical one is
 * lost), while axis_discrete files it under its own axis; the source
 * applies to the event just filed. 0 steps: no wl_pointer.axis_discrete. */
static void finger(uint32_t t, uint32_t axis, double value) {
	zwlr_virtual_pointer_v1_axis_discrete(pointer, t, axis, wl_fixed_from_double(value), 0);
	zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
}

/* A wheel's notches as libinput reports them: axis_discrete files the
 * value with its steps under its axis, then the source for it. */
static void notches(uint32_t t, uint32_t axis, int steps, double value) {
	zwlr_virtual_pointer_v1_axis_discrete(pointer, t, axis, wl_fixed_from_double(value), steps);
	zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
}

static void run(char *line) {
	char cmd[16], a[32], b[32], c[32], d[32];
	lineno++;
	line[strcspn(line, "\n")] = 0;
	char *hash = strchr(line, '#');
	if (hash)
		*hash = 0;
	int n = sscanf(line, "%15s %31s %31s %31s %31s", cmd, a, b, c, d);
	if (n <= 0)
		return;
	double at = mono_ms();
	if (strcmp(cmd, "extent") == 0 && n == 3) {
		extent_w = (unsigned)atoi(a);
		extent_h = (unsigned)atoi(b);
		if (!extent_w || !extent_h)
			bad(line);
		printf("extent w=%u h=%u\n", extent_w, extent_h);
		fflush(stdout);
		return;
	} else if (strcmp(cmd, "wait-ms") == 0 && n == 2) {
		double ms = atof(a);
		if (ms < 0)
			bad(line);
		struct timespec ts = {(time_t)(ms / 1000), (long)((ms - (time_t)(ms / 1000) * 1000) * 1e6)};
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
		printf("waited ms=%s mono=%.3f\n", a, mono_ms());
		fflush(stdout);
		return;
	} else if (strcmp(cmd, "move") == 0 && n == 4) {
		uint32_t t = stamp(a, line);
		int x = atoi(b), y = atoi(c);
		if (x < 0 || y < 0 || (unsigned)x > extent_w || (unsigned)y > extent_h)
			bad(line);
		zwlr_virtual_pointer_v1_motion_absolute(pointer, t, x, y, extent_w, extent_h);
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent move t=%u mono=%.3f x=%d y=%d\n", t, at, x, y);
	} else if (strcmp(cmd, "axis") == 0 && n == 4) {
		uint32_t t = stamp(a, line);
		uint32_t axis = axis_of(b, line);
		finger(t, axis, atof(c));
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent axis t=%u mono=%.3f axis=%s value=%s\n", t, at, b, c);
	} else if (strcmp(cmd, "axes") == 0 && n == 4) {
		uint32_t t = stamp(a, line);
		double dx = atof(b), dy = atof(c);
		/* wlroots sends a 0 as axis_stop: a zero component is left out. */
		if (dx == 0 && dy == 0)
			bad(line);
		if (dx != 0)
			finger(t, WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx);
		if (dy != 0)
			finger(t, WL_POINTER_AXIS_VERTICAL_SCROLL, dy);
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent axes t=%u mono=%.3f dx=%s dy=%s\n", t, at, b, c);
	} else if (strcmp(cmd, "stop") == 0 && (n == 3 || n == 4)) {
		uint32_t t = stamp(a, line);
		zwlr_virtual_pointer_v1_axis_stop(pointer, t, axis_of(b, line));
		zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
		if (n == 4) {
			zwlr_virtual_pointer_v1_axis_stop(pointer, t, axis_of(c, line));
			zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
		}
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent stop t=%u mono=%.3f axis=%s%s\n", t, at, b, n == 4 ? c : "");
	} else if (strcmp(cmd, "wheel") == 0 && (n == 4 || n == 5)) {
		uint32_t t = stamp(a, line);
		uint32_t axis = axis_of(b, line);
		char *end;
		long steps = strtol(c, &end, 10);
		if (*end || steps == 0 || steps < -100 || steps > 100)
			bad(line);
		double value = n == 5 ? atof(d) : 15.0 * steps;
		if (value == 0)
			bad(line);
		notches(t, axis, (int)steps, value);
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent wheel t=%u mono=%.3f axis=%s steps=%ld value=%g\n", t, at, b, steps, value);
	} else if (strcmp(cmd, "button") == 0 && n == 4) {
		uint32_t t = stamp(a, line);
		zwlr_virtual_pointer_v1_button(pointer, t, (uint32_t)atoi(b), atoi(c) ? 1 : 0);
		zwlr_virtual_pointer_v1_frame(pointer);
		printf("sent button t=%u mono=%.3f button=%s state=%s\n", t, at, b, c);
	} else {
		bad(line);
	}
	sync();
	fflush(stdout);
}

int main(int argc, char **argv) {
	display = wl_display_connect(NULL);
	if (!display) {
		const char *name = getenv("WAYLAND_DISPLAY");
		die("cannot connect to the compositor (WAYLAND_DISPLAY=%s)", name ? name : "(unset)");
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	sync();
	if (!manager)
		die("the compositor offers no %s (not a wlroots compositor?)",
			zwlr_virtual_pointer_manager_v1_interface.name);
	pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
	sync();
	printf("ready\n");
	fflush(stdout);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			run(argv[i]);
	} else {
		char *line = NULL;
		size_t cap = 0;
		while (getline(&line, &cap, stdin) >= 0)
			run(line);
		free(line);
	}
	zwlr_virtual_pointer_v1_destroy(pointer);
	sync();
	wl_display_disconnect(display);
	return 0;
}
