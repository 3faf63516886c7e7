package history

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/conform-dev/conform/internal/report/reporttest"
)

func page(t *testing.T, lines []Line) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteHTML(&b, "history "+reporttest.Bidi+".jsonl", "trend "+reporttest.Script, lines); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Without a browser: one file with no script, loading nothing, whose
// policy allows its own style sheet by hash; no hostile string is markup.
func TestPageIsSelfContained(t *testing.T) {
	p := page(t, nights(t))
	sum := sha256.Sum256([]byte(style))
	if !strings.Contains(p, "default-src 'none'; style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Error("no Content Security Policy with the style sheet's hash")
	}
	for _, bad := range []string{"<script", "<img", "\u202e", "http:", "https:", "url(", "@import", " style="} {
		if strings.Contains(p, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if strings.Count(p, `<svg class="trend"`) != 2 {
		t.Errorf("%d charts, want one per contract", strings.Count(p, `<svg class="trend"`))
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
		t.Fatal("the history page's test needs Debian's chromium on PATH (ci/setup.sh installs it), or CONFORM_CHROMIUM")
	}
	return p
}

// browse opens file in headless chromium with a fresh profile and returns
// the context and a function that returns the console's errors and
// exceptions (a Content Security Policy violation among them) once every
// earlier message is in.
func browse(t *testing.T, file string) (context.Context, func() []string) {
	t.Helper()
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium(t)), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("no-first-run", true), chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(cancelA)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	ctx, cancelC := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelC)
	var mu sync.Mutex
	var msgs []chromedp.ConsoleMessage
	stream := chromedp.Console(ctx)
	go func() {
		for m, err := range stream {
			if err != nil {
				return
			}
			mu.Lock()
			msgs = append(msgs, m)
			mu.Unlock()
		}
	}()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatalf("loading the page in chromium: %v", err)
	}
	const mark = "conform-test: every message before this one is in"
	errs := func() []string {
		// The page has no script of its own; the test's evaluation may log.
		eval[any](t, ctx, `console.log("`+mark+`"), null`)
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			var out []string
			seen := false
			for _, m := range msgs {
				switch {
				case m.Type == chromedp.ConsoleLog && m.Text == mark:
					seen = true
				case m.Type == chromedp.ConsoleError || m.IsException():
					out = append(out, m.String())
				}
			}
			mu.Unlock()
			if seen {
				return out
			}
			if time.Now().After(deadline) {
				t.Fatalf("the console never showed the mark; errors so far: %q", out)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return ctx, errs
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// The page in a real browser: nothing breaks its policy, its style sheet
// applies (the lines are drawn, unfilled), nothing hostile became an
// element or ran; each contract has its chart, each series its points in
// the plot, higher where the share is higher, gaps where a run lacks
// the value, each point titled with what it shows.
func TestPageInChromium(t *testing.T) {
	lines := nights(t)
	file := filepath.Join(t.TempDir(), "history.html")
	if err := os.WriteFile(file, []byte(page(t, lines)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, errs := browse(t, file)
	if e := errs(); len(e) > 0 {
		t.Errorf("the console has errors (a policy violation?): %q", e)
	}
	if got := eval[string](t, ctx, `document.title`); got != "trend </script><script>window.pwned=1</script>" {
		t.Errorf("title %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("img, script, iframe, object").length`); n != 0 {
		t.Errorf("%d injected elements", n)
	}
	if eval[bool](t, ctx, `window.pwned !== undefined`) {
		t.Error("a hostile string ran")
	}
	if got := eval[string](t, ctx, `document.querySelector("p.summary").textContent`); !strings.HasPrefix(got, `history \u202eevil`) {
		t.Errorf("summary %q: the file name's bidirectional control is not shown escaped", got)
	}
	charts := eval[[]string](t, ctx, `[...document.querySelectorAll("svg.trend")].map(s => s.dataset.contract)`)
	if strings.Join(charts, " ") != "x/1 y/1" {
		t.Fatalf("charts %q", charts)
	}
	// The style sheet applied: a series is stroked in its colour, unfilled.
	style := eval[[]string](t, ctx, `(() => { const p = document.querySelector('svg.trend polyline[data-series="impl:ts"]'); const s = getComputedStyle(p); return [s.fill, s.stroke, s.strokeWidth]; })()`)
	if style[0] != "none" || style[1] == "none" || style[1] == "" || style[2] != "2px" {
		t.Errorf("the style sheet did not apply (fill, stroke, width %q)", style)
	}

	type point struct {
		Series string
		Run    int
		Value  float64
		Cx, Cy float64
		Title  string
		In     bool
	}
	points := eval[[]point](t, ctx, `(() => {
		const out = [];
		for (const svg of document.querySelectorAll("svg.trend")) {
			const box = svg.getBoundingClientRect();
			for (const c of svg.querySelectorAll("circle")) {
				const r = c.getBoundingClientRect();
				out.push({Series: svg.dataset.contract + " " + c.parentNode.dataset.series, Run: +c.dataset.run, Value: +c.dataset.value,
					Cx: r.x + r.width / 2 - box.x, Cy: r.y + r.height / 2 - box.y, Title: c.querySelector("title").textContent,
					In: r.x >= box.x && r.right <= box.right && r.y >= box.y && r.bottom <= box.bottom && r.width > 0});
			}
		}
		return out;
	})()`)
	bySeries := map[string][]point{}
	for _, p := range points {
		if !p.In {
			t.Errorf("point %+v outside its chart", p)
		}
		bySeries[p.Series] = append(bySeries[p.Series], p)
	}
	ts := bySeries["x/1 impl:ts"]
	if len(ts) != 3 {
		t.Fatalf("x/1's ts series has %d points: %+v", len(ts), bySeries)
	}
	// 4/4, 3/4, 2/4: later and lower.
	for i := 1; i < 3; i++ {
		if ts[i].Value >= ts[i-1].Value || ts[i].Cy <= ts[i-1].Cy || ts[i].Cx <= ts[i-1].Cx {
			t.Errorf("ts's points %+v and %+v: the lower share is not lower, or not later", ts[i-1], ts[i])
		}
	}
	if ts[1].Title != "2030-06-02 c10000000000: ts agrees with 3/4 (75.0%)" {
		t.Errorf("title %q", ts[1].Title)
	}
	if in := bySeries["x/1 interop"]; len(in) != 3 || in[2].Title != "2030-06-03 c20000000000: interop 2/4 (50.0%)" {
		t.Errorf("x/1's interop series %+v", in)
	}
	// team takes part in y/1 alone, which the first night did not run.
	if len(bySeries["x/1 impl:team"]) != 0 || len(bySeries["y/1 impl:team"]) != 2 || bySeries["y/1 impl:team"][0].Run != 1 {
		t.Errorf("team's series: x/1 %+v, y/1 %+v", bySeries["x/1 impl:team"], bySeries["y/1 impl:team"])
	}
	legend := eval[[]string](t, ctx, `[...document.querySelectorAll('section[data-contract="y/1"] ul.legend li')].map(li => li.textContent)`)
	if strings.Join(legend, "|") != "interop: every implementation agrees: 100%|go: 100%|ts: 100%|team: 100%" {
		t.Errorf("y/1's legend %q", legend)
	}
}

// A series with a run missing in the middle is drawn as two lines, not
// one across the gap.
func TestPageGaps(t *testing.T) {
	ls := nights(t)
	mid := ls[1]
	mid.Contracts = mid.Contracts[1:] // night 1 without x/1
	var b bytes.Buffer
	if err := WriteHTML(&b, "h", "", []Line{ls[0], mid, ls[2]}); err != nil {
		t.Fatal(err)
	}
	x := b.String()[strings.Index(b.String(), `data-contract="x/1"`):strings.Index(b.String(), `data-contract="y/1"`)]
	if n := strings.Count(x, `<polyline class="series s1" data-series="impl:ts"`); n != 2 {
		t.Errorf("ts's line over a gap: %d polylines, want 2\n%s", n, x)
	}
	if strings.Count(x, `<circle class="s1"`) != 2 {
		t.Errorf("ts's points over a gap:\n%s", x)
	}
}
