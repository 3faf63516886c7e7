package ats

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the 23 operations with the Go reference's registry, in
// the order of spec/ats.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(
		op(OpExecutionState, ExecutionState),
		op(OpConnectorCapability, ConnectorCapability),
		op(OpAccountBindingV1, AccountBindingV1),
		op(OpAccountBindingV2, AccountBindingV2),
		op(OpDelegatedTradingGrantV1, DelegatedTradingGrantV1),
		op(OpDelegatedTradingGrantV2, DelegatedTradingGrantV2),
		op(OpGrantUsage, GrantUsage),
		op(OpEquityOrderIntentV1, EquityOrderIntentV1),
		op(OpEquityOrderIntentV2, EquityOrderIntentV2),
		op(OpOrderReviewReceipt, OrderReviewReceipt),
		op(OpOperatorApprovalV1, OperatorApprovalV1),
		op(OpOperatorApprovalV2, OperatorApprovalV2),
		op(OpExecutionReceiptV1, ExecutionReceiptV1),
		op(OpExecutionReceiptV2, ExecutionReceiptV2),
		op(OpModelOrderProposalV1, ModelOrderProposalV1),
		op(OpModelOrderProposalV2, ModelOrderProposalV2),
		op(OpRedactBindingForExport, RedactBindingForExport),
		op(OpOptionalBinding, OptionalBinding),
		op(OpOptionalBindingV2, OptionalBindingV2),
		op(OpVerifyApprovalChain, VerifyApprovalChain),
		op(OpVerifyCommitAuthority, VerifyCommitAuthority),
		op(OpVerifyExecutableApprovalChain, VerifyExecutableApprovalChain),
		op(OpVerifyExecutableCommitAuthority, VerifyExecutableCommitAuthority),
	)
}
