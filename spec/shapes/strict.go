package shapes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// strict is the text check Parse runs before decoding, so that a
// declaration means exactly what it says and is never rewritten into
// something else: the bytes are UTF-8, no string escapes a surrogate (a
// lone one would decode as U+FFFD), no object has a key twice, and every
// key is in lower case (encoding/json would match "Type" to "type"). A
// defect is named with its line.
func strict(name string, data []byte) error {
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return fmt.Errorf("%s:%d: not UTF-8", name, lineOf(data, int64(i)))
	}
	for i := 0; i+5 < len(data); i++ {
		if data[i] == '\\' && data[i+1] == 'u' && (data[i+2] == 'd' || data[i+2] == 'D') && strings.ContainsRune("89abcdefABCDEF", rune(data[i+3])) {
			return fmt.Errorf("%s:%d: a string escapes a surrogate (write the character itself)", name, lineOf(data, int64(i)))
		}
		if data[i] == '\\' {
			i++ // an escaped character is never the start of an escape
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func() error
	walk = func() error {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			keys := map[string]bool{}
			for dec.More() {
				at = dec.InputOffset()
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := k.(string)
				if keys[key] {
					return fmt.Errorf("%s:%d: key %q twice in one object", name, lineOf(data, at), key)
				}
				if key != strings.ToLower(key) {
					return fmt.Errorf("%s:%d: key %q is not in lower case", name, lineOf(data, at), key)
				}
				keys[key] = true
				if err := walk(); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		case json.Delim('['):
			for dec.More() {
				if err := walk(); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		}
		_ = at
		return nil
	}
	if err := walk(); err != nil {
		return decodeErr(name, data, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s:%d: more than one JSON value", name, lineOf(data, dec.InputOffset()))
	}
	return nil
}

// decodeErr names the line of a JSON syntax or type error where it has an
// offset.
func decodeErr(name string, data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s:%d: %v", name, lineOf(data, se.Offset), err)
	case errors.As(err, &te):
		return fmt.Errorf("%s:%d: %v", name, lineOf(data, te.Offset), err)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Errorf("%s:%d: the file ends inside a JSON value", name, lineOf(data, int64(len(data))))
	}
	return fmt.Errorf("%s: %v", name, err)
}

// lineOf is the line (from 1) of byte offset off of data.
func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return 1 + bytes.Count(data[:max(off, 0)], []byte("\n"))
}
