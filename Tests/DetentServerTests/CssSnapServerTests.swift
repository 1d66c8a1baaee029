import DetentTestSupport
import Foundation
import Testing
@testable import DetentServer

/// `css-snap` over a real Unix socket (issue 42, section 1): a strip of
/// 1,000 items opens in one line, its points Chromium's (centred, clipped,
/// merged), and a touch fling rests where Chromium's snap fling would.
@Suite(.serialized) struct CssSnapServerTests {
    static let config = #"{"plugins":[{"name":"web","strategy":"css-snap"}]}"#

    @Test func aThousandItemsOpenInOneLine() throws {
        let server = try TestServer(json: Self.config)
        defer { server.stop() }
        let client = try server.connect()
        #expect(try client.request("open s=k plugin=web viewport=300 item=3 count=1000 align=center") == "opened s=k plugin=web index=0 x=0 snaps=902")
        #expect(try client.decide("goto s=k index=999") == "snap s=k index=950 x=2700 mode=animate cause=goto")
        #expect(try client.request("open s=w plugin=web viewport=300 item=200 count=6 spacing=40 align=center index=5") == "opened s=w plugin=web index=5 x=1100 snaps=6")
        // A touch drag from 1100 back at 2 px/ms, lifted 8 ms after: EndAndDirection by -396.5 from 940 (543.5): 430.
        _ = try client.request("begin s=w x=1100 t=0")
        for t in stride(from: 8, through: 80, by: 8) { _ = try client.request("move s=w x=\(1100 - 2 * t) t=\(t)") }
        #expect(try client.decide("end s=w x=940 t=88") == "snap s=w index=2 x=430 mode=animate cause=release")
    }
}
