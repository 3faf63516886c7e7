package toolhost

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/toolhost.md).
const Contract = "toolhost/1"

// The operation names of toolhost/1, in the order of spec/toolhost.md's
// Operations table.
const (
	OpValidateTrust                  = "validate-trust"
	OpValidateDeviceProof            = "validate-device-proof"
	OpValidateHostOpenProof          = "validate-host-open-proof"
	OpValidateObserverChannelReceipt = "validate-observer-channel-receipt"
	OpValidateRuntimeCapability      = "validate-runtime-capability"
	OpValidateRegistry               = "validate-registry"
	OpValidateHostLease              = "validate-host-lease"
	OpValidateInvocation             = "validate-invocation"
	OpValidateCancellation           = "validate-cancellation"
	OpValidateResult                 = "validate-result"
	OpValidateWorkspaceStatusInput   = "validate-workspace-status-input"
	OpValidateWorkspaceStatus        = "validate-workspace-status"
	OpCheckLeaseBinding              = "check-lease-binding"
	OpCheckHostOpenBinding           = "check-host-open-binding"
	OpCheckInvocation                = "check-invocation"
	OpCheckToolArguments             = "check-tool-arguments"
	OpCheckToolPayload               = "check-tool-payload"
	OpCheckCancellation              = "check-cancellation"
	OpCheckResult                    = "check-result"
	OpAssertE1CanaryRegistry         = "assert-e1-canary-registry"
	OpCheckCapabilityReceipt         = "check-capability-receipt"
)

// Run is an operation: it takes the input bytes and returns the verdict
// bytes or a *refusal.Error carrying one of Guards.
type Run func(input []byte, opts ...refusal.Option) ([]byte, error)

// Operations lists the operations in table order, each with its function.
var Operations = []struct {
	Name string
	Run  Run
}{
	{OpValidateTrust, ValidateTrust},
	{OpValidateDeviceProof, ValidateDeviceProof},
	{OpValidateHostOpenProof, ValidateHostOpenProof},
	{OpValidateObserverChannelReceipt, ValidateObserverChannelReceipt},
	{OpValidateRuntimeCapability, ValidateRuntimeCapability},
	{OpValidateRegistry, ValidateRegistry},
	{OpValidateHostLease, ValidateHostLease},
	{OpValidateInvocation, ValidateInvocation},
	{OpValidateCancellation, ValidateCancellation},
	{OpValidateResult, ValidateResult},
	{OpValidateWorkspaceStatusInput, ValidateWorkspaceStatusInput},
	{OpValidateWorkspaceStatus, ValidateWorkspaceStatus},
	{OpCheckLeaseBinding, CheckLeaseBinding},
	{OpCheckHostOpenBinding, CheckHostOpenBinding},
	{OpCheckInvocation, CheckInvocation},
	{OpCheckToolArguments, CheckToolArguments},
	{OpCheckToolPayload, CheckToolPayload},
	{OpCheckCancellation, CheckCancellation},
	{OpCheckResult, CheckResult},
	{OpAssertE1CanaryRegistry, AssertE1CanaryRegistry},
	{OpCheckCapabilityReceipt, CheckCapabilityReceipt},
}
