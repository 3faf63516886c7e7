// conform's HTML report: draws the page from the JSON in #conform-data.
// Every string is put into the page as a DOM text node (el(), text()),
// never parsed as markup. data.cases are the cases listed whole (those
// with a disagreement or an announced skip); data.counted are the others,
// each entry the count of a contract's cases that behaved alike, drawn
// from the same rows (outcomes only) and passing the same filters.
// data.groups are the disagreements grouped by implementation, outcome,
// expectation and source, drawn as one table under the matrix.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("conform-data").textContent);
  const root = document.getElementById("report");
  const PAGE = 50;
  const DISAGREE = { "any disagreement": true, unexpected: true };

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    for (const c of children) {
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }
  function disagrees(o) { return data.disagreeing.includes(o); }

  // The header: what ran, and what failed the run besides its rows.
  const meta = el("table", { class: "meta" });
  for (const [k, v] of data.meta) meta.appendChild(el("tr", {}, el("th", {}, k), el("td", {}, v)));
  for (const im of data.impls) meta.appendChild(el("tr", {}, el("th", {}, "implementation"), el("td", {}, im.label)));
  root.appendChild(meta);
  if (data.notices.length) {
    const ul = el("ul", { class: "notices", id: "notices" });
    for (const n of data.notices) ul.appendChild(el("li", {}, n));
    root.appendChild(ul);
  }

  // The matrix: contract x implementation, a column per outcome that a
  // row has (agree always), and the expected disagreements with a ledger.
  const present = { agree: true };
  const counts = {}; // contract -> impl -> outcome -> n
  const known = {};
  let agreeing = 0, total = 0;
  // size is how many cases an entry stands for: 1 for a listed case.
  function size(c) { return c.cases === undefined ? 1 : c.cases; }
  for (const c of [...data.cases, ...data.counted]) {
    const n = size(c);
    let agreed = false, disagreed = false;
    c.rows.forEach((r, k) => {
      if (!r) return;
      const impl = data.impls[k].impl;
      present[r.outcome] = true;
      counts[c.contract] = counts[c.contract] || {};
      counts[c.contract][impl] = counts[c.contract][impl] || {};
      counts[c.contract][impl][r.outcome] = (counts[c.contract][impl][r.outcome] || 0) + n;
      if (r.known) known[c.contract + "\n" + impl] = (known[c.contract + "\n" + impl] || 0) + n;
      if (r.outcome === "agree") agreed = true;
      if (disagrees(r.outcome)) disagreed = true;
    });
    total += n;
    if (agreed && !disagreed) agreeing += n;
  }
  // The agreeing rows a report without them left out that no entry
  // stands for (none, in a report conform wrote).
  for (const contract of Object.keys(data.leftOut)) {
    for (const impl of Object.keys(data.leftOut[contract])) {
      counts[contract] = counts[contract] || {};
      counts[contract][impl] = counts[contract][impl] || {};
      counts[contract][impl].agree = (counts[contract][impl].agree || 0) + data.leftOut[contract][impl];
    }
  }
  const cols = data.outcomes.filter((o) => present[o]);
  root.appendChild(el("h2", {}, "Matrix"));
  root.appendChild(el("p", { id: "summary" }, `${total} cases, ${agreeing} agree on every implementation; exit code ${data.exit}.`));
  const matrix = el("table", { id: "matrix" });
  const head = el("tr", {}, el("th", {}, "contract"), el("th", {}, "impl"), el("th", {}, "cases"));
  for (const o of cols) head.appendChild(el("th", {}, o));
  if (data.ledger) head.appendChild(el("th", {}, "expected by the ledger"));
  head.appendChild(el("th", {}, "interop"));
  matrix.appendChild(head);
  const totals = {};
  for (const contract of data.contracts) {
    let first = true;
    for (const im of data.impls) {
      const cs = (counts[contract] || {})[im.impl];
      if (!cs) continue;
      let n = 0;
      for (const o in cs) n += cs[o];
      const tr = el("tr", {}, el("td", {}, contract), el("td", {}, im.impl), el("td", { class: "n", "data-contract": contract, "data-impl": im.impl, "data-outcome": "cases" }, n));
      for (const o of cols) {
        const v = cs[o] || 0;
        totals[im.impl + "\n" + o] = (totals[im.impl + "\n" + o] || 0) + v;
        tr.appendChild(el("td", { class: v && disagrees(o) ? "n bad" : "n", "data-contract": contract, "data-impl": im.impl, "data-outcome": o }, v));
      }
      if (data.ledger) tr.appendChild(el("td", { class: "n", "data-contract": contract, "data-impl": im.impl, "data-outcome": "known" }, known[contract + "\n" + im.impl] || 0));
      // The contract's interop score, on its first row: the cases every
      // implementation that takes part agrees on (README.md, "Interop score").
      tr.appendChild(first ? el("td", { class: "n", "data-interop": contract }, data.interop[contract] || "") : el("td", {}));
      first = false;
      matrix.appendChild(tr);
    }
  }
  for (const im of data.impls) {
    const tr = el("tr", {}, el("th", {}, "all"), el("th", {}, im.impl), el("td", {}));
    for (const o of cols) tr.appendChild(el("td", { class: "n", "data-total": "", "data-impl": im.impl, "data-outcome": o }, totals[im.impl + "\n" + o] || 0));
    if (data.ledger) tr.appendChild(el("td", {}));
    tr.appendChild(el("td", {}));
    matrix.appendChild(tr);
  }
  root.appendChild(matrix);
  if (data.leftOutNote) root.appendChild(el("p", { class: "note", id: "left-out" }, data.leftOutNote));

  // The disagreements grouped by implementation, outcome, expectation and
  // source, each group with its count and first examples; a group the
  // divergence ledger expects is one line whose examples stay folded
  // until opened (open from the start with --show-expected).
  if (data.groups.length || data.only) {
    root.appendChild(el("h2", {}, "Disagreements by implementation, outcome, expectation and source"));
    let what = `${data.groupsTotal} disagreements in ${data.groups.length} groups`;
    if (data.only) what += ` (--only ${data.only}; ${data.disagreements} disagreements in all)`;
    root.appendChild(el("p", { id: "groups-summary", "data-total": data.groupsTotal }, what));
    const t = el("table", { id: "disagreement-groups" });
    t.appendChild(el("tr", {}, el("th", {}, "impl"), el("th", {}, "outcome"), el("th", {}, "expected"), el("th", {}, "source"), el("th", {}, "rows"), el("th", {}, "examples")));
    for (const g of data.groups) {
      const tr = el("tr", { class: g.known ? "group known" : "group", "data-impl": g.impl, "data-outcome": g.outcome, "data-rows": g.rows, "data-known": g.known },
        el("td", {}, g.impl), el("td", {}, g.outcome), el("td", {}, g.expected), el("td", {}, g.source), el("td", { class: "n" }, g.rows));
      const ul = el("ul", { class: "examples" });
      for (const x of g.examples) ul.appendChild(el("li", { "data-case": x.id }, `${x.name} [${x.id}]${x.where}: got ${x.got}`));
      if (g.known) {
        const d = el("details", { class: "folded" }, el("summary", {}, `${g.rows} expected by ${g.known}`), ul);
        d.open = data.showExpected;
        tr.appendChild(el("td", {}, d));
      } else {
        tr.appendChild(el("td", {}, ul));
      }
      t.appendChild(tr);
    }
    root.appendChild(t);
    if (data.groupsOverflow) root.appendChild(el("p", { class: "note", id: "groups-overflow" }, `${data.groupsOverflow} more disagreements in groups beyond these`));
  }

  // The filters: contract, outcome and implementation, each a row of
  // buttons of which one is pressed.
  const state = { contract: "all", outcome: "all", impl: "all" };
  const filters = el("div", { class: "filters", id: "filters" });
  function group(kind, label, values) {
    const div = el("div", { role: "group", "aria-label": label }, el("span", { class: "label" }, label));
    for (const v of values) {
      const b = el("button", { type: "button", "data-filter": kind, "data-value": v, "aria-pressed": v === "all" ? "true" : "false" }, v);
      b.addEventListener("click", () => {
        state[kind] = v;
        for (const x of div.querySelectorAll("button")) x.setAttribute("aria-pressed", x === b ? "true" : "false");
        draw();
      });
      div.appendChild(b);
    }
    filters.appendChild(div);
  }
  group("contract", "contract", ["all", ...data.contracts]);
  group("outcome", "outcome", ["all", "any disagreement", "unexpected", ...cols]);
  group("impl", "implementation", ["all", ...data.impls.map((i) => i.impl)]);
  root.appendChild(el("h2", {}, "Cases, grouped by behaviour"));
  root.appendChild(filters);
  const shown = el("p", { id: "shown" });
  root.appendChild(shown);
  const groupsEl = el("div", { id: "groups" });
  root.appendChild(groupsEl);

  // A case passes the filters when its contract is the chosen one and a
  // row of the chosen implementation (any, for all) has the chosen
  // outcome.
  function rowMatches(r) {
    if (!r) return false;
    switch (state.outcome) {
      case "all": return true;
      case "any disagreement": return disagrees(r.outcome);
      case "unexpected": return disagrees(r.outcome) && !r.known;
      default: return r.outcome === state.outcome;
    }
  }
  function passes(c) {
    if (state.contract !== "all" && c.contract !== state.contract) return false;
    return c.rows.some((r, k) => (state.impl === "all" || data.impls[k].impl === state.impl) && rowMatches(r));
  }
  // Cases behave identically when every implementation gave the same
  // outcome (an expected one marked apart).
  function signature(c) {
    return c.rows.map((r) => (r ? r.outcome + (r.known ? " (expected)" : "") : "none")).join("\n");
  }
  const grid = `minmax(12em, 1fr) repeat(${data.impls.length}, 9em)`;

  function cells(c) {
    const s = el("summary", { class: "grid", style: `grid-template-columns: ${grid}` }, el("span", { class: "name", title: c.name }, `${c.name} [${c.id}]`));
    c.rows.forEach((r) => {
      const o = r ? r.outcome : "none";
      s.appendChild(el("span", { class: `cell o-${o}${r && r.known ? " known" : ""}`, "data-outcome": o }, o));
    });
    return s;
  }
  function bytesView(title, v) {
    const out = el("div", {});
    out.appendChild(el("h4", {}, title));
    if (!v) {
      out.appendChild(el("p", { class: "note" }, "not recorded: a report holds the input of disagreeing rows only, and this case is not in the vector set the page was drawn with"));
      return out;
    }
    out.appendChild(el("div", {}, `text (${v.len} bytes):`));
    out.appendChild(el("pre", { class: "text" }, v.text));
    out.appendChild(el("div", {}, "hex:"));
    out.appendChild(el("pre", { class: "hex" }, v.hex));
    return out;
  }
  function answerView(a) {
    const d = el("div", {}, el("div", {}, `outcome: ${a.outcome}`));
    if (a.output) {
      d.appendChild(el("pre", { class: "text" }, a.output.text));
      d.appendChild(el("pre", { class: "hex" }, a.output.hex));
    }
    if (a.message) d.appendChild(el("pre", { class: "message" }, a.message));
    if (a.reason) d.appendChild(el("div", {}, `reason: ${a.reason}`));
    if (a.trace) d.appendChild(el("pre", { class: "trace" }, a.trace));
    return d;
  }
  function detail(c) {
    const d = el("div", { class: "detail" });
    d.appendChild(el("div", {}, `case ${c.id}, ${c.contract} ${c.op}, from ${c.source}`));
    d.appendChild(bytesView("input", c.input));
    d.appendChild(el("h4", {}, `expected (by ${c.by})`));
    d.appendChild(answerView(c.expected));
    c.rows.forEach((r, k) => {
      if (!r) return;
      const im = data.impls[k].impl;
      d.appendChild(el("h4", {}, `${im}: ${r.outcome}${r.known ? ", expected by " + r.known : ""}`));
      d.appendChild(r.got ? answerView(r.got) : el("div", {}, "the expected answer"));
      r.reruns && r.reruns.forEach((a, i) => { d.appendChild(el("div", {}, `rerun ${i + 1}:`)); d.appendChild(answerView(a)); });
      if (r.repro) d.appendChild(el("pre", { class: "repro", "data-impl": im }, r.repro));
    });
    if (c.repro) {
      d.appendChild(el("h4", {}, "reproduce"));
      d.appendChild(el("pre", { class: "repro", "data-impl": "all" }, c.repro));
    }
    return d;
  }
  function caseEl(c) {
    const det = el("details", { class: "case", "data-case": c.id }, cells(c));
    det.addEventListener("toggle", () => {
      if (det.open && det.childNodes.length === 1) det.appendChild(detail(c));
    }, { once: false });
    return det;
  }

  // Groups of identical behaviour: those with a disagreement first, then
  // the other listed ones (announced skips), then the counted ones, the
  // larger first. A group holds listed cases or counted ones, never both:
  // a listed case has a row that no counted case has.
  const groups = new Map();
  for (const [kind, entries] of [["cases", data.cases], ["counted", data.counted]]) {
    for (const c of entries) {
      const sig = signature(c);
      if (!groups.has(sig)) groups.set(sig, { cases: [], counted: [], size: 0 });
      const gr = groups.get(sig);
      gr[kind].push(c);
      gr.size += size(c);
    }
  }
  function first(gr) { return gr.cases.length ? gr.cases[0] : gr.counted[0]; }
  function rank(gr) {
    if (first(gr).rows.some((r) => r && disagrees(r.outcome))) return 0;
    return gr.cases.length ? 1 : 2;
  }
  const ordered = [...groups.values()].sort((a, b) => rank(a) - rank(b) || b.size - a.size);

  function draw() {
    groupsEl.textContent = "";
    let n = 0, g = 0;
    for (const gr of ordered) {
      const visible = gr.cases.filter(passes);
      const tallies = gr.counted.filter(passes);
      let tallied = 0;
      for (const t of tallies) tallied += t.cases;
      if (!visible.length && !tallied) continue;
      n += visible.length + tallied;
      g++;
      const sec = el("section", { class: "group", "data-cases": visible.length + tallied });
      const said = first(gr).rows.map((r, k) => `${data.impls[k].impl} ${r ? r.outcome + (r.known ? " (expected)" : "") : "none"}`).join(", ");
      sec.appendChild(el("h3", {}, `${visible.length + tallied} of ${gr.size} cases: ${said}`));
      groupsEl.appendChild(sec);
      if (tallied) {
        const by = tallies.map((t) => `${t.contract} ${t.cases}`).join(", ");
        sec.appendChild(el("p", { class: "counted", "data-counted": tallied },
          `${tallied} cases counted, not listed (${by}): the page lists the cases with a disagreement or an announced skip; the JSONL report holds every case.`));
      }
      if (!visible.length) continue;
      const head = el("div", { class: "grid", style: `grid-template-columns: ${grid}` }, el("span", {}, "case"));
      for (const im of data.impls) head.appendChild(el("span", { class: "cell" }, im.impl));
      sec.appendChild(head);
      const list = el("div", {});
      sec.appendChild(list);
      let at = 0;
      const more = el("button", { type: "button", class: "more" });
      function page() {
        for (const c of visible.slice(at, at + PAGE)) list.appendChild(caseEl(c));
        at = Math.min(at + PAGE, visible.length);
        if (at < visible.length) more.textContent = `show ${Math.min(PAGE, visible.length - at)} more (${visible.length - at} not shown)`;
        else more.remove();
      }
      more.addEventListener("click", page);
      sec.appendChild(more);
      page();
    }
    shown.textContent = `${n} of ${total} cases shown, in ${g} groups`;
    shown.setAttribute("data-shown", String(n));
    shown.setAttribute("data-groups", String(g));
  }
  draw();
  document.body.setAttribute("data-ready", "true");
})();
