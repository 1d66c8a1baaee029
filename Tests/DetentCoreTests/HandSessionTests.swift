import Testing
@testable import DetentCore

/// detent-protocol(7)'s hand session (EXAMPLES), through the dispatcher.
@Suite struct HandSessionTests {
    @Test func textSessionAnswersExactlyAsTheContract() {
        var h = Harness()
        #expect(h.send("open s=cards plugin=cards \(Harness.cards)") == "opened s=cards plugin=cards index=0 x=0 snaps=5")
        #expect(h.decide("end s=cards x=90 v=1.4") == "snap s=cards index=1 x=351 mode=animate cause=release")
        #expect(h.send("end s=cards x=1e999") == #"error code=bad-value s=cards msg="x: not a finite number""#)
    }

    @Test func jsonSessionMirrorsTheEncoding() {
        var h = Harness()
        #expect(h.send(#"{"op":"open","s":"cards","plugin":"cards","viewport":375,"item":343,"count":5,"spacing":8,"lead":16,"trail":16}"#)
            == #"{"op":"opened","s":"cards","plugin":"cards","index":0,"x":0,"snaps":5}"#)
        // The whole line: the decision, then its motion.
        #expect(h.send(#"{"op":"end","s":"cards","x":90,"v":1.4,"id":7}"#)
            == #"{"op":"snap","s":"cards","id":7,"index":1,"x":351,"mode":"animate","cause":"release","#
            + #""from":90,"v":1.4,"curve":"spring","omega":0.015707963267948967,"ms":516}"#)
        #expect(h.send(#"{"op":"end","s":"cards","x":1e999}"#)
            == #"{"op":"error","code":"bad-value","s":"cards","msg":"x: not a finite number"}"#)
    }

    @Test func contractJSONExampleReply() {
        // The design's JSON example, {"op":"end","s":"cards","x":120,"v":-1.8,"id":7}, from index 0.
        var h = Harness()
        _ = h.send("open s=cards \(Harness.cards)")
        #expect(h.decide(#"{"op":"end","s":"cards","x":120,"v":-1.8,"id":7}"#)
            == #"{"op":"snap","s":"cards","id":7,"index":0,"x":0,"mode":"animate","cause":"release"}"#)
    }

    @Test func mixedEncodingsOnOneConnection() {
        var h = Harness()
        #expect(h.send("open s=a \(Harness.cards)") == "opened s=a plugin=cards index=0 x=0 snaps=5")
        #expect(h.decide(#"{"op":"goto","s":"a","index":3}"#)
            == #"{"op":"snap","s":"a","index":3,"x":1053,"mode":"animate","cause":"goto"}"#)
        #expect(h.decide("cancel s=a") == "snap s=a index=3 x=1053 mode=animate cause=cancel")
    }
}
