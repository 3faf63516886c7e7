package html

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
	"github.com/conform-dev/conform/internal/spec"
)

// announced is the case of the fixture that python announced and
// skipped, and that every other implementation agreed with.
var announced = fmt.Sprintf("%016x", 0x1000+119)

// fixture is the hostile report with 120 more cases of another made-up
// contract: all agree, but every 2nd is a wrong output on python, every
// 9th a timeout on ts, and the last a skip python announced (its header
// lists y/1). It is written as JSONL and read back, as conform report
// reads one.
func fixture(t *testing.T) (report.Report, []byte) {
	t.Helper()
	rep := reporttest.Report()
	rep.Header.Contracts = append(rep.Header.Contracts, "y/1")
	rep.Header.Impls[2].Contracts = map[string][]string{"y/1": {"op"}}
	for i := range 120 {
		id := fmt.Sprintf("%016x", 0x1000+i)
		for _, im := range []string{"go", "ts", "python"} {
			r := report.Row{Case: id, Name: fmt.Sprintf("bulk.%03d", i), Contract: "y/1", Op: "op", Source: "vectors/y/bulk.jsonl",
				Impl: im, Outcome: report.Agree, ExpectedBy: "vector",
				Expected: report.Answer{Outcome: "ok", Output: []byte{byte(i)}}, Got: report.Answer{Outcome: "ok", Output: []byte{byte(i)}}}
			switch {
			case im == "python" && i%2 == 0:
				r.Outcome, r.Got.Output, r.Input, r.Repro = report.WrongOutput, []byte("x"), []byte{0xfe, byte(i)}, "conform repro "+id+" --impl python"
			case im == "ts" && i%9 == 0:
				r.Outcome, r.Got, r.Input = report.Timeout, report.Answer{Outcome: "timeout", Message: "silent"}, []byte{0xfe, byte(i)}
			case im == "python" && id == announced:
				r.Outcome, r.Got = report.Skipped, report.Answer{Outcome: "skipped", Reason: "not now"}
				rep.Footer.AnnouncedSkips++
			}
			rep.Rows = append(rep.Rows, r)
			rep.Footer.Counts[im][r.Outcome]++
			if r.Outcome.Disagrees() {
				rep.Footer.Disagreements++
			}
		}
	}
	rep.Header.Cases += 120
	jsonl := reporttest.JSONL(rep)
	back, err := report.Read(bytes.NewReader(jsonl), "fixture.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return back, jsonl
}

func render(t *testing.T, rep report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	opts := Options{
		Title: "hostile " + reporttest.Script,
		Input: func(id string) ([]byte, bool) { return []byte("looked up " + id), id == "fedcba9876543210" },
		Repro: func(id, impls, corpus string) string {
			return "conform repro " + id + " --impl " + impls + " --corpus " + corpus
		},
	}
	if err := Write(&b, rep, opts); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Without a browser: the page is one file that loads nothing, its data
// cannot end the script element that holds it, and no hostile string
// appears as markup.
func TestPageIsSelfContained(t *testing.T) {
	rep, _ := fixture(t)
	p := string(render(t, rep))
	if n := strings.Count(p, "<script"); n != 2 {
		t.Errorf("%d script elements, want the data and the script", n)
	}
	if n := strings.Count(p, "</script>"); n != 2 {
		t.Errorf("%d script end tags: a string ended the data early", n)
	}
	for _, bad := range []string{"<img", "<a ", "<iframe", "http://", "@import", "url(", "\u202e", "\u2028"} {
		if strings.Contains(p, bad) && !(bad == "http://" && strings.Contains(p, "http://www.w3.org")) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if !strings.Contains(p, "script-src 'sha256-") || !strings.Contains(p, "default-src 'none'") {
		t.Error("no Content Security Policy")
	}
	if !strings.Contains(p, "<title>hostile &lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;</title>") {
		t.Error("the title is not escaped")
	}
}

// chromium finds Debian's chromium; the test fails without it, as CI
// installs it (ci/setup.sh).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CONFORM_CHROMIUM"); p != "" {
		return p
	}
	p, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("the HTML report's test needs Debian's chromium on PATH (ci/setup.sh installs it), or CONFORM_CHROMIUM")
	}
	return p
}

// console collects what a page writes to its console: calls of the
// console API, exceptions nothing caught and the browser's log (a
// Content Security Policy violation among them).
type console struct {
	mu   sync.Mutex
	msgs []chromedp.ConsoleMessage
}

// mark is the text of the console.log call with which errors knows it
// has seen every message written before.
const mark = "conform-test: every message before this one is in"

