import Composition
import Foundation
import HarnessJSON
import Testing

@testable import Reporting

@Suite struct MarkdownReportTests {
    /// Every row of every table has as many cells as its header: a `|` inside session
    /// text or a code span must not open a new column.
    @Test(arguments: FixtureReport.allCases)
    func tablesKeepTheirShape(_ fixture: FixtureReport) throws {
        let report = fixture.report
        for document in [report.markdown, report.matrix] {
            var columns: Int?
            var tables = 0
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix("|") else {
                    columns = nil
                    continue
                }
                let cells = Self.cells(String(line))
                if let columns {
                    #expect(cells == columns, "\(line)")
                } else {
                    columns = cells
                    tables += 1
                }
            }
            #expect(tables >= 2)
        }
    }

    /// The cells of a GitHub table row: split at each `|` that no backslash comes right
    /// before — cmark-gfm takes `\|` for a pipe whatever precedes the backslash (checked
    /// with cmarkgfm: `| x\\|y | z |` is two cells).
    static func cells(_ row: String) -> Int {
        var count = 0
        var previous: Character = " "
        for character in row {
            if character == "|", previous != "\\" { count += 1 }
            previous = character
        }
        return count - 1
    }

    @Test func discrepanciesShowTheFieldInNotation() {
        let markdown = Fixtures.corpusReport.markdown
        #expect(
            markdown.contains("| sessions | session replays | events replayed | discrepancies | unreadable sessions |"))
        #expect(markdown.contains("| `proposed-text-mismatch` | 67 |"))
        #expect(
            markdown.contains(
                #"| 2 | `proposed-text-mismatch` | ios26-multi | `[ㄨㄤ\|]` | ios26-multi calls \[{2, 0}\] "王" on "\[ㄨㄤ\|\]": the call implies "ㄨㄤ王" but the field then holds "王" |"#
            ))
        #expect(markdown.contains("## Worst offenders"))
    }

    /// Nothing from a results file becomes markup: no raw tag, no raw control or bidi
    /// character, and every code span closes on its own line (a backtick in a kind cannot
    /// break out of it).
    @Test(arguments: FixtureReport.allCases)
    func inputNeverBecomesMarkup(_ fixture: FixtureReport) throws {
        let report = fixture.report
        for document in [report.markdown, report.matrix, report.summary(fullReport: nil)] {
            #expect(!document.contains("\u{202E}"))
            // A name with a newline starts no heading of its own.
            #expect(!document.contains("\n# Heading"))
            // The summary folds its details in its own `<details>` (input is escaped, so no
            // line of it can start with a raw tag).
            for line in document.split(separator: "\n")
            where !(line.hasPrefix("<details><summary>") || line == "</details>") {
                let (closed, outside) = Self.codeSpans(String(line))
                #expect(closed, "\(line)")
                #expect(Self.markupEscaped(outside), "\(line)")
            }
        }
        let junit = try ParsedXML(fixture.report.junit)
        #expect(!junit.elements.isEmpty)
    }

    /// Whether every backtick fence on `line` is closed by a fence of the same length
    /// (CommonMark), and the text outside the code spans.
    static func codeSpans(_ line: String) -> (closed: Bool, outside: String) {
        var outside = ""
        var open: Int?
        var run = 0
        var escaped = false
        for character in line + "\n" {
            if character == "`", open != nil || !escaped || run > 0 {
                run += 1
                continue
            }
            if run > 0 {
                if let fence = open {
                    if fence == run { open = nil }
                } else {
                    open = run
                }
                run = 0
            }
            if open == nil { outside.append(character) }
            escaped = open == nil && character == "\\" && !escaped
        }
        return (open == nil, outside)
    }

    /// Whether every `<` outside code spans is escaped, so no tag or autolink can start.
    static func markupEscaped(_ text: String) -> Bool {
        var escaped = false
        for character in text {
            if character == "<", !escaped { return false }
            escaped = character == "\\" && !escaped
        }
        return true
    }

    @Test func hostileTextIsEscapedAndVisible() {
        let markdown = Fixtures.hostileReport.markdown
        #expect(!markdown.contains("\u{202E}"))
        #expect(markdown.contains("### `<script>alert(\"x\")</script><202E>evil` with `legacy-truncate-count:limit=8`"))
        #expect(markdown.contains("<D83D>"), "the lone surrogate the truncation left")
        #expect(markdown.contains("\\&"), "an ampersand cannot start an entity")
    }
}
