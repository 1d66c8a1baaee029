/*
 * carousels: one window of N carousels (AdwCarousel's or DetentCarousel's),
 * for issue 38's benchmark (Benchmarks/carousels/run drives one process of
 * each kind side by side; BENCHMARKS.md). Not part of the product.
 *
 *   carousels adw|detent [-n 100] [-p 4] [-c 10] [-s SOCKET]
 *
 * Prints {"ready":...} once the window is painted and, for detent, every
 * carousel's session is open (running-plugin set). Then reads commands on
 * stdin, one a line, and answers each with a JSON line:
 *   run S    every carousel scroll_to(the next page, TRUE), again at each
 *            page-changed (back and forth across its pages), for S seconds;
 *            then it waits until every carousel rests, and reports
 *   rest S   S seconds with nothing asked of it, then reports
 *   quit
 * A report: the process's CPU (all threads, CLOCK_PROCESS_CPUTIME_ID) and
 * the main thread's; frames painted (the window's content snapshotted
 * again) and frame-clock cycles; page-changed signals; moves (notify::position:
 * a carousel drawn at a new position); the main loop's polls (its poll
 * function, counted); voluntary context switches (every thread's). A rest is counted
 * from a timer 0.1 s after its command, so the command's own read is not
 * in it: a process that wakes for nothing polls once (and sleeps in it
 * until the timer that ends the rest).
 */
#define _GNU_SOURCE
#include <adwaita.h>
#include <detent-gtk.h>
#include <glib-unix.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The window's content: counts its snapshots (a frame whose pixels changed re-snapshots it). */
#define COUNTED_TYPE (counted_get_type())
G_DECLARE_FINAL_TYPE(Counted, counted, COUNTED, WIDGET, GtkWidget)
struct _Counted {
    GtkWidget parent_instance;
};
G_DEFINE_TYPE(Counted, counted, GTK_TYPE_WIDGET)

static guint64 snapshots, clock_frames, changes, moves, polls;

static void counted_snapshot(GtkWidget *w, GtkSnapshot *s)
{
    snapshots++;
    GTK_WIDGET_CLASS(counted_parent_class)->snapshot(w, s);
}

static void counted_dispose(GObject *o)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(o)))) gtk_widget_unparent(child);
    G_OBJECT_CLASS(counted_parent_class)->dispose(o);
}

static void counted_class_init(CountedClass *c)
{
    GTK_WIDGET_CLASS(c)->snapshot = counted_snapshot;
    G_OBJECT_CLASS(c)->dispose = counted_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(c), GTK_TYPE_BIN_LAYOUT);
}

static void counted_init(Counted *c) { (void)c; }

static gboolean detent_kind;
static GPtrArray *carousels;
static int *page, *dir; /* each carousel's page asked for, and its direction */
static int pages = 4;
static int moving;      /* carousels whose motion has not ended */
static gboolean running, reporting;
static const char *command = "";
static double seconds;
static guint64 start_cpu, start_main, start_ns, start_snapshots, start_frames, start_changes, start_moves, start_polls,
    start_csw;
static GMainLoop *loop;

static guint64 clock_ns(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (guint64)t.tv_sec * 1000000000u + (guint64)t.tv_nsec;
}

/* Voluntary context switches of every thread: how often the process slept (and woke). */
static guint64 context_switches(void)
{
    guint64 sum = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[300], line[128];
        snprintf(path, sizeof path, "/proc/self/task/%s/status", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        while (fgets(line, sizeof line, f)) {
            unsigned long long n;
            if (sscanf(line, "voluntary_ctxt_switches: %llu", &n) == 1) sum += n; /* not preemptions */
        }
        fclose(f);
    }
    closedir(d);
    return sum;
}

static gint counting_poll(GPollFD *fds, guint n, gint timeout)
{
    polls++;
    return g_poll(fds, n, timeout);
}

static GtkWidget *nth(GtkWidget *c, int i)
{
    return detent_kind ? detent_carousel_get_nth_page(DETENT_CAROUSEL(c), (guint)i)
                       : adw_carousel_get_nth_page(ADW_CAROUSEL(c), (guint)i);
}

