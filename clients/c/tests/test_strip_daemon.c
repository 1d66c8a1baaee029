/*
 * The strip cases against the real daemon (argv[1],
 * Tests/Conformance/strip-cases.txt; config Tests/Conformance/strip.json,
 * its plugin library DETENT_FIXTURE as DIR/libfx.so): for every case that
 * goes online, its `>` lines are sent to a real detentd on a temporary
 * socket (a new connection at each `online`, closed at `offline`), and
 * every `<` line must be exactly the line it answers, every `!` line
 * exactly a line it pushes. So the cases cannot drift from the daemon.
 * DIR in a case stands for the folder of the daemon's config.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static h_daemon daemon_;
static int fd = -1, line_no, replayed;
static char in[1 << 16], pushes[8][4096], dir[256];
static size_t in_len, push_count;

static void hang_up(void)
{
    if (fd >= 0) close(fd);
    fd = -1;
    in_len = push_count = 0;
}

static void connect_now(void)
{
    hang_up();
    struct sockaddr_un addr;
    h_sockaddr(&addr, daemon_.sock);
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK(fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0, "line %d: connect: %s", line_no,
          strerror(errno));
}

/** The next line the daemon writes, within 5 s; false on none. */
static bool read_line(char *out, size_t max)
{
    for (;;) {
        char *nl = memchr(in, '\n', in_len);
        if (nl) {
            size_t n = (size_t)(nl - in);
            snprintf(out, max, "%.*s", (int)n, in);
            memmove(in, nl + 1, in_len - n - 1);
            in_len -= n + 1;
            return true;
        }
        struct pollfd p = { fd, POLLIN, 0 };
        if (fd < 0 || poll(&p, 1, 5000) <= 0) return false;
        ssize_t got = read(fd, in + in_len, sizeof in - in_len);
        if (got <= 0) return false;
        in_len += (size_t)got;
    }
}

static bool pushed(const char *line)
{
    return strncmp(line, "snap ", 5) == 0 && strstr(line, " cause=autoplay ") && !strstr(line, " id=");
}

/** The case's line with DIR for the config's folder. */
static void expand(const char *text, char *out, size_t max)
{
    size_t w = 0;
    for (const char *p = text; *p && w + 1 < max; p++) {
        if (strncmp(p, "DIR/", 4) == 0) {
            w += (size_t)snprintf(out + w, max - w, "%s", dir);
            p += 2;
            continue;
        }
        out[w++] = *p;
    }
    out[w < max ? w : max - 1] = '\0';
}

static void answer(const char *want, bool push)
{
    char got[4096], expected[4096];
    expand(want, expected, sizeof expected);
    bool have = false;
    if (push && push_count) {
        snprintf(got, sizeof got, "%s", pushes[0]);
        memmove(pushes, pushes + 1, --push_count * sizeof *pushes);
        have = true;
    }
    while (!have && read_line(got, sizeof got)) {
        if (!push && pushed(got)) { /* a push comes between replies: kept for a `!` line */
            if (push_count < 8) snprintf(pushes[push_count++], sizeof *pushes, "%s", got);
            continue;
        }
        have = true;
    }
    CHECK(have, "line %d: the daemon wrote nothing; the case says: %s", line_no, expected);
    if (have) CHECK(strcmp(got, expected) == 0, "line %d: the daemon says\n    %s\n  the case says\n    %s", line_no, got,
                    expected);
}

static int copy_file(const char *from, const char *to)
{
    FILE *in_f = fopen(from, "rb"), *out_f = fopen(to, "wb");
    char buf[65536];
    size_t n;
    int rc = in_f && out_f ? 0 : -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in_f)) > 0) rc = fwrite(buf, 1, n, out_f) == n ? 0 : -1;
    if (in_f) fclose(in_f);
    if (out_f && fclose(out_f) != 0) rc = -1;
    return rc;
}

static void replay(const char *text)
{
    if (strncmp(text, "case ", 5) == 0) {
        hang_up();
        h_case(text + 5);
    } else if (strcmp(text, "online") == 0) {
        connect_now();
        replayed++;
    } else if (strcmp(text, "offline") == 0) {
        hang_up();
    } else if (fd >= 0 && strncmp(text, "> ", 2) == 0 && strcmp(text, "> none") != 0) {
        char line[4096];
        int n = snprintf(line, sizeof line, "%s\n", text + 2);
        CHECK(write(fd, line, (size_t)n) == n, "line %d: write", line_no);
    } else if (fd >= 0 && (text[0] == '<' || text[0] == '!') && text[1] == ' ') {
        answer(text + 2, text[0] == '!');
    }
}

int main(int argc, char **argv)
{
    h_begin("strip-daemon", 120);
    const char *path = argc > 1 ? argv[1] : "Tests/Conformance/strip-cases.txt";
    char config_path[512], fixture[512], *config = NULL;
    snprintf(config_path, sizeof config_path, "%s/Tests/Conformance/strip.json", h_repo());
    h_case("start detentd on Tests/Conformance/strip.json");
    FILE *c = fopen(config_path, "r");
    CHECK(c != NULL, "%s", config_path);
    if (c) {
        config = calloc(1, 1 << 16);
        if (config) fread(config, 1, (1 << 16) - 1, c);
        fclose(c);
    }
    const char *lib = getenv("DETENT_FIXTURE");
    CHECK(lib && *lib, "DETENT_FIXTURE names the fixture plugin library");
    snprintf(dir, sizeof dir, "%s", h_tmp());
    snprintf(fixture, sizeof fixture, "%s/libfx.so", dir);
    CHECK(lib && copy_file(lib, fixture) == 0, "DIR/libfx.so"); /* a copy: the daemon names the real path */
    CHECK(config && h_daemon_start(&daemon_, "strip", config) == 0, "detentd started");
    free(config);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "the cases %s exist", path);
    if (h_failed() || !f) return h_end();
    /* a case is replayed from its first line on; one that never goes online sends nothing */
    static char text[8192];
    while (fgets(text, sizeof text, f)) {
        line_no++;
        text[strcspn(text, "\r\n")] = '\0';
        replay(text);
    }
    fclose(f);
    hang_up();
    printf("# %d connections replayed against detentd\n", replayed);
    h_case("the cases go online");
    CHECK(replayed >= 20, "at least 20 online replays (%d)", replayed);
    return h_end();
}
