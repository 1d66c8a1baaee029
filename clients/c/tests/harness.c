/*
 * SPDX-License-Identifier: Apache-2.0
 */
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *program = "test";
static const char *current = NULL;
static char current_name[256];
static int case_failed, cases, cases_failed, checks, checks_failed;
static pid_t daemons[32];
static int daemon_count;
static char tmp_root[256];

static void kill_daemons(void)
{
    for (int i = 0; i < daemon_count; i++) {
        if (daemons[i] > 0) {
            kill(daemons[i], SIGKILL);
            kill(daemons[i], SIGCONT);
        }
    }
}

/** A reaped daemon's pid may be reused: forget it so nothing else is ever signalled. */
static void forget(pid_t pid)
{
    for (int i = 0; i < daemon_count; i++) {
        if (daemons[i] == pid) daemons[i] = 0;
    }
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char text[] = "\nnot ok - time limit passed (a hang): killed by SIGALRM\n";
    ssize_t n = write(2, text, sizeof text - 1);
    (void)n;
    kill_daemons();
    _exit(1);
}

static void finish_case(void)
{
    if (!current) return;
    cases++;
    if (case_failed) cases_failed++;
    printf("%s - %s: %s\n", case_failed ? "not ok" : "ok", program, current);
    fflush(stdout);
    current = NULL;
}

void h_begin(const char *name, unsigned seconds)
{
    program = name;
    signal(SIGALRM, on_alarm);
    signal(SIGPIPE, SIG_IGN);
    alarm(seconds);
    atexit(kill_daemons);
}

void h_case(const char *name)
{
    finish_case();
    snprintf(current_name, sizeof current_name, "%s", name);
    current = current_name;
    case_failed = 0;
}

int h_failed(void)
{
    return checks_failed > 0;
}

int h_end(void)
{
    finish_case();
    printf("# %s: %d cases, %d failed; %d checks, %d failed\n", program, cases, cases_failed, checks, checks_failed);
    kill_daemons();
    return cases_failed || checks_failed ? 1 : 0;
}

void h_check(int ok, const char *file, int line, const char *fmt, ...)
{
    checks++;
    if (ok) return;
    checks_failed++;
    case_failed = 1;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s:%d [%s] ", file, line, current ? current : program);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int h_streq(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

const char *h_str(const char *s)
{
    return s ? s : "(null)";
}

const char *h_repo(void)
{
    const char *repo = getenv("DETENT_REPO");
    return repo && *repo ? repo : ".";
}

const char *h_tmp(void)
{
    if (!tmp_root[0]) {
        const char *base = getenv("TMPDIR");
        snprintf(tmp_root, sizeof tmp_root, "%s/libdetent-XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmp_root)) {
            perror("mkdtemp");
            exit(1);
        }
    }
    return tmp_root;
}

long long h_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int h_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs(text, f);
    return fclose(f);
}

int h_sockaddr(struct sockaddr_un *addr, const char *path)
{
    memset(addr, 0, sizeof *addr);
    addr->sun_family = AF_UNIX;
    size_t n = strlen(path);
    if (n >= sizeof addr->sun_path) return -1;
    memcpy(addr->sun_path, path, n + 1);
    return 0;
}

static int can_connect(const char *path)
{
    struct sockaddr_un addr;
    if (h_sockaddr(&addr, path) < 0) return 0;
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    int ok = connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0;
    close(fd);
    return ok;
}

int h_daemon_prepare(h_daemon *d, const char *name, const char *config_json)
{
    memset(d, 0, sizeof *d);
    snprintf(d->sock, sizeof d->sock, "%s/%s.sock", h_tmp(), name);
    snprintf(d->log, sizeof d->log, "%s/%s.log", h_tmp(), name);
    snprintf(d->name, sizeof d->name, "%s", name);
    if (config_json) {
        snprintf(d->config, sizeof d->config, "%s/%s.json", h_tmp(), name);
        if (h_write_file(d->config, config_json) < 0) return -1;
    } else {
        snprintf(d->config, sizeof d->config, "%s/plugins.json", h_repo());
    }
    return 0;
}

int h_daemon_launch(h_daemon *d, int activated)
{
    const char *bin = getenv("DETENT_BIN");
    if (!bin || !*bin) bin = "/tmp/detent-bin";
    char exe[512], unused[300];
    snprintf(exe, sizeof exe, "%s/detentd", bin);
    snprintf(unused, sizeof unused, "%s.unused", d->sock);
    unlink(d->sock);
    pid_t pid = fork();
    if (pid == 0) {
        int log = open(d->log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (log >= 0) dup2(log, 2);
        if (activated) {
            /* systemd-socket-activate listens on the socket and execs detentd at the first connection. */
            execlp("systemd-socket-activate", "systemd-socket-activate", "-l", d->sock, exe, "--config", d->config,
                   "--socket", unused, "--log-level", "warning", (char *)NULL);
        } else {
            execl(exe, "detentd", "--config", d->config, "--socket", d->sock, "--log-level", "warning", (char *)NULL);
        }
        fprintf(stderr, "exec %s: %s\n", activated ? "systemd-socket-activate" : exe, strerror(errno));
        _exit(127);
    }
    if (pid < 0) return -1;
    d->pid = pid;
    if (daemon_count < 32) daemons[daemon_count++] = pid;
    return 0;
}

int h_daemon_wait_listening(h_daemon *d)
{
    pid_t pid = d->pid;
    for (long long until = h_now_ms() + 10000; h_now_ms() < until;) {
        if (can_connect(d->sock)) return 0;
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            forget(pid);
            fprintf(stderr, "detentd %s exited before listening; its log, %s:\n", d->name, d->log);
            FILE *f = fopen(d->log, "r");
            char line[512];
            while (f && fgets(line, sizeof line, f)) fputs(line, stderr);
            if (f) fclose(f);
            d->pid = 0;
            return -1;
        }
        struct timespec ts = { 0, 2000000 };
        nanosleep(&ts, NULL); /* a poll interval, not a wait for readiness */
    }
    fprintf(stderr, "detentd %s did not listen on %s within 10 s\n", d->name, d->sock);
    return -1;
}

int h_daemon_start(h_daemon *d, const char *name, const char *config_json)
{
    if (h_daemon_prepare(d, name, config_json) < 0) return -1;
    unlink(d->log);
    if (h_daemon_launch(d, 0) < 0) return -1;
    return h_daemon_wait_listening(d);
}

void h_daemon_kill(h_daemon *d, int sig)
{
    if (d->pid > 0) kill(d->pid, sig);
}

void h_daemon_stop(h_daemon *d)
{
    if (d->pid <= 0) return;
    kill(d->pid, SIGCONT);
    kill(d->pid, SIGTERM);
    int status;
    for (long long until = h_now_ms() + 3000; h_now_ms() < until;) {
        if (waitpid(d->pid, &status, WNOHANG) == d->pid) {
            forget(d->pid);
            d->pid = 0;
            return;
        }
        struct timespec ts = { 0, 2000000 };
        nanosleep(&ts, NULL);
    }
    kill(d->pid, SIGKILL);
    waitpid(d->pid, &status, 0);
    forget(d->pid);
    d->pid = 0;
}

detent_connection *h_connect(const h_daemon *d, int timeout_ms)
{
    detent_connection *c = detent_connection_new();
    if (!c) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    if (timeout_ms > 0) detent_set_timeout(c, timeout_ms);
    if (detent_connect(c, d->sock, "libdetent-test") < 0) {
        h_check(0, __FILE__, __LINE__, "connect %s: %s", d->sock, detent_get_error(c)->message);
    }
    return c;
}
