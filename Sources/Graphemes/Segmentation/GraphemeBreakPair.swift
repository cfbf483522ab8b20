/// The rules of UAX #29 (Unicode 15.0, as ICU 72 implements them) that decide a grapheme
/// break from the two scalars around it alone.
///
/// GB3–GB9b look only at the pair; GB11 (emoji ZWJ sequences) and GB12/GB13 (regional
/// indicator pairs) look further back, and so does ICU 72's rule for Indic conjuncts
/// (consonant, virama, consonant: what Unicode 15.1 made GB9c), which keeps a consonant
/// after a virama or ZWJ in the cluster. So after Extend or ZWJ before anything that is
/// not itself Extend, ZWJ or SpacingMark, and between two regional indicators, the answer
/// is `nil` and ICU decides. The property values come from ICU; tests compare every
/// decision with ICU's iterator on GraphemeBreakTest.txt, emoji-test.txt and Indic text.
enum GraphemeBreakPair {
    /// Whether UAX #29 breaks between `before` and `after`, or `nil` when context decides.
    static func breaks(_ before: ScalarClassInfo, _ after: ScalarClassInfo) -> Bool? {
        let a = before.graphemeClusterBreak
        let b = after.graphemeClusterBreak
        if a == .cr, b == .lf { return false }  // GB3
        if a == .control || a == .cr || a == .lf { return true }  // GB4
        if b == .control || b == .cr || b == .lf { return true }  // GB5
        if a == .l, b == .l || b == .v || b == .lv || b == .lvt { return false }  // GB6
        if a == .lv || a == .v, b == .v || b == .t { return false }  // GB7
        if a == .lvt || a == .t, b == .t { return false }  // GB8
        if b == .extend || b == .zwj { return false }  // GB9
        if b == .spacingMark { return false }  // GB9a
        if a == .prepend { return false }  // GB9b
        if a == .extend || a == .zwj { return nil }  // GB11, and ICU's Indic conjunct rule
        if a == .regionalIndicator, b == .regionalIndicator { return nil }  // GB12, GB13
        return true  // GB999
    }
}
