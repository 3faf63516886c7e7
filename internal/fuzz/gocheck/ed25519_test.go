package gocheck

import "testing"

// TestStrictMessageRefuses checks that the oracle refuses what the strict
// rules refuse: the all-zero key has small order.
func TestStrictMessageRefuses(t *testing.T) {
	if m := StrictMessage(make([]byte, 32), nil, append([]byte{1}, make([]byte, 63)...)); m != "public key has small order" {
		t.Errorf("the all-zero key: %q", m)
	}
}
