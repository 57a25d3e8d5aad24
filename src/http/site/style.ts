// The page's stylesheet, served as a content-hashed asset. System fonts only; a light and a dark
// scheme (prefers-color-scheme) whose text colours have at least 4.5:1 contrast on the
// backgrounds they sit on (test/web/layout.test.ts measures every text on the page in both).
// At 1280 × 900 the controls fit one line and ten result rows of one line each fit above the
// fold; below 40rem each result row becomes two lines (IBAN; bank and BIC) and nothing
// scrolls sideways.
export const STYLE = `
:root { color-scheme: light dark; --page: #f6f8fa; --card: #ffffff; --ink: #1f2328; --muted: #57606a; --line: #d0d7de;
  --row-line: #eaeef2; --hover: #f3f6f9; --field: #ffffff; --field-line: #6e7781; --accent: #0b5cad; --on-accent: #ffffff;
  --ok: #1a7f37; --bad: #a4161a; --warn: #fff5f5;
  --b: #dbeafe; --s: #fef3c7; --c: #dcfce7; --x: #fde2e7; --k: #ede9fe; --t: #e0f2fe; }
@media (prefers-color-scheme: dark) {
  :root { --page: #0d1117; --card: #161b22; --ink: #e6edf3; --muted: #9198a1; --line: #30363d; --row-line: #21262d;
    --hover: #1c232c; --field: #0d1117; --field-line: #8b949e; --accent: #4493f8; --on-accent: #ffffff;
    --ok: #3fb950; --bad: #ff7b72; --warn: #2d1214;
    --b: #1e3a5f; --s: #4d3a0a; --c: #173d26; --x: #5c1f2b; --k: #35285e; --t: #0f3b53; }
  button:not(.secondary), .button:not(.secondary) { background: #1a5fc8; border-color: #1a5fc8; }
}
* { box-sizing: border-box; }
html { background: var(--page); }
body { margin: 0 auto; max-width: 78rem; padding: .75rem 1.5rem 1rem; color: var(--ink); background: var(--page);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { margin: 0; font-size: 1.5rem; line-height: 1.2; }
h2 { margin: 0 0 .5rem; font-size: 1.2rem; }
a { color: var(--accent); }
code, td.bic { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.masthead { display: flex; align-items: center; justify-content: space-between; flex-wrap: wrap; gap: .25rem 1rem; }
.brand { display: flex; align-items: center; gap: .75rem; }
.brand img { flex: none; }
.tagline { margin: 0; color: var(--muted); font-size: .95rem; }
nav { display: flex; gap: 1.25rem; font-weight: 600; }
.warning { margin: .75rem 0; padding: .4rem .75rem; border-left: 4px solid var(--bad); background: var(--warn); border-radius: .25rem; }
main { display: grid; gap: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: 1rem 1.25rem; min-width: 0; }
label { font-weight: 600; font-size: .9rem; }
.hint { font-weight: 400; color: var(--muted); font-size: .9rem; }
input[type=text], input[type=search], input[type=number], select { font: inherit; padding: .4rem .5rem; min-height: 2.5rem;
  width: 100%; border: 1px solid var(--field-line); border-radius: .35rem; background: var(--field); color: var(--ink); }
::placeholder { color: var(--muted); opacity: 1; }
input[type=checkbox] { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--accent); }
button, .button { font: inherit; font-weight: 600; padding: .4rem 1rem; min-height: 2.5rem; border-radius: .35rem; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); text-decoration: none; display: inline-block; }
.secondary, .secondary:link, .secondary:visited { background: transparent; color: var(--accent); }
.controls { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .75rem; }
.field { display: flex; flex-direction: column; gap: .2rem; min-width: 0; }
.field.search { flex: 0 1 9.5rem; }
.field.seed { flex: 1 1 13.5rem; }
.field.country { flex: 1 1 12rem; }
.field.kind { flex: 1 1 11rem; }
.field.count { flex: 0 0 4.5rem; }
.field.check { flex: none; flex-direction: row; align-items: center; gap: .5rem; min-height: 2.5rem; }
.error { margin: .5rem 0 0; color: var(--bad); font-weight: 600; }
.error:empty { margin: 0; }
.format { margin: .5rem 0 0; color: var(--muted); font-size: .9rem; }
.format code { color: var(--ink); white-space: nowrap; }
.format .kind { display: block; }
.part { border-radius: .2rem; }
.part-b { background: var(--b); } .part-s { background: var(--s); } .part-c { background: var(--c); }
.part-x { background: var(--x); } .part-k { background: var(--k); } .part-t, .part-i, .part-n { background: var(--t); }
.legend .part { padding: 0 .3rem; color: var(--ink); white-space: nowrap; }
.toolbar { display: flex; align-items: center; flex-wrap: wrap; gap: .5rem .75rem; margin: .75rem 0 .25rem; }
.summary { margin: 0 auto 0 0; font-weight: 600; }
.summary .seed { font-weight: 400; color: var(--muted); }
.summary .seed code { color: var(--ink); }
.downloads { display: flex; align-items: center; flex-wrap: wrap; gap: .4rem; }
#download-label { color: var(--muted); font-size: .9rem; }
.toolbar .button, .toolbar button { min-height: 2.25rem; padding: .25rem .75rem; }
.results { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.results th { text-align: left; font-size: .85rem; font-weight: 600; color: var(--muted); padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
.results td { padding: .25rem .5rem; border-bottom: 1px solid var(--row-line); white-space: nowrap; }
.results tbody tr:hover { background: var(--hover); }
.results .num { width: 1%; text-align: right; color: var(--muted); font-size: .85rem; }
.results td.bank { width: 100%; max-width: 0; overflow: hidden; text-overflow: ellipsis; }
.results td.bic { font-size: .9rem; }
.results .act { width: 1%; text-align: right; }
.results.random .bank, .results.random .bic { display: none; }
.results tr.placeholder td { height: calc(2.5rem + 1px); padding: 0; }
html:not([data-ready]) #format { min-height: 1.35rem; }
.results button { min-height: 2rem; min-width: 4.75rem; padding: .1rem .6rem; font-size: .875rem; }
code.iban { font-size: 1rem; }
#download-hint { margin: .5rem 0 0; }
.validate-row { display: flex; flex-wrap: wrap; gap: .5rem; max-width: 40rem; margin-top: .2rem; }
.validate-row input { flex: 1 1 18rem; width: auto; }
.progress { margin: .3rem 0 0; min-height: 1.35em; }
.verdict { margin: .35rem 0; font-weight: 600; overflow-wrap: anywhere; }
.verdict.ok { color: var(--ok); }
.verdict.bad { color: var(--bad); }
.verdict.pending { color: var(--muted); font-weight: 400; }
.details { display: grid; align-items: start; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 0 2rem; }
.checks { border-collapse: collapse; width: 100%; margin: .25rem 0 .5rem; }
.checks caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
.checks th, .checks td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--row-line); }
.checks th { font-weight: 400; }
.parts th { white-space: nowrap; }
.checks td { overflow-wrap: anywhere; }
td.ok, td.bad, td.na { white-space: nowrap; }
td.ok { color: var(--ok); } td.bad { color: var(--bad); font-weight: 600; } td.na { color: var(--muted); }
footer { margin-top: 1rem; color: var(--muted); font-size: .9rem; }
footer p { margin: .35rem 0; }
.guide { max-width: 60rem; }
a.brand { color: var(--ink); text-decoration: none; font-weight: 700; font-size: 1.25rem; gap: .5rem; }
.prose { display: block; margin-top: .75rem; padding: .25rem 1.5rem 1rem; line-height: 1.6; overflow-wrap: break-word; }
.prose h1 { font-size: 1.75rem; margin: .75rem 0 .5rem; }
.prose h2 { font-size: 1.35rem; margin: 1.5rem 0 .5rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
.prose h3 { font-size: 1.1rem; margin: 1.25rem 0 .4rem; }
.prose code { font-size: .9em; padding: .1em .3em; border-radius: .25rem; background: var(--hover); }
.prose pre { overflow-x: auto; padding: .75rem 1rem; background: var(--hover); border: 1px solid var(--row-line); border-radius: .35rem; line-height: 1.45; }
.prose pre code { padding: 0; background: none; font-size: .85rem; }
.prose .scroll { overflow-x: auto; margin: .75rem 0; }
.prose table { border-collapse: collapse; font-size: .9rem; }
.prose th, .prose td { text-align: left; vertical-align: top; padding: .3rem .6rem; border: 1px solid var(--line); min-width: 8rem; }
.prose blockquote { margin: .75rem 0; padding: .1rem 1rem; border-left: 4px solid var(--bad); background: var(--warn); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 40rem) {
  body { padding: .5rem .75rem 1rem; }
  .card { padding: .75rem; }
  .prose { padding: .25rem .75rem .75rem; }
  .prose table { width: max-content; max-width: 48rem; }
  .tagline { font-size: .85rem; }
  .results thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .results tbody { display: block; }
  .toolbar .button, .toolbar button { padding: .2rem .55rem; }
  .summary { flex: 1 1 100%; min-height: 1.5em; }
  .results tr { display: grid; grid-template-columns: minmax(0, 1fr) auto auto; grid-template-areas: "iban iban iban" "bank bic copy";
    align-items: center; gap: .1rem .5rem; padding: .4rem 0; border-bottom: 1px solid var(--row-line); }
  .results.random tr { grid-template-areas: "iban iban copy"; }
  .results td { padding: 0; border: 0; }
  .field.search { flex: 1 1 8rem; }
  .field.country { flex: 1 1 9rem; }
  .field.seed { flex: 1 1 10rem; }
  .results .num { display: none; }
  .results tr.placeholder { height: 4.46rem; }
  html:not([data-ready]) #format { min-height: 2.7rem; }
  .results .value { grid-area: iban; white-space: normal; }
  .results td.bank { grid-area: bank; width: auto; max-width: none; font-size: .85rem; color: var(--muted); }
  .results td.bic { grid-area: bic; font-size: .8rem; color: var(--muted); }
  .results .act { grid-area: copy; width: auto; }
}
`
