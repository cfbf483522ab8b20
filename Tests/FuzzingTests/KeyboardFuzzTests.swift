import Composition
import Graphemes
import HarnessJSON
import InputRules
import Testing

@testable import Fuzzing

/// Fuzzing on a field's own keyboard: sessions type its keys only, and a rule that
/// refuses them where the keyboard is for them fails `key-refused`.
@Suite struct KeyboardFuzzTests {
    static func fuzzer(_ spec: String, _ type: KeyboardType, region: String?) throws -> Fuzzer {
        try Fuzzer(
            rule: RuleCatalogue.full.rule(spec), profiles: Fixtures.profiles, inventory: Fixtures.inventory,
            keyboard: KeyboardKeys(Keyboard(type, region: region), locale: nil))
    }

    @Test(arguments: [
        (KeyboardType.decimalPad, "de-DE" as String?), (.numberPad, "ar-EG"), (.phonePad, nil), (.asciiCapable, nil),
        (.emailAddress, nil),
    ])
    func sessionsTypeOnlyTheKeyboardsKeysAndDecode(_ type: KeyboardType, _ region: String?) throws {
        let fuzzer = try Self.fuzzer("none", type, region: region)
        let keyboard = try #require(fuzzer.keyboard)
        var pastes = 0
        for iteration in 0..<200 {
            let events = fuzzer.events(seed: 5, iteration: iteration)
            for event in events {
                if let typed = event.typedText { #expect(keyboard.canType(typed), "\(event)") }
                if case .replace = event { pastes += 1 }
            }
            let session = Session(
                id: "k", ime: .other, keyboard: keyboard, source: .init(kind: .fuzz, detail: "d"),
                initial: FieldState(text: .empty), events: events)
            // What a campaign saves reads back: the keyboard and every event.
            let decoded = try Session(json: JSONNode(JSONParser.parse(session.json.rendered())))
            #expect(decoded == session)
        }
        #expect(pastes > 50)
    }

    @Test(arguments: [
        ("decimal:separator=.", KeyboardType.decimalPad, "de-DE" as String?, true),
        ("legacy-lxd-decimal", .decimalPad, "de-DE", true),
        ("legacy-numeric-field", .numberPad, "ar-EG", true),
        ("decimal", .decimalPad, "de-DE", false),
        ("decimal", .decimalPad, "ar-EG", false),
        ("decimal", .numberPad, "ar-EG", false),
        ("max-length:limit=6", .phonePad, nil, false),
    ])
    func keyRefusedIsFoundWhereTheRuleRefusesItsKeyboard(
        _ spec: String, _ type: KeyboardType, _ region: String?, _ fails: Bool
    ) throws {
        let fuzzer = try Self.fuzzer(spec, type, region: region)
        let result = fuzzer.run(seed: 1, iterations: 300, seconds: nil)
        let found = result.failures.first { $0.property == .keyRefused }
        #expect((found != nil) == fails)
        if let found {
            #expect(found.session.events.count <= 3)
            #expect(found.session.keyboard == fuzzer.keyboard)
        }
        if !fails { #expect(result.failures.isEmpty, "\(result.failures.map(\.detail.message))") }
    }
}
