package ed25519

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of a valid input of verify (RFC 8032
// section 7.1, test 1): each ends in output or a refusal of the table
// (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	seed := `{"key":"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",` +
		`"sig":"e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b","msg":""}`
	sweep.Mutations(t, r, Contract+" "+Op, Verify, Guards, []string{seed}, 1500)
}
