import Composition
import HarnessJSON

/// A keyboard notification as UIKit posts it: its name and `userInfo`.
package struct KeyboardNotification: Hashable, Sendable {
    package var name: KeyboardNotificationName
    /// `keyboardFrameBeginUserInfoKey`, in the screen's coordinate space.
    package var begin: Rect
    /// `keyboardFrameEndUserInfoKey`, in the screen's coordinate space.
    package var end: Rect
    /// `keyboardAnimationDurationUserInfoKey` (the `will` notifications).
    package var duration: Double
    /// `keyboardAnimationCurveUserInfoKey`.
    package var curve: Int
    /// `keyboardIsLocalUserInfoKey`: whether the keyboard belongs to this app.
    package var isLocal: Bool

    package init(
        name: KeyboardNotificationName, begin: Rect, end: Rect, duration: Double, curve: Int, isLocal: Bool
    ) {
        self.name = name
        self.begin = begin
        self.end = end
        self.duration = duration
        self.curve = curve
        self.isLocal = isLocal
    }

    /// `willShow begin {{0, 852}, {393, 336}} end {{0, 516}, {393, 336}}`.
    package var brief: String {
        "\(name.rawValue) begin \(begin) end \(end)\(isLocal ? "" : " (not local)")"
    }
}

/// The app the keyboard covers: its fields, and how its content can move.
package struct AppLayout: Hashable, Sendable {
    /// How the view controller lays out its fields, which decides what a handler moves.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Fields at fixed places in the window (seed 000 moves the whole window).
        case fixed
        /// Fields in a container pinned to the view's bottom by a constraint whose
        /// constant a handler sets (seed 001's `bottomConstraint`).
        case pinned
        /// Fields in a scroll view that fills the window (seed 002's `scrollView`).
        case scroll
    }

    package struct Field: Hashable, Sendable {
        package var id: String
        /// In the window's coordinates (for ``Kind/scroll``, the scroll view's content's).
        package var frame: Rect
    }

    package var kind: Kind
    package var fields: [Field]
    /// The scroll view's content height (``Kind/scroll``); at least the window's height.
    package var contentHeight: Double

    package func field(_ id: String) -> Field? { fields.first { $0.id == id } }
}

