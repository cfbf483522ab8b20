import Foundation
import IMEHarness

/// "At most 10 characters", as it is usually written: the delegate method's body,
/// pasted as it is. It counts the text the call implies, in UTF-16 units, marked
/// Pinyin letters included, so it refuses the letters of 中 once ten are marked, and
/// under iOS 26 it checks a commit against "ㄨㄤ王" instead of "王".
public let naiveLimit = DelegateRule("naive-limit-10", contract: .maxLength(10, .utf16)) {
    text, range, replacementString, _ in
    let updated = (text as NSString).replacingCharacters(in: range, with: replacementString)
    return (updated as NSString).length <= 10
}
