/*
 * Every row of Tests/Conformance/discovery.txt (argv[1]): temporary paths
 * stand in for /run/detent/detent.sock and /tmp/detent-UID.sock, plain
 * listening sockets for "listening", bound-then-closed socket files for
 * "stale". Then the rule against a real daemon, blocking.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

enum { VARIABLE, USER, SYSTEM, FALLBACK, CANDIDATES };
static const char *const roles[CANDIDATES] = { "variable", "user", "system", "fallback" };

typedef struct row {
    char name[64], variable[16], xdg[16], listening[128], stale[128], expect[256];
} row;

static int role_of(const char *name)
{
    for (int i = 0; i < CANDIDATES; i++) {
        if (strcmp(roles[i], name) == 0) return i;
    }
    return -1;
}

static int bind_socket(const char *path, int keep_listening)
{
    struct sockaddr_un addr;
    h_sockaddr(&addr, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 8) < 0) {
        CHECK(0, "bind %s", path);
        return -1;
    }
    if (keep_listening) return fd;
    close(fd); /* the file stays: a stale socket, connect says ECONNREFUSED */
    return -1;
}

/** Marks each role of a comma list ("-" is none); returns -1 on an unknown role. */
static int roles_in(const char *list, int marks[CANDIDATES])
{
    memset(marks, 0, sizeof(int) * CANDIDATES);
    if (strcmp(list, "-") == 0) return 0;
    char copy[128];
    snprintf(copy, sizeof copy, "%s", list);
    for (char *save, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int r = role_of(t);
        if (r < 0) return -1;
        marks[r] = 1;
    }
    return 0;
}

static void run_row(const row *rw, int index, int blocking)
{
    char title[160];
    snprintf(title, sizeof title, "discovery %s%s", rw->name, blocking ? " (blocking connect)" : "");
    h_case(title);
    char dir[256], xdg[300], path[CANDIDATES][320];
    snprintf(dir, sizeof dir, "%s/d%d%s", h_tmp(), index, blocking ? "b" : "");
    snprintf(xdg, sizeof xdg, "%s/xdg", dir);
    mkdir(dir, 0700);
    mkdir(xdg, 0700);
    snprintf(path[VARIABLE], sizeof path[0], "%s/variable.sock", dir);
    snprintf(path[USER], sizeof path[0], "%s/detent.sock", xdg);
    snprintf(path[SYSTEM], sizeof path[0], "%s/system.sock", dir);
    snprintf(path[FALLBACK], sizeof path[0], "%s/fallback.sock", dir);

    int listening[CANDIDATES], stale[CANDIDATES], fds[CANDIDATES];
    CHECK(roles_in(rw->listening, listening) == 0 && roles_in(rw->stale, stale) == 0, "known roles");
    for (int i = 0; i < CANDIDATES; i++) {
        fds[i] = -1;
        if (listening[i]) fds[i] = bind_socket(path[i], 1);
        else if (stale[i]) bind_socket(path[i], 0);
    }
    if (strcmp(rw->variable, "unset") == 0) unsetenv("DETENT_SOCKET");
    else if (strcmp(rw->variable, "empty") == 0) setenv("DETENT_SOCKET", "", 1);
    else setenv("DETENT_SOCKET", path[VARIABLE], 1);
    if (strcmp(rw->xdg, "unset") == 0) unsetenv("XDG_RUNTIME_DIR");
    else if (strcmp(rw->xdg, "empty") == 0) setenv("XDG_RUNTIME_DIR", "", 1);
    else setenv("XDG_RUNTIME_DIR", xdg, 1);

    detent_connection *c = detent_connection_new();
    detent_set_timeout(c, 200);
    CHECK(detent_set_discovery_paths(c, path[SYSTEM], path[FALLBACK]) == 0, "stand-in paths");
    int rc = blocking ? detent_connect(c, NULL, "discovery") : detent_connect_start(c, NULL, "discovery");
    const detent_error *e = detent_get_error(c);
    if (strncmp(rw->expect, "fail:", 5) != 0) {
        int want = role_of(rw->expect);
        CHECK(want >= 0, "expect names a candidate: %s", rw->expect);
        if (!blocking) CHECK(rc == 0, "connected: %s", e->message);
        /* blocking: a plain listener never greets, so the connect times out on the right path */
        if (blocking) CHECK(rc < 0 && e->kind == DETENT_ERROR_TIMEOUT, "greeting timeout: %s", e->message);
        if (want >= 0) CHECK_EQ_STR(detent_path(c), path[want]);
    } else {
        CHECK(rc < 0, "fails");
        CHECK(e->kind == DETENT_ERROR_DISCOVERY, "a discovery error (%s): %s", detent_error_kind_name(e->kind),
              e->message);
        CHECK(detent_path(c) == NULL, "no path");
        CHECK(strstr(e->message, "systemctl --user start detentd.socket") != NULL, "says how to start one");
        int tried[CANDIDATES] = { 0 };
        const char *at = e->message;
        char copy[256];
        snprintf(copy, sizeof copy, "%s", rw->expect + 5);
        for (char *save, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            char *eq = strchr(t, '=');
            if (!eq) continue;
            *eq = '\0';
            int r = role_of(t);
            if (r < 0) continue;
            tried[r] = 1;
            char want[400];
            snprintf(want, sizeof want, "%s: %s", path[r], eq + 1);
            const char *found = strstr(at, want);
            CHECK(found != NULL, "the message names \"%s\" in order: %s", want, e->message);
            if (found) at = found + strlen(want);
            if (r == VARIABLE) CHECK(strstr(e->message, "DETENT_SOCKET") != NULL, "names DETENT_SOCKET");
        }
        for (int i = 0; i < CANDIDATES; i++) {
            if (!tried[i]) CHECK(strstr(e->message, path[i]) == NULL, "%s was not tried: %s", roles[i], e->message);
        }
    }
    detent_connection_free(c);
    for (int i = 0; i < CANDIDATES; i++) {
        if (fds[i] >= 0) close(fds[i]);
        unlink(path[i]);
    }
}

