import Foundation

/// `NotificationCenter` as a pasted text-field rule uses it: observers of
/// `UITextField.textDidChangeNotification` (and `UITextView`'s) registered while a field
/// is set up, called after each change the user makes.
///
/// Each field has its own center, and `FieldNotificationCenter.default` is the center of
/// the field being set up or replayed on the current thread, so an observer a view
/// controller registers in `viewDidLoad` hears its own field only and goes away with it
/// (Foundation's shared center would keep every field of a fuzzing campaign). The paste
/// step (`scripts/ime-paste`) adds `typealias NotificationCenter = FieldNotificationCenter`
/// to a pasted target, and turns `addObserver(_:selector:name:object:)`, which needs the
/// Objective-C runtime, into the block form.
///
/// Order and thread: UIKit posts the notification on the main thread after the text
/// changed; an observer added with `queue: .main` runs here at once, after the field's
/// `editingChanged` actions, before the next key (`assumed`: the next key cannot arrive
/// before the main queue's pending blocks run).
public final class FieldNotificationCenter: @unchecked Sendable {
    private static let key = "IMEHarness.FieldNotificationCenter"
    private var observers: [(name: Notification.Name?, object: AnyObject?, block: (Notification) -> Void)] = []

    /// A center with no observers.
    public init() {}

    /// The current field's center; outside a replay, a center of this thread's own.
    public static var `default`: FieldNotificationCenter {
        if let center = Thread.current.threadDictionary[key] as? FieldNotificationCenter { return center }
        let center = FieldNotificationCenter()
        Thread.current.threadDictionary[key] = center
        return center
    }

    /// Runs `body` with `center` as ``default``.
    static func with<T>(_ center: FieldNotificationCenter, _ body: () -> T) -> T {
        let previous = Thread.current.threadDictionary[key]
        Thread.current.threadDictionary[key] = center
        defer { Thread.current.threadDictionary[key] = previous }
        return body()
    }

    /// `addObserver(forName:object:queue:using:)`: `block` runs for each notification
    /// named `name` (any, when `nil`) from `object` (any, when `nil`).
    @discardableResult
    public func addObserver(
        forName name: Notification.Name?, object: Any?, queue: OperationQueue?,
        using block: @escaping (Notification) -> Void
    ) -> NSObjectProtocol {
        observers.append((name, object as AnyObject?, block))
        return Token(index: observers.count - 1)
    }

    /// `removeObserver(_:)`: a token from ``addObserver(forName:object:queue:using:)`` stops
    /// its block; any other observer (`self`) stops every block.
    public func removeObserver(_ observer: Any) {
        if let token = observer as? Token, observers.indices.contains(token.index) {
            observers[token.index].block = { _ in }
        } else if !(observer is Token) {
            observers.removeAll()
        }
    }

    /// `removeObserver(_:name:object:)`.
    public func removeObserver(_ observer: Any, name: Notification.Name?, object: Any?) {
        observers.removeAll { entry in name.map { entry.name == $0 } ?? true }
    }

    /// `post(name:object:userInfo:)`: calls the matching blocks in the order they were added.
    public func post(name: Notification.Name, object: Any?, userInfo: [AnyHashable: Any]? = nil) {
        let notification = Notification(name: name, object: object, userInfo: userInfo)
        for observer in observers where observer.name.map({ $0 == name }) ?? true {
            if let wanted = observer.object, wanted !== object as AnyObject? { continue }
            observer.block(notification)
        }
    }

    /// `post(_:)`.
    public func post(_ notification: Notification) {
        post(name: notification.name, object: notification.object, userInfo: notification.userInfo)
    }

    private final class Token: NSObject {
        let index: Int
        init(index: Int) { self.index = index }
    }
}

extension UITextField {
    /// `UITextField.textDidChangeNotification`, posted after each change the user makes.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// `UITextField.textDidBeginEditingNotification`.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// `UITextField.textDidEndEditingNotification`.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
}

extension UITextView {
    /// `UITextView.textDidChangeNotification`, posted after each change the user makes.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
}

/// `UIViewController`, as far as a pasted text-field rule needs it: a view controller
/// that owns the field (an outlet), wires it up in `viewDidLoad`, and is its delegate. The
/// paste step's generated rule makes one per field, sets its outlet, calls `viewDidLoad`
/// and connects its `@IBAction`s, as loading its storyboard scene would.
open class UIViewController: NSObject {
    /// A view controller.
    public override init() { super.init() }

    /// `viewDidLoad()`: called once, after the outlets are set.
    open func viewDidLoad() {}

    /// `viewWillAppear(_:)`: called after ``viewDidLoad()``.
    open func viewWillAppear(_ animated: Bool) {}

    /// `viewDidAppear(_:)`: called after ``viewWillAppear(_:)``.
    open func viewDidAppear(_ animated: Bool) {}
}
