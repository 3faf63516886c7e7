package modelselector

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the seven operations with the Go reference's registry, in
// the order of spec/model-selector.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(
		op(OpParse, Parse),
		op(OpTransport, Transport),
		op(OpPayer, Payer),
		op(OpTierSelectors, TierSelectors),
		op(OpRunPayers, RunPayers),
		op(OpCommitSha, CommitSha),
		op(OpPublicationReceipt, PublicationReceipt),
	)
}
