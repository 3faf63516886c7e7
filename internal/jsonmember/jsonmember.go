// Package jsonmember reorders the members of compact JSON text without
// parsing it into values: the fuzz generators' order-freedom properties
// and the code-point-order test double both shuffle members with it.
package jsonmember

import (
	"bytes"
	"encoding/json"
)

// Reorder rewrites compact JSON text b (no whitespace outside
// strings, as RFC 8785 output is) with every object's members reordered
// by reorder, innermost objects first. reorder receives the members as
// `"name":value` byte strings and permutes the slice in place; arrays,
// strings and scalars are copied as they are. Text that ends early is
// copied as far as it goes, never read past. Used to shuffle members for
// the order-freedom properties and to build the code-point-order fake
// mirror.
func Reorder(b []byte, reorder func(members [][]byte)) []byte {
	out, _ := reorderValue(b, 0, reorder)
	return out
}

// Name decodes the name of a member as Reorder passes it.
func Name(member []byte) string {
	var name string
	_ = json.Unmarshal(member[:skipString(member, 0)], &name)
	return name
}

func reorderValue(b []byte, i int, reorder func([][]byte)) ([]byte, int) {
	if i >= len(b) {
		return nil, i
	}
	switch b[i] {
	case '{', '[':
		open, end := b[i], byte('}')
		if open == '[' {
			end = ']'
		}
		var parts [][]byte
		i++
		for i < len(b) && b[i] != end {
			if b[i] == ',' {
				i++
			}
			var part []byte
			if open == '{' {
				k := skipString(b, i)
				part = append(append([]byte(nil), b[i:k]...), ':')
				i = k + 1
			}
			v, next := reorderValue(b, i, reorder)
			parts = append(parts, append(part, v...))
			i = next
		}
		if open == '{' {
			reorder(parts)
		}
		return append(append([]byte{open}, bytes.Join(parts, []byte{','})...), end), i + 1
	case '"':
		k := skipString(b, i)
		return b[i:k], k
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != ']' && b[j] != '}' {
		j++
	}
	return b[i:j], j
}

// skipString returns the index just past the JSON string starting at b[i]
// (len(b) when it does not end).
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}
