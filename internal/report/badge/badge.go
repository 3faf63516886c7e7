// Package badge renders how much of a conform run agreed as a badge: a
// self-contained SVG in the flat style of shields.io, or the JSON a
// shields.io endpoint badge reads (https://shields.io/badges/endpoint-badge).
// Its message is "A/T agree": A cases every implementation agreed with, of
// T cases (report.Agreement).
package badge

import (
	"encoding/json"
	"fmt"
	"html"
	"io"

	"github.com/conform-dev/conform/internal/report"
)

// Label is the badge's left-hand text.
const Label = "conform"

// Colors of the badge's right-hand side.
const (
	// Green: every case agreed.
	Green = "#4c1"
	// Yellow: every disagreement is one the divergence ledger expects.
	Yellow = "#dfb317"
	// Red: a disagreement is unexpected, or the run broke or failed.
	Red = "#e05d44"
)

// Badge is what a badge says: its message and its colour.
type Badge struct {
	Message string
	// Color is Green, Yellow or Red.
	Color string
}

// Of returns rep's badge: "A/T agree", green when the run exited 0 with
// every case agreeing, yellow when it exited 0 all the same (the
// divergence ledger expects each disagreement, or an implementation
// skipped cases it does not announce), red otherwise.
func Of(rep report.Report) Badge {
	agree, total := report.Agreement(rep)
	b := Badge{Message: fmt.Sprintf("%d/%d agree", agree, total), Color: Red}
	switch {
	case rep.Footer.ExitCode == report.ExitAgree && agree == total:
		b.Color = Green
	case rep.Footer.ExitCode == report.ExitAgree:
		b.Color = Yellow
	}
	return b
}

// textWidth estimates the width in pixels of s in 11px Verdana, as the
// flat style sets its text: 7 pixels a character, plus the padding.
func textWidth(s string) int { return 7*len(s) + 10 }

// SVG writes rep's badge as an SVG image with its own title (the text a
// screen reader says). The texts are XML-escaped; no script, link or
// external resource is in it.
func SVG(w io.Writer, rep report.Report) error {
	b := Of(rep)
	lw, mw := textWidth(Label), textWidth(b.Message)
	title := html.EscapeString(Label + ": " + b.Message)
	label, msg := html.EscapeString(Label), html.EscapeString(b.Message)
	_, err := fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%[1]d" height="20" role="img" aria-label="%[2]s">
<title>%[2]s</title>
<linearGradient id="s" x2="0" y2="100%%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="%[1]d" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="%[3]d" height="20" fill="#555"/><rect x="%[3]d" width="%[4]d" height="20" fill="%[5]s"/><rect width="%[1]d" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="%[6]d" y="15" fill="#010101" fill-opacity=".3">%[7]s</text><text x="%[6]d" y="14">%[7]s</text>
<text x="%[8]d" y="15" fill="#010101" fill-opacity=".3">%[9]s</text><text x="%[8]d" y="14">%[9]s</text>
</g>
</svg>
`, lw+mw, title, lw, mw, b.Color, lw/2, label, lw+mw/2, msg)
	return err
}

// Endpoint writes rep's badge as shields.io endpoint JSON:
// {"schemaVersion":1,"label":...,"message":...,"color":...}.
func Endpoint(w io.Writer, rep report.Report) error {
	b := Of(rep)
	name := map[string]string{Green: "brightgreen", Yellow: "yellow", Red: "red"}[b.Color]
	js, err := json.Marshal(struct {
		SchemaVersion int    `json:"schemaVersion"`
		Label         string `json:"label"`
		Message       string `json:"message"`
		Color         string `json:"color"`
	}{1, Label, b.Message, name})
	if err != nil {
		return err
	}
	_, err = w.Write(append(js, '\n'))
	return err
}
