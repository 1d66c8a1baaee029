/*
 * The relay's inside (relay.cpp: the sockets; wire.cpp: the lines it saw, traced).
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_QT_DEMO_RELAY_H
#define DETENT_QT_DEMO_RELAY_H

#include "demo.h"

#include <map>
#include <string>

class QSocketNotifier;

struct Pipe {
    int fd[2];                              /* 0: the app's side, 1: the daemon's */
    QSocketNotifier *watch[2];
    std::string line[2];                    /* a line not yet complete, from each side */
    std::map<std::string, std::string> asked; /* request id -> its line */
};

/** The daemon's socket as libdetent's rule finds it: DETENT_SOCKET, else the places it tries. */
std::string relay_upstream();
void relay_down(const char *why);
void relay_line_up(Pipe *p, const std::string &line);
void relay_line_down(Pipe *p, const std::string &line);

#endif
