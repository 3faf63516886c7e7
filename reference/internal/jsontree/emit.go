package jsontree

// Format is how a contract writes the values of its tree: Emit walks the
// containers, Format writes what is in them.
type Format[N, V any] struct {
	// Value appends the text of v when v is not a container and returns
	// the extended slice and the zero Span; for an array or an object it
	// appends nothing and returns out and the Span of its items.
	Value func(out []byte, v V) ([]byte, Span)
	// Name appends the text of a member name (with its quotes, without
	// the ':').
	Name func(out []byte, name N) []byte
}

// Span is where the items of an array or an object are: Elems[Lo:Hi] or
// Membs[Lo:Hi]. Container is false for any other value.
type Span struct {
	Container, Object bool
	Lo, Hi            int
}

// level is one container Emit is writing: its items are [lo, hi) and the
// next one to write is i.
type level struct {
	object    bool
	lo, i, hi int
}

// Emit appends to out the text of v and of everything in it, as RFC 8259
// writes a value with no insignificant whitespace: '[' elements ',' ... ']'
// and '{' name ':' value ',' ... '}', items in the order of Elems and Membs,
// scalars and names as f writes them. It walks containers with an explicit
// stack, so any depth is bounded by memory only, and returns the extended
// slice.
func (b *Builder[N, V]) Emit(out []byte, v V, f *Format[N, V]) []byte {
	st := b.levels[:0]
	defer func() { b.levels = st[:0] }()
	for {
		var sp Span
		if out, sp = f.Value(out, v); sp.Container {
			if sp.Object {
				out = append(out, '{')
			} else {
				out = append(out, '[')
			}
			st = append(st, level{object: sp.Object, lo: sp.Lo, i: sp.Lo, hi: sp.Hi})
		}
		// Find the next value to write, closing finished containers.
		for {
			if len(st) == 0 {
				return out
			}
			top := &st[len(st)-1]
			if top.i == top.hi {
				if top.object {
					out = append(out, '}')
				} else {
					out = append(out, ']')
				}
				st = st[:len(st)-1]
				continue
			}
			if top.i > top.lo {
				out = append(out, ',')
			}
			if top.object {
				m := &b.Membs[top.i]
				out = f.Name(out, m.Name)
				out = append(out, ':')
				v = m.Val
			} else {
				v = b.Elems[top.i]
			}
			top.i++
			break
		}
	}
}
