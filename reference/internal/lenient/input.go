package lenient

import (
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// Input is the raw input of a contract that reads JSON text, with the two
// facts its first guards test: a leading byte order mark and UTF-8
// validity. It holds no guard: the contract refuses on BOM and Valid in its
// own package, then reads Text.
type Input struct {
	Raw   []byte // the input as given
	BOM   bool   // Raw begins with jsonwire.BOM (U+FEFF in UTF-8)
	Valid bool   // Raw is valid UTF-8 (RFC 3629)
}

// Read returns in with its two facts.
func Read(in []byte) Input {
	return Input{Raw: in, BOM: jsonwire.HasBOM(in), Valid: utf8.Valid(in)}
}

// Text returns the text a contract parses once its BOM and UTF-8 guards
// have let the input through (or were ignored) and the offset to start at:
// Raw, or its Decode when it is not valid UTF-8 (each maximal invalid
// subpart becomes U+FFFD, the "Ignored:" rule of every such UTF-8 guard),
// and len(jsonwire.BOM) when Raw begins with the mark (the three bytes
// skipped, the "Ignored:" rule of every such BOM guard), else 0.
func (in Input) Text() (text []byte, start int) {
	text = in.Raw
	if !in.Valid {
		text = Decode(in.Raw)
	}
	if in.BOM {
		start = len(jsonwire.BOM)
	}
	return text, start
}

// Relocate returns err with its offset, an offset into Text, moved to the
// same place in Raw (see the function Relocate); when Raw is valid UTF-8
// the two are the same bytes and err is returned as it is.
func (in Input) Relocate(err error) error {
	if in.Valid {
		return err
	}
	return Relocate(err, in.Raw)
}
