package vectors

import (
	"errors"
	"fmt"
	"strings"
)

// Problems: how Load and Verify collect "where: what" lines, and the
// byte-level defects of a line (CR, non-ASCII, no final LF).

// maxProblems bounds how many problems one Load error lists.
const maxProblems = 100

// problems collects "where: what" lines, up to limit when limit > 0, for
// the vectors directory named root.
type problems struct {
	root    string
	limit   int
	list    []string
	dropped int
	// inputs totals the input bytes of the cases parsed so far, against
	// maxInputs.
	inputs int64
}

func (p *problems) count() int { return len(p.list) + p.dropped }

func (p *problems) add(where string, format string, args ...any) {
	if p.limit > 0 && len(p.list) >= p.limit {
		p.dropped++
		return
	}
	p.list = append(p.list, where+": "+fmt.Sprintf(format, args...))
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	msg := strings.Join(p.list, "\n")
	if p.dropped > 0 {
		msg += fmt.Sprintf("\n(%d more problems)", p.dropped)
	}
	return errors.New(msg)
}

// where names line of the file at path inside the vectors directory.
func (p *problems) where(path string, line int) string {
	return fmt.Sprintf("%s/%s:%d", p.root, path, line)
}

// lineProblem is a byte-level defect of one line.
type lineProblem struct {
	line int
	msg  string
}

// splitLines splits data into LF-terminated lines and reports every
// byte-level defect: a CR, a non-ASCII byte, a missing final LF.
func splitLines(data []byte) ([]string, []lineProblem) {
	if len(data) == 0 {
		return nil, nil
	}
	var lp []lineProblem
	text := string(data)
	final := strings.HasSuffix(text, "\n")
	text = strings.TrimSuffix(text, "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if j := strings.IndexByte(l, '\r'); j >= 0 {
			lp = append(lp, lineProblem{i + 1, "carriage return (line ends must be LF only)"})
		}
		for j := 0; j < len(l); j++ {
			if l[j] >= 0x80 {
				lp = append(lp, lineProblem{i + 1, fmt.Sprintf("non-ASCII byte 0x%02x at column %d", l[j], j+1)})
				break
			}
		}
	}
	if !final {
		lp = append(lp, lineProblem{len(lines), "no final LF"})
	}
	return lines, lp
}
