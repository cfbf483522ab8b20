import Composition
import Foundation
import Graphemes

// SwiftUI, as far as a text field's rule written in a view needs it: `@State`, `$binding`,
// `TextField`, `.onChange(of:)`, stacks and the modifiers such a view carries. A view pasted
// from an app compiles unchanged (the paste step turns `import SwiftUI` into `import
// IMEHarness`), and `SwiftUIViewRule` replays its text field with the view's `onChange`
// handlers inside, as SwiftUI runs them.

/// `View`: a type with a `body` made of other views. Primitive views (``TextField``,
/// ``Text``) have `Never` as their body.
public protocol View {
    /// The view's content type.
    associatedtype Body: View
    /// The content, built by ``ViewBuilder`` as in SwiftUI.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// `Never` has no body: a primitive view's `Body`.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `@State`: a value a view owns, kept outside the view (so setting it from a closure that
/// captured the view changes it), with a ``Binding`` to it as `$name`.
@propertyWrapper
public struct State<Value> {
    final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    let box: Box

    /// `@State var name = ""`.
    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// `$name`: a binding to the value.
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// `Binding`: read and write access to a value stored elsewhere.
@propertyWrapper
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// `.constant(value)`.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
}

/// `@ViewBuilder`: the statements of a `body` or a stack's content as one view.
@resultBuilder
public enum ViewBuilder {
    /// Each statement's view.
    public static func buildBlock(_ components: any View...) -> ViewGroup { ViewGroup(components) }
    /// `if` without `else`.
    public static func buildOptional(_ component: ViewGroup?) -> ViewGroup { component ?? ViewGroup([]) }
    /// `if`/`else`, first branch.
    public static func buildEither(first component: ViewGroup) -> ViewGroup { component }
    /// `if`/`else`, second branch.
    public static func buildEither(second component: ViewGroup) -> ViewGroup { component }
    /// `for … in` (`ForEach` aside).
    public static func buildArray(_ components: [ViewGroup]) -> ViewGroup { ViewGroup(components) }
}

/// The views a ``ViewBuilder`` block produced, in order.
public struct ViewGroup: View {
    let children: [any View]
    init(_ children: [any View]) { self.children = children }
    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `TextField(_:text:)`: the field the rule's text lives in, bound to a `String`.
public struct TextField: View {
    let text: Binding<String>

    /// `TextField("Name", text: $name)`.
    public init(_ title: String, text: Binding<String>) { self.text = text }

    /// `TextField("Name", text: $name, prompt: Text("…"))`.
    public init(_ title: String, text: Binding<String>, prompt: Text?) { self.text = text }

    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `Text(_:)`: a label; the replay ignores it.
public struct Text: View {
    /// A label.
    public init(_ content: String) {}
    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `VStack`, `HStack` and `Form` alike: their content, in order.
public struct VStack: View {
    let content: any View
    /// A stack of `content`.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> some View)
    { self.content = content() }
    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `HStack`: see ``VStack``.
public typealias HStack = VStack

/// `Form`: see ``VStack``.
public struct Form: View {
    let content: any View
    /// A form of `content`.
    public init(@ViewBuilder content: () -> some View) { self.content = content() }
    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// `HorizontalAlignment`, for ``VStack``'s signature.
public enum HorizontalAlignment: Sendable {
    /// `.leading`.
    case leading
    /// `.center`.
    case center
    /// `.trailing`.
    case trailing
}

/// `UIKeyboardType`, for `.keyboardType(_:)`.
public enum UIKeyboardType: Sendable {
    /// `.default`.
    case `default`
    /// `.asciiCapable`.
    case asciiCapable
    /// `.numberPad`.
    case numberPad
    /// `.decimalPad`.
    case decimalPad
    /// `.phonePad`.
    case phonePad
    /// `.emailAddress`.
    case emailAddress
    /// `.URL`, spelt as UIKit spells it so that pasted code compiles.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case URL
}

/// A view with a modifier the replay does not model (padding, styles, keyboard type), or an
/// `onChange` handler it runs.
public struct ModifiedView: View {
    let content: any View
    let handler: OnChangeHandler?
    /// Primitive.
    public var body: Never { return fatalError("a primitive view has no body") }
}

/// One `.onChange(of:)` handler and the value it watched when the body was evaluated.
struct OnChangeHandler {
    let value: Any
    let isEqual: (Any) -> Bool
    let call: (_ old: Any, _ new: Any) -> Void
}

extension View {
    /// `.onChange(of:perform:)` (iOS 14): `action` gets the new value.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> ModifiedView {
        onChange(of: value, initial: false) { (_: V, new: V) in action(new) }
    }

    /// `.onChange(of:initial:_:)` (iOS 17): `action` gets the old and new values.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
        -> ModifiedView
    {
        ModifiedView(
            content: self,
            handler: OnChangeHandler(
                value: value, isEqual: { ($0 as? V) == value },
                call: { old, new in
                    if let old = old as? V, let new = new as? V { action(old, new) }
                }))
    }

    /// `.onChange(of:initial:_:)` (iOS 17) with no parameters.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> ModifiedView
    {
        onChange(of: value, initial: initial) { (_: V, _: V) in action() }
    }