// errors returns the errors and exceptions the page wrote to its console
// so far, each as "type: text": it writes a mark and waits until the
// collector has it, so that no earlier message is missed.
func (c *console) errors(t *testing.T, ctx context.Context) []string {
	t.Helper()
	eval[any](t, ctx, `console.log(`+jsString(mark)+`), null`)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.mu.Lock()
		var errs []string
		seen := false
		for _, m := range c.msgs {
			switch {
			case m.Type == chromedp.ConsoleLog && m.Text == mark:
				seen = true
			case m.Type == chromedp.ConsoleError || m.IsException():
				errs = append(errs, m.String())
			}
		}
		c.mu.Unlock()
		if seen {
			return errs
		}
		if time.Now().After(deadline) {
			t.Fatalf("the console never showed the mark; errors so far: %q", errs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// browse opens the page in headless chromium, with no network and a
// fresh profile, and returns the browser context and the page's console.
// It fails the test, with the console's errors, when the page's script
// did not finish drawing (body[data-ready]).
func browse(t *testing.T, file string) (context.Context, *console) {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	ctx, cancelC := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelC)
	con := &console{}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			con.mu.Lock()
			con.msgs = append(con.msgs, m)
			con.mu.Unlock()
		}
	}()
	// Navigate returns when the page has loaded: its inline script has
	// run to its end, or thrown.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatalf("loading the page in chromium: %v", err)
	}
	if !eval[bool](t, ctx, `document.body.dataset.ready === "true"`) {
		t.Fatalf("the page's script did not finish drawing it; its console: %q", con.errors(t, ctx))
	}
	return ctx, con
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