/// One step of a keyboard session.
package enum KeyboardEvent: Hashable, Sendable {
    /// A field becomes first responder (the user taps it, or Tab/Next moves to it).
    case focus(String)
    /// The field resigns first responder (Done, a tap outside, `endEditing`).
    case dismiss
    /// The user switches keyboards (the globe key): the keyboard's height changes.
    case inputMode(InputMode)
    /// The QuickType bar is shown or hidden.
    case quickType(Bool)
    /// A hardware keyboard is attached (`true`) or detached.
    case hardwareKeyboard(Bool)
    /// The keyboard is docked, undocked, split or floated (iPad).
    case placement(Placement)
    /// The device turns.
    case rotate(Orientation)
    /// The app's window takes a new frame on the screen (Split View, Slide Over, Stage Manager).
    case window(Rect)
    /// Another app's field takes (`true`) or gives up the keyboard (Split View, Slide Over).
    case otherApp(Bool)
    /// The user drags the keyboard down in this many steps, then lets it go.
    case interactiveDismiss(Int)
    /// A notification as recorded, delivered as it is under every profile.
    case notification(KeyboardNotification)
    /// A text event for the focused field (`ime-session/1`'s events), carried in order so
    /// one session can switch keyboards and then type; it moves no keyboard.
    case text(SessionEvent)

    /// The members each keyboard op takes besides `op`.
    static let ops: [String: [String]] = [
        "focus": ["field"], "dismiss": [], "inputMode": ["mode"], "quickType": ["visible"],
        "hardwareKeyboard": ["attached"], "placement": ["placement"], "rotate": ["orientation"],
        "window": ["frame"], "otherApp": ["focused"], "interactiveDismiss": ["steps"],
        "notification": ["name", "begin", "end", "duration", "curve", "isLocal"],
    ]

    /// The most steps an interactive dismissal may take.
    package static let maximumSteps = 20

    /// `focus email`, `inputMode emoji`, …
    package var brief: String {
        switch self {
        case .focus(let field): "focus \(field)"
        case .dismiss: "dismiss"
        case .inputMode(let mode): "inputMode \(mode.rawValue)"
        case .quickType(let visible): "quickType \(visible ? "shown" : "hidden")"
        case .hardwareKeyboard(let attached): "hardwareKeyboard \(attached ? "attached" : "detached")"
        case .placement(let placement): "placement \(placement.rawValue)"
        case .rotate(let orientation): "rotate \(orientation.rawValue)"
        case .window(let frame): "window \(frame)"
        case .otherApp(let focused): "otherApp \(focused ? "focused" : "resigned")"
        case .interactiveDismiss(let steps): "interactiveDismiss \(steps) steps"
        case .notification(let notification): "notification \(notification.brief)"
        case .text(let event): event.description
        }
    }

    package var json: JSONValue {
        switch self {
        case .focus(let field): .object([("op", .string("focus")), ("field", .string(field))])
        case .dismiss: .object([("op", .string("dismiss"))])
        case .inputMode(let mode): .object([("op", .string("inputMode")), ("mode", .string(mode.rawValue))])
        case .quickType(let visible): .object([("op", .string("quickType")), ("visible", .bool(visible))])
        case .hardwareKeyboard(let attached):
            .object([("op", .string("hardwareKeyboard")), ("attached", .bool(attached))])
        case .placement(let placement):
            .object([("op", .string("placement")), ("placement", .string(placement.rawValue))])
        case .rotate(let orientation):
            .object([("op", .string("rotate")), ("orientation", .string(orientation.rawValue))])
        case .window(let frame): .object([("op", .string("window")), ("frame", frame.json)])
        case .otherApp(let focused): .object([("op", .string("otherApp")), ("focused", .bool(focused))])
        case .interactiveDismiss(let steps): .object([("op", .string("interactiveDismiss")), ("steps", .int(steps))])
        case .notification(let notification):
            .object([
                ("op", .string("notification")), ("name", .string(notification.name.rawValue)),
                ("begin", notification.begin.json), ("end", notification.end.json),
                ("duration", Rect.number(notification.duration)), ("curve", .int(notification.curve)),
                ("isLocal", .bool(notification.isLocal)),
            ])
        case .text(let event): event.json
        }
    }

    static func decode(_ node: JSONNode, fields: Set<String>) throws(JSONDecodingError) -> KeyboardEvent {
        let opNode = try node.member("op")
        let op = try opNode.string()
        guard let members = ops[op] else {
            // Not a keyboard op: a text event, or neither.
            guard SessionEvent.Op(rawValue: op) != nil else {
                let all = ops.keys.sorted() + SessionEvent.Op.allCases.map(\.rawValue)
                throw opNode.mismatch(
                    "a keyboard op (\(ops.keys.sorted().joined(separator: ", "))) or a text event's op"
                        + ClosestMatch.suggestion(op, among: all))
            }
            return .text(try SessionEvent.decode(node))
        }
        try node.rejectUnknownMembers(["op"] + members)
        switch op {
        case "focus":
            let fieldNode = try node.member("field")
            let field = try fieldNode.string()
            guard fields.contains(field) else {
                throw fieldNode.mismatch("the id of a field of the layout (\(fields.sorted().joined(separator: ", ")))")
            }
            return .focus(field)
        case "dismiss": return .dismiss
        case "inputMode": return .inputMode(try node.member("mode").choice(InputMode.self))
        case "quickType": return .quickType(try node.member("visible").bool())
        case "hardwareKeyboard": return .hardwareKeyboard(try node.member("attached").bool())
        case "placement": return .placement(try node.member("placement").choice(Placement.self))
        case "rotate": return .rotate(try node.member("orientation").choice(Orientation.self))
        case "window":
            let frameNode = try node.member("frame")
            let frame = try Rect.decode(frameNode)
            guard !frame.isEmpty else { throw frameNode.mismatch("a frame with a width and height above 0") }
            return .window(frame)
        case "otherApp": return .otherApp(try node.member("focused").bool())
        case "interactiveDismiss":
            let stepsNode = try node.member("steps")
            let steps = try stepsNode.int()
            guard (1...maximumSteps).contains(steps) else { throw stepsNode.mismatch("1 to \(maximumSteps) steps") }
            return .interactiveDismiss(steps)
        default:
            let name = try node.member("name").choice(KeyboardNotificationName.self)
            let durationNode = try node.member("duration")
            let duration = try durationNode.nonNegativeNumber()
            guard duration <= 10 else { throw durationNode.mismatch("a duration up to 10 s") }
            return .notification(
                KeyboardNotification(
                    name: name, begin: try Rect.decode(try node.member("begin")),
                    end: try Rect.decode(try node.member("end")), duration: duration,
                    curve: try node.member("curve").int(), isLocal: try node.member("isLocal").bool()))
        }
    }
}

