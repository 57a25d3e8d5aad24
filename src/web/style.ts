// The page's stylesheet, served as a content-hashed asset. System fonts only; colours chosen
// for at least 4.5:1 contrast; one column on phones.
export const STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5562; --line: #c9d1da; --accent: #0b5cad; --bg: #ffffff;
  --ok: #17663a; --bad: #a4161a; --b: #dbeafe; --s: #fef3c7; --c: #dcfce7; --x: #fde2e7; --k: #ede9fe; --t: #e0f2fe; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--bg); }
h1 { margin: 0; font-size: 1.75rem; }
h2 { margin-top: 0; font-size: 1.35rem; }
h3 { font-size: 1.1rem; margin-bottom: .25rem; }
.tagline { margin: .25rem 0; color: var(--muted); }
.warning { border-left: 4px solid var(--bad); background: #fff5f5; padding: .5rem .75rem; }
main { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5rem; margin-top: 1rem; }
section { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; min-width: 0; }
.row { display: flex; flex-direction: column; gap: .25rem; margin-bottom: .75rem; }
.row.inline { flex-direction: row; gap: .75rem; flex-wrap: wrap; }
.row.inline > div { display: flex; flex-direction: column; gap: .25rem; flex: 1 1 8rem; }
.row.check { flex-direction: row; align-items: center; gap: .5rem; }
label { font-weight: 600; }
.hint { font-weight: 400; color: var(--muted); font-size: .9rem; }
input[type=text], input[type=search], input[type=number], select { font: inherit; padding: .45rem .5rem;
  border: 1px solid #6b7785; border-radius: .35rem; min-height: 2.5rem; width: 100%; background: #fff; color: var(--ink); }
input[type=checkbox] { width: 1.25rem; height: 1.25rem; }
button, .button { font: inherit; font-weight: 600; padding: .45rem .9rem; min-height: 2.5rem; border-radius: .35rem;
  border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button.copy, #copy-all { background: #fff; color: var(--accent); }
.button { margin: 0 .35rem .35rem 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.format { font-size: .95rem; color: var(--muted); overflow-wrap: anywhere; }
.format code { color: var(--ink); }
.legend { display: flex; flex-wrap: wrap; gap: .25rem; margin-top: .35rem; }
.actions { display: flex; gap: .5rem; flex-wrap: wrap; }
.results { padding-left: 1.75rem; }
.results li { display: flex; align-items: center; justify-content: space-between; gap: .5rem; padding: .3rem 0;
  border-bottom: 1px solid #eef1f4; flex-wrap: wrap; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code.iban { font-size: 1.02rem; overflow-wrap: anywhere; }
.bank { display: block; font-size: .85rem; color: var(--muted); }
.part { border-radius: .2rem; padding: 0 .05rem; }
.part-b { background: var(--b); } .part-s { background: var(--s); } .part-c { background: var(--c); }
.part-x { background: var(--x); } .part-k { background: var(--k); } .part-t, .part-i, .part-n { background: var(--t); }
.legend .part { padding: 0 .3rem; font-size: .85rem; color: var(--ink); }
.error { color: var(--bad); min-height: 1.5em; margin: 0; }
.verdict { font-weight: 600; overflow-wrap: anywhere; }
.verdict.ok, td.ok { color: var(--ok); }
.verdict.bad, td.bad { color: var(--bad); }
td.n\\/a { color: var(--muted); }
.checks { border-collapse: collapse; margin: .5rem 0 1rem; width: 100%; }
.checks caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
.checks th, .checks td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #eef1f4; }
.checks th { font-weight: 400; }
footer { margin-top: 1.5rem; color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 48rem) { main { grid-template-columns: 1fr; } body { padding: .75rem; } }
`