// The page in a real browser: its matrix counts are the JSONL's, its
// groups are the distinct behaviours, no hostile string ran or became an
// element, and clicking filters and a case shows what the JSONL says.
func TestPageInChromium(t *testing.T) {
	rep, _ := fixture(t)
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, render(t, rep), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, con := browse(t, file)

	// Nothing ran, nothing was injected.
	if got := eval[string](t, ctx, `typeof window.pwned`); got != "undefined" {
		t.Errorf("window.pwned is %s: a hostile string ran", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("img, iframe, object, a").length + document.scripts.length`); n != 2 {
		t.Errorf("%d injected elements or scripts beside the two scripts", n-2)
	}

	// An outside implementation says where it came from and what ran, as
	// text.
	prov := "outside implementation from conform.toml:3: command team-py " + reporttest.Markup
	if got := eval[string](t, ctx, `document.body.innerText`); !strings.Contains(got, prov) {
		t.Errorf("the page does not show %q", prov)
	}

	// The matrix against the JSONL: every contract, implementation and
	// outcome count.
	got := checkMatrix(t, ctx, rep)
	if got[reporttest.Contract+"|python|known"] != 1 {
		t.Errorf("expected-by-the-ledger count %d, want 1", got[reporttest.Contract+"|python|known"])
	}

	// The groups: one per distinct behaviour of a case across the
	// implementations, every case shown.
	cases, groups := count(rep, func(report.Row) bool { return true }, "")
	if s := eval[[]string](t, ctx, `[document.getElementById("shown").dataset.shown, document.getElementById("shown").dataset.groups]`); s[0] != fmt.Sprint(cases) || s[1] != fmt.Sprint(groups) {
		t.Errorf("shown %v, want %d cases in %d groups", s, cases, groups)
	}
	// The largest group of disagreements, wrong outputs on python alone
	// (60 - 7 = 53 cases of y/1), shows 50 until asked for more.
	if n := eval[int](t, ctx, `document.querySelector("section.group:first-child").querySelectorAll("details.case").length`); n != 50 {
		t.Errorf("the largest group shows %d cases at first, want 50", n)
	}
	click(t, ctx, `section.group:first-child button.more`)
	if n := eval[int](t, ctx, `document.querySelector("section.group:first-child").querySelectorAll("details.case").length`); n != 53 {
		t.Errorf("after show more, %d cases, want all 53", n)
	}
	// The cases every implementation agreed with (120 - 60 - 7 - 1 = 52
	// of y/1) are counted in the last group, and not listed.
	if s := eval[[]string](t, ctx, `(() => { const g = document.querySelector("section.group:last-child");
		return [g.dataset.cases, g.querySelector("p.counted").dataset.counted, String(g.querySelectorAll("details.case").length), g.querySelector("p.counted").textContent]; })()`); s[0] != "52" || s[1] != "52" || s[2] != "0" || !strings.Contains(s[3], "(y/1 52)") {
		t.Errorf("the agreeing group shows %q, want 52 cases counted and none listed", s)
	}
	// A case listed for a skip python announced, whose input the report
	// lacks and the vector set does not know, says so; its reproducer
	// reruns it everywhere.
	click(t, ctx, `details.case[data-case="`+announced+`"] > summary`)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`details.case[open] .detail`))); err != nil {
		t.Fatalf("the announced skip did not open: %v", err)
	}
	opened := eval[[]string](t, ctx, `(() => { const d = document.querySelector("details.case[open]");
		return [d.dataset.case, d.querySelector(".note").textContent, d.querySelector('pre.repro[data-impl="all"]').textContent]; })()`)
	if opened[0] != announced || !strings.HasPrefix(opened[1], "not recorded") || opened[2] != "conform repro "+announced+" --impl go,ts,python --corpus " {
		t.Errorf("the announced skip shows %q", opened)
	}
	click(t, ctx, `details.case[open] > summary`)
	// The hostile name is text in the page.
	if !eval[bool](t, ctx, `[...document.querySelectorAll(".case .name")].some(e => e.textContent.includes(`+jsString(reporttest.Script+reporttest.CDATA)+`))`) {
		t.Error("the hostile case name is not shown as text")
	}

	// Click the outcome filter: the cases with a wrong output somewhere.
	click(t, ctx, `button[data-filter="outcome"][data-value="wrong-output"]`)
	n, g := count(rep, func(r report.Row) bool { return r.Outcome == report.WrongOutput }, "")
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != fmt.Sprint(n) {
		t.Errorf("filtered on wrong-output: %s cases shown, the JSONL has %d", s, n)
	}
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.groups`); s != fmt.Sprint(g) {
		t.Errorf("filtered on wrong-output: %s groups, want %d", s, g)
	}
	// ... and the implementation filter: wrong outputs on ts only.
	click(t, ctx, `button[data-filter="impl"][data-value="ts"]`)
	n, _ = count(rep, func(r report.Row) bool { return r.Outcome == report.WrongOutput }, "ts")
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != fmt.Sprint(n) || n != 1 {
		t.Errorf("wrong-output on ts: %s cases shown, the JSONL has %d", s, n)
	}
	// Open that case: its input as hex and text, its reproducer.
	click(t, ctx, `details.case > summary`)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`details.case[open] .detail pre.hex`))); err != nil {
		t.Fatalf("the case did not open: %v", err)
	}
	var input []byte
	for _, r := range rep.Rows {
		if r.Impl == "ts" && r.Outcome == report.WrongOutput {
			input = r.Input
		}
	}
	if h := eval[string](t, ctx, `document.querySelector("details.case[open] .detail pre.hex").textContent`); h != hex.EncodeToString(input) {
		t.Errorf("input hex %q, want %q", h, hex.EncodeToString(input))
	}
	if s := eval[string](t, ctx, `document.querySelector("details.case[open] .detail pre.text").textContent`); !strings.HasPrefix(s, reporttest.Script) || !strings.Contains(s, `\u202eevil`) || !strings.Contains(s, `\xff\xfe`) {
		t.Errorf("input text %q", s)
	}
	if s := eval[string](t, ctx, `document.querySelector('details.case[open] pre.repro[data-impl="ts"]').textContent`); s != "conform repro 0123456789abcdef --impl ts" {
		t.Errorf("repro %q", s)
	}
	// A contract filter over the rest: y/1's timeouts on ts.
	click(t, ctx, `button[data-filter="outcome"][data-value="timeout"]`)
	click(t, ctx, `button[data-filter="contract"][data-value="y/1"]`)
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != "14" {
		t.Errorf("y/1 timeouts on ts: %s shown, want 14", s)
	}
	// ... and the agreeing cases pass the filters as counts: y/1's
	// agreements on ts are every case of y/1 that ts agreed with.
	click(t, ctx, `button[data-filter="outcome"][data-value="agree"]`)
	n, _ = count(rep, func(r report.Row) bool { return r.Outcome == report.Agree && r.Contract == "y/1" }, "ts")
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != fmt.Sprint(n) || n != 120-14 {
		t.Errorf("y/1 agreements on ts: %s shown, the JSONL has %d", s, n)
	}
	if window := eval[string](t, ctx, `typeof window.pwned`); window != "undefined" {
		t.Errorf("after opening the hostile case, window.pwned is %s", window)
	}
	if errs := con.errors(t, ctx); len(errs) > 0 {
		t.Errorf("the page wrote errors to its console: %q", errs)
	}
}

// checkMatrix compares the page's matrix with rep's rows: every contract,
// implementation and outcome count, and the cases of each. It returns the
// page's counts, by "contract|impl|outcome".
func checkMatrix(t *testing.T, ctx context.Context, rep report.Report) map[string]int {
	t.Helper()
	want := map[string]int{}
	for _, r := range rep.Rows {
		want[r.Contract+"|"+r.Impl+"|"+string(r.Outcome)]++
		want[r.Contract+"|"+r.Impl+"|cases"]++
	}
	got := eval[map[string]int](t, ctx, `(() => { const m = {};
		for (const td of document.querySelectorAll("#matrix td[data-contract]")) {
			const n = Number(td.textContent); if (n) m[td.dataset.contract + "|" + td.dataset.impl + "|" + td.dataset.outcome] = n; }
		return m; })()`)
	if len(want) == 0 {
		t.Error("the report has no rows: the matrix check checks nothing")
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("matrix %s: %d in the page, %d in the JSONL", k, got[k], n)
		}
	}
	for k, n := range got {
		if want[k] != n && !strings.HasSuffix(k, "|known") {
			t.Errorf("matrix %s: %d in the page, %d in the JSONL", k, n, want[k])
		}
	}
	// Each contract's interop score, on its first row, is the report's.
	interop := eval[map[string]string](t, ctx, `(() => { const m = {};
		for (const td of document.querySelectorAll("#matrix td[data-interop]")) m[td.dataset.interop] = td.textContent;
		return m; })()`)
	scores := report.InteropOf(rep)
	if len(interop) != len(scores) {
		t.Errorf("the page shows %d interop scores, the report has %d contracts", len(interop), len(scores))
	}
	for c, s := range scores {
		if interop[c] != s.String() {
			t.Errorf("interop of %s: %q in the page, %q in the report", c, interop[c], s)
		}
	}
	return got
}

