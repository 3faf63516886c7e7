package differential

import (
	"context"
	"io"
	"testing"

	"github.com/conform-dev/conform/internal/driver"
)

// A zero Config starts the reference alone, locally, with the driver's
// default timeout; a bad transport is the driver's configuration error.
func TestStartZeroConfig(t *testing.T) {
	s, err := Start(context.Background(), Config{}, io.Discard)
	defer s.Close()
	if err != nil || s.Reference == nil || s.Reference.Name() != "go" || len(s.Mirrors) != 0 {
		t.Fatalf("set %+v, error %v", s, err)
	}
	bad, err := Start(context.Background(), Config{Transport: "pigeon"}, io.Discard)
	defer bad.Close()
	if !driver.IsConfig(err) {
		t.Errorf("transport pigeon: %v, want a configuration error", err)
	}
}

// ImplsEnv is what ConfigFromEnv reads back.
func TestImplsEnvRoundTrips(t *testing.T) {
	for _, impls := range [][]string{nil, {"ts"}, {"ts", "fake:batch-cr"}} {
		t.Setenv(EnvImpls, Config{Impls: impls}.ImplsEnv())
		c, err := ConfigFromEnv()
		if err != nil || len(c.Impls) != len(impls) {
			t.Errorf("%q: %q, %v", impls, c.Impls, err)
		}
		for i := range impls {
			if c.Impls[i] != impls[i] {
				t.Errorf("%q: %q", impls, c.Impls)
			}
		}
	}
}
