/*
 * The strips: the web demo's (Examples/web/demo.js), one per seed scenario,
 * each paged by its plugin of the bundled plugins.json. The geometry is what
 * the carousel's properties send (strip.c sets them from it): viewport the
 * carousel's width, item its page-size, sizes its pages' own widths.
 * SPDX-License-Identifier: Apache-2.0
 */
#include "demo.h"

static const double thumb_sizes[] = { 120, 90, 150, 100, 80, 130, 110, 95, 140, 85, 125, 100 };

#define CARDS .viewport = 375, .item = 343, .count = 5, .spacing = 8, .lead = 16, .trail = 16

const StripSpec demo_specs[DEMO_STRIPS] = {
    {
        .name = "cards", .plugin = "cards", .seed = "000", .title = "Account cards", .kind = KIND_CARD,
        .height = 200, .color_shift = 0,
        .about = "The card nearest the release; a flick faster than 1 pt/ms moves one card. "
                 "Each card rests centred between equal peeks.",
        .geometry = { CARDS },
    },
    {
        .name = "peek", .plugin = "peek", .seed = "001", .title = "Peeking cards", .kind = KIND_PHOTO,
        .height = 160, .color_shift = 3,
        .about = "UIKit paging with a page of one card plus the gap, so neighbours peek in at both sides.",
        .geometry = { CARDS },
    },
    {
        .name = "banner", .plugin = "banner", .seed = "002", .title = "Banner", .kind = KIND_BANNER,
        .height = 150, .color_shift = 1,
        .about = "Large pages, one per drag; the momentum is kept only for a fast flick. "
                 "The pad lets the last page align.",
        .geometry = { .viewport = 375, .item = 275, .count = 6, .align = DETENT_ALIGN_START,
                      .contain = DETENT_CONTAIN_PAD },
    },
    {
        .name = "thumbs", .plugin = "thumbs", .seed = "002", .title = "Thumbnails", .kind = KIND_THUMB,
        .height = 96, .color_shift = 5,
        .about = "The thumbnail nearest where the momentum would stop, across widths; "
                 "the pad lets the last ones rest aligned.",
        .geometry = { .viewport = 375, .sizes = thumb_sizes, .sizes_len = G_N_ELEMENTS(thumb_sizes), .spacing = 8,
                      .lead = 8, .trail = 8, .align = DETENT_ALIGN_START, .contain = DETENT_CONTAIN_PAD },
    },
    {
        .name = "shelf", .plugin = "shelf", .seed = "003", .title = "Shelf", .kind = KIND_ICON,
        .height = 110, .color_shift = 0,
        .about = "As many whole items as fit make a page; one page per drag, and grabbing it "
                 "while it settles keeps the page.",
        .geometry = { .viewport = 375, .item = 70, .count = 10, .spacing = 30, .lead = 20,
                      .contain = DETENT_CONTAIN_PAD },
    },
    {
        .name = "carousel", .plugin = "carousel", .seed = "004", .title = "Carousel", .kind = KIND_SLIDE,
        .height = 170, .color_shift = 2, .autoplay_ms = 2000,
        .about = "Centred, looping without end (the jump back is invisible), advancing every 2 s "
                 "while no finger is down.",
        .geometry = { .viewport = 375, .item = 300, .count = 4, .spacing = 10, .loop = true },
    },
};

int spec_count(const StripSpec *spec)
{
    return spec->geometry.sizes ? (int)spec->geometry.sizes_len : (int)spec->geometry.count;
}
