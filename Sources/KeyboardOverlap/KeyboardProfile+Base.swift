import Composition
import HarnessJSON

/// A keyboard profile that differs from another in a few values names it as its `base`
/// and gives only those values, each with its fact:
///
/// ```json
/// {"format": "ime-keyboard-profile/1", "name": "iphone-frame-only", "base": "iphone-show-repeats",
///  "description": "…", "sequences": {"refocus": []},
///  "facts": [{"about": "sequences.refocus", "status": "observed", "note": "Seed 001: …"}]}
/// ```
///
/// A member the profile gives replaces the base's, except `sequences`, which replaces the
/// base's one action at a time. Its facts replace the base's facts about the same values,
/// and it must give one for every value it sets and none for a value it does not: a fact
/// is the evidence for a value, and the base's evidence does not hold for a value the
/// profile changes. `name` and `description` are its own. The base is another profile of
/// the same directory (or of the built-in ones), itself possibly based on one, at most
/// ``maximumDepth`` deep (which also ends a cycle).
enum KeyboardProfileBase {
    /// How many bases a chain may have.
    static let maximumDepth = 4

    /// The members a based profile must give itself.
    static let ownMembers = ["format", "name", "description"]

    /// `value` (the document at `path`) completed from its base, if it names one.
    static func resolve(_ value: JSONValue, path: String, in store: ProfileStore, depth: Int = 0)
        throws(ProfileError) -> JSONValue
    {
        guard case .object(let members) = value, members.contains(where: { $0.0 == "base" }) else { return value }
        let node = JSONNode(value)
        let baseName: String
        do throws(JSONDecodingError) {
            let baseNode = try node.member("base")
            baseName = try baseNode.string()
            guard !baseName.hasSuffix(".json"), !baseName.contains("/") else {
                throw baseNode.mismatch("the name of another keyboard profile of the same directory")
            }
            guard depth < maximumDepth else {
                throw baseNode.mismatch("a chain of at most \(maximumDepth) bases without a cycle")
            }
            for member in ownMembers { _ = try node.member(member) }
        } catch {
            throw .malformed(path: path, message: error.description)
        }
        let read: (value: JSONValue, path: String)
        do {
            read = try store.value(named: baseName)
        } catch .unknownProfile {
            throw .malformed(
                path: path,
                message:
                    "$.base: expected the name of a keyboard profile of \(store.directory) (\(store.names().joined(separator: ", "))), found \"\(baseName)\""
            )
        }
        // A base that is not a profile's object is refused by decoding it, below.
        guard case .object(let baseMembers) = try resolve(read.value, path: read.path, in: store, depth: depth + 1)
        else { return value }
        do throws(JSONDecodingError) {
            return .object(try merge(baseMembers, with: node))
        } catch {
            throw .malformed(path: path, message: error.description)
        }
    }

    /// The base's members with the based profile's (`node`) in their place.
    private static func merge(_ base: [(String, JSONValue)], with node: JSONNode) throws(JSONDecodingError)
        -> [(String, JSONValue)]
    {
        var merged = base
        func set(_ key: String, _ value: JSONValue) {
            if let index = merged.firstIndex(where: { $0.0 == key }) {
                merged[index].1 = value
            } else {
                merged.append((key, value))
            }
        }
        // The values the profile sets, named as facts name them.
        var subjects: [String] = []
        for (key, member) in try node.members() where key != "base" && key != "facts" {
            if key == "sequences", case .object(let actions) = member.value,
                case .object(var baseActions)? = merged.first(where: { $0.0 == key })?.1
            {
                for (action, sequence) in actions {
                    if let index = baseActions.firstIndex(where: { $0.0 == action }) {
                        baseActions[index].1 = sequence
                    } else {
                        baseActions.append((action, sequence))
                    }
                    subjects.append("sequences.\(action)")
                }
                set(key, .object(baseActions))
            } else {
                set(key, member.value)
                if !ownMembers.contains(key) { subjects.append(key) }
            }
        }
        let factsNode = try node.member("facts")
        var facts =
            merged.first { $0.0 == "facts" }.map { pair -> [JSONValue] in
                if case .array(let elements) = pair.1 { elements } else { [] }
            } ?? []
        var given: Set<String> = []
        for element in try factsNode.elements() {
            let aboutNode = try element.member("about")
            let about = try aboutNode.string()
            guard subjects.contains(about) else {
                throw aboutNode.mismatch(
                    "a value this profile sets over its base ("
                        + (subjects.isEmpty ? "none" : subjects.joined(separator: ", ")) + ")")
            }
            given.insert(about)
            if let index = facts.firstIndex(where: { $0["about"] == .string(about) }) {
                facts[index] = element.value
            } else {
                facts.append(element.value)
            }
        }
        if let missing = subjects.first(where: { !given.contains($0) }) {
            throw JSONDecodingError(
                path: factsNode.path, expected: "a fact about every value this profile sets over its base",
                found: "no fact about '\(missing)'")
        }
        set("facts", .array(facts))
        return merged
    }
}
