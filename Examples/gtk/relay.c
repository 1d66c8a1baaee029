/*
 * Under DETENT_GTK_TRACE=1 the carousels' `socket` is a relay of the app's
 * own: it accepts each connection libdetent's pool opens, connects it to
 * the daemon's socket, copies the bytes both ways unchanged, and prints
 * what went by, as the protocol says it (detent-protocol(7)):
 *   input s=NAME phase=begin|move|end|cancel t= dx= x=   (dx: the begin's x
 *     minus this x, the finger's way along the content), phase=wheel t= dx=
 *     dy= source= x=, phase=scroll-begin|scroll|scroll-end t= dx= dy= [x=],
 *     phase=step to= t= x=, phase=goto index= x=: each request as sent;
 *   decision s=NAME index= x= mode= cause= [page=] [jump=] from= v= curve=
 *     rate=|omega= ms=   each snap answering a request, and each push the
 *     carousel follows (push s=NAME index= followed=0|1 first);
 *   kept s=NAME index=; opened s=NAME plugin= index= x= motion=;
 *   layout s=NAME motion= index= x=; autoplay s=NAME every= (the daemon's ok);
 *   connection state=ready path= server= | state=down attempt=N tried= msg=
 *     (each attempt the pool makes while no daemon answers).
 * The app's own main loop runs it (a write waits only for a full socket buffer). wire.c
 * reads the lines.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "relay.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static char *listen_path, *upstream;
static GHashTable *sessions;
int relay_attempt;

const char *relay_upstream(void)
{
    if (!upstream) {
        const char *env = g_getenv("DETENT_SOCKET");
        upstream = env && *env ? g_strdup(env)
                               : g_strdup("$XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock, /tmp/detent-UID.sock");
    }
    return upstream;
}

Session *relay_session(const char *name)
{
    Session *s = g_hash_table_lookup(sessions, name);
    if (!s) {
        s = g_new0(Session, 1);
        g_hash_table_insert(sessions, g_strdup(name), s);
    }
    return s;
}

static int connect_to(const char *path)
{
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof a.sun_path) return -1;
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0) return fd;
    int e = errno;
    if (fd >= 0) close(fd);
    errno = e;
    return -1;
}

/* The daemon's socket by libdetent's rule (DETENT_SOCKET alone when set). */
static int connect_upstream(void)
{
    const char *env = g_getenv("DETENT_SOCKET");
    if (env && *env) return connect_to(env);
    const char *runtime = g_getenv("XDG_RUNTIME_DIR");
    char *tries[3] = { runtime && *runtime ? g_build_filename(runtime, "detent.sock", NULL) : NULL,
                       g_strdup("/run/detent/detent.sock"), g_strdup_printf("/tmp/detent-%u.sock", getuid()) };
    int fd = -1;
    for (int i = 0; i < 3; i++) {
        if (fd < 0 && tries[i]) fd = connect_to(tries[i]);
        g_free(tries[i]);
    }
    return fd;
}

static void down(const char *why)
{
    GString *line = g_string_new(NULL);
    g_string_printf(line, "connection state=down attempt=%d tried=", ++relay_attempt);
    trace_quote(line, relay_upstream());
    g_string_append(line, " msg=");
    trace_quote(line, why);
    trace_line("%s", line->str);
    g_string_free(line, TRUE);
}

static gboolean write_all(int fd, const char *data, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, data, n);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd p = { fd, POLLOUT, 0 };
            if (poll(&p, 1, 5000) <= 0) return FALSE;
            continue;
        }
        if (w <= 0) return FALSE;
        data += w;
        n -= (size_t)w;
    }
    return TRUE;
}

static void close_pipe(Pipe *p)
{
    for (int i = 0; i < 2; i++) {
        if (p->watch[i]) g_source_remove(p->watch[i]);
        close(p->fd[i]);
        g_string_free(p->line[i], TRUE);
    }
    g_hash_table_unref(p->asked);
    g_free(p);
}

static gboolean on_data(gint fd, GIOCondition condition, gpointer data)
{
    (void)condition;
    Pipe *p = data;
    int from = fd == p->fd[0] ? 0 : 1;
    char buf[16384];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return G_SOURCE_CONTINUE;
    if (n <= 0 || !write_all(p->fd[1 - from], buf, (size_t)n)) { /* either side gone: both go */
        if (from == 1) down("detentd closed the connection");
        p->watch[from] = 0; /* this source ends by its return */
        close_pipe(p);
        return G_SOURCE_REMOVE;
    }
    GString *line = p->line[from];
    g_string_append_len(line, buf, n);
    char *nl;
    while ((nl = memchr(line->str, '\n', line->len))) {
        *nl = '\0';
        if (from == 0) relay_line_up(p, line->str);
        else relay_line_down(p, line->str);
        g_string_erase(line, 0, nl - line->str + 1);
    }
    return G_SOURCE_CONTINUE;
}

static gboolean on_accept(gint fd, GIOCondition condition, gpointer data)
{
    (void)condition;
    (void)data;
    int app = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (app < 0) return G_SOURCE_CONTINUE;
    int daemon = connect_upstream();
    if (daemon < 0) { /* no daemon: the app's connection closes before any greeting, as without a relay */
        down(g_strerror(errno));
        close(app);
        return G_SOURCE_CONTINUE;
    }
    g_unix_set_fd_nonblocking(daemon, TRUE, NULL);
    Pipe *p = g_new0(Pipe, 1);
    p->fd[0] = app;
    p->fd[1] = daemon;
    p->asked = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (int i = 0; i < 2; i++) {
        p->line[i] = g_string_new(NULL);
        p->watch[i] = g_unix_fd_add(p->fd[i], G_IO_IN | G_IO_HUP | G_IO_ERR, on_data, p);
    }
    return G_SOURCE_CONTINUE;
}

const char *relay_start(void)
{
    sessions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    char *dir = g_dir_make_tmp("detent-relay-XXXXXX", NULL);
    if (!dir) return NULL;
    listen_path = g_build_filename(dir, "relay.sock", NULL);
    g_free(dir);
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0 || strlen(listen_path) >= sizeof a.sun_path) return NULL;
    strcpy(a.sun_path, listen_path);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 16) != 0) {
        close(fd);
        return NULL;
    }
    g_unix_fd_add(fd, G_IO_IN, on_accept, NULL);
    return listen_path;
}

/* Removes the relay's socket and its folder at exit. */
void relay_stop(void)
{
    if (!listen_path) return;
    g_unlink(listen_path);
    char *dir = g_path_get_dirname(listen_path);
    g_rmdir(dir);
    g_free(dir);
}