static void go_next(guint i)
{
    GtkWidget *c = g_ptr_array_index(carousels, i);
    if (page[i] + dir[i] < 0 || page[i] + dir[i] >= pages) dir[i] = -dir[i];
    page[i] += dir[i];
    if (detent_kind) detent_carousel_scroll_to(DETENT_CAROUSEL(c), nth(c, page[i]), TRUE);
    else adw_carousel_scroll_to(ADW_CAROUSEL(c), nth(c, page[i]), TRUE);
}

static void begin(const char *what, double s)
{
    command = what;
    seconds = s;
    start_changes = changes;
    start_snapshots = snapshots;
    start_frames = clock_frames;
    start_moves = moves;
    start_polls = polls;
    start_csw = context_switches();
    start_ns = (guint64)g_get_monotonic_time() * 1000u;
    start_main = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    start_cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

static gboolean report(gpointer data)
{
    (void)data;
    guint64 cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - start_cpu, main_cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID) - start_main;
    guint64 wall = (guint64)g_get_monotonic_time() * 1000u - start_ns;
    printf("{\"kind\":\"%s\",\"command\":\"%s\",\"seconds\":%g,\"wall_ns\":%" G_GUINT64_FORMAT
           ",\"cpu_ns\":%" G_GUINT64_FORMAT ",\"main_cpu_ns\":%" G_GUINT64_FORMAT ",\"frames\":%" G_GUINT64_FORMAT
           ",\"clock_frames\":%" G_GUINT64_FORMAT ",\"page_changed\":%" G_GUINT64_FORMAT ",\"moves\":%" G_GUINT64_FORMAT
           ",\"polls\":%" G_GUINT64_FORMAT
           ",\"context_switches\":%" G_GUINT64_FORMAT "}\n",
           detent_kind ? "detent" : "adw", command, seconds, wall, cpu, main_cpu, snapshots - start_snapshots,
           clock_frames - start_frames, changes - start_changes, moves - start_moves, polls - start_polls,
           context_switches() - start_csw);
    fflush(stdout);
    reporting = FALSE;
    return G_SOURCE_REMOVE;
}

static gboolean start_rest(gpointer data)
{
    (void)data;
    begin("rest", seconds);
    g_timeout_add((guint)(seconds * 1000), report, NULL);
    return G_SOURCE_REMOVE;
}

static gboolean stop_running(gpointer data)
{
    (void)data;
    running = FALSE;
    return G_SOURCE_REMOVE;
}

static void on_page_changed(GtkWidget *c, guint index, gpointer data)
{
    (void)c;
    (void)index;
    changes++;
    if (!reporting || strcmp(command, "run") != 0) return;
    if (running) go_next(GPOINTER_TO_UINT(data));
    else if (--moving == 0) g_idle_add_full(G_PRIORITY_LOW, report, NULL, NULL); /* after this frame's paint */
}

static void on_position(GObject *c, GParamSpec *pspec, gpointer data)
{
    (void)c;
    (void)pspec;
    (void)data;
    moves++;
}

static gboolean on_stdin(gint fd, GIOCondition cond, gpointer data)
{
    (void)cond;
    (void)data;
    static char buf[256];
    static size_t have;
    ssize_t got = read(fd, buf + have, sizeof buf - 1 - have);
    if (got <= 0) { g_main_loop_quit(loop); return G_SOURCE_REMOVE; }
    have += (size_t)got;
    buf[have] = '\0';
    char *nl;
    while ((nl = strchr(buf, '\n'))) {
        *nl = '\0';
        double s = 0;
        if (strcmp(buf, "quit") == 0) g_main_loop_quit(loop);
        else if (reporting) fprintf(stderr, "carousels: busy, ignored: %s\n", buf);
        else if (sscanf(buf, "run %lf", &s) == 1) {
            reporting = running = TRUE;
            begin("run", s);
            moving = (int)carousels->len;
            for (guint i = 0; i < carousels->len; i++) go_next(i);
            g_timeout_add((guint)(s * 1000), stop_running, NULL);
        } else if (sscanf(buf, "rest %lf", &s) == 1) {
            reporting = TRUE;
            seconds = s;
            g_timeout_add(100, start_rest, NULL);
        } else fprintf(stderr, "carousels: unknown command: %s\n", buf);
        have -= (size_t)(nl + 1 - buf);
        memmove(buf, nl + 1, have + 1);
    }
    if (have == sizeof buf - 1) have = 0; /* a line too long: dropped */
    return G_SOURCE_CONTINUE;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    clock_frames++;
}

