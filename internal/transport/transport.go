// Package transport starts harness processes and hands back their pipes.
// conform drives every implementation through a Transport, so that local
// processes (Local) and containers (Container) share every code path above
// this one.
package transport

import (
	"context"
	"io"
	"sync"
)

// Command says what to start: a program, its arguments, working directory
// and extra environment ("KEY=value"), and for the container transport the
// image that holds them (Local ignores Image).
type Command struct {
	Path string
	Args []string
	Dir  string
	Env  []string
	// Image is the local image reference the container transport starts
	// the program in; Dir is then a directory inside that image.
	Image string
}

// Conn is one running harness.
type Conn interface {
	// Stdin is the harness's standard input; closing it ends the harness.
	Stdin() io.WriteCloser
	// Stdout carries protocol lines.
	Stdout() io.Reader
	// StderrTail returns the last bytes the harness wrote on stderr
	// (at most 64 KiB), which conform keeps for diagnostics.
	StderrTail() string
	// Kill ends the harness and everything it started, at once.
	Kill()
	// Wait waits for the harness to exit and returns its exit error.
	Wait() error
	// Describe names the process for messages ("pid 1234").
	Describe() string
}

// Transport starts harnesses.
type Transport interface {
	// Start launches cmd. The context bounds the start only; the harness
	// lives until Kill or until its stdin is closed.
	Start(ctx context.Context, cmd Command) (Conn, error)
	// Name is "local" or "container".
	Name() string
}

// tail is a ring that keeps the last max bytes written to it. A harness
// that floods stderr costs conform at most max bytes.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func newTail(max int) *tail { return &tail{max: max} }

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) >= t.max {
		p = p[len(p)-t.max:]
		t.buf = append(t.buf[:0], p...)
		return n, nil
	}
	if over := len(t.buf) + len(p) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
