/// The HTML report's stylesheet, inlined into every page.
///
/// It holds no `<` or `&`, so the page stays well-formed XML as well as HTML (the tests
/// parse it with an XML parser).
enum ReportStyle {
    /// How many distinct profile colours there are (`p0` … `p5`); more profiles reuse them.
    static let profileColours = 6

    static let css = """
        :root { --p0: #1c64d8; --p1: #d9480f; --p2: #2b8a3e; --p3: #9c36b5; --p4: #0b7285; --p5: #a15c00;
          --bad: #c92a2a; --line: #d6d9de; --muted: #5f6670; --mark: #ffe8a3; --sel: #cfe4ff; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1180px; padding: 16px 20px 40px; color: #15181d; background: #fff;
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; }
        h1 { font-size: 1.55em; margin: 0 0 4px; }
        h2 { font-size: 1.2em; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1.05em; margin: 18px 0 6px; }
        code, .mono, .kind { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "Noto Sans Mono", "Noto Sans Mono CJK SC", monospace; font-size: .9em; }
        a { color: var(--p0); }
        .meta, .muted, .why, footer { color: var(--muted); }
        .why { font-size: .88em; }
        footer { margin-top: 32px; font-size: .85em; }
        .t { unicode-bidi: isolate; white-space: pre-wrap; overflow-wrap: anywhere; }
        table.kinds code .t, table.calls code .t, .kind .t { white-space: nowrap; }
        q { quotes: "\\201C" "\\201D"; }
        .tiles { display: flex; flex-wrap: wrap; gap: 8px; }
        .tile { border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; min-width: 8.5em; color: var(--muted); font-size: .85em; }
        .tile b { display: block; font-size: 1.45em; color: #15181d; font-variant-numeric: tabular-nums; }
        .tile.bad b { color: var(--bad); }
        .verdict { font-size: 1.15em; }
        .verdict.pass b { color: #1a7f37; }
        .verdict.fail b { color: var(--bad); }
        table { border-collapse: collapse; width: 100%; margin: 6px 0; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        th { font-size: .82em; color: var(--muted); font-weight: 600; }
        .n { text-align: right; font-variant-numeric: tabular-nums; }
        .absent code { color: var(--muted); }
        .kind { display: inline-block; color: var(--bad); background: #fff0f0; border: 1px solid #f5c2c2; border-radius: 4px; padding: 0 5px; white-space: nowrap; }
        .tok { display: inline-block; margin: 0 1px; padding: 0 4px; border: 1px solid currentColor; border-radius: 3px;
          font: 600 .68em/1.35 ui-monospace, Menlo, Consolas, monospace; vertical-align: .12em; color: #6741d9; background: #f3f0ff; }
        .tok.surrogate, .tok.bidi, .tok.control { color: var(--bad); background: #fff0f0; }
        .sw { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin: 0 4px 0 2px; vertical-align: -.05em; }
        .pl { font-weight: 600; white-space: nowrap; }
        .sw.p0 { background: var(--p0); } .sw.p1 { background: var(--p1); } .sw.p2 { background: var(--p2); }
        .sw.p3 { background: var(--p3); } .sw.p4 { background: var(--p4); } .sw.p5 { background: var(--p5); }
        .pl.p0 { color: var(--p0); } .pl.p1 { color: var(--p1); } .pl.p2 { color: var(--p2); }
        .pl.p3 { color: var(--p3); } .pl.p4 { color: var(--p4); } .pl.p5 { color: var(--p5); }
        details.rules, details.clean { margin: 10px 0; }
        details.s { border: 1px solid var(--line); border-radius: 10px; margin: 10px 0; }
        details.s > summary { cursor: pointer; padding: 8px 12px; display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; list-style: none; }
        details.s > summary::before { content: "\\25B8"; color: var(--muted); }
        details.s[open] > summary::before { content: "\\25BE"; }
        details.s[open] > summary { border-bottom: 1px solid var(--line); }
        .sid { font-weight: 650; }
        .sbody { padding: 4px 12px 12px; scroll-margin-top: 3.5em; }
        .ev { border-left: 3px solid var(--line); margin: 12px 0; padding: 4px 0 4px 12px; }
        .ev.hit { border-left-color: var(--bad); background: linear-gradient(90deg, #fff5f5, #fff 60%); }
        .ev h4 { margin: 0 0 6px; font-size: 1em; font-weight: 600; }
        .idx { display: inline-block; min-width: 1.6em; text-align: center; border-radius: 4px; background: #eef0f3; font-variant-numeric: tabular-nums; }
        .hitmsg { margin: 4px 0 8px; }
        .diagram { overflow-x: auto; padding: 2px 0 6px; }
        .grid { display: grid; width: max-content; row-gap: 3px; align-items: center; margin: 4px 0; }
        .rh { padding-right: 12px; font-size: .8em; color: var(--muted); white-space: nowrap; }
        .cl { margin: 0 1px; padding: 2px 4px; min-height: 1.9em; border: 1px solid #aeb4bd; border-radius: 5px;
          text-align: center; font-size: 1.45em; line-height: 1.4; background: #fff; }
        .cl.bad { border-color: var(--bad); background: #fff0f0; }
        .cl.empty { font-size: .8em; color: var(--muted); border-style: dashed; }
        .u { padding: 1px 2px; text-align: center; border-left: 1px solid var(--line); color: var(--muted);
          font: .72em/1.6 ui-monospace, Menlo, Consolas, monospace; }
        .u.m { background: var(--mark); color: #15181d; }
        .u.sel { background: var(--sel); color: #15181d; }
        .u.lone { color: #fff; background: var(--bad); font-weight: 700; }
        .o { justify-self: start; margin-left: -.3em; font: .68em ui-monospace, Menlo, Consolas, monospace; color: var(--muted); }
        .bar, .tick { font: .76em/1.55 ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; }
        .bar { margin: 0 1px; padding: 0 5px; border-radius: 4px; color: #fff; background: #868e96; overflow: visible; }
        .tick { justify-self: start; margin-left: -2px; padding-left: 5px; border-left: 4px solid #868e96; color: #343a40; }
        .bar.marked { background: #e8a100; color: #15181d; } .tick.marked { border-color: #e8a100; }
        .bar.caret { background: #4c8ee8; } .tick.caret { border-color: #15181d; }
        .bar.p0 { background: var(--p0); } .tick.p0 { border-color: var(--p0); color: var(--p0); }
        .bar.p1 { background: var(--p1); } .tick.p1 { border-color: var(--p1); color: var(--p1); }
        .bar.p2 { background: var(--p2); } .tick.p2 { border-color: var(--p2); color: var(--p2); }
        .bar.p3 { background: var(--p3); } .tick.p3 { border-color: var(--p3); color: var(--p3); }
        .bar.p4 { background: var(--p4); } .tick.p4 { border-color: var(--p4); color: var(--p4); }
        .bar.p5 { background: var(--p5); } .tick.p5 { border-color: var(--p5); color: var(--p5); }
        .bar.bad { background: repeating-linear-gradient(135deg, var(--bad) 0 6px, #e06666 6px 12px); }
        .tick.bad { border-color: var(--bad); color: var(--bad); }
        .nocall { font-size: .75em; color: var(--muted); font-style: italic; }
        table.calls td, table.calls th { font-size: .92em; }
        td.differs { background: #fff0f0; }
        td.ok { color: var(--p2); }
        td.bad, .note.bad, .omitted { color: var(--bad); }
        .note { font-size: .85em; color: var(--muted); }
        /* What the kind filters leave shown, counted by CSS counters (no script runs). */
        body { counter-reset: cf cs; }
        table.worst tbody tr { counter-reset: cw; }
        .shown { display: none; color: var(--muted); }
        body:has(table.kinds input:not(:checked)) .shown { display: inline; }
        .cf::before { content: counter(cf); } .cs::before { content: counter(cs); } .cw::before { content: counter(cw); }
        table.kinds tfoot td { border-bottom: 0; font-weight: 600; white-space: nowrap; }
        @media (max-width: 640px) {
          body { padding: 10px 10px 30px; font-size: 14px; }
          .tile { min-width: 7em; }
          table.kinds, table.worst, table.more { display: block; overflow-x: auto;
            /* A shadow at the edge that has more columns beyond it: the scroll cue. */
            background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)),
              linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) 100% 0,
              radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), rgba(0,0,0,0)),
              radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) 100% 0;
            background-repeat: no-repeat; background-size: 40px 100%, 40px 100%, 14px 100%, 14px 100%;
            background-attachment: local, local, scroll, scroll; }
          .ev { padding-left: 8px; }
          /* The event's calls as cards, one line per column with its name: the verdict and
             the field after the event in view without scrolling sideways. */
          /* The findings the same way: "what happened" gets the screen's width, wrapped. */
          table.calls, table.calls tbody, table.calls tr,
          table.findings, table.findings tbody, table.findings tr { display: block; }
          table.calls thead, table.findings thead { display: none; }
          table.calls tr, table.findings tr { border-top: 1px solid var(--line); padding: 3px 0; }
          table.calls td, table.findings td { display: block; position: relative; border: 0;
            padding: 1px 2px 1px 6.8em; min-height: 1.5em; text-align: left; overflow-wrap: anywhere; }
          table.calls td::before, table.findings td::before { content: attr(data-label); position: absolute;
            left: 2px; width: 6.4em; color: var(--muted); font: .8em/1.8 system-ui, "Noto Sans", sans-serif; }
          table.calls code .t { white-space: pre-wrap; }
        }

        """
}