/// A recorded or authored sequence of what happens to the keyboard around an app's text
/// fields: format `ime-keyboard-session/1`.
///
/// The session names the device idiom it happened on (it replays under every profile of
/// that idiom), the orientation, the app's window (the whole screen unless given), the
/// layout of its fields, and the events. A keyboard op (`focus`, `inputMode`, …) is turned
/// into notifications by each profile; a `notification` is delivered as recorded; text
/// events ride along in order.
package struct KeyboardSession: Hashable, Sendable {
    package var id: String
    package var source: Session.Source
    package var idiom: KeyboardProfile.Idiom
    package var orientation: Orientation
    /// The window's frame on the screen, `nil` for the whole screen.
    package var window: Rect?
    package var layout: AppLayout
    /// The keyboard the user starts with.
    package var inputMode: InputMode
    package var quickType: Bool
    package var events: [KeyboardEvent]

    package static let format = "ime-keyboard-session/1"
    /// The most events a session may hold.
    package static let maximumEvents = 10_000
    /// The most fields a layout may hold.
    package static let maximumFields = 200

    package init(
        id: String, source: Session.Source, idiom: KeyboardProfile.Idiom, orientation: Orientation = .portrait,
        window: Rect? = nil, layout: AppLayout, inputMode: InputMode = .letters, quickType: Bool = true,
        events: [KeyboardEvent]
    ) {
        self.id = id
        self.source = source
        self.idiom = idiom
        self.orientation = orientation
        self.window = window
        self.layout = layout
        self.inputMode = inputMode
        self.quickType = quickType
        self.events = events
    }

    /// Reads and validates a session document.
    ///
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "format", "id", "source", "idiom", "orientation", "window", "layout", "inputMode", "quickType", "events",
        ])
        try node.requireMember("format", is: Self.format)
        let idNode = try node.member("id")
        id = try idNode.string()
        guard !id.isEmpty else { throw idNode.mismatch("a non-empty id") }
        let sourceNode = try node.member("source")
        try sourceNode.rejectUnknownMembers(["kind", "detail"])
        source = Session.Source(
            kind: try sourceNode.member("kind").choice(Session.Source.Kind.self),
            detail: try sourceNode.member("detail").string())
        idiom = try node.member("idiom").choice(KeyboardProfile.Idiom.self)
        orientation = try node.optionalMember("orientation")?.choice(Orientation.self) ?? .portrait
        if let windowNode = try node.optionalMember("window") {
            let frame = try Rect.decode(windowNode)
            guard !frame.isEmpty else { throw windowNode.mismatch("a frame with a width and height above 0") }
            window = frame
        }
        let layoutNode = try node.member("layout")
        try layoutNode.rejectUnknownMembers(["kind", "fields", "contentHeight"])
        let kind = try layoutNode.member("kind").choice(AppLayout.Kind.self)
        let fieldsNode = try layoutNode.member("fields")
        let fieldNodes = try fieldsNode.elements()
        guard !fieldNodes.isEmpty, fieldNodes.count <= Self.maximumFields else {
            throw fieldsNode.mismatch("1 to \(Self.maximumFields) fields")
        }
        var fields: [AppLayout.Field] = []
        for fieldNode in fieldNodes {
            try fieldNode.rejectUnknownMembers(["id", "frame"])
            let fieldID = try fieldNode.member("id")
            let name = try fieldID.string()
            guard !name.isEmpty, !fields.contains(where: { $0.id == name }) else {
                throw fieldID.mismatch("a non-empty id no other field has")
            }
            let frameNode = try fieldNode.member("frame")
            let frame = try Rect.decode(frameNode)
            guard !frame.isEmpty else { throw frameNode.mismatch("a frame with a width and height above 0") }
            fields.append(AppLayout.Field(id: name, frame: frame))
        }
        var contentHeight = 0.0
        if let contentNode = try layoutNode.optionalMember("contentHeight") {
            guard kind == .scroll else { throw contentNode.mismatch("no contentHeight unless the kind is \"scroll\"") }
            contentHeight = try contentNode.nonNegativeNumber()
            guard contentHeight <= Rect.limit else { throw contentNode.mismatch("a height up to \(Int(Rect.limit))") }
        }
        layout = AppLayout(kind: kind, fields: fields, contentHeight: contentHeight)
        inputMode = try node.optionalMember("inputMode")?.choice(InputMode.self) ?? .letters
        quickType = try node.optionalMember("quickType")?.bool() ?? true
        let eventsNode = try node.member("events")
        let eventNodes = try eventsNode.elements()
        guard eventNodes.count <= Self.maximumEvents else {
            throw eventsNode.mismatch("at most \(Self.maximumEvents) events")
        }
        let ids = Set(fields.map(\.id))
        var events: [KeyboardEvent] = []
        for eventNode in eventNodes { events.append(try KeyboardEvent.decode(eventNode, fields: ids)) }
        self.events = events
    }

    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("id", .string(id)),
            ("source", .object([("kind", .string(source.kind.rawValue)), ("detail", .string(source.detail))])),
            ("idiom", .string(idiom.rawValue)), ("orientation", .string(orientation.rawValue)),
        ]
        if let window { members.append(("window", window.json)) }
        var layoutMembers: [(String, JSONValue)] = [
            ("kind", .string(layout.kind.rawValue)),
            (
                "fields",
                .array(layout.fields.map { .object([("id", .string($0.id)), ("frame", $0.frame.json)]) })
            ),
        ]
        if layout.kind == .scroll { layoutMembers.append(("contentHeight", Rect.number(layout.contentHeight))) }
        members += [
            ("layout", .object(layoutMembers)), ("inputMode", .string(inputMode.rawValue)),
            ("quickType", .bool(quickType)), ("events", .array(events.map(\.json))),
        ]
        return .object(members)
    }

    /// The session as a document, ready to save.
    package var document: String { json.rendered() + "\n" }
}