// count counts the cases (and their distinct behaviours) that have a row
// of impl ("" for any) for which keep holds.
func count(rep report.Report, keep func(report.Row) bool, impl string) (cases, groups int) {
	sig := map[string]string{}
	hit := map[string]bool{}
	var order []string
	for _, r := range rep.Rows {
		if _, ok := sig[r.Case]; !ok {
			order = append(order, r.Case)
		}
		o := string(r.Outcome)
		if r.Known != nil {
			o += "*"
		}
		sig[r.Case] += r.Impl + "=" + o + ";"
		if (impl == "" || r.Impl == impl) && keep(r) {
			hit[r.Case] = true
		}
	}
	seen := map[string]bool{}
	for _, id := range order {
		if hit[id] {
			cases++
			if !seen[sig[id]] {
				seen[sig[id]] = true
				groups++
			}
		}
	}
	return cases, groups
}

func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	b.WriteByte('"')
	return b.String()
}

// pageData returns the JSON the page's script draws from, by member.
func pageData(t *testing.T, page []byte) map[string]json.RawMessage {
	t.Helper()
	const open = `<script type="application/json" id="conform-data">`
	_, rest, ok := bytes.Cut(page, []byte(open))
	if !ok {
		t.Fatal("the page has no #conform-data")
	}
	data, _, ok := bytes.Cut(rest, []byte("</script>"))
	if !ok {
		t.Fatal("#conform-data does not end")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("#conform-data: %v", err)
	}
	return m
}

// Every list the page's script iterates is [] when it is empty, never
// null: a clean run has no notices, a run that stopped before its first
// case no cases and no contracts.
func TestListsAreNeverNull(t *testing.T) {
	hostile, _ := fixture(t)
	clean := bulk(0, 40, 10)
	empty := report.Report{Header: report.Header{Format: report.FormatVersion, Impls: []report.ImplMeta{{Impl: "go"}}},
		Footer: report.Footer{Stopped: "interrupted", ExitCode: report.ExitInterrupted}}
	bare := report.Report{}
	for name, rep := range map[string]report.Report{"hostile": hostile, "clean": clean, "empty": empty, "bare": bare} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, rep, Options{}); err != nil {
				t.Fatal(err)
			}
			data := pageData(t, b.Bytes())
			for _, k := range []string{"meta", "impls", "contracts", "outcomes", "cases", "counted", "notices", "groups"} {
				if v, ok := data[k]; !ok || !bytes.HasPrefix(v, []byte("[")) {
					t.Errorf("%s is %s, want a list", k, v)
				}
			}
			var groups []struct {
				Examples json.RawMessage `json:"examples"`
			}
			if err := json.Unmarshal(data["groups"], &groups); err != nil {
				t.Fatalf("groups: %v", err)
			}
			for i, g := range groups {
				if !bytes.HasPrefix(g.Examples, []byte("[")) {
					t.Errorf("groups[%d].examples is %s, want a list", i, g.Examples)
				}
			}
			for _, k := range []string{"cases", "counted"} {
				var entries []struct {
					Rows json.RawMessage `json:"rows"`
				}
				if err := json.Unmarshal(data[k], &entries); err != nil {
					t.Fatalf("%s: %v", k, err)
				}
				for i, e := range entries {
					if !bytes.HasPrefix(e.Rows, []byte("[")) {
						t.Errorf("%s[%d].rows is %s, want a list", k, i, e.Rows)
					}
				}
			}
		})
	}
	// The clean run has no notices, and its cases are counted.
	var b bytes.Buffer
	if err := Write(&b, clean, Options{}); err != nil {
		t.Fatal(err)
	}
	if data := pageData(t, b.Bytes()); string(data["notices"]) != "[]" || string(data["cases"]) != "[]" || !bytes.Contains(data["counted"], []byte(`"cases":20`)) {
		t.Errorf("the clean run's page: notices %s, cases %s, counted %s", data["notices"], data["cases"], data["counted"])
	}
}

