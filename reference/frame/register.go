package frame

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers lex with the Go reference's registry (spec/frame.md,
// "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: lexOutput})
}

// lexOutput is Lex as an operation: the verdict is the only result, so
// the output on acceptance is empty (non-nil), or the refusal.
func lexOutput(input []byte, opts ...refusal.Option) ([]byte, error) {
	if err := Lex(input, opts...); err != nil {
		return nil, err
	}
	return []byte{}, nil
}
