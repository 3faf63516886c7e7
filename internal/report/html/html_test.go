package html

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// fixture is the hostile report with 120 more cases of another made-up
// contract: all agree, but every 7th is a wrong output on python and every
// 11th a timeout on ts. It is written as JSONL and read back, as conform
// report reads one.
func fixture(t *testing.T) (report.Report, []byte) {
	t.Helper()
	rep := reporttest.Report()
	rep.Header.Contracts = append(rep.Header.Contracts, "y/1")
	for i := range 120 {
		id := fmt.Sprintf("%016x", 0x1000+i)
		for _, im := range []string{"go", "ts", "python"} {
			r := report.Row{Case: id, Name: fmt.Sprintf("bulk.%03d", i), Contract: "y/1", Op: "op", Source: "vectors/y/bulk.jsonl",
				Impl: im, Outcome: report.Agree, ExpectedBy: "vector",
				Expected: report.Answer{Outcome: "ok", Output: []byte{byte(i)}}, Got: report.Answer{Outcome: "ok", Output: []byte{byte(i)}}}
			switch {
			case im == "python" && i%7 == 0:
				r.Outcome, r.Got.Output, r.Input, r.Repro = report.WrongOutput, []byte("x"), []byte{0xfe, byte(i)}, "conform repro "+id+" --impl python"
			case im == "ts" && i%11 == 0:
				r.Outcome, r.Got, r.Input = report.Timeout, report.Answer{Outcome: "timeout", Message: "silent"}, []byte{0xfe, byte(i)}
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

// browse opens the page in headless chromium, with no network and a
// fresh profile, and returns the browser context.
func browse(t *testing.T, file string) context.Context {
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
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`))); err != nil {
		t.Fatalf("loading the page in chromium: %v", err)
	}
	return ctx
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
	ctx := browse(t, file)

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
	want := map[string]int{}
	for _, r := range rep.Rows {
		want[r.Contract+"|"+r.Impl+"|"+string(r.Outcome)]++
		want[r.Contract+"|"+r.Impl+"|cases"]++
	}
	got := eval[map[string]int](t, ctx, `(() => { const m = {};
		for (const td of document.querySelectorAll("#matrix td[data-contract]")) {
			const n = Number(td.textContent); if (n) m[td.dataset.contract + "|" + td.dataset.impl + "|" + td.dataset.outcome] = n; }
		return m; })()`)
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
	if got[reporttest.Contract+"|python|known"] != 1 {
		t.Errorf("expected-by-the-ledger count %d, want 1", got[reporttest.Contract+"|python|known"])
	}

	// The groups: one per distinct behaviour of a case across the
	// implementations, every case shown.
	cases, groups := count(rep, func(report.Row) bool { return true }, "")
	if s := eval[[]string](t, ctx, `[document.getElementById("shown").dataset.shown, document.getElementById("shown").dataset.groups]`); s[0] != fmt.Sprint(cases) || s[1] != fmt.Sprint(groups) {
		t.Errorf("shown %v, want %d cases in %d groups", s, cases, groups)
	}
	// The all-agree group of y/1 (120 - 18 - 11 + 2 = 93 cases) shows 50
	// until asked for more.
	if n := eval[int](t, ctx, `document.querySelector("section.group:last-child").querySelectorAll("details.case").length`); n != 50 {
		t.Errorf("the largest group shows %d cases at first, want 50", n)
	}
	click(t, ctx, `section.group:last-child button.more`)
	if n := eval[int](t, ctx, `document.querySelector("section.group:last-child").querySelectorAll("details.case").length`); n != 93 {
		t.Errorf("after show more, %d cases, want all 93", n)
	}
	// An agreeing case whose input the report lacks, and the vector set
	// does not know, says so; its reproducer reruns it everywhere.
	click(t, ctx, `section.group:last-child details.case > summary`)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`section.group:last-child details.case[open] .detail`))); err != nil {
		t.Fatalf("the agreeing case did not open: %v", err)
	}
	opened := eval[[]string](t, ctx, `(() => { const d = document.querySelector("section.group:last-child details.case[open]");
		return [d.dataset.case, d.querySelector(".note").textContent, d.querySelector('pre.repro[data-impl="all"]').textContent]; })()`)
	if !strings.HasPrefix(opened[1], "not recorded") || opened[2] != "conform repro "+opened[0]+" --impl go,ts,python --corpus " {
		t.Errorf("the agreeing case shows %q", opened)
	}
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
	if s := eval[string](t, ctx, `document.getElementById("shown").dataset.shown`); s != "11" {
		t.Errorf("y/1 timeouts on ts: %s shown, want 11", s)
	}
	if window := eval[string](t, ctx, `typeof window.pwned`); window != "undefined" {
		t.Errorf("after opening the hostile case, window.pwned is %s", window)
	}
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
