import Foundation

/// Inputs a hostile or careless user feeds the command line, each with what the tool
/// must do: the exit code, one line on standard error saying what was wrong (or nothing
/// at all), and, for the benchmark, the time and memory it may take.
///
/// The tests run them small (``Scale/test``) and check the answers; `hostile-benchmark`
/// runs them at full size (``Scale/full``: a million events, a 200,000-key object, 10 MB
/// of text) and checks the bounds, side by side, in child processes.
package struct HostileInput: Sendable {
    /// What the tool must answer.
    package enum Expectation: Sendable, Equatable {
        /// Exit 2 and exactly one line on standard error that contains this.
        case error(String)
        /// This exit code, with nothing on standard error but ``isResultLine(_:)`` lines.
        case result(Int32)
    }

    /// Whether a line on standard error is one a run that read its input writes: what it
    /// wrote, and its verdict.
    package static func isResultLine(_ line: Substring) -> Bool {
        line.hasPrefix("ime-harness: wrote ") || line.hasPrefix("ime-harness: PASS")
            || line.hasPrefix("ime-harness: FAIL")
    }

    package var name: String
    package var arguments: [String]
    package var expectation: Expectation
    /// Standard output goes to `/dev/full` (every write fails with ENOSPC).
    package var standardOutputToFullDevice = false
    /// The longest the full-size run may take, and the most memory it may use.
    package var seconds: Double
    package var megabytes: Int
    /// A file the run must leave as it was (the input it was told to write over).
    package var unchangedFile: String? = nil
}

/// How large the generated inputs are.
package enum Scale: Sendable {
    case test, full
}

