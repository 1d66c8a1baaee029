# Detent: build and install.
#   make install                      release build, installed under /usr/local
#   make install PREFIX=/usr DESTDIR=/tmp/pkg
#   make uninstall                    removes what install put (not the config)
# The config goes to $(SYSCONFDIR)/detent/plugins.json (and the WebSocket
# relay's, detent-websocket(8), to websocket.json beside it); an existing one
# is never overwritten. CONFIGURATION=debug installs the debug build instead;
# BIN=folder installs executables already built there (no build step).
# The plugin header goes to $(PREFIX)/include/detent/detent_plugin.h.
# libdetent (clients/c: the library, its headers, detent.pc, detent-client(3), detent-strip(3))
# is installed too, its library under $(LIBDIR); LIBDETENT_BUILD=dir builds
# it there instead of clients/c/.build. So is libdetent-gtk-1 (clients/gtk:
# the library, detent-gtk.h, detent-gtk-1.pc, detent-carousel(3), Detent-1.gir
# under $(PREFIX)/share/gir-1.0 and Detent-1.typelib under
# $(LIBDIR)/girepository-1.0), built against the libdetent built here, in
# GTK_BUILD=dir (default LIBDETENT_BUILD/gtk when that is given, else
# clients/gtk/.build). GObject introspection looks in /usr only: under
# another PREFIX an app needs GI_TYPELIB_PATH (README.md, "Run as a service").
# The JavaScript client (clients/js: detent.js and its parts lines.js,
# motion.js and bezier.js, protocol.js, strip.js and
# its parts, wheel.js, pool.js, detent-carousel.js and its parts,
# package.json) goes to $(JSDIR), by default
# $(PREFIX)/share/javascript/detent, where Debian's libjs-* packages are.
# Detent.Controls (clients/qt-quick: the QML module) is built too, against the
# same libdetent in QTQUICK_BUILD=dir (default LIBDETENT_BUILD/qt-quick when
# that is given, else clients/qt-quick/.build), installed into Qt 6's QML
# folder (qmake6 -query QT_INSTALL_QML) under PREFIX=/usr, else into
# $(PREFIX)/lib/qt6/qml (an app sets QML_IMPORT_PATH: clients/qt-quick/README.md).
#   make clients                      libdetent, libdetent-gtk-1 and Detent.Controls only (no Swift)

PREFIX ?= /usr/local
DESTDIR ?=
SYSCONFDIR ?= /etc
CONFIGURATION ?= release
SWIFT ?= swift

