/// A value under one platform profile: a proposed text's lengths, a verdict, a final field.
///
/// Values per profile are lists of these in profile order (a report's columns), not
/// dictionaries, so that they keep that order.
package struct ProfileValue<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The profile's name.
    package var profile: String
    package var value: Value

    package init(profile: String, value: Value) {
        self.profile = profile
        self.value = value
    }
}
