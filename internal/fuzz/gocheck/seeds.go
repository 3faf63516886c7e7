package gocheck

import "sync"

// seedCache holds each target's seeds, computed once per process: the fuzz
// functions ask for them on every call when built for libFuzzer, whose
// testing shim runs the whole fuzz function per input.
var seedCache sync.Map // name -> seedResult

type seedResult struct {
	seeds [][]byte
	err   error
}

// CachedSeeds is Seeds(name, CorporaDir()), computed once per process.
func CachedSeeds(name string) ([][]byte, error) {
	if r, ok := seedCache.Load(name); ok {
		return r.(seedResult).seeds, r.(seedResult).err
	}
	s, err := Seeds(name, CorporaDir())
	seedCache.Store(name, seedResult{s, err})
	return s, err
}

// CheckInput runs the Go-only target called name on one fuzz input and
// returns its failure; an unknown name is an error too.
func CheckInput(name string, data []byte) error {
	t, ok := Lookup(name)
	if !ok {
		return errUnknown(name)
	}
	return t.Check(data)
}

// errUnknown is the error for a target name nobody has.
type errUnknown string

// Error names the target.
func (e errUnknown) Error() string { return "no Go-only target " + string(e) }
