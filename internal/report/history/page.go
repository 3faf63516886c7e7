package history

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	htmlesc "html"
	"io"
	"math"
	"strings"

	"github.com/conform-dev/conform/internal/escape"
)

// The geometry of a trend chart, in SVG user units.
const (
	chartW, chartH    = 760, 260
	padLeft, padRight = 56, 16
	padTop, padBottom = 14, 34
	plotW, plotH      = chartW - padLeft - padRight, chartH - padTop - padBottom
	pointR            = 3
	maxSeries         = 8 // colour classes s0..s7; more reuse them
	interopSeries     = "interop"
	implSeriesPrefix  = "impl:"
	defaultTitle      = "conform history"
	lowestFloor       = 0.95 // the y axis starts at most here
	axisStep          = 0.05
	cspFormat         = "default-src 'none'; style-src 'sha256-%s'"
)

// style is the page's one style sheet, allowed by its hash in the
// Content Security Policy (the page has no script, and no style
// attribute).
const style = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f23;max-width:1000px}
h1{font-size:20px}h2{font-size:16px;margin:28px 0 4px}
table{border-collapse:collapse;margin:8px 0}td,th{padding:2px 8px;border-bottom:1px solid #e1e4e8;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
svg.trend{display:block;background:#fafbfc;border:1px solid #e1e4e8}
.grid line{stroke:#d0d7de;stroke-width:1}
.grid text,.axis text{fill:#57606a;font-size:11px}
polyline.series{fill:none;stroke-width:2}
polyline.interop{stroke:#1b1f23;stroke-width:2;stroke-dasharray:6 4}
circle.interop{fill:#1b1f23}
.s0{stroke:#0969da;fill:#0969da}.s1{stroke:#cf222e;fill:#cf222e}.s2{stroke:#1a7f37;fill:#1a7f37}.s3{stroke:#8250df;fill:#8250df}
.s4{stroke:#bc4c00;fill:#bc4c00}.s5{stroke:#0a7b83;fill:#0a7b83}.s6{stroke:#bf3989;fill:#bf3989}.s7{stroke:#6e7781;fill:#6e7781}
polyline.s0,polyline.s1,polyline.s2,polyline.s3,polyline.s4,polyline.s5,polyline.s6,polyline.s7{fill:none}
ul.legend{list-style:none;padding:0;margin:6px 0}ul.legend li{display:inline-block;margin-right:16px}
ul.legend svg{vertical-align:middle;margin-right:4px}
`

// h escapes text from outside for HTML text and attribute values: hidden
// characters first (internal/escape), then markup.
func h(s string) string { return htmlesc.EscapeString(escape.Line(s)) }

// series is one line of a chart: the interop score, or one
// implementation's agreement; points[i] is run i's value, nil where the
// run has none.
type series struct {
	id, label, class string
	points           []*float64
	tips             []string
}

// chart is one contract's trend: its series and the y axis's floor.
type chart struct {
	contract string
	series   []series
	lo       float64
}

func buildCharts(lines []Line) []chart {
	contracts, impls := contractNames(lines)
	var out []chart
	for _, c := range contracts {
		ch := chart{contract: c, lo: lowestFloor}
		inter := series{id: interopSeries, label: "interop: every implementation agrees", class: "interop",
			points: make([]*float64, len(lines)), tips: make([]string, len(lines))}
		for i, l := range lines {
			if k, ok := contractOf(l, c); ok && k.Interop.Cases > 0 {
				v := k.Interop.Share()
				inter.points[i] = &v
				inter.tips[i] = fmt.Sprintf("%s %s: interop %s", l.Date, short(l.Commit), k.Interop)
			}
		}
		ch.series = append(ch.series, inter)
		n := 0
		for _, im := range impls {
			s := series{id: implSeriesPrefix + im, label: im, class: fmt.Sprintf("s%d", n%maxSeries),
				points: make([]*float64, len(lines)), tips: make([]string, len(lines))}
			any := false
			for i, l := range lines {
				k, ok := contractOf(l, c)
				if !ok {
					continue
				}
				counts, took := countsOf(k, im)
				if !took || counts.Total() == 0 {
					continue
				}
				v := counts.Agreement().Share()
				s.points[i] = &v
				s.tips[i] = fmt.Sprintf("%s %s: %s agrees with %s", l.Date, short(l.Commit), im, counts.Agreement())
				any = true
			}
			if any {
				ch.series = append(ch.series, s)
				n++
			}
		}
		for _, s := range ch.series {
			for _, p := range s.points {
				if p != nil {
					ch.lo = math.Min(ch.lo, math.Max(0, math.Floor((*p-1e-9)/axisStep)*axisStep))
				}
			}
		}
		out = append(out, ch)
	}
	return out
}

// x and y place run i of n and a share v on the chart.
func x(i, n int) float64 {
	if n <= 1 {
		return padLeft + plotW/2
	}
	return padLeft + float64(i)*plotW/float64(n-1)
}

func (c chart) y(v float64) float64 {
	return padTop + (1-(v-c.lo)/(1-c.lo))*plotH
}

func pct(v float64) string {
	if v >= 1 {
		return "100%"
	}
	return fmt.Sprintf("%.1f%%", math.Floor(v*1000)/10)
}

// svg writes the chart of c over lines.
func (c chart) svg(b *strings.Builder, lines []Line) {
	n := len(lines)
	fmt.Fprintf(b, `<svg class="trend" data-contract="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		h(c.contract), chartW, chartH, chartW, chartH, h("agreement over time of "+c.contract+", per implementation"))
	b.WriteString(`<g class="grid">`)
	for _, v := range []float64{c.lo, (c.lo + 1) / 2, 1} {
		y := c.y(v)
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f"></line><text x="%d" y="%.1f" text-anchor="end">%s</text>`,
			padLeft, y, chartW-padRight, y, padLeft-6, y+4, pct(v))
	}
	b.WriteString(`</g><g class="axis">`)
	labels := []int{0}
	if n > 1 {
		labels = append(labels, n-1)
	}
	if n > 4 {
		labels = append(labels, (n-1)/2)
	}
	for _, i := range labels {
		anchor := "middle"
		switch {
		case n > 1 && i == 0:
			anchor = "start"
		case n > 1 && i == n-1:
			anchor = "end"
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="%s">%s</text>`, x(i, n), chartH-10, anchor, h(lines[i].Date))
	}
	b.WriteString(`</g>`)
	// The interop line, dashed, is drawn last: on top of the lines of the
	// implementations it often runs along.
	drawn := append(append([]series{}, c.series[1:]...), c.series[0])
	for _, s := range drawn {
		fmt.Fprintf(b, `<g class="series-group" data-series="%s">`, h(s.id))
		// One polyline per run of consecutive points: a run without the
		// value leaves a gap.
		var seg []string
		flush := func() {
			if len(seg) > 0 {
				fmt.Fprintf(b, `<polyline class="series %s" data-series="%s" points="%s"></polyline>`, s.class, h(s.id), strings.Join(seg, " "))
			}
			seg = nil
		}
		for i, p := range s.points {
			if p == nil {
				flush()
				continue
			}
			seg = append(seg, fmt.Sprintf("%.1f,%.1f", x(i, n), c.y(*p)))
		}
		flush()
		for i, p := range s.points {
			if p == nil {
				continue
			}
			fmt.Fprintf(b, `<circle class="%s" cx="%.1f" cy="%.1f" r="%d" data-run="%d" data-value="%.6f"><title>%s</title></circle>`,
				s.class, x(i, n), c.y(*p), pointR, i, *p, h(s.tips[i]))
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
}

// WriteHTML renders the history lines of the file named name as one
// self-contained HTML page titled title ("" for "conform history"): per
// contract, a trend chart (an inline SVG: the interop score and each
// implementation's agreement, run by run, each point titled with its
// date, commit and counts) with its legend and latest values; then the
// table of runs. The page has no script and loads nothing: a Content
// Security Policy allows its own style sheet alone (by hash). Every string
// from the file is escaped (internal/escape, then HTML). It returns the
// first write error.
func WriteHTML(w io.Writer, name, title string, lines []Line) error {
	if title == "" {
		title = defaultTitle
	}
	sum := sha256.Sum256([]byte(style))
	b := &strings.Builder{}
	fmt.Fprintf(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n",
		fmt.Sprintf(cspFormat, base64.StdEncoding.EncodeToString(sum[:])))
	fmt.Fprintf(b, "<title>%s</title>\n<style>%s</style></head>\n<body>\n<h1>%s</h1>\n", h(title), style, h(title))
	if len(lines) == 0 {
		fmt.Fprintf(b, "<p class=\"summary\">%s holds no run yet.</p>\n</body></html>\n", h(name))
		_, err := io.WriteString(w, b.String())
		return err
	}
	last := lines[len(lines)-1]
	fmt.Fprintf(b, "<p class=\"summary\">%s</p>\n", h(fmt.Sprintf("%s: %d runs, from %s to %s; the last at commit %s, conform %s, exit code %d.",
		name, len(lines), lines[0].Date, last.Date, short(last.Commit), last.ConformVersion, last.ExitCode)))
	for _, c := range buildCharts(lines) {
		fmt.Fprintf(b, "<section class=\"contract\" data-contract=\"%s\">\n<h2>%s</h2>\n", h(c.contract), h(c.contract))
		if s, ok := Latest(lines, c.contract); ok {
			fmt.Fprintf(b, "<p class=\"latest\">interop in the last run: %s</p>\n", h(s.String()))
		}
		c.svg(b, lines)
		b.WriteString("\n<ul class=\"legend\">")
		for _, s := range c.series {
			latest := "not in the last run"
			if p := s.points[len(s.points)-1]; p != nil {
				latest = pct(*p)
			}
			fmt.Fprintf(b, `<li data-series="%s"><svg width="18" height="8" aria-hidden="true"><polyline class="series %s" points="0,4 18,4"></polyline></svg>%s: %s</li>`,
				h(s.id), s.class, h(s.label), h(latest))
		}
		b.WriteString("</ul>\n</section>\n")
	}
	b.WriteString("<h2>Runs</h2>\n<table class=\"runs\"><thead><tr><th>date</th><th>commit</th><th>conform</th><th>vectors</th><th>exit</th><th>implementations</th></tr></thead><tbody>\n")
	for i, l := range lines {
		var prev *Line
		if i > 0 {
			prev = &lines[i-1]
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
			h(l.Date), h(l.Commit), h(l.ConformVersion), h(short(l.VectorsSHA256)), l.ExitCode, h(versionChanges(prev, l)))
	}
	b.WriteString("</tbody></table>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