    /// `.padding()`, not modelled.
    public func padding(_ length: Double? = nil) -> ModifiedView { ModifiedView(content: self, handler: nil) }
    /// `.keyboardType(_:)`, not modelled (the sessions say what was typed).
    public func keyboardType(_ type: UIKeyboardType) -> ModifiedView { ModifiedView(content: self, handler: nil) }
    /// `.textFieldStyle(_:)`, not modelled.
    public func textFieldStyle(_ style: TextFieldStyle) -> ModifiedView { ModifiedView(content: self, handler: nil) }
    /// `.autocorrectionDisabled(_:)`, not modelled.
    public func autocorrectionDisabled(_ disabled: Bool = true) -> ModifiedView {
        ModifiedView(content: self, handler: nil)
    }
}

/// `TextFieldStyle`, for `.textFieldStyle(.roundedBorder)`.
public enum TextFieldStyle: Sendable {
    /// `.automatic`.
    case automatic
    /// `.plain`.
    case plain
    /// `.roundedBorder`.
    case roundedBorder
}

/// A SwiftUI view whose `TextField` is the rule: each change the user makes sets the
/// field's binding, and the view's `onChange` handlers run as SwiftUI runs them — after the
/// body is evaluated again, each handler whose watched value changed, with the old and the
/// new value; a handler that sets the state again is run again with that change (at most
/// eight times: SwiftUI warns of a loop beyond). What the binding holds then is what the
/// field shows. The binding follows the field's text marked part included, as SwiftUI's
/// `TextField` updates it while a Chinese or Japanese composition is under way
/// (``FormatterRule``'s `onChange` form is the same model without the view).
///
/// One view per profile and session replay, made by `make`, as SwiftUI makes the view's
/// state once per appearance.
public struct SwiftUIViewRule: InputRule, @unchecked Sendable {
    /// The name reports show.
    public let spec: String
    /// What the rule promises.
    public let contract: RuleContract
    private let make: () -> any View
    private let hosts: PerProfile<ViewHost>

    /// A rule of the view `make` returns (`SwiftUIViewRule("name-field") { NameField() }`).
    public init(_ name: String, contract: RuleContract = RuleContract(), view make: @escaping () -> some View) {
        spec = name
        self.contract = contract
        self.make = make
        hosts = PerProfile { ViewHost(make()) }
    }

    private init(_ name: String, contract: RuleContract, anyView make: @escaping () -> any View) {
        spec = name
        self.contract = contract
        self.make = make
        hosts = PerProfile { ViewHost(make()) }
    }

    /// The rule with fresh views, for one session replay.
    public func onDevice(region: String?) -> any InputRule {
        SwiftUIViewRule(spec, contract: contract, anyView: make)
    }

    /// A SwiftUI field has no say before a change; ranges beyond the text are refused, as
    /// ``FormatterRule`` refuses them.
    public func shouldChange(_ request: ChangeRequest) -> Bool { request.rangesFit }

    /// Sets the binding to the changed text, runs the handlers, and returns what the
    /// binding then holds when it differs, the caret at its end.
    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let old = String(decoding: change.before.text.units, as: UTF16.self)
        let new = String(decoding: change.after.text.units, as: UTF16.self)
        guard let text = hosts[change.profile].change(from: old, to: new) else { return nil }
        let units = UTF16Text(text)
        return TextAssignment(units, selection: UTF16Range(location: units.length, length: 0))
    }
}

/// A view and what its body holds: the text field's binding and the `onChange` handlers.
final class ViewHost {
    let view: any View

    init(_ view: any View) { self.view = view }

    /// The text the binding holds after the user changed `old` to `new` and the handlers
    /// ran, when it is not `new`; `nil` when the view has no text field or kept `new`.
    func change(from old: String, to new: String) -> String? {
        var (binding, handlers) = Self.evaluate(view)
        guard let binding else { return nil }
        binding.wrappedValue = old
        (_, handlers) = Self.evaluate(view)
        binding.wrappedValue = new
        for _ in 0..<8 {
            let (_, after) = Self.evaluate(view)
            let before = binding.wrappedValue
            var ran = false
            for (index, handler) in after.enumerated() where index < handlers.count {
                let watched = handlers[index]
                guard !watched.isEqual(handler.value) else { continue }
                handler.call(watched.value, handler.value)
                ran = true
            }
            handlers = after
            if !ran || binding.wrappedValue == before { break }
        }
        let result = binding.wrappedValue
        return result == new ? nil : result
    }

    /// The first text field's binding and every `onChange` handler, in the body's order.
    static func evaluate(_ view: any View) -> (Binding<String>?, [OnChangeHandler]) {
        var binding: Binding<String>?
        var handlers: [OnChangeHandler] = []
        func walk(_ view: any View) {
            switch view {
            case let field as TextField: if binding == nil { binding = field.text }
            case let modified as ModifiedView:
                walk(modified.content)
                if let handler = modified.handler { handlers.append(handler) }
            case let group as ViewGroup: group.children.forEach(walk)
            case let stack as VStack: walk(stack.content)
            case let form as Form: walk(form.content)
            case is Text: break
            default: walk(view.body)
            }
        }
        walk(view)
        return (binding, handlers)
    }
}
