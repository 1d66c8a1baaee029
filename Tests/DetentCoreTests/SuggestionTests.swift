import Testing
@testable import DetentCore

/// "Did you mean": one hint, worded once, for every error that names a word.
@Suite struct SuggestionTests {
    @Test func aNearNameIsSuggested() {
        #expect(Suggestion.hint(for: "opne", in: ["open", "close"]) == " (did you mean \"open\"?)")
        #expect(Suggestion.hint(for: "crads", in: ["cards", "paging"]) == " (did you mean \"cards\"?)")
    }

    @Test func nothingNearSaysNothing() {
        #expect(Suggestion.hint(for: "zzzzzz", in: ["open", "close"]) == "")
        #expect(Suggestion.hint(for: "", in: ["open"]) == "")
        #expect(Suggestion.hint(for: "open", in: []) == "")
    }
}