// bulk returns a report of three implementations over two contracts, x/1
// and y/1 in turn: disagreeing cases (a wrong output on ts, each with a
// reproducer) and then agreeing ones, every input, output and name size
// bytes long, as a large run's are.
func bulk(disagreeing, agreeing, size int) report.Report {
	started := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	impls := []string{"go", "ts", "python"}
	rep := report.Report{
		Header: report.Header{Format: report.FormatVersion, ConformVersion: "0.1.0", Protocol: 1, StartedAt: started, Transport: "local",
			Contracts: []string{"x/1", "y/1"}, Cases: disagreeing + agreeing},
		Footer: report.Footer{FinishedAt: started.Add(time.Minute), Counts: map[string]map[report.Outcome]int{}},
	}
	for _, im := range impls {
		rep.Header.Impls = append(rep.Header.Impls, report.ImplMeta{Impl: im, Name: im, Transport: "local"})
		rep.Footer.Counts[im] = map[report.Outcome]int{}
	}
	for i := range disagreeing + agreeing {
		id := fmt.Sprintf("%016x", i)
		in := bytes.Repeat([]byte{'a' + byte(i%26)}, size)
		out := bytes.Repeat([]byte{'A' + byte(i%26)}, size)
		for _, im := range impls {
			r := report.Row{Case: id, Name: fmt.Sprintf("%0*d", size, i), Contract: []string{"x/1", "y/1"}[i%2], Op: "op",
				Source: "vectors/x/bulk.jsonl:" + fmt.Sprint(i+2), Impl: im, Outcome: report.Agree, ExpectedBy: "vector",
				Expected: report.Answer{Outcome: "ok", Output: out}, Got: report.Answer{Outcome: "ok", Output: out}}
			if i < disagreeing && im == "ts" {
				r.Outcome, r.Got.Output, r.Input, r.Repro = report.WrongOutput, []byte("wrong "+id), in, "conform repro "+id+" --impl ts"
				rep.Footer.Disagreements++
			}
			rep.Rows = append(rep.Rows, r)
			rep.Footer.Counts[im][r.Outcome]++
		}
	}
	if rep.Footer.Disagreements > 0 {
		rep.Footer.ExitCode = report.ExitDisagree
	}
	return rep
}

// A large clean run makes a small page: the disagreements are whole in
// it, the agreeing cases only counted, so that 10,000 more of them, each
// with an input, an output and a name of 300 bytes, and an input and a
// reproducer the page could look up, add next to nothing (a page held
// about 2,800 bytes per agreeing case of a full run before).
func TestPageSizeStaysBounded(t *testing.T) {
	const size, disagreeing = 300, 20
	input := func(i int) []byte { return bytes.Repeat([]byte{'a' + byte(i%26)}, size) }
	opts := Options{
		// As the CLI looks a case up in the vector set.
		Input: func(id string) ([]byte, bool) {
			i, err := strconv.ParseInt(id, 16, 64)
			return input(int(i)), err == nil
		},
		Repro: func(id, impls, corpus string) string { return "conform repro " + id + " --impl " + impls },
	}
	pageOf := func(agreeing int) string {
		var b bytes.Buffer
		if err := Write(&b, bulk(disagreeing, agreeing, size), opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	small, large := pageOf(100), pageOf(10_100)
	if per := float64(len(large)-len(small)) / 10_000; per > 1 {
		t.Errorf("the page grows by %.1f bytes per agreeing case (%d bytes for 100, %d for 10,100)", per, len(small), len(large))
	}
	if len(large) > 128<<10 {
		t.Errorf("the page of 10,120 cases is %d bytes", len(large))
	}
	// Every disagreement is whole on the page: its input, what ts
	// answered, its reproducer.
	for i := range disagreeing {
		id := fmt.Sprintf("%016x", i)
		for _, want := range []string{hex.EncodeToString(input(i)), hex.EncodeToString([]byte("wrong " + id)), "conform repro " + id + " --impl ts"} {
			if !strings.Contains(large, want) {
				t.Errorf("the page lacks %.40q... of disagreement %s", want, id)
			}
		}
	}
	if data := pageData(t, []byte(large)); !bytes.Contains(data["counted"], []byte(`"cases":5050`)) {
		t.Errorf("counted %s, want 5050 agreeing cases of each contract", data["counted"])
	}
}

// conformBinary builds cmd/conform and, beside it, cmd/conform-harness
// (which serves the fakes, --impl fake:<bug>) into a temporary directory,
// and returns conform's path.
func conformBinary(t *testing.T) string {
	t.Helper()
	root, err := module.Root()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), module.Package("cmd/conform"), module.Package("cmd/conform-harness"))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "conform")
}

