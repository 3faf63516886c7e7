package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
	"gopkg.in/yaml.v3"
)

// The file's one top-level key: a list of implementation entries (TOML
// [[impl]] tables, a YAML sequence under impl:).
const topKey = "impl"

// tomlFile is a TOML configuration file as go-toml decodes it, strictly:
// an unknown key anywhere is an error with its position.
type tomlFile struct {
	Impl []tomlEntry `toml:"impl"`
}

type tomlEntry struct {
	Name        any            `toml:"name"`
	Command     any            `toml:"command"`
	Image       any            `toml:"image"`
	Args        any            `toml:"args"`
	Dir         any            `toml:"dir"`
	Env         map[string]any `toml:"env"`
	Timeout     any            `toml:"timeout"`
	MaxRestarts any            `toml:"max_restarts"`
	Contracts   any            `toml:"contracts"`
	Compare     any            `toml:"compare"`
	Messages    map[string]any `toml:"messages"`
}

// parseTOML decodes data strictly with go-toml and finds the line of each
// [[impl]] table and of each of its keys with go-toml's parser.
func parseTOML(path string, data []byte) ([]entry, error) {
	var f tomlFile
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) && len(strict.Errors) > 0 {
			e := strict.Errors[0]
			row, _ := e.Position()
			return nil, &Error{fmt.Sprintf("%s:%d", path, row), fmt.Sprintf("unknown key %q (an implementation has %s)", e.Key()[len(e.Key())-1], strings.Join(keys, ", "))}
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return nil, &Error{fmt.Sprintf("%s:%d", path, row), strings.TrimPrefix(de.Error(), "toml: ")}
		}
		return nil, &Error{path, err.Error()}
	}
	lines := tomlLines(data)
	var out []entry
	for i, te := range f.Impl {
		e := entry{values: map[string]any{}, lines: map[string]int{}, start: 1}
		if i < len(lines) {
			e.start, e.lines = lines[i].start, lines[i].keys
		}
		for k, v := range map[string]any{"name": te.Name, "command": te.Command, "image": te.Image, "args": te.Args, "dir": te.Dir,
			"timeout": te.Timeout, "max_restarts": te.MaxRestarts, "contracts": te.Contracts, "compare": te.Compare} {
			if v != nil {
				e.values[k] = v
			}
		}
		if te.Env != nil {
			e.values["env"] = te.Env
		}
		if te.Messages != nil {
			e.values["messages"] = te.Messages
		}
		out = append(out, e)
	}
	return out, nil
}

type tomlPos struct {
	start int
	keys  map[string]int
}

// tomlLines returns, for each [[impl]] table in order, the line of its
// header and of each of its keys (a key written as a table of its own,
// [impl.messages], at the line of that table's header). An implementation
// written as an inline table gets the line of the impl key.
func tomlLines(data []byte) []tomlPos {
	var p unstable.Parser
	p.Reset(data)
	var out []tomlPos
	inImpl := false
	for p.NextExpression() {
		e := p.Expression()
		it := e.Key()
		var key []string
		line := 0
		for it.Next() {
			n := it.Node()
			if line == 0 {
				line = p.Shape(n.Raw).Start.Line
			}
			key = append(key, string(n.Data))
		}
		switch e.Kind {
		case unstable.ArrayTable:
			inImpl = slices.Equal(key, []string{topKey})
			if inImpl {
				out = append(out, tomlPos{start: line, keys: map[string]int{}})
			}
		case unstable.Table:
			// [impl.env] or [impl.messages] after an [[impl]]: a key of
			// that implementation, written as a table of its own.
			if len(key) == 2 && key[0] == topKey && len(out) > 0 {
				out[len(out)-1].keys[key[1]] = line
			}
			inImpl = false
		case unstable.KeyValue:
			if inImpl && len(out) > 0 && len(key) > 0 {
				out[len(out)-1].keys[key[0]] = line
			} else if len(key) == 1 && key[0] == topKey && e.Value().Kind == unstable.Array {
				for c := e.Value().Children(); c.Next(); {
					out = append(out, tomlPos{start: line, keys: map[string]int{}})
				}
			}
		}
	}
	return out
}

// parseYAML reads data as one YAML document (a second one is an error)
// into nodes and walks them:
// the top level a mapping with the one key impl, its value a sequence of
// mappings with the keys of an entry, each checked with its line.
func parseYAML(path string, data []byte) ([]entry, error) {
	at := func(line int) string { return fmt.Sprintf("%s:%d", path, line) }
	yamlError := func(err error) error {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		var line int
		if _, scan := fmt.Sscanf(msg, "line %d:", &line); scan == nil {
			_, rest, _ := strings.Cut(msg, ":")
			return &Error{at(line), strings.TrimSpace(rest)}
		}
		return &Error{path, msg}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err == io.EOF {
		return nil, nil // an empty file defines nothing
	} else if err != nil {
		return nil, yamlError(err)
	}
	// One document: a second one ("---") would be silently ignored by a
	// reader that takes the first.
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return nil, &Error{at(next.Line), "a second YAML document: the file is one document"}
	} else if err != io.EOF {
		return nil, yamlError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &Error{at(root.Line), "the file is a mapping with the key impl"}
	}
	var out []entry
	first := 0 // the line of the key impl, once seen
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != topKey {
			return nil, &Error{at(k.Line), fmt.Sprintf("unknown key %q (the file has the one key impl)", k.Value)}
		}
		if first != 0 {
			return nil, &Error{at(k.Line), fmt.Sprintf("key impl given twice (first at line %d)", first)}
		}
		first = k.Line
		if v.Kind != yaml.SequenceNode {
			return nil, &Error{at(v.Line), "impl is a list of implementations"}
		}
		for _, item := range v.Content {
			if item.Kind != yaml.MappingNode {
				return nil, &Error{at(item.Line), "an implementation is a mapping (name, command or image, ...)"}
			}
			e := entry{start: item.Line, lines: map[string]int{}, values: map[string]any{}}
			for j := 0; j+1 < len(item.Content); j += 2 {
				ik, iv := item.Content[j], item.Content[j+1]
				if !slices.Contains(keys, ik.Value) {
					return nil, &Error{at(ik.Line), fmt.Sprintf("unknown key %q (an implementation has %s)", ik.Value, strings.Join(keys, ", "))}
				}
				if _, dup := e.values[ik.Value]; dup {
					return nil, &Error{at(ik.Line), fmt.Sprintf("key %q given twice", ik.Value)}
				}
				var val any
				if err := iv.Decode(&val); err != nil {
					return nil, &Error{at(iv.Line), err.Error()}
				}
				e.values[ik.Value] = yamlValue(val)
				e.lines[ik.Value] = ik.Line
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// yamlValue converts what yaml.v3 decodes into the types the TOML decoder
// gives (int64 for integers, map[string]any for mappings), so that one
// check reads both; a mapping with a key that is not a string keeps a type
// the check refuses.
func yamlValue(v any) any {
	switch t := v.(type) {
	case int:
		return int64(t)
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = yamlValue(x)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range t {
			out[k] = yamlValue(x)
		}
		return out
	}
	return v
}

// sortedKeys returns m's keys, sorted.
func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
