package differential

import (
	"context"
	"io"
	"testing"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/impl"
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

// The reproducers of a fuzz run name each outside implementation of the
// command line by its --impl value, and one that runs a command in the
// directory conform ran in (impl.Outside.Dir), which its relative words
// need: the line goes there first. An image needs none.
func TestSetupCarriesTheOutsideDirectory(t *testing.T) {
	c := Config{Outside: []impl.Outside{
		{Name: "team", Command: []string{"./harness"}, Dir: "/src/team", Spec: "team=./harness"},
		{Name: "img", Image: "team:1", Args: []string{"--variant", "fast"}, Spec: "img=image:team:1 -- --variant fast"},
	}}
	s := c.Setup()
	s.Vectors = "/v"
	if got, want := s.Finding("0123456789abcdef", "team"), "cd /src/team && conform repro 0123456789abcdef --vectors /v --impl 'team=./harness'"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got, want := s.Finding("0123456789abcdef", "img"), "conform repro 0123456789abcdef --vectors /v --impl 'img=image:team:1 -- --variant fast'"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
