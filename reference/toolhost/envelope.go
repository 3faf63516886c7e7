package toolhost

import (
	"math/big"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The range of now (section 1.1): the epoch milliseconds of
// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
const (
	MinNow = -62135596800000
	MaxNow = 253402300799999
)

// envelope is an operation's input once section 1.1 has passed: each
// document member by name, the challenge's units and now.
type envelope struct {
	docs      map[string]*jsonvalue.Value
	challenge []uint16
	now       int64
}

// doc returns the document member name.
func (e *envelope) doc(name string) *jsonvalue.Value { return e.docs[name] }

// readEnvelope parses in and checks the envelope of an operation whose
// members are members, in order (section 1.1): the input itself (ErrInput),
// an object (ErrType), closed (ErrMember; ignored, the member is
// disregarded), then each member present and typed. Each of those but
// ErrMember has no accept path.
func readEnvelope(c *refusal.Checker, in []byte, members ...string) (*envelope, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	if v.Kind != jsonvalue.Object {
		if err := c.Refuse(ErrType); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrType}
	}
	if hasUnknown(&v, members...) {
		if err := c.Refuse(ErrMember); err != nil {
			return nil, err
		}
	}
	e := &envelope{docs: map[string]*jsonvalue.Value{}}
	for _, m := range members {
		f := get(&v, m)
		switch m {
		case "challenge":
			if err := envChallenge(c, f); err != nil {
				return nil, err
			}
			e.challenge = f.Units
		case "now":
			now, err := envNow(c, f)
			if err != nil {
				return nil, err
			}
			e.now = now
		default:
			if err := envDocument(c, m, f); err != nil {
				return nil, err
			}
			e.docs[m] = f
		}
	}
	return e, nil
}

// envChallenge is the challenge member: present and a string.
func envChallenge(c *refusal.Checker, f *jsonvalue.Value) error {
	if f == nil || f.Kind != jsonvalue.String {
		if err := c.Refuse(ErrChallengeType); err != nil {
			return err
		}
		return &refusal.Error{Guard: ErrChallengeType}
	}
	return nil
}

// nowOK reports whether a number literal is 0 or -?[1-9][0-9]* with a
// value from MinNow to MaxNow.
func nowOK(text string) bool {
	d := text
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if d == "" || (d[0] == '0' && text != "0") {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	z, _ := new(big.Int).SetString(text, 10)
	return z.Cmp(big.NewInt(MinNow)) >= 0 && z.Cmp(big.NewInt(MaxNow)) <= 0
}

// envNow is the now member: present, an integer literal within its range.
func envNow(c *refusal.Checker, f *jsonvalue.Value) (int64, error) {
	if f == nil || f.Kind != jsonvalue.Number || !nowOK(f.Text) {
		if err := c.Refuse(ErrNowType); err != nil {
			return 0, err
		}
		return 0, &refusal.Error{Guard: ErrNowType}
	}
	z, _ := new(big.Int).SetString(f.Text, 10)
	return z.Int64(), nil
}

// envDocument is a document member: present and an object, each with its
// own guard.
func envDocument(c *refusal.Checker, name string, f *jsonvalue.Value) error {
	bad := f == nil || f.Kind != jsonvalue.Object
	switch name {
	case "trust":
		if bad {
			if err := c.Refuse(ErrTrustType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrTrustType}
		}
	case "device_proof":
		if bad {
			if err := c.Refuse(ErrDeviceProofType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrDeviceProofType}
		}
	case "host_open_proof":
		if bad {
			if err := c.Refuse(ErrHostOpenProofType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrHostOpenProofType}
		}
	case "observer_channel_receipt":
		if bad {
			if err := c.Refuse(ErrObserverChannelReceiptType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrObserverChannelReceiptType}
		}
	case "runtime_capability":
		if bad {
			if err := c.Refuse(ErrRuntimeCapabilityType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrRuntimeCapabilityType}
		}
	case "registry":
		if bad {
			if err := c.Refuse(ErrRegistryType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrRegistryType}
		}
	case "host_lease":
		if bad {
			if err := c.Refuse(ErrHostLeaseType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrHostLeaseType}
		}
	case "invocation":
		if bad {
			if err := c.Refuse(ErrInvocationType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrInvocationType}
		}
	case "cancellation":
		if bad {
			if err := c.Refuse(ErrCancellationType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrCancellationType}
		}
	case "result":
		if bad {
			if err := c.Refuse(ErrResultType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrResultType}
		}
	case "workspace_status_input":
		if bad {
			if err := c.Refuse(ErrWorkspaceStatusInputType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrWorkspaceStatusInputType}
		}
	case "workspace_status":
		if bad {
			if err := c.Refuse(ErrWorkspaceStatusType); err != nil {
				return err
			}
			return &refusal.Error{Guard: ErrWorkspaceStatusType}
		}
	}
	return nil
}
