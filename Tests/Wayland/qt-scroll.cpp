// qt-scroll: a Qt 6 window (QRasterWindow, no moc) that prints each
// QWheelEvent, one line each:
//   wheel phase=P px=X py=Y ax=X ay=Y t=T inverted=0|1 source=S
// P: begin, update, end, momentum, none (Qt::ScrollPhase); px/py the
// pixelDelta, ax/ay the angleDelta, T the event's timestamp (ms), S the
// device type (touchpad, mouse, ...). Prints `exposed` once shown and
// `enter` when the pointer comes in.
// The proof test of the Wayland tool.
#include <QGuiApplication>
#include <QInputDevice>
#include <QRasterWindow>
#include <QWheelEvent>
#include <cstdio>

static const char *phase_name(Qt::ScrollPhase p) {
	switch (p) {
	case Qt::ScrollBegin: return "begin";
	case Qt::ScrollUpdate: return "update";
	case Qt::ScrollEnd: return "end";
	case Qt::ScrollMomentum: return "momentum";
	default: return "none";
	}
}

static const char *source_name(const QInputDevice *d) {
	if (!d)
		return "none";
	switch (d->type()) {
	case QInputDevice::DeviceType::Mouse: return "mouse";
	case QInputDevice::DeviceType::TouchPad: return "touchpad";
	case QInputDevice::DeviceType::TouchScreen: return "touchscreen";
	default: return "other";
	}
}

class Window : public QRasterWindow {
protected:
	void wheelEvent(QWheelEvent *e) override {
		std::printf("wheel phase=%s px=%d py=%d ax=%d ay=%d t=%llu inverted=%d source=%s\n",
			phase_name(e->phase()), e->pixelDelta().x(), e->pixelDelta().y(),
			e->angleDelta().x(), e->angleDelta().y(), (unsigned long long)e->timestamp(),
			e->inverted() ? 1 : 0, source_name(e->device()));
		std::fflush(stdout);
		e->accept();
	}
	bool event(QEvent *e) override {
		if (e->type() == QEvent::Enter) {
			std::printf("enter\n");
			std::fflush(stdout);
		}
		return QRasterWindow::event(e);
	}
	void exposeEvent(QExposeEvent *e) override {
		QRasterWindow::exposeEvent(e);
		if (isExposed() && !said) {
			said = true;
			std::printf("exposed\n");
			std::fflush(stdout);
		}
	}

private:
	bool said = false;
};

int main(int argc, char **argv) {
	QGuiApplication app(argc, argv);
	QGuiApplication::setDesktopFileName("org.detent.WaylandScrollQt");
	Window w;
	w.resize(320, 240);
	w.show();
	return app.exec();
}
