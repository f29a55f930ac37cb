/** The page's whole stylesheet; the page loads nothing else. */
export const htmlStyle = `
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #656d76; --line: #d0d7de;
  --err: #cf222e; --warn: #9a6700; --add: #1a7f37; --del: #cf222e; --hunk: #0969da; --path: #8250df; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0;
  --line: #30363d; --err: #ff7b72; --warn: #d29922; --add: #3fb950; --del: #ff7b72; --hunk: #58a6ff;
  --path: #d2a8ff; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px; background: var(--bg); color: var(--fg);
  font: 14px/1.45 ui-sans-serif, system-ui, sans-serif; }
main { max-width: 100%; }
h1 { font-size: 16px; margin: 0 0 12px; overflow-wrap: anywhere; }
.tc-row { margin: 2px 0; min-width: 0; }
.tc-row > summary, .tc-event { cursor: pointer; padding: 2px 4px; border-radius: 4px;
  overflow-wrap: anywhere; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.tc-event { cursor: default; list-style: none; }
.tc-row > summary:hover { background: color-mix(in srgb, var(--line) 40%, transparent); }
.tc-marker { font-weight: 700; margin-right: 4px; }
.tc-status-error > summary .tc-marker, .tc-event.tc-status-error .tc-marker,
.tc-status-denied > summary .tc-marker, .tc-event.tc-status-denied .tc-marker { color: var(--err); }
.tc-status-warning > summary .tc-marker, .tc-event.tc-status-warning .tc-marker { color: var(--warn); }
.tc-count { color: var(--muted); }
.tc-content { margin-left: 18px; min-width: 0; }
.tc-body { margin: 4px 0; padding: 6px 8px; border-left: 2px solid var(--line);
  white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-word; max-width: 100%;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.tc-batch { border-left: 3px double var(--muted); padding-left: 6px; margin: 4px 0; }
.tc-diff-add { color: var(--add); }
.tc-diff-del { color: var(--del); }
.tc-diff-hunk { color: var(--hunk); }
.tc-diff-meta { font-weight: 700; }
.tc-grep-path { color: var(--path); font-weight: 700; }
.tc-grep-line { color: var(--add); }
.tc-grep-context { color: var(--muted); }
.tc-grep-separator { color: var(--muted); }
`;