BINDIR := $(PREFIX)/bin
SBINDIR := $(PREFIX)/sbin
MANDIR := $(PREFIX)/share/man
INCLUDEDIR := $(PREFIX)/include
LIBDIR ?= $(PREFIX)/lib
UNITDIR ?= $(PREFIX)/lib/systemd/system
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
TMPFILESDIR ?= $(PREFIX)/lib/tmpfiles.d
JSDIR ?= $(PREFIX)/share/javascript/detent
JSFILES := $(addprefix clients/js/,detent.js lines.js motion.js bezier.js protocol.js strip.js wheel.js pool.js detent-carousel.js package.json)
JSPARTS := $(sort $(wildcard clients/js/strip/*.js))
JSCAROUSEL := $(sort $(wildcard clients/js/carousel/*.js))

LIBDETENT_VERSION := $(shell sed -n 's/^VERSION := //p' clients/c/Makefile)
MANPAGES := man/detent.1 man/detent-plugin.3 man/plugins.json.5 man/detent-protocol.7 man/detentd.8 \
  man/detent-websocket.8
LIBDETENT := $(MAKE) -C clients/c PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" LIBDIR="$(LIBDIR)" \
  INCLUDEDIR="$(INCLUDEDIR)" MANDIR="$(MANDIR)" $(if $(LIBDETENT_BUILD),BUILD="$(LIBDETENT_BUILD)")
LIBDETENT_DIR := $(if $(LIBDETENT_BUILD),$(LIBDETENT_BUILD),$(CURDIR)/clients/c/.build)
GTK_BUILD ?= $(if $(LIBDETENT_BUILD),$(LIBDETENT_BUILD)/gtk,$(CURDIR)/clients/gtk/.build)
QTQUICK_BUILD ?= $(if $(LIBDETENT_BUILD),$(LIBDETENT_BUILD)/qt-quick,$(CURDIR)/clients/qt-quick/.build)
# clients/gtk and clients/qt-quick find libdetent with pkg-config: this tree's, by a detent.pc
# naming its headers and its build (in the environment: make 4.3's $(shell)
# does not see a variable given on make's command line).
LIBDETENT_PC := $(GTK_BUILD)/libdetent-pc/detent.pc
GTKLIB := PKG_CONFIG_PATH="$(dir $(LIBDETENT_PC))$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
  $(MAKE) -C clients/gtk PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" LIBDIR="$(LIBDIR)" \
  INCLUDEDIR="$(INCLUDEDIR)" MANDIR="$(MANDIR)" BUILD="$(GTK_BUILD)"
QTQUICK := PKG_CONFIG_PATH="$(dir $(LIBDETENT_PC))$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
  $(MAKE) -C clients/qt-quick PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" BUILD="$(QTQUICK_BUILD)"

.PHONY: all build clients install uninstall test

all: build

# Release binaries carry the Swift runtime linked in (scripts/build-release).
build:
	scripts/setup --install
	$(MAKE) clients
ifeq ($(CONFIGURATION),release)
	scripts/build-release >/dev/null
else
	$(SWIFT) build -c $(CONFIGURATION) --product detentd
	$(SWIFT) build -c $(CONFIGURATION) --product detent
endif

# `+`: the sub-makes are named through variables, which make does not
# see as recursive; marked, they share the caller's -j (jobserver).
clients: $(LIBDETENT_PC)
	+$(LIBDETENT)
	+$(GTKLIB)
	+$(QTQUICK)

$(LIBDETENT_PC): clients/c/detent.pc.in
	mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(CURDIR)/clients/c|g' -e 's|@LIBDIR@|$(LIBDETENT_DIR)|g' \
	  -e 's|@INCLUDEDIR@|$(CURDIR)/clients/c/include|g' -e 's|@VERSION@|$(LIBDETENT_VERSION)|g' $< > $@

test:
	scripts/test

install: $(if $(BIN),,build) $(LIBDETENT_PC)
	@bin="$(if $(BIN),$(BIN),$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path))"; \
	set -e; \
	install -d "$(DESTDIR)$(SBINDIR)" "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(UNITDIR)" \
	  "$(DESTDIR)$(SYSUSERSDIR)" "$(DESTDIR)$(TMPFILESDIR)" "$(DESTDIR)$(SYSCONFDIR)/detent"; \
	install -m 0755 "$$bin/detentd" "$(DESTDIR)$(SBINDIR)/detentd"; \
	install -m 0755 "$$bin/detent" "$(DESTDIR)$(BINDIR)/detent"; \
	for page in $(MANPAGES); do \
	  section="$${page##*.}"; \
	  install -d "$(DESTDIR)$(MANDIR)/man$$section"; \
	  install -m 0644 "$$page" "$(DESTDIR)$(MANDIR)/man$$section/"; \
	done; \
	sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' \
	  contrib/systemd/detentd.service.in > "$(DESTDIR)$(UNITDIR)/detentd.service"; \
	chmod 0644 "$(DESTDIR)$(UNITDIR)/detentd.service"; \
	install -m 0644 contrib/systemd/detentd.socket "$(DESTDIR)$(UNITDIR)/detentd.socket"; \
	install -d "$(DESTDIR)$(USERUNITDIR)"; \
	sed -e 's|@SBINDIR@|$(SBINDIR)|g' contrib/systemd/user/detentd.service.in > "$(DESTDIR)$(USERUNITDIR)/detentd.service"; \
	chmod 0644 "$(DESTDIR)$(USERUNITDIR)/detentd.service"; \
	install -m 0644 contrib/systemd/user/detentd.socket "$(DESTDIR)$(USERUNITDIR)/detentd.socket"; \
	install -m 0755 contrib/websocket/detent-websocket "$(DESTDIR)$(SBINDIR)/detent-websocket"; \
	sed -e 's|@SBINDIR@|$(SBINDIR)|g' contrib/systemd/user/detent-websocket.service.in > "$(DESTDIR)$(USERUNITDIR)/detent-websocket.service"; \
	chmod 0644 "$(DESTDIR)$(USERUNITDIR)/detent-websocket.service"; \
	install -m 0644 contrib/systemd/user/detent-websocket.socket "$(DESTDIR)$(USERUNITDIR)/detent-websocket.socket"; \
	install -d "$(DESTDIR)$(INCLUDEDIR)/detent"; \
	install -m 0644 Sources/CDetentPlugin/include/detent_plugin.h "$(DESTDIR)$(INCLUDEDIR)/detent/detent_plugin.h"; \
	install -m 0644 contrib/sysusers.d/detent.conf "$(DESTDIR)$(SYSUSERSDIR)/detent.conf"; \
	install -m 0644 contrib/tmpfiles.d/detent.conf "$(DESTDIR)$(TMPFILESDIR)/detent.conf"; \
	if [ -e "$(DESTDIR)$(SYSCONFDIR)/detent/plugins.json" ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/detent/plugins.json (the bundled one is plugins.json)"; \
	else \
	  install -m 0644 plugins.json "$(DESTDIR)$(SYSCONFDIR)/detent/plugins.json"; \
	fi; \
	if [ -e "$(DESTDIR)$(SYSCONFDIR)/detent/websocket.json" ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/detent/websocket.json (the bundled one is contrib/websocket/websocket.json)"; \
	else \
	  install -m 0644 contrib/websocket/websocket.json "$(DESTDIR)$(SYSCONFDIR)/detent/websocket.json"; \
	fi; \
	install -d "$(DESTDIR)$(JSDIR)/strip" "$(DESTDIR)$(JSDIR)/carousel"; \
	install -m 0644 $(JSFILES) "$(DESTDIR)$(JSDIR)/"; \
	install -m 0644 $(JSPARTS) "$(DESTDIR)$(JSDIR)/strip/"; \
	install -m 0644 $(JSCAROUSEL) "$(DESTDIR)$(JSDIR)/carousel/"
	$(LIBDETENT) install
	$(GTKLIB) install
	$(QTQUICK) install

uninstall:
	$(QTQUICK) uninstall
	$(GTKLIB) uninstall
	$(LIBDETENT) uninstall
	rm -f "$(DESTDIR)$(SBINDIR)/detentd" "$(DESTDIR)$(BINDIR)/detent" \
	  "$(DESTDIR)$(UNITDIR)/detentd.service" "$(DESTDIR)$(UNITDIR)/detentd.socket" \
	  "$(DESTDIR)$(USERUNITDIR)/detentd.service" "$(DESTDIR)$(USERUNITDIR)/detentd.socket" \
	  "$(DESTDIR)$(SBINDIR)/detent-websocket" "$(DESTDIR)$(USERUNITDIR)/detent-websocket.service" \
	  "$(DESTDIR)$(USERUNITDIR)/detent-websocket.socket" \
	  "$(DESTDIR)$(SYSUSERSDIR)/detent.conf" "$(DESTDIR)$(TMPFILESDIR)/detent.conf" \
	  "$(DESTDIR)$(INCLUDEDIR)/detent/detent_plugin.h"
	-rmdir "$(DESTDIR)$(INCLUDEDIR)/detent" 2>/dev/null
	rm -f $(addprefix "$(DESTDIR)$(JSDIR)/,$(addsuffix ",$(notdir $(JSFILES)))) \
	  $(addprefix "$(DESTDIR)$(JSDIR)/strip/,$(addsuffix ",$(notdir $(JSPARTS)))) \
	  $(addprefix "$(DESTDIR)$(JSDIR)/carousel/,$(addsuffix ",$(notdir $(JSCAROUSEL))))
	-rmdir "$(DESTDIR)$(JSDIR)/strip" "$(DESTDIR)$(JSDIR)/carousel" "$(DESTDIR)$(JSDIR)" 2>/dev/null
	for page in $(MANPAGES); do rm -f "$(DESTDIR)$(MANDIR)/man$${page##*.}/$${page#man/}"; done
	@echo "kept $(DESTDIR)$(SYSCONFDIR)/detent/plugins.json and websocket.json (remove them yourself if you want them gone)"
