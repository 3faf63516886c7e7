package mirrors

import (
	"regexp"
	"testing"
)

// Every mirror's Dockerfile pins its default base by tag and digest, so
// that a build with a registry (the nightly workflow, ci/images.sh) pulls
// exactly the image reviewed, whatever the tag points at later.
func TestDefaultBasesArePinnedByDigest(t *testing.T) {
	pinned := regexp.MustCompile(`^[a-z0-9][a-z0-9./-]*:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$`)
	for _, m := range All() {
		base, err := m.DefaultBase()
		if err != nil || !pinned.MatchString(base) {
			t.Errorf("%s: the Dockerfile's default base %q is not pinned as name:tag@sha256:<digest> (%v)", m.Name, base, err)
		}
	}
}