// conformRun runs conform run with args in dir, the HTML page on stdout
// and the JSONL report to a file, and returns the page's file and the
// report as conform report reads it. It fails the test when the exit
// code is not the report's.
func conformRun(t *testing.T, bin, dir string, args ...string) (string, report.Report) {
	t.Helper()
	jsonl := filepath.Join(dir, "run.jsonl")
	cmd := exec.Command(bin, append([]string{"run", "--format", "html", "--report", jsonl}, args...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("conform run %v: %v", args, err)
	}
	f, err := os.Open(jsonl)
	if err != nil {
		t.Fatalf("conform run %v, exit %d, wrote no report: %v\n%s", args, code, err, stderr.String())
	}
	defer f.Close()
	rep, err := report.Read(f, jsonl)
	if err != nil {
		t.Fatal(err)
	}
	if code != rep.Footer.ExitCode {
		t.Fatalf("conform run %v exited %d, its report says %d\n%s", args, code, rep.Footer.ExitCode, stderr.String())
	}
	page := filepath.Join(dir, "run.html")
	if err := os.WriteFile(page, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return page, rep
}

// The page of ordinary runs, as conform run writes it, in chromium: a
// clean run of every contract (no notices: its lists were null once, and
// the page stayed blank), a run with disagreements and one with notices
// (a protocol break, a quarantine). Each draws without an error on the
// console, with the matrix of its JSONL, every disagreement listed and
// every other case counted, and its notices.
func TestRealRunsInChromium(t *testing.T) {
	bin := conformBinary(t)
	sorted := sortContract(t)
	for _, tc := range []struct {
		name string
		args []string
		exit int
		// listed and notices say whether the run has disagreements and
		// notices.
		listed, notices bool
	}{
		{"clean", []string{"--impl", "go"}, report.ExitAgree, false, false},
		{"disagreements", []string{"--contract", sorted, "--impl", "go,fake:codepoint-sort"}, report.ExitDisagree, true, false},
		{"notices", []string{"--contract", sorted, "--impl", "go,fake:batch-cr"}, report.ExitBroken, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, rep := conformRun(t, bin, t.TempDir(), tc.args...)
			if rep.Footer.ExitCode != tc.exit {
				t.Fatalf("the run exited %d, want %d: not the run this test is about", rep.Footer.ExitCode, tc.exit)
			}
			ctx, con := browse(t, file)
			checkMatrix(t, ctx, rep)

			// Every case is counted; the disagreements are listed, the
			// rest counted.
			all, listed := map[string]bool{}, map[string]bool{}
			var first *report.Row
			for i, r := range rep.Rows {
				all[r.Case] = true
				if r.Outcome.Disagrees() || report.Announced(rep.Header, r) {
					listed[r.Case] = true
				}
				if first == nil && r.Outcome.Disagrees() {
					first = &rep.Rows[i]
				}
			}
			if len(listed) > 0 != tc.listed {
				t.Fatalf("%d cases to list: not the run this test is about", len(listed))
			}
			if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != fmt.Sprint(len(all)) {
				t.Errorf("%s cases shown, the JSONL has %d", s, len(all))
			}
			if s := eval[string](t, ctx, `document.getElementById("summary").textContent`); !strings.HasPrefix(s, fmt.Sprintf("%d cases, ", len(all))) {
				t.Errorf("summary %q, the JSONL has %d cases", s, len(all))
			}
			eval[int](t, ctx, `(() => { let n = 0; for (let b; (b = document.querySelector("button.more")); n++) b.click(); return n; })()`)
			shown := eval[[]string](t, ctx, `[...document.querySelectorAll("details.case")].map((d) => d.dataset.case)`)
			for _, id := range shown {
				if !listed[id] {
					t.Errorf("case %s is listed, and the JSONL has no disagreement of it", id)
				}
			}
			if len(shown) != len(listed) {
				t.Errorf("%d cases listed, the JSONL has %d with a disagreement", len(shown), len(listed))
			}
			if n := eval[int](t, ctx, `[...document.querySelectorAll("p.counted")].reduce((n, p) => n + Number(p.dataset.counted), 0)`); n != len(all)-len(listed) {
				t.Errorf("%d cases counted, want the %d others", n, len(all)-len(listed))
			}

			// The notices are the footer's.
			var want []string
			for _, im := range sortedKeys(rep.Footer.Breaks) {
				for _, b := range rep.Footer.Breaks[im] {
					want = append(want, "protocol break of "+im+": "+b)
				}
			}
			if q := rep.Footer.Quarantined; len(q) > 0 {
				want = append(want, "quarantined: "+strings.Join(q, ", "))
			}
			if len(want) > 0 != tc.notices || rep.Footer.Ledger != nil || rep.Footer.Stopped != "" {
				t.Fatalf("notices %q, ledger %v, stopped %q: not the run this test is about", want, rep.Footer.Ledger, rep.Footer.Stopped)
			}
			if got := eval[[]string](t, ctx, `[...document.querySelectorAll("#notices li")].map((li) => li.textContent)`); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("notices %q, the footer's are %q", got, want)
			}

			// A disagreement opens to what the JSONL says of it.
			if first != nil {
				click(t, ctx, `details.case[data-case="`+first.Case+`"] > summary`)
				if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`details.case[open] .detail pre.hex`))); err != nil {
					t.Fatalf("the disagreement did not open: %v", err)
				}
				got := eval[[]string](t, ctx, `(() => { const d = document.querySelector("details.case[open] .detail");
					const r = d.querySelector('pre.repro[data-impl=`+jsString(first.Impl)+`]');
					return [d.querySelector("pre.hex").textContent, r ? r.textContent : "", d.textContent]; })()`)
				if in := first.Input[:min(len(first.Input), MaxBytes)]; got[0] != hex.EncodeToString(in) {
					t.Errorf("input hex %.80q, the JSONL's %.80q", got[0], hex.EncodeToString(in))
				}
				if got[1] != first.Repro || first.Repro == "" {
					t.Errorf("reproducer %q, the JSONL's %q", got[1], first.Repro)
				}
				if h := first.Impl + ": " + string(first.Outcome); !strings.Contains(got[2], h) {
					t.Errorf("the case does not say %q", h)
				}
			}

			if errs := con.errors(t, ctx); len(errs) > 0 {
				t.Errorf("the page wrote errors to its console: %q", errs)
			}
			// The page of a clean run of every contract is small: its
			// cases are counts (it was 17 MB for 6,224 cases).
			if st, err := os.Stat(file); err != nil {
				t.Error(err)
			} else if !tc.listed && st.Size() > 128<<10 {
				t.Errorf("the page of %d cases is %d bytes", len(all), st.Size())
			}
		})
	}
}

