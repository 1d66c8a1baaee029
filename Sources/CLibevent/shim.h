#ifndef DETENT_CLIBEVENT_SHIM_H
#define DETENT_CLIBEVENT_SHIM_H

/* features.h first: Glibc's fd_set must be defined before libevent's headers
   are seen, or Swift's Glibc module and this one disagree on __fds_bits. */
#include <features.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/eventfd.h>

#include <event2/event.h>
#include <event2/listener.h>
#include <event2/util.h>

/* Function-like macros do not import into Swift. */
static inline struct event *detent_evsignal_new(struct event_base *base, int signum,
                                                event_callback_fn cb, void *arg) {
    return event_new(base, signum, EV_SIGNAL | EV_PERSIST, cb, arg);
}

static inline struct event *detent_evtimer_new(struct event_base *base,
                                               event_callback_fn cb, void *arg) {
    return event_new(base, -1, 0, cb, arg);
}

static inline int detent_evtimer_add_ms(struct event *ev, long ms) {
    struct timeval tv;
    tv.tv_sec = ms / 1000;
    tv.tv_usec = (ms % 1000) * 1000;
    return event_add(ev, &tv);
}

#endif
