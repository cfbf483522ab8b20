// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
// What lets UIKit code pasted into this target compile on Linux: NSString and
// NSMutableString are iOS's (UTF-16, lone surrogates kept), NotificationCenter the
// field's own (see IMEHarness's AppleString and FieldNotificationCenter). Written once
// per target by scripts/ime-paste.
import IMEHarness

typealias NSString = AppleString
typealias NSMutableString = AppleMutableString
typealias NotificationCenter = FieldNotificationCenter