// sortContract is the contract whose output the test double
// fake:codepoint-sort alters (it sorts members by code point), found
// through the catalogue so that this file names no contract.
func sortContract(t *testing.T) string {
	t.Helper()
	canonical := []byte("{\"\U00010000\":1,\"\ue000\":2}")
	for _, k := range spec.MustLoad().Contracts {
		for _, op := range k.OpNames() {
			if !bytes.Equal(fake.Fakes["codepoint-sort"].Alter(k.Contract, op, bytes.Clone(canonical)), canonical) {
				return k.Contract
			}
		}
	}
	t.Fatal("the fake codepoint-sort alters no contract")
	return ""
}

// The table of disagreement groups in chromium: a row a group of
// report.GroupsOf, with its implementation, outcome, expectation,
// source, count and examples, the groups the ledger expects one line
// each whose examples stay folded until opened (or open from the start
// with --show-expected); --only keeps its groups alone. The rest of the
// page works as ever: the matrix is the JSONL's, nothing hostile ran.
func TestDisagreementGroupsInChromium(t *testing.T) {
	rep, _ := fixture(t)
	onlyPy, err := report.ParseFilter("python/wrong-output")
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]report.View{
		"default":       {},
		"show-expected": {ShowExpected: true},
		"only":          {Only: []report.Filter{onlyPy}},
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, rep, Options{View: v}); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "report.html")
			if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, con := browse(t, file)
			type row struct {
				Impl, Outcome, Expected, Source, Known, Folded string
				Rows, Examples                                 int
				First                                          string
			}
			got := eval[[]row](t, ctx, `[...document.querySelectorAll("#disagreement-groups tr.group")].map((tr) => {
				const td = tr.querySelectorAll(":scope > td"), d = tr.querySelector("details.folded");
				const li = tr.querySelectorAll("ul.examples li");
				return {Impl: td[0].textContent, Outcome: td[1].textContent, Expected: td[2].textContent, Source: td[3].textContent,
					Rows: Number(td[4].textContent), Known: tr.dataset.known, Folded: d ? (d.open ? "open" : "folded") : "",
					Examples: li.length, First: li.length ? li[0].textContent : ""};
			})`)
			g := report.GroupsOf(rep, v)
			want := g.Groups()
			if len(got) != len(want) || len(want) == 0 {
				t.Fatalf("%d groups on the page, the report has %d", len(got), len(want))
			}
			for i, gr := range want {
				w := row{Impl: escape.Line(gr.Impl), Outcome: string(gr.Outcome), Expected: escape.Line(gr.ExpectedLabel()), Source: escape.Line(gr.SourceLabel()),
					Rows: gr.Rows, Examples: len(gr.Examples)}
				if gr.Known != nil {
					w.Known = escape.Line(gr.Known.Entry + " (" + gr.Known.Link + ", until " + gr.Known.Expires + ")")
					w.Folded = "folded"
					if v.ShowExpected {
						w.Folded = "open"
					}
				}
				ex := gr.Examples[0]
				w.First = escape.Line(ex.Name + " [" + ex.Case + "]" + report.ExampleWhere(gr.GroupKey, ex) + ": got " + report.AnswerLine(ex.Got))
				if got[i] != w {
					t.Errorf("group %d:\n%+v\nwant\n%+v", i, got[i], w)
				}
			}
			summary := eval[string](t, ctx, `document.getElementById("groups-summary").textContent`)
			if !strings.HasPrefix(summary, fmt.Sprintf("%d disagreements in %d groups", g.Total, len(want))) ||
				strings.Contains(summary, "--only") != (len(v.Only) > 0) {
				t.Errorf("groups summary %q", summary)
			}
			switch name {
			case "only":
				if !strings.Contains(summary, fmt.Sprintf("(--only python/wrong-output; %d disagreements in all)", rep.Footer.Disagreements)) {
					t.Errorf("groups summary %q", summary)
				}
				for _, r := range got {
					if r.Impl != "python" || r.Outcome != "wrong-output" {
						t.Errorf("--only python/wrong-output shows a group of %s %s", r.Impl, r.Outcome)
					}
				}
			default:
				// The hostile report's expected row is one folded group,
				// which opens on a click.
				n := 0
				for _, r := range got {
					if r.Known != "" {
						n++
					}
				}
				if n != 1 {
					t.Fatalf("%d groups the ledger expects, want 1", n)
				}
				click(t, ctx, `#disagreement-groups details.folded > summary`)
				if open := eval[bool](t, ctx, `document.querySelector("#disagreement-groups details.folded").open`); open == v.ShowExpected {
					t.Errorf("a click on the folded group leaves it open %v", open)
				}
			}
			// The rest of the page: the matrix, the groups of behaviour.
			checkMatrix(t, ctx, rep)
			cases, groups := count(rep, func(report.Row) bool { return true }, "")
			if s := eval[[]string](t, ctx, `[document.getElementById("shown").dataset.shown, document.getElementById("shown").dataset.groups]`); s[0] != fmt.Sprint(cases) || s[1] != fmt.Sprint(groups) {
				t.Errorf("shown %v, want %d cases in %d groups", s, cases, groups)
			}
			if got := eval[string](t, ctx, `typeof window.pwned`); got != "undefined" {
				t.Errorf("window.pwned is %s: a hostile string ran", got)
			}
			if errs := con.errors(t, ctx); len(errs) > 0 {
				t.Errorf("the page wrote errors to its console: %q", errs)
			}
		})
	}
}