static gboolean is_ready(gpointer window)
{
    if (snapshots == 0) return G_SOURCE_CONTINUE;
    for (guint i = 0; detent_kind && i < carousels->len; i++)
        if (!detent_carousel_get_running_plugin(DETENT_CAROUSEL(g_ptr_array_index(carousels, i)))) return G_SOURCE_CONTINUE;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);
    printf("{\"ready\":\"%s\",\"pid\":%d}\n", detent_kind ? "detent" : "adw", (int)getpid());
    fflush(stdout);
    g_unix_fd_add(0, G_IO_IN | G_IO_HUP | G_IO_ERR, on_stdin, NULL);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    int n = 100, cols = 10, opt;
    const char *socket = NULL;
    while ((opt = getopt(argc, argv, "n:p:c:s:")) != -1) {
        switch (opt) {
        case 'n': n = atoi(optarg); break;
        case 'p': pages = atoi(optarg); break;
        case 'c': cols = atoi(optarg); break;
        case 's': socket = optarg; break;
        default: return 2;
        }
    }
    if (optind != argc - 1 || n < 1 || pages < 2 || cols < 1 ||
        (strcmp(argv[optind], "adw") != 0 && strcmp(argv[optind], "detent") != 0)) {
        fprintf(stderr, "usage: carousels adw|detent [-n 100] [-p 4] [-c 10] [-s SOCKET]\n");
        return 2;
    }
    detent_kind = strcmp(argv[optind], "detent") == 0;
    adw_init(); /* both: the same stylesheet, so only the carousel differs */
    if (detent_kind) detent_gtk_init();
    g_main_context_set_poll_func(NULL, counting_poll);

    GtkWidget *window = gtk_window_new(), *content = g_object_new(COUNTED_TYPE, NULL), *grid = gtk_grid_new();
    gtk_window_set_title(GTK_WINDOW(window), detent_kind ? "DetentCarousel x N" : "AdwCarousel x N");
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_grid_set_row_homogeneous(GTK_GRID(grid), TRUE);
    gtk_grid_set_column_homogeneous(GTK_GRID(grid), TRUE);
    gtk_widget_set_parent(grid, content);
    gtk_window_set_child(GTK_WINDOW(window), content);
    carousels = g_ptr_array_new();
    page = g_new0(int, n);
    dir = g_new0(int, n);
    for (int i = 0; i < n; i++) {
        GtkWidget *c = detent_kind ? g_object_new(DETENT_TYPE_CAROUSEL, "plugin", "adwaita", "socket", socket, NULL)
                                   : adw_carousel_new();
        gtk_widget_set_size_request(c, 96, 64);
        for (int p = 0; p < pages; p++) {
            char text[32];
            snprintf(text, sizeof text, "%d · %d", i + 1, p + 1);
            GtkWidget *label = gtk_label_new(text);
            gtk_widget_set_hexpand(label, TRUE);
            gtk_widget_set_vexpand(label, TRUE);
            if (detent_kind) detent_carousel_append(DETENT_CAROUSEL(c), label);
            else adw_carousel_append(ADW_CAROUSEL(c), label);
        }
        g_signal_connect(c, "page-changed", G_CALLBACK(on_page_changed), GUINT_TO_POINTER((guint)i));
        g_signal_connect(c, "notify::position", G_CALLBACK(on_position), NULL);
        g_ptr_array_add(carousels, c);
        dir[i] = 1;
        gtk_grid_attach(GTK_GRID(grid), c, i % cols, i / cols, 1, 1);
    }
    gtk_window_present(GTK_WINDOW(window));
    loop = g_main_loop_new(NULL, FALSE);
    g_timeout_add(50, is_ready, window);
    g_main_loop_run(loop);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}
