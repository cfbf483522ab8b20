import Composition
import HarnessJSON

/// The six keyboard notifications (`UIResponder.keyboardWillShowNotification`, …).
package enum KeyboardNotificationName: String, CaseIterable, Hashable, Sendable {
    case willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame

    /// Whether the notification comes after the animation (the `did` family), which
    /// carries no animation duration or curve.
    package var isDid: Bool { self == .didShow || self == .didHide || self == .didChangeFrame }

    /// UIKit's name, `keyboardWillShowNotification`.
    package var uikitName: String {
        "keyboard" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() + "Notification"
    }
}

/// The keyboard the user has chosen: what decides its docked height.
package enum InputMode: String, CaseIterable, Hashable, Sendable {
    /// A letter keyboard (English, Pinyin QWERTY before typing, …).
    case letters
    case emoji
    /// Chinese Pinyin: its candidate bar takes the QuickType bar's place.
    case pinyin
    /// Chinese Zhuyin (Bopomofo), a taller layout with its candidate bar.
    case zhuyin
    /// Japanese kana (10-key).
    case kana
    /// Korean 2-set.
    case hangul
    /// `.numberPad` / `.decimalPad`: no QuickType bar.
    case numberPad
}

/// Where the software keyboard sits on an iPad.
package enum Placement: String, CaseIterable, Hashable, Sendable {
    /// At the bottom edge of the screen.
    case docked
    /// Full width, raised off the bottom edge.
    case undocked
    /// Two halves, raised off the bottom edge.
    case split
    /// The small phone-sized keyboard anywhere on the screen (iPadOS 13+).
    case floating
}

/// What the user (or the system) does that a profile turns into notifications.
package enum KeyboardAction: String, CaseIterable, Hashable, Sendable {
    /// A field becomes first responder while no keyboard is shown.
    case show
    /// The keyboard goes away (resign, dismiss).
    case hide
    /// As ``show`` and ``hide``, while the keyboard is undocked, split or floating (iPad).
    case showUndocked, hideUndocked
    /// Another field becomes first responder while the keyboard is shown.
    case refocus
    /// Switching between letter-like keyboards (letters, Pinyin, Zhuyin, kana, hangul, number pad).
    case modeSwitch
    /// Switching to or from the emoji keyboard.
    case emojiSwitch
    /// The QuickType (predictive) bar appears or disappears.
    case quickType
    /// The device rotates while the keyboard is shown.
    case rotate
    /// The keyboard leaves the bottom edge (undock, split, float).
    case undock
    /// The keyboard returns to the bottom edge.
    case dock
    /// A hardware keyboard is attached while the software keyboard is shown.
    case hardwareAttach
    /// The hardware keyboard is detached while a field is focused.
    case hardwareDetach
    /// One step of an interactive dismissal (a finger drags the keyboard down).
    case interactiveStep
    /// Another app's field (Split View, Slide Over) takes or gives up the keyboard.
    case otherAppShow, otherAppHide
}

