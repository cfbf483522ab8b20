import Foundation
import Testing

@testable import IMEHarness

/// The SwiftUI a pasted view needs: `onChange` runs as SwiftUI runs it — with the old and
/// the new value after the binding changed, again when a handler changed it — and only the
/// handlers whose watched value changed.
@Suite struct SwiftUISurfaceTests {
    final class Log { var calls: [String] = [] }

    struct Watched: View {
        @State var text = ""
        @State var other = 0
        let log: Log

        var body: some View {
            VStack {
                TextField("t", text: $text)
                    .onChange(of: text) { old, new in
                        log.calls.append("\(old)→\(new)")
                        if new.count > 3 { text = String(new.prefix(3)) }
                    }
                    .onChange(of: other) { log.calls.append("other") }
            }
        }
    }

    @Test func handlersRunWithOldAndNewAndAgainAfterTheirOwnChange() {
        let log = Log()
        let host = ViewHost(Watched(log: log))
        #expect(host.change(from: "ab", to: "abc") == nil)
        #expect(log.calls == ["ab→abc"])
        log.calls = []
        #expect(host.change(from: "abc", to: "abcd") == "abc")
        #expect(log.calls == ["abc→abcd", "abcd→abc"], "the truncation is seen by the handler again; 'other' never")
    }

    @Test func aViewWithoutATextFieldIsNoRule() {
        struct Label: View {
            var body: some View { Text("x").padding() }
        }
        #expect(ViewHost(Label()).change(from: "", to: "a") == nil)
    }
}