// The page of a report without its agreeing rows (run --omit-agreeing)
// in chromium is the page of the whole run: the same matrix and interop
// scores, the same cases in the same groups of behaviour (a row the
// report lacks agreed), and it says the rows were left out.
func TestPageOfAReportWithoutAgreeingRowsInChromium(t *testing.T) {
	whole, _ := fixture(t)
	var jsonl bytes.Buffer
	w := report.NewWriter(&jsonl)
	sink := report.LeaveOutAgreeing(w)
	sink.Header(whole.Header)
	for _, r := range whole.Rows {
		sink.Row(r)
	}
	sink.Footer(whole.Footer)
	rep, err := report.Read(&jsonl, "omitted.jsonl")
	if err != nil || rep.Omitted == nil || len(rep.Rows) >= len(whole.Rows) {
		t.Fatalf("%v: %d rows of %d", err, len(rep.Rows), len(whole.Rows))
	}
	pages := map[string]report.Report{"whole": whole, "omitted": rep}
	seen := map[string][]string{}
	for name, r := range pages {
		file := filepath.Join(t.TempDir(), name+".html")
		if err := os.WriteFile(file, render(t, r), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, con := browse(t, file)
		// The matrix against the whole run's JSONL.
		checkMatrix(t, ctx, whole)
		seen[name] = eval[[]string](t, ctx, `[document.getElementById("summary").textContent, document.getElementById("shown").textContent,
			...[...document.querySelectorAll("section.group h3, p.counted")].map((e) => e.textContent),
			...[...document.querySelectorAll("#disagreement-groups tr")].map((e) => e.textContent)]`)
		note := eval[string](t, ctx, `(document.getElementById("left-out") || {textContent: ""}).textContent`)
		if (note != "") != (name == "omitted") || name == "omitted" && !strings.Contains(note, fmt.Sprintf("leaves out its %d agreeing rows", rep.Omitted.Total())) {
			t.Errorf("%s: the note on rows left out is %q", name, note)
		}
		if errs := con.errors(t, ctx); len(errs) > 0 {
			t.Errorf("%s: the page wrote errors to its console: %q", name, errs)
		}
	}
	if strings.Join(seen["omitted"], "\n") != strings.Join(seen["whole"], "\n") {
		t.Errorf("the page without agreeing rows:\n%s\nthe whole run's:\n%s", strings.Join(seen["omitted"], "\n"), strings.Join(seen["whole"], "\n"))
	}
}

// The page's script takes what disagrees from the page's data, as Go's
// report.Outcome.Disagrees says it: the right verdict under a verdict
// comparison (other-message) is no disagreement, a message outside the
// refusal table (unknown-message) is one.
func TestPageKnowsWhatDisagrees(t *testing.T) {
	p := build(report.Report{}, Options{})
	has := func(o report.Outcome) bool {
		for _, d := range p.Disagreeing {
			if d == string(o) {
				return true
			}
		}
		return false
	}
	for _, o := range report.Outcomes {
		if has(o) != o.Disagrees() {
			t.Errorf("%s: in the page's disagreeing list %v, Disagrees %v", o, has(o), o.Disagrees())
		}
	}
	if has(report.OtherMessage) || !has(report.UnknownMessage) {
		t.Errorf("disagreeing %v", p.Disagreeing)
	}
}
