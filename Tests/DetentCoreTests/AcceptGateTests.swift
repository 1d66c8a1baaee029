import Testing
@testable import DetentCore

/// Running out of descriptors, without a socket (detentd(8), the accept
/// rule): a client beyond the limit is refused at once through the spare,
/// and a freed descriptor resumes accepting with no timer.
@Suite struct AcceptGateTests {
    @Test func withASpareAClientBeyondTheLimitIsRefusedAndAcceptingGoesOn() {
        var gate = AcceptGate(spareHeld: true)
        #expect(gate.acceptFailed(.processDescriptors) == [.refuseWithSpare])
        #expect(!gate.spareHeld)
        #expect(gate.spareReopened(true) == [])
        #expect(gate.accepting && gate.spareHeld)
        // The next queued client the same way: never a pause, never a timer.
        #expect(gate.acceptFailed(.processDescriptors) == [.refuseWithSpare])
        #expect(gate.spareReopened(true) == [])
        #expect(gate.accepting)
    }

    @Test func withNoSpareAcceptingPausesAndAFreedDescriptorResumesItWithNoTimer() {
        var gate = AcceptGate(spareHeld: true)
        _ = gate.acceptFailed(.processDescriptors)
        // The spare could not be had again: pause rather than spin.
        #expect(gate.spareReopened(false) == [.pause])
        #expect(!gate.accepting)
        #expect(gate.acceptFailed(.processDescriptors) == [])
        // A client closes: accept again at once, and take the spare back.
        #expect(gate.descriptorFreed() == [.resume, .reopenSpare])
        #expect(gate.accepting)
        #expect(gate.spareReopened(true) == [])
        #expect(gate.descriptorFreed() == [])
    }

    @Test func aGateThatNeverHadASparePausesOnTheFirstFailure() {
        var gate = AcceptGate(spareHeld: false)
        #expect(gate.acceptFailed(.processDescriptors) == [.pause])
        #expect(gate.descriptorFreed() == [.resume, .reopenSpare])
    }

    @Test func theSystemsShortageWaitsForTheBackstopOrAFreedDescriptor() {
        var gate = AcceptGate(spareHeld: true)
        #expect(gate.acceptFailed(.systemResources) == [.pause, .armRetry])
        #expect(gate.acceptFailed(.systemResources) == [])  // armed once
        #expect(gate.retryDue() == [.resume])
        #expect(gate.accepting)
        #expect(gate.acceptFailed(.systemResources) == [.pause, .armRetry])
        #expect(gate.descriptorFreed() == [.resume])
        #expect(gate.retryDue() == [])  // already accepting
    }

    @Test func transientFailuresChangeNothing() {
        var gate = AcceptGate(spareHeld: true)
        #expect(gate.acceptFailed(.transient) == [])
        #expect(gate == AcceptGate(spareHeld: true))
    }

    @Test func theRefusalSaysWhatRanOut() {
        #expect(AcceptGate.spareMessage(descriptorLimit: 64) == "out of file descriptors (RLIMIT_NOFILE is 64); try again later")
    }
}
