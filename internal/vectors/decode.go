package vectors

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Strict decoding of the JSON lines of vector files: one object per line,
// no duplicate or unknown members, strings with RFC 8259 escapes only and
// no lone surrogate, lowercase hex.

// object is one JSON object line: its raw member values by name.
type object map[string]json.RawMessage

// parseObject parses line as exactly one JSON object, refusing duplicate
// member names and any member not in known.
func parseObject(line string, known map[string]bool) (object, error) {
	if line == "" {
		return nil, errors.New("empty line")
	}
	if line[0] != '{' || line[len(line)-1] != '}' || !json.Valid([]byte(line)) {
		return nil, errors.New("not one JSON object")
	}
	dec := json.NewDecoder(strings.NewReader(line))
	if _, err := dec.Token(); err != nil { // '{'
		return nil, err
	}
	obj := make(object)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if !known[key] {
			return nil, fmt.Errorf("unknown field %q", key)
		}
		if _, dup := obj[key]; dup {
			return nil, fmt.Errorf("field %q appears twice", key)
		}
		obj[key] = raw
	}
	return obj, nil
}

// str returns member key as a string; present is false when it is absent.
func (o object) str(key string) (s string, present bool, err error) {
	raw, ok := o[key]
	if !ok {
		return "", false, nil
	}
	s, err = decodeString(raw)
	if err != nil {
		return "", true, fmt.Errorf("field %q: %v", key, err)
	}
	return s, true, nil
}

// names returns member key, when present, as a non-empty array of
// distinct strings in ascending order; nil when it is absent.
func (o object) names(key string) ([]string, error) {
	raw, ok := o[key]
	if !ok {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || len(items) == 0 {
		return nil, fmt.Errorf("field %q: not a non-empty array", key)
	}
	out := make([]string, len(items))
	for i, item := range items {
		s, err := decodeString(item)
		if err != nil {
			return nil, fmt.Errorf("field %q, item %d: %v", key, i, err)
		}
		if i > 0 && s <= out[i-1] {
			return nil, fmt.Errorf("field %q: items are not distinct and in ascending order", key)
		}
		out[i] = s
	}
	return out, nil
}

// need returns member key as a string, which must be present.
func (o object) need(key string) (string, error) {
	s, present, err := o.str(key)
	if err != nil {
		return "", err
	}
	if !present {
		return "", fmt.Errorf("missing field %q", key)
	}
	return s, nil
}

// integer returns member key as a non-negative integer below 10^9.
func (o object) integer(key string) (int, error) {
	raw, ok := o[key]
	if !ok {
		return 0, fmt.Errorf("missing field %q", key)
	}
	if !intRE.Match(raw) {
		return 0, fmt.Errorf("field %q: not a non-negative integer below 10^9", key)
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, fmt.Errorf("field %q: %v", key, err)
	}
	return n, nil
}

// intRE is a non-negative integer below 10^9, without leading zeros.
var intRE = regexp.MustCompile(`^(0|[1-9][0-9]{0,8})$`)

// decodeString decodes a JSON string strictly: escapes are those of RFC 8259,
// a surrogate escape must be half of a pair, and the result is valid UTF-8.
// (encoding/json would silently replace a lone surrogate with U+FFFD.)
func decodeString(raw []byte) (string, error) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", errors.New("not a string")
	}
	s := raw[1 : len(raw)-1]
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c < 0x20:
			return "", errors.New("not a valid JSON string")
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return "", errors.New("not a valid JSON string")
		}
		switch e := s[i+1]; e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := hex4(s, i+2)
			if !ok {
				return "", errors.New("bad \\u escape")
			}
			i += 6
			switch {
			case r >= 0xdc00 && r <= 0xdfff:
				return "", errors.New("lone low surrogate escape: the bytes are not valid UTF-8, so use the _hex form")
			case r >= 0xd800 && r <= 0xdbff:
				lo, ok := rune(0), i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u'
				if ok {
					lo, ok = hex4(s, i+2)
				}
				if !ok || lo < 0xdc00 || lo > 0xdfff {
					return "", errors.New("lone high surrogate escape: the bytes are not valid UTF-8, so use the _hex form")
				}
				i += 6
				r = 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00)
			}
			b.WriteRune(r)
			continue
		default:
			return "", fmt.Errorf("bad escape \\%c", e)
		}
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return "", errors.New("not valid UTF-8")
	}
	return b.String(), nil
}

func hex4(s []byte, at int) (rune, bool) {
	if at+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[at : at+4] {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// decodeHex decodes a lowercase hex field that must not be valid UTF-8 (a
// valid UTF-8 value has exactly one spelling: the plain string field).
func decodeHex(key, s string) ([]byte, error) {
	if strings.ToLower(s) != s {
		return nil, fmt.Errorf("field %q: hex must be lowercase", key)
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("field %q: bad hex: %v", key, err)
	}
	if utf8.Valid(b) {
		return nil, fmt.Errorf("field %q: the bytes are valid UTF-8, so use %q", key, strings.TrimSuffix(key, "_hex"))
	}
	return b, nil
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
