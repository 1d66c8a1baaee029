/*
 * What Tests/Qt's recorder (recorder.cpp) shares with its placement (place.cpp):
 * its options, the view and its SwipeView, the frame count and the JSON lines.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef DETENT_QT_RECORDER_H
#define DETENT_QT_RECORDER_H

#include <QtQuick/QQuickItem>
#include <QtQuick/QQuickView>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

namespace rec {

struct Options {
    int pages = 6, width = 400, height = 200, spacing = 0, start = 0;
};

extern Options opt;
extern QQuickView *view;
extern QObject *rootObject;     // the QML root: replaced by `place`
extern QQuickItem *swipe, *list;
extern long frames;             // afterAnimating count

inline double monoMs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* A JSON line: fields appended in order, written with one fwrite and flushed. */
class Line {
public:
    explicit Line(const char *what)
    {
        s = "{\"e\":\"";
        s += what;
        s += "\"";
        num("ms", monoMs(), 3);
    }
    Line &num(const char *key, double v, int decimals = -1)
    {
        char buf[64];
        if (v == 0) v = 0; // no -0
        if (decimals >= 0)
            snprintf(buf, sizeof buf, "%.*f", decimals, v);
        else
            snprintf(buf, sizeof buf, "%.17g", v);
        if (!std::isfinite(v)) snprintf(buf, sizeof buf, "null");
        return raw(key, buf);
    }
    Line &integer(const char *key, long long v)
    {
        char buf[32];
        snprintf(buf, sizeof buf, "%lld", v);
        return raw(key, buf);
    }
    Line &boolean(const char *key, bool v) { return raw(key, v ? "true" : "false"); }
    Line &json(const char *key, const std::string &v) { return raw(key, v.c_str()); }
    Line &str(const char *key, const std::string &v)
    {
        std::string q = "\"";
        for (char c : v) {
            if (c == '"' || c == '\\') q += '\\';
            if ((unsigned char)c < 0x20) {
                char b[8];
                snprintf(b, sizeof b, "\\u%04x", c);
                q += b;
                continue;
            }
            q += c;
        }
        q += '"';
        return raw(key, q.c_str());
    }
    ~Line()
    {
        s += "}\n";
        fwrite(s.data(), 1, s.size(), stdout);
        fflush(stdout);
    }

private:
    Line &raw(const char *key, const char *value)
    {
        s += ",\"";
        s += key;
        s += "\":";
        s += value;
        return *this;
    }
    std::string s;
};

double contentX();
int currentIndex();
double pageOffset(int i);
void startClock();
bool createView(int index);

/* place.cpp: `place I HOW` (issue 41) and the pages the ListView holds. */
std::string delegates();
void place(int index, const std::string &how, int via);
void checkPlaced();

} // namespace rec

#endif
