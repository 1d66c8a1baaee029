import Testing
@testable import DetentCore

/// A refused connection's lingering close, without a socket (detentd(8)).
@Suite struct RefusalLingerTests {
    @Test func aRefusedClientIsDrainedUntilItClosesOrGoesQuiet() {
        var linger = RefusalLinger()
        #expect(linger.refused(7) == .wait)
        #expect(linger.woke(7, .stillOpen) == .wait)  // it sent more: read away, wait again
        #expect(linger.woke(7, .ended) == .close)
        #expect(linger.lingering.isEmpty)
        #expect(linger.refused(8) == .wait)
        #expect(linger.woke(8, .timedOut) == .close)
        #expect(linger.woke(8, .stillOpen) == nil, "a closed one is not read again")
    }

    @Test func beyondTheLimitARefusedClientIsClosedAtOnce() {
        var linger = RefusalLinger()
        for fd in 0..<Int32(RefusalLinger.limit) { #expect(linger.refused(fd) == .wait) }
        #expect(linger.refused(1000) == .close)
        #expect(linger.refused(3) == .wait, "one already held is held still")
        #expect(linger.woke(3, .ended) == .close)
        #expect(linger.refused(1000) == .wait, "room again once one closed")
    }

    @Test func aWaitThatCannotBeSetUpClosesAndShutdownClosesTheRest() {
        var linger = RefusalLinger()
        _ = linger.refused(4)
        _ = linger.refused(5)
        #expect(linger.waitFailed(4) == .close)
        #expect(linger.closeAll() == [5])
        #expect(linger.lingering.isEmpty)
    }
}