/// How a platform presents the software keyboard and announces its frame: geometry
/// (screen, safe areas, keyboard heights per input mode and placement) and which
/// notifications each action sends, in order.
///
/// A profile is data (`Corpora/keyboard-profiles/NAME.json`, format
/// `ime-keyboard-profile/1`), and every value rests on a fact that says whether it was
/// observed, documented or assumed, and where from. Where sources disagree (does
/// `keyboardWillShow` come again when the input mode changes?) there are two profiles.
package struct KeyboardProfile: Hashable, Sendable {
    package enum Idiom: String, CaseIterable, Hashable, Sendable { case phone, pad }

    package var name: String
    package var description: String
    package var idiom: Idiom
    /// The screen's size in portrait; landscape swaps it.
    package var portraitScreen: (width: Double, height: Double)
    /// The safe-area insets of a full-screen window, per orientation.
    package var safeArea: [Orientation: Insets]
    /// The docked keyboard's height per input mode and orientation, QuickType bar included
    /// where ``quickTypeModes`` has the mode and the bar is shown.
    package var heights: [InputMode: [Orientation: Double]]
    /// The QuickType bar's height, taken off when the bar is hidden.
    package var quickTypeBar: Double
    /// The input modes whose keyboard shows the QuickType (or candidate) bar.
    package var quickTypeModes: Set<InputMode>
    /// The bar left on screen while a hardware keyboard is attached (height per
    /// orientation, docked at the bottom), or `nil` when the software keyboard goes away.
    package var hardwareBar: [Orientation: Double]?
    /// The keyboard's frame in each placement off the bottom edge, per orientation (pads).
    package var placements: [Placement: [Orientation: Rect]]
    /// The animation the `will` notifications announce.
    package var animationDuration: Double
    package var animationCurve: Int
    /// The notifications each action sends, in order; an empty list sends none.
    package var sequences: [KeyboardAction: [KeyboardNotificationName]]
    package var facts: [PlatformProfile.Fact]

    package static let format = "ime-keyboard-profile/1"

    /// The smallest screen a profile may have, in portrait points: the smallest iOS screen
    /// (iPhone 4s, 320×480); the session generators lay out windows and fields in it.
    package static let smallestScreen = (width: 320.0, height: 480.0)
    /// The lengths a screen's side may have, in points: up to ten thousand (a 6K external
    /// display in Stage Manager is about 3,000 points wide).
    package static let screenSizes = 320.0...10_000.0
    /// The most notifications one action's sequence may post: the shipped profiles post at
    /// most four; a longer list is not a keyboard but a way to grow a report without bound.
    package static let maximumSequenceLength = 16

    /// The screen's bounds in `orientation`.
    package func screen(_ orientation: Orientation) -> Rect {
        switch orientation {
        case .portrait: Rect(x: 0, y: 0, width: portraitScreen.width, height: portraitScreen.height)
        case .landscape: Rect(x: 0, y: 0, width: portraitScreen.height, height: portraitScreen.width)
        }
    }

    /// The docked keyboard's height for `mode`.
    package func height(_ mode: InputMode, _ orientation: Orientation, quickType: Bool) -> Double {
        let full = heights[mode]?[orientation] ?? heights[.letters]?[orientation] ?? 0
        return quickTypeModes.contains(mode) && !quickType ? max(0, full - quickTypeBar) : full
    }

    /// The members whose values need a fact.
    static let factMembers = [
        "screen", "safeArea", "heights", "quickTypeBar", "hardwareBar", "placements", "animation",
    ]

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.json == rhs.json }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension KeyboardProfile {
    /// Reads a profile document.
    ///
    /// - Throws: ``JSONDecodingError`` naming the member that is missing or wrong.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "format", "name", "description", "idiom", "screen", "safeArea", "heights", "quickTypeBar",
            "quickTypeModes", "hardwareBar", "placements", "animation", "sequences", "facts",
        ])
        try node.requireMember("format", is: Self.format)
        name = try node.member("name").string()
        description = try node.member("description").string()
        idiom = try node.member("idiom").choice(Idiom.self)
        let screen = try Rect.decode(try node.member("screen"))
        guard screen.x == 0, screen.y == 0, Self.screenSizes.contains(min(screen.width, screen.height)),
            Self.screenSizes.contains(max(screen.width, screen.height)),
            max(screen.width, screen.height) >= Self.smallestScreen.height
        else {
            throw try node.member("screen").mismatch(
                "[0, 0, width, height] of at least \(Int(Self.smallestScreen.width))×\(Int(Self.smallestScreen.height)) "
                    + "and at most \(Int(Self.screenSizes.upperBound)) points a side")
        }
        portraitScreen = (screen.width, screen.height)
        safeArea = try Self.perOrientation(try node.member("safeArea")) { node throws(JSONDecodingError) in
            try Insets.decode(node)
        }
        // A keyboard fits on the screen it is shown on (the generators and handlers lay
        // fields out above it): each height within the screen's height, each undocked,
        // split or floating frame inside the screen, in each orientation.
        let screenIn = { (orientation: Orientation) in
            orientation == .portrait ? screen : Rect(x: 0, y: 0, width: screen.height, height: screen.width)
        }
        var heights: [InputMode: [Orientation: Double]] = [:]
        let heightsNode = try node.member("heights")
        for (key, value) in try heightsNode.members() {
            guard let mode = InputMode(rawValue: key) else {
                throw value.mismatch("a height for an input mode (\(Self.names(InputMode.self)))")
            }
            let perOrientation = try Self.perOrientation(value) { node throws(JSONDecodingError) in
                try Self.length(node)
            }
            for orientation in Orientation.allCases
            where (perOrientation[orientation] ?? 0) > screenIn(orientation).height {
                throw try value.member(orientation.rawValue).mismatch(
                    "a height within the screen's \(Int(screenIn(orientation).height)) points")
            }
            heights[mode] = perOrientation
        }
        guard heights[.letters] != nil else { throw heightsNode.mismatch("a height for \"letters\" at least") }
        self.heights = heights
        quickTypeBar = try Self.length(try node.member("quickTypeBar"))
        quickTypeModes = Set(
            try node.member("quickTypeModes").elements().map { node throws(JSONDecodingError) in
                try node.choice(InputMode.self)
            })
        let hardwareNode = try node.member("hardwareBar")
        hardwareBar =
            hardwareNode.value.isNull
            ? nil
            : try Self.perOrientation(hardwareNode) { node throws(JSONDecodingError) in try Self.length(node) }
        var placements: [Placement: [Orientation: Rect]] = [:]
        for (key, value) in try node.member("placements").members() {
            guard let placement = Placement(rawValue: key), placement != .docked else {
                throw value.mismatch("a frame for \"undocked\", \"split\" or \"floating\"")
            }
            let frames = try Self.perOrientation(value) { node throws(JSONDecodingError) in try Rect.decode(node) }
            placements[placement] = frames
            for orientation in Orientation.allCases {
                guard let frame = frames[orientation] else { continue }
                let bounds = screenIn(orientation)
                guard frame.x + frame.width <= bounds.width, frame.y + frame.height <= bounds.height else {
                    throw try value.member(orientation.rawValue).mismatch(
                        "a frame inside the screen's \(Int(bounds.width))×\(Int(bounds.height)) points")
                }
            }
        }
        self.placements = placements
        let animation = try node.member("animation")
        try animation.rejectUnknownMembers(["duration", "curve"])
        animationDuration = try animation.member("duration").nonNegativeNumber()
        guard animationDuration <= 10 else { throw try animation.member("duration").mismatch("a duration up to 10 s") }
        animationCurve = try animation.member("curve").int()
        var sequences: [KeyboardAction: [KeyboardNotificationName]] = [:]
        let sequencesNode = try node.member("sequences")
        for (key, value) in try sequencesNode.members() {
            guard let action = KeyboardAction(rawValue: key) else {
                throw value.mismatch("a sequence for an action (\(Self.names(KeyboardAction.self)))")
            }
            guard try value.elements().count <= Self.maximumSequenceLength else {
                throw value.mismatch("a sequence of at most \(Self.maximumSequenceLength) notifications")
            }
            sequences[action] = try value.elements().map { node throws(JSONDecodingError) in
                try node.choice(KeyboardNotificationName.self)
            }
        }
        for action in KeyboardAction.allCases where sequences[action] == nil {
            throw sequencesNode.mismatch("a sequence for every action, one for \"\(action.rawValue)\"")
        }
        self.sequences = sequences
        let choices = Self.factMembers + KeyboardAction.allCases.map { "sequences.\($0.rawValue)" }
        facts = try PlatformProfile.Fact.decode(try node.member("facts"), about: choices)
    }

    /// The profile as a document again (what `==` compares).
    package var json: JSONValue {
        func orientations<Value>(_ values: [Orientation: Value], _ encode: (Value) -> JSONValue) -> JSONValue {
            .object(Orientation.allCases.compactMap { key in values[key].map { (key.rawValue, encode($0)) } })
        }
        let screen = self.screen(.portrait)
        return .object([
            ("format", .string(Self.format)), ("name", .string(name)), ("description", .string(description)),
            ("idiom", .string(idiom.rawValue)), ("screen", screen.json),
            (
                "safeArea",
                orientations(safeArea) { insets in
                    .object([
                        ("top", Rect.number(insets.top)), ("left", Rect.number(insets.left)),
                        ("bottom", Rect.number(insets.bottom)), ("right", Rect.number(insets.right)),
                    ])
                }
            ),
            (
                "heights",
                .object(
                    InputMode.allCases.compactMap { mode in
                        heights[mode].map { (mode.rawValue, orientations($0, Rect.number)) }
                    })
            ),
            ("quickTypeBar", Rect.number(quickTypeBar)),
            (
                "quickTypeModes",
                .array(InputMode.allCases.filter(quickTypeModes.contains).map { .string($0.rawValue) })
            ),
            ("hardwareBar", hardwareBar.map { orientations($0, Rect.number) } ?? .null),
            (
                "placements",
                .object(
                    Placement.allCases.compactMap { placement in
                        placements[placement].map { (placement.rawValue, orientations($0, \.json)) }
                    })
            ),
            ("animation", .object([("duration", .double(animationDuration)), ("curve", .int(animationCurve))])),
            (
                "sequences",
                .object(
                    KeyboardAction.allCases.map { action in
                        (action.rawValue, .array((sequences[action] ?? []).map { .string($0.rawValue) }))
                    })
            ),
            (
                "facts",
                .array(
                    facts.map { fact in
                        .object(
                            [
                                ("about", .string(fact.about)), ("status", .string(fact.status.rawValue)),
                                ("note", .string(fact.note)),
                            ]
                                + [("source", fact.source), ("quote", fact.quote), ("settledBy", fact.settledBy)]
                                .compactMap { name, value in value.map { (name, .string($0)) } })
                    })
            ),
        ])
    }

    /// `{"portrait": …, "landscape": …}`, both required.
    private static func perOrientation<Value>(
        _ node: JSONNode, _ decode: (JSONNode) throws(JSONDecodingError) -> Value
    ) throws(JSONDecodingError) -> [Orientation: Value] {
        try node.rejectUnknownMembers(Orientation.allCases.map(\.rawValue))
        var values: [Orientation: Value] = [:]
        for orientation in Orientation.allCases {
            values[orientation] = try decode(try node.member(orientation.rawValue))
        }
        return values
    }

    /// A length in points: from 0 to ``Rect/limit``.
    private static func length(_ node: JSONNode) throws(JSONDecodingError) -> Double {
        let value = try node.number()
        guard value.isFinite, value >= 0, value <= Rect.limit else {
            throw node.mismatch("a length from 0 to \(Int(Rect.limit))")
        }
        return value
    }

    private static func names<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String
    where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
