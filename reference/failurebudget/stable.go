package failurebudget

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
)

const hexDigits = "0123456789abcdef"

// appendStable appends v as stable JSON (spec/failure-budget.md,
// "Fingerprint"): no whitespace, members sorted by name in code point
// order, ASCII strings, numbers as their literals. The recursion is bounded
// by v's depth.
func appendStable(dst []byte, v *jsonvalue.Value) []byte {
	switch v.Kind {
	case jsonvalue.Null:
		return append(dst, "null"...)
	case jsonvalue.False:
		return append(dst, "false"...)
	case jsonvalue.True:
		return append(dst, "true"...)
	case jsonvalue.Number:
		return append(dst, v.Text...)
	case jsonvalue.String:
		return appendASCII(dst, v.Units)
	case jsonvalue.Array:
		dst = append(dst, '[')
		for i := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendStable(dst, &v.Elems[i])
		}
		return append(dst, ']')
	}
	order := make([]int, len(v.Members))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return jsonvalue.Compare(v.Members[a].Name, v.Members[b].Name) })
	dst = append(dst, '{')
	for k, i := range order {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendASCII(dst, v.Members[i].Name)
		dst = append(dst, ':')
		dst = appendStable(dst, &v.Members[i].Value)
	}
	return append(dst, '}')
}

// appendASCII appends u as an ASCII JSON string: the two-character escapes,
// every other unit outside U+0020-U+007E as \uxxxx in lowercase hex.
func appendASCII(dst []byte, u []uint16) []byte {
	dst = append(dst, '"')
	for _, x := range u {
		switch x {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			if x < 0x20 || x > 0x7e {
				dst = append(dst, '\\', 'u', hexDigits[x>>12], hexDigits[x>>8&15], hexDigits[x>>4&15], hexDigits[x&15])
			} else {
				dst = append(dst, byte(x))
			}
		}
	}
	return append(dst, '"')
}

// Fingerprint returns the lowercase hex SHA-256 of the operation of a call
// with the host decision host ("" for a run; spec/failure-budget.md,
// "Fingerprint"): the stable JSON {"args":args,"tool":tool} (the approval
// binding), the stable JSON of args alone for HostInvalid (the raw
// arguments), or the tool name's UTF-8 bytes for HostPolicy. args nil is
// {}.
func Fingerprint(tool []uint16, args *jsonvalue.Value, host string) string {
	var b []byte
	stableArgs := func(b []byte) []byte {
		if args == nil {
			return append(b, "{}"...)
		}
		return appendStable(b, args)
	}
	switch host {
	case HostPolicy:
		b = jsonvalue.AppendUTF8(nil, tool)
	case HostInvalid:
		b = stableArgs(nil)
	default:
		b = append(stableArgs([]byte(`{"args":`)), `,"tool":`...)
		b = append(appendASCII(b, tool), '}')
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
