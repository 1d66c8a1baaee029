# Detent: build and install.
#   make install                      release build, installed under /usr/local
#   make install PREFIX=/usr DESTDIR=/tmp/pkg
#   make uninstall                    removes what install put (not the config)
# The config goes to $(SYSCONFDIR)/detent/plugins.json and an existing one is
# never overwritten. CONFIGURATION=debug installs the debug build instead;
# BIN=folder installs executables already built there (no build step).
# The plugin header goes to $(PREFIX)/include/detent/detent_plugin.h.
# libdetent (clients/c: the library, its headers, detent.pc, detent-client(3), detent-strip(3))
# is installed too, its library under $(LIBDIR); LIBDETENT_BUILD=dir builds
# it there instead of clients/c/.build.

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

MANPAGES := man/detent.1 man/detent-plugin.3 man/plugins.json.5 man/detent-protocol.7 man/detentd.8
LIBDETENT := $(MAKE) -C clients/c PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" LIBDIR="$(LIBDIR)" \
  INCLUDEDIR="$(INCLUDEDIR)" MANDIR="$(MANDIR)" $(if $(LIBDETENT_BUILD),BUILD="$(LIBDETENT_BUILD)")

.PHONY: all build install uninstall test

all: build

# Release binaries carry the Swift runtime linked in (scripts/build-release).
build:
	scripts/setup
	$(LIBDETENT)
ifeq ($(CONFIGURATION),release)
	scripts/build-release >/dev/null
else
	$(SWIFT) build -c $(CONFIGURATION) --product detentd
	$(SWIFT) build -c $(CONFIGURATION) --product detent
endif

test:
	scripts/test

install: $(if $(BIN),,build)
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
	install -d "$(DESTDIR)$(INCLUDEDIR)/detent"; \
	install -m 0644 Sources/CDetentPlugin/include/detent_plugin.h "$(DESTDIR)$(INCLUDEDIR)/detent/detent_plugin.h"; \
	install -m 0644 contrib/sysusers.d/detent.conf "$(DESTDIR)$(SYSUSERSDIR)/detent.conf"; \
	install -m 0644 contrib/tmpfiles.d/detent.conf "$(DESTDIR)$(TMPFILESDIR)/detent.conf"; \
	if [ -e "$(DESTDIR)$(SYSCONFDIR)/detent/plugins.json" ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/detent/plugins.json (the bundled one is plugins.json)"; \
	else \
	  install -m 0644 plugins.json "$(DESTDIR)$(SYSCONFDIR)/detent/plugins.json"; \
	fi
	$(LIBDETENT) install

uninstall:
	$(LIBDETENT) uninstall
	rm -f "$(DESTDIR)$(SBINDIR)/detentd" "$(DESTDIR)$(BINDIR)/detent" \
	  "$(DESTDIR)$(UNITDIR)/detentd.service" "$(DESTDIR)$(UNITDIR)/detentd.socket" \
	  "$(DESTDIR)$(USERUNITDIR)/detentd.service" "$(DESTDIR)$(USERUNITDIR)/detentd.socket" \
	  "$(DESTDIR)$(SYSUSERSDIR)/detent.conf" "$(DESTDIR)$(TMPFILESDIR)/detent.conf" \
	  "$(DESTDIR)$(INCLUDEDIR)/detent/detent_plugin.h"
	-rmdir "$(DESTDIR)$(INCLUDEDIR)/detent" 2>/dev/null
	for page in $(MANPAGES); do rm -f "$(DESTDIR)$(MANDIR)/man$${page##*.}/$${page#man/}"; done
	@echo "kept $(DESTDIR)$(SYSCONFDIR)/detent/plugins.json (remove it yourself if you want it gone)"
