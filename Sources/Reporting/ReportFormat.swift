import Fuzzing
import HarnessJSON
import KeyboardOverlap

/// The formats a report is written in: what `--format` takes on the command line (the
/// raw values) and what the library's `rendered(_:)` and `write(_:to:)` take.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Summary tables and each discrepancy with the field in notation: for a PR comment (`md`).
    case markdown = "md"
    /// One self-contained page with a timeline per session (no script, no network).
    case html
    /// The machine shape that `ime-harness report` reads back.
    case json
    /// JUnit XML, for CI systems.
    case junit
    /// A table per rule of each session's discrepancy counts per profile.
    case matrix
    /// The verdict and what made it, in Markdown under 60,000 characters whatever the
    /// run's size: for a pull-request comment (GitHub allows 65,536).
    case summary
}

extension ReportFormat {
    /// What the format is, in a phrase: the one description `--help` of every command
    /// that writes reports lists, from this declaration.
    package var explanation: String {
        switch self {
        case .markdown: "the summary and each finding in field notation"
        case .html: "one self-contained page with a timeline of every session that has findings"
        case .json: "the machine shape, input of 'ime-harness report' and 'merge'"
        case .junit: "JUnit XML for CI"
        case .matrix: "a table per rule of each session's finding counts per profile"
        case .summary: "the verdict and what made it, under 60,000 characters: for a pull-request comment"
        }
    }

    /// `md (default): …; html: …; …` for the formats `formats`, in order.
    package static func help(_ formats: [ReportFormat], default defaultFormat: ReportFormat? = .markdown) -> String {
        formats.map { format in
            format.rawValue + (format == defaultFormat ? " (default)" : "") + ": " + format.explanation
        }.joined(separator: "; ") + "."
    }
}

extension Report {
    /// The report in `format`: the one way every report is rendered.
    package func rendered(_ format: ReportFormat) -> String {
        switch format {
        case .markdown: markdown
        case .html: html()
        case .json: json.rendered() + "\n"
        case .junit: junit
        case .matrix: matrix
        case .summary: summary()
        }
    }
}

extension FuzzResult {
    /// The campaign in `format`, its failures replayed under `profiles`; as JSON, the
    /// results themselves (what `ime-harness merge` combines and `report` reads back).
    package func rendered(_ format: ReportFormat, profiles: [String]) -> String {
        Report(fuzz: self, profiles: profiles).rendered(format)
    }
}

extension KeyboardRun {
    /// The formats a keyboard run is written in; `matrix` and `summary` are made of a text
    /// rule's findings per session and profile, which a keyboard run has not.
    package static let formats: [ReportFormat] = [.markdown, .html, .json, .junit]

    /// The run in `format`, one of ``formats`` (any other gives the Markdown).
    package func rendered(_ format: ReportFormat) -> String {
        switch format {
        case .markdown, .matrix, .summary: markdown
        case .html: html
        case .json: json.rendered() + "\n"
        case .junit: junit
        }
    }
}