package enum HostileInputs {
    /// The inputs, their files written into `directory` unless `writing` is false (then
    /// only their paths are made: a benchmark measures children's peak memory, which
    /// starts from the parent's own peak, so it has a child write the files).
    /// `profiles` is `Corpora/profiles`.
    package static func make(in directory: String, scale: Scale, profiles: String, writing: Bool = true) throws
        -> [HostileInput]
    {
        let full = scale == .full
        func write(_ name: String, _ text: @autoclosure () -> String) throws -> String {
            let path = directory + "/" + name
            if writing { try Data(text().utf8).write(to: URL(fileURLWithPath: path)) }
            return path
        }
        func session(_ id: String, _ events: [String], repeating count: Int) -> String {
            var out = #"{"format":"ime-session/1","id":"\#(id)","ime":"other","source":{"kind":"authored","#
            out += #""detail":"hostile"},"initial":{"text":""},"events":["#
            out.reserveCapacity(out.utf8.count + events.joined(separator: ",").utf8.count * count + 4)
            for index in 0..<count {
                for (position, event) in events.enumerated() {
                    out += (index == 0 && position == 0 ? "\n" : ",\n") + event
                }
            }
            return out + "\n]}\n"
        }
        let letter = #"{"op":"insertText","text":"a"}"#
        let compose = [#"{"op":"setMarkedText","text":"n","selectedRange":[1,0]}"#, #"{"op":"insertText","text":"你"}"#]
        let replay = ["replay", "--profiles", profiles]

        // A long chat: compose 你, commit, type a letter and an emoji, delete all three. The
        // text stays short; every commit is a discrepancy under iOS 26 (two, with the lengths).
        let chat = [
            compose[0], #"{"op":"setMarkedText","text":"ni","selectedRange":[2,0]}"#, compose[1],
            letter, #"{"op":"insertText","text":"👍"}"#, #"{"op":"deleteBackward"}"#, #"{"op":"deleteBackward"}"#,
            #"{"op":"deleteBackward"}"#,
        ]
        let million = try write("million.json", session("million", chat, repeating: full ? 125_000 : 250))
        let letters = try write("letters.json", session("letters", [letter], repeating: full ? 200_000 : 2_000))
        let letters40k = try write("letters-40k.json", session("letters40k", [letter], repeating: full ? 40_000 : 400))
        let commits = try write("commits.json", session("commits", compose, repeating: full ? 100_000 : 1_000))
        let redos = try write(
            "redos.json",
            session(
                "redos",
                [
                    #"{"op":"insertText","text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#,
                    #"{"op":"insertText","text":"b"}"#,
                    #"{"op":"insertText","text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"}"#,
                ],
                repeating: 1))
        let keyCount = full ? 200_000 : 20_000
        let manyKeys = try write(
            "keys.json", "{" + (0..<keyCount).map { "\"k\($0)\":1" }.joined(separator: ",") + "}")
        let hugeNumber = try write("number.json", "{\"summary\": " + String(repeating: "7", count: 1_000_000) + "}")
        let infinity = try write(
            "infinity.json",
            #"{"format":"ime-session/1","id":"inf","ime":"other","source":{"kind":"authored","detail":"x"},"#
                + #""initial":{"text":""},"events":[{"op":"insertText","text":"a"}],"expect":{"text":"a"},"x":1e400}"#)
        let emptyRanges = try write(
            "empty-ranges.json",
            #"{"format":"ime-session/1","id":"er","ime":"other","source":{"kind":"authored","detail":"x"},"#
                + #""initial":{"text":""},"events":[{"op":"insertText","text":"a"}],"#
                + #""observed":{"ios26-multi":[{"ranges":[],"text":"a"}]}}"#)
        func results(events: String, second: String) -> String {
            #"{"summary":{"unicodeVersion":"15.0","icuVersion":"72.1","profiles":["a","b"],"rules":["none"]},"#
                + #""sessions":[{"id":"s1","rule":"none","events":\#(events),"finalText":{},"discrepancies":[]},"#
                + #"{"id":"s2","rule":"none","events":\#(second),"finalText":{},"discrepancies":[]}],"errors":[]}"#
        }
        let hugeEvents = try write(
            "results-events.json", results(events: "4000000000000000000", second: "1000000000000000000"))
        let negativeEvents = try write("results-negative.json", results(events: "-5", second: "1"))
        // Results that name an event past the session's, and that list an unreadable session.
        let farEvent = try write(
            "results-far-event.json",
            #"{"summary":{"unicodeVersion":"15.0","icuVersion":"72.1","profiles":["a"],"rules":["none"]},"#
                + #""sessions":[{"id":"s","rule":"none","events":1,"#
                + #""finalText":{},"discrepancies":[{"kind":"broken-text","event":9223372036854775807,"#
                + #""profiles":["a"],"rule":"none","message":"m"}]}],"errors":[]}"#)
        let listedError = try write(
            "results-error.json",
            #"{"summary":{"unicodeVersion":"15.0","icuVersion":"72.1","profiles":["a"],"rules":["none"]},"#
                + #""sessions":[],"#
                + #""errors":[{"file":"lost.json","message":"not JSON"}]}"#)
        // A profiles directory holding a FIFO that no process writes.
        let fifoProfiles = directory + "/fifo-profiles"
        if writing {
            try FileManager.default.createDirectory(atPath: fifoProfiles, withIntermediateDirectories: true)
            _ = mkfifo(fifoProfiles + "/fifo.json", 0o600)
        }
        func shard(_ shard: String, iterations: String, seconds: String) throws -> String {
            try write(
                "shard-\(shard.replacingOccurrences(of: "/", with: "-"))-\(iterations.count)-\(seconds.count).json",
                #"{"rule":"none","seed":0,"shards":["\#(shard)"],"iterations":\#(iterations),"#
                    + #""seconds":\#(seconds),"properties":[],"failures":[]}"#)
        }
        let bigShards = [
            try shard("1/2", iterations: "9223372036854775000", seconds: "1"),
            try shard("2/2", iterations: "9000", seconds: "1"),
        ]
        let longShards = [
            try shard("1/2", iterations: "1", seconds: "1e308"), try shard("2/2", iterations: "1", seconds: "1.5e308"),
        ]
        let forumText =
            #"{"format":"ime-session/1","id":"wang","ime":"zhuyin","source":{"kind":"authored","detail":"x"},"#
            + #""initial":{"text":""},"events":[{"op":"setMarkedText","text":"ㄨ","selectedRange":[1,0]},"#
            + #"{"op":"insertText","text":"王"}]}"#
        let forum = try write("s.json", forumText)
        let newlineName = try write("fake\nime-harness: all good\u{202E}.json", "{")
        let pieces = ["中文", "hello ", "👩🏽‍💻", "🇹🇼", "ㄨㄤˊ", "1️⃣", "é", "한국어"]
        let bigText = try write(
            "text.txt", (0..<(full ? 1_400_000 : 2_000)).map { pieces[($0 &* 7 &+ $0 / 3) % pieces.count] }.joined())
        // One paste of many clusters (each piece's clusters: 中, 文, h, …), over a limit.
        func paste(_ id: String, clusters: Int) -> String {
            var text = ""
            var count = 0
            var index = 0
            while count < clusters {
                let piece = pieces[(index &* 7 &+ index / 3) % pieces.count]
                text += piece
                count += piece.count
                index += 1
            }
            return session(id, [#"{"op":"replace","range":[0,0],"text":"\#(text)"}"#], repeating: 1)
        }
        let pasteClusters = full ? 160_000 : 16_000
        let longPaste = try write("paste.json", paste("paste", clusters: pasteClusters))
        let hugePaste = try write("paste-10mb.json", paste("paste10mb", clusters: full ? 1_500_000 : 20_000))
        // A keyboard profile that posts 200,000 notifications on every show, and a pad whose
        // screen is the smallest a profile may have.
        let keyboardProfiles = URL(fileURLWithPath: profiles).deletingLastPathComponent()
            .appendingPathComponent("keyboard-profiles").path
        func keyboardProfile(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            let path = directory + "/" + name + ".json"
            guard writing else { return path }
            let data = try Data(contentsOf: URL(fileURLWithPath: keyboardProfiles + "/ipad-multitasking.json"))
            var profile = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            profile["name"] = name
            change(&profile)
            try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: path))
            return path
        }
        let longProfile = try keyboardProfile("long-show") { profile in
            var sequences = profile["sequences"] as? [String: Any] ?? [:]
            let show = Array(repeating: "willShow", count: full ? 200_000 : 2_000)
            sequences["show"] = show
            profile["sequences"] = sequences
        }
        // The smallest screen, with a keyboard that fits it (an iPhone SE's heights).
        let smallPad = try keyboardProfile("small-pad") { profile in
            profile["screen"] = [0, 0, 320, 480]
            let modes = (profile["heights"] as? [String: Any] ?? [:]).keys
            profile["heights"] = Dictionary(
                uniqueKeysWithValues: modes.map { ($0, ["portrait": 216, "landscape": 162]) })
            profile["placements"] = [
                "undocked": ["portrait": [0, 200, 320, 216], "landscape": [0, 100, 480, 162]],
                "split": ["portrait": [0, 220, 320, 200], "landscape": [0, 120, 480, 150]],
                "floating": ["portrait": [0, 180, 320, 260], "landscape": [80, 40, 320, 260]],
            ]
        }
        let tinyPad = try keyboardProfile("tiny-pad") { $0["screen"] = [0, 0, 200, 300] }
        // A session inside a directory given as input, and a baseline, each named by --output.
        let sessionDirectory = directory + "/sessions"
        if writing {
            try FileManager.default.createDirectory(atPath: sessionDirectory, withIntermediateDirectories: true)
        }
        let walkedSession = try write("sessions/wang.json", forumText)
        let baseline = try write("baseline.json", #"{"format":"ime-baseline/1","findings":[]}"#)

        return [
            .init(
                name: "fuzz with a limit of Int.max",
                arguments: ["fuzz", "--rule", "max-length:limit=9223372036854775807"],
                expectation: .error("parameter 'limit' must be a whole number from 0 to 1000000"), seconds: 5,
                megabytes: 100),
            .init(
                name: "fuzz with a limit of a million",
                arguments: [
                    "fuzz", "--rule", "max-length:limit=1000000", "--iterations", "200", "--profiles", profiles,
                ],
                expectation: .result(0), seconds: 30, megabytes: 300),
            .init(
                name: "report: events summing past Int.max", arguments: ["report", hugeEvents],
                expectation: .error("$.sessions[1].events: expected events that, summed"), seconds: 5, megabytes: 100),
            .init(
                name: "report: negative events", arguments: ["report", negativeEvents],
                expectation: .error("$.sessions[0].events: expected a whole number from 0"), seconds: 5,
                megabytes: 100),
            .init(
                name: "report: a discrepancy at event Int.max of a one-event session",
                arguments: ["report", farEvent],
                expectation: .error("$.sessions[0].discrepancies[0].event: expected an event index below"),
                seconds: 5, megabytes: 100),
            .init(
                name: "report: results listing an unreadable session", arguments: ["report", listedError],
                expectation: .error("lost.json: not JSON"), seconds: 5, megabytes: 100),
            .init(
                name: "a FIFO in the profiles directory", arguments: ["replay", "--profiles", fifoProfiles, forum],
                expectation: .error("fifo.json: line 1, column 1"), seconds: 5, megabytes: 100),
            .init(
                name: "merge: iterations summing past Int.max", arguments: ["merge"] + bigShards,
                expectation: .error("iterations add up to more than"), seconds: 5, megabytes: 100),
            .init(
                name: "merge: seconds summing past a double", arguments: ["merge"] + longShards,
                expectation: .error("seconds add up to more than"), seconds: 5, megabytes: 100),
            .init(
                name: "an object of \(keyCount) keys", arguments: ["report", manyKeys],
                expectation: .error("$.k0: expected one of the members"), seconds: 2, megabytes: 200),
            .init(
                name: "a million-digit number", arguments: ["report", hugeNumber],
                expectation: .error("(1000000 characters)"), seconds: 5, megabytes: 100),
            .init(
                name: "1e400 in a session", arguments: replay + [infinity],
                expectation: .error("expected a number within ±1.8e308, found 1e400"), seconds: 5, megabytes: 100),
            .init(
                name: "observed ranges []", arguments: replay + [emptyRanges],
                expectation: .error("$.observed.ios26-multi[0].ranges: expected at least one range"), seconds: 5,
                megabytes: 100),
            .init(
                name: "regex (a+)+$ in replay", arguments: replay + ["--rule", "regex:pattern=(a+)+$", redos],
                expectation: .result(1), seconds: 10, megabytes: 100),
            .init(
                name: "legacy-input-filter regex (a+)+$ in replay",
                arguments: replay + ["--rule", "legacy-input-filter:regex=(a+)+$", redos], expectation: .result(1),
                seconds: 10, megabytes: 100),
            .init(
                name: "regex (a+)+$ in fuzz",
                arguments: ["fuzz", "--rule", "regex:pattern=(a+)+$", "--iterations", "300", "--profiles", profiles],
                expectation: .result(1), seconds: 20, megabytes: 200),
            .init(
                name: "fuzz --seconds inf", arguments: ["fuzz", "--rule", "none", "--seconds", "inf"],
                expectation: .error("option '--seconds': 'inf' is not valid"), seconds: 5, megabytes: 100),
            .init(
                name: "fuzz --iterations of Int.max",
                arguments: ["fuzz", "--rule", "none", "--iterations", "9223372036854775807"],
                expectation: .error("option '--iterations': '9223372036854775807' is not valid"), seconds: 5,
                megabytes: 100),
            .init(
                name: "fuzz --seconds 1e300", arguments: ["fuzz", "--rule", "none", "--seconds", "1e300"],
                expectation: .error("option '--seconds': '1e300' is not valid"), seconds: 5, megabytes: 100),
            .init(
                name: "replay over its own input", arguments: replay + [forum, "--output", forum],
                expectation: .error("is an input of this run"), seconds: 5, megabytes: 100, unchangedFile: forum),
            .init(
                name: "standard output on a full disk", arguments: replay + [forum],
                expectation: .error("standard output: cannot be written (No space left on device)"),
                standardOutputToFullDevice: true, seconds: 5, megabytes: 100),
            .init(
                name: "a file name with a newline", arguments: replay + [newlineName],
                expectation: .error("fake<000A>ime-harness: all good<202E>.json"), seconds: 5, megabytes: 100),
            .init(
                name: "\(full ? "40,000" : "400") one-letter events, JSON",
                arguments: replay + ["--format", "json", letters40k], expectation: .result(0), seconds: 30,
                megabytes: 100),
            .init(
                name: "\(full ? "1,000,000" : "2,000")-event chat session, JSON",
                arguments: replay + ["--fail-on", "all", "--format", "json", million], expectation: .result(1),
                seconds: 60,
                megabytes: 200),
            .init(
                name: "\(full ? "1,000,000" : "2,000")-event chat session, Markdown",
                arguments: replay + ["--fail-on", "all", "--format", "md", million], expectation: .result(1),
                seconds: 60, megabytes: 200),
            .init(
                name: "\(full ? "1,000,000" : "2,000")-event chat session, HTML",
                arguments: replay + ["--fail-on", "all", "--format", "html", million], expectation: .result(1),
                seconds: 60,
                megabytes: 200),
            .init(
                name: "\(full ? "200,000" : "2,000") one-letter events (the text grows to as many units), JSON",
                arguments: replay + ["--format", "json", letters], expectation: .result(0), seconds: 60,
                megabytes: 200),
            .init(
                name: "\(full ? "200,000" : "2,000") events of compose+commit, matrix",
                arguments: replay + ["--fail-on", "all", "--format", "matrix", commits], expectation: .result(1),
                seconds: 60,
                megabytes: 200),
            .init(
                name: "a paste of \(pasteClusters) clusters under max-length:limit=1000",
                arguments: replay + ["--rule", "max-length:limit=1000", longPaste], expectation: .result(0),
                seconds: 1, megabytes: 200),
            .init(
                name: "a paste of \(pasteClusters) clusters under max-length:limit=1000,unit=utf16",
                arguments: replay + ["--rule", "max-length:limit=1000,unit=utf16", longPaste],
                expectation: .result(0), seconds: 1, megabytes: 200),
            .init(
                name: "a paste of \(full ? "about 10 MB" : "20,000 clusters") under max-length:limit=1000000",
                arguments: replay + ["--rule", "max-length:limit=1000000", hugePaste], expectation: .result(0),
                seconds: 20, megabytes: 1000),
            .init(
                name: "a keyboard profile posting \(full ? "200,000" : "2,000") notifications on show",
                arguments: ["keyboard", "--profile", longProfile, keyboardProfiles + "/../keyboard-sessions"],
                // Refused for its size at full scale (3 MB), for its sequence when smaller.
                expectation: .error(
                    full
                        ? "long-show.json: is larger than 1 MiB"
                        : "$.sequences.show: expected a sequence of at most 16 notifications"),
                seconds: 5, megabytes: 200),
            .init(
                name: "keyboard-fuzz on a pad of the smallest screen",
                arguments: [
                    "keyboard-fuzz", "--handler", "documented-overlap", "--profile", smallPad, "--iterations", "200",
                ], expectation: .result(0), seconds: 30, megabytes: 200),
            .init(
                name: "a keyboard profile whose screen is smaller than any iOS device's",
                arguments: ["keyboard-fuzz", "--handler", "documented-overlap", "--profile", tinyPad],
                expectation: .error("$.screen: expected [0, 0, width, height] of at least 320×480"), seconds: 5,
                megabytes: 100),
            .init(
                name: "fuzz --shard 2/Int.max",
                arguments: ["fuzz", "--rule", "none", "--iterations", "10", "--shard", "2/9223372036854775807"],
                expectation: .result(0), seconds: 10, megabytes: 100),
            .init(
                name: "fuzz --seconds with --shard 1/2^62",
                arguments: ["fuzz", "--rule", "none", "--seconds", "0.3", "--shard", "1/4611686018427387904"],
                expectation: .result(0), seconds: 10, megabytes: 100),
            .init(
                name: "keyboard-fuzz --shard 2/Int.max",
                arguments: [
                    "keyboard-fuzz", "--handler", "documented-overlap", "--iterations", "10", "--shard",
                    "2/9223372036854775807",
                ], expectation: .result(0), seconds: 10, megabytes: 100),
            .init(
                name: "segment --file /dev/zero", arguments: ["segment", "--file", "/dev/zero"],
                expectation: .error("/dev/zero: is larger than 64 MiB, the most this reads"), seconds: 10,
                megabytes: 300),
            .init(
                name: "replay over a session in a directory it reads",
                arguments: replay + [sessionDirectory, "--output", walkedSession],
                expectation: .error("is an input of this run"), seconds: 5, megabytes: 100,
                unchangedFile: walkedSession),
            .init(
                name: "replay over its baseline",
                arguments: replay + [forum, "--baseline", baseline, "--output", baseline],
                expectation: .error("is an input of this run"), seconds: 5, megabytes: 100, unchangedFile: baseline),
            .init(
                name: "segment --file of \(full ? "about 10 MB" : "a few KB")",
                arguments: ["segment", "--file", bigText],
                expectation: .result(0), seconds: 60, megabytes: 200),
        ]
    }
}
