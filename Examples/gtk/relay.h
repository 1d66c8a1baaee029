/*
 * The relay's inside (relay.c: the sockets; wire.c: the lines it saw, traced).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_GTK_DEMO_RELAY_H
#define DETENT_GTK_DEMO_RELAY_H

#include "common.h"

typedef struct Pipe {
    int fd[2];         /* 0: the app's side, 1: the daemon's */
    guint watch[2];
    GString *line[2];  /* a line not yet complete, from each side */
    GHashTable *asked; /* request id -> "VERB NAME" */
} Pipe;

typedef struct Session {
    double grab;           /* the gesture's begin x (moved by a re-grab's jump) */
    char motion[16];       /* the last open's motion= (default: none sent) */
    char layout_motion[16];
} Session;

extern int relay_attempt; /* connections refused since the daemon last answered */

Session *relay_session(const char *name);
void relay_line_up(Pipe *p, const char *line);
void relay_line_down(Pipe *p, const char *line);

#endif