static void real_daemon(void)
{
    h_case("discovery against a real daemon: DETENT_SOCKET, then the system path (blocking)");
    h_daemon d;
    if (h_daemon_start(&d, "discovered", NULL) < 0) {
        CHECK(0, "start a daemon");
        return;
    }
    char absent[300];
    snprintf(absent, sizeof absent, "%s/none.sock", h_tmp());
    setenv("DETENT_SOCKET", d.sock, 1);
    detent_connection *c = detent_connection_new();
    CHECK(detent_connect(c, NULL, "discovery") == 0, "connect by DETENT_SOCKET: %s", detent_get_error(c)->message);
    CHECK_EQ_STR(detent_path(c), d.sock);
    CHECK(detent_ping(c, NULL) == 0, "answers");
    detent_connection_free(c);
    unsetenv("DETENT_SOCKET");
    unsetenv("XDG_RUNTIME_DIR");
    c = detent_connection_new();
    detent_set_discovery_paths(c, d.sock, absent);
    CHECK(detent_connect(c, NULL, "discovery") == 0, "connect by the system path: %s", detent_get_error(c)->message);
    CHECK_EQ_STR(detent_path(c), d.sock);
    CHECK(detent_server_hello(c) != NULL, "greeted");
    detent_connection_free(c);

    h_case("an explicit path is the only one tried, and its failure names it");
    setenv("DETENT_SOCKET", d.sock, 1);
    c = detent_connection_new();
    CHECK(detent_connect(c, absent, "explicit") < 0, "fails");
    CHECK(detent_get_error(c)->kind == DETENT_ERROR_IO && strstr(detent_get_error(c)->message, absent),
          "an I/O error naming the path: %s", detent_get_error(c)->message);
    CHECK_EQ_INT(detent_get_error(c)->sys_errno, 2 /* ENOENT */);
    detent_connection_free(c);
    unsetenv("DETENT_SOCKET");
    h_daemon_stop(&d);
}

int main(int argc, char **argv)
{
    h_begin("discovery", 30);
    h_case("read the table");
    const char *table = argc > 1 ? argv[1] : "Tests/Conformance/discovery.txt";
    FILE *f = fopen(table, "r");
    CHECK(f != NULL, "open %s", table);
    if (!f) return h_end();
    char line[512];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        row rw;
        if (sscanf(line, "%63s %15s %15s %127s %127s %255s", rw.name, rw.variable, rw.xdg, rw.listening, rw.stale,
                   rw.expect) != 6) {
            CHECK(0, "a row of six columns: %s", line);
            continue;
        }
        run_row(&rw, rows, 0);
        if (strncmp(rw.expect, "fail:", 5) == 0 || rows % 4 == 0) run_row(&rw, rows, 1);
        rows++;
    }
    fclose(f);
    h_case("the table has rows");
    CHECK(rows >= 15, "%d rows", rows);
    real_daemon();
    return h_end();
}
