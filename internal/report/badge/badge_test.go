package badge

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

func agreeing() report.Report {
	rep := reporttest.Report()
	var rows []report.Row
	for _, r := range rep.Rows {
		if r.Outcome == report.Agree {
			rows = append(rows, r)
		}
	}
	rep.Rows = rows
	rep.Footer.ExitCode = report.ExitAgree
	return rep
}

func TestOf(t *testing.T) {
	if b := Of(agreeing()); b.Message != "3/3 agree" || b.Color != Green {
		t.Errorf("all agree: %+v", b)
	}
	if b := Of(reporttest.Report()); b.Message != "0/3 agree" || b.Color != Red {
		t.Errorf("hostile: %+v", b)
	}
	// Exit 0 with disagreements: the ledger expected every one.
	rep := reporttest.Report()
	rep.Footer.ExitCode = report.ExitAgree
	if b := Of(rep); b.Color != Yellow {
		t.Errorf("expected disagreements: %+v", b)
	}
}

// The SVG is well-formed XML with the message in its title and text, and
// no script.
func TestSVG(t *testing.T) {
	var b bytes.Buffer
	if err := SVG(&b, agreeing()); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	dec.Strict = true
	var texts []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if x, ok := tok.(xml.StartElement); ok && (x.Name.Local == "script" || x.Name.Local == "a" || x.Name.Local == "image") {
			t.Errorf("<%s> in the badge", x.Name.Local)
		}
		if c, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(c)) != "" {
			texts = append(texts, string(c))
		}
	}
	if strings.Join(texts, "|") != "conform: 3/3 agree|conform|conform|3/3 agree|3/3 agree" {
		t.Errorf("texts %q", texts)
	}
	if !strings.Contains(b.String(), `fill="`+Green+`"`) {
		t.Error("not green")
	}
}

func TestEndpoint(t *testing.T) {
	var b bytes.Buffer
	if err := Endpoint(&b, reporttest.Report()); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["schemaVersion"] != 1.0 || got["label"] != "conform" || got["message"] != "0/3 agree" || got["color"] != "red" {
		t.Errorf("%v", got)
	}
}
