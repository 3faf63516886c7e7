package mirrors

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An image's build context holds exactly the files a local run extracts,
// byte for byte, plus the Dockerfile and the extras asked for.
func TestBuildContextHoldsThePreparedSources(t *testing.T) {
	for _, m := range All() {
		b, err := m.BuildContext(map[string][]byte{"build-ca.pem": []byte("pem")})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]byte{}
		tr := tar.NewReader(bytes.NewReader(b))
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Typeflag == tar.TypeReg {
				got[h.Name], _ = io.ReadAll(tr)
			}
		}
		dir := t.TempDir()
		if err := m.extract(dir); err != nil {
			t.Fatal(err)
		}
		want := map[string][]byte{}
		err = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				want[filepath.ToSlash(rel)], err = os.ReadFile(p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		df, _ := m.Dockerfile()
		want["Dockerfile"], want["build-ca.pem"] = df, []byte("pem")
		if len(got) != len(want) {
			t.Errorf("%s: %d files in the context, want %d", m.Name, len(got), len(want))
		}
		for name, w := range want {
			if !bytes.Equal(got[name], w) {
				t.Errorf("%s: %s differs in the build context", m.Name, name)
			}
		}
		if _, err := m.BuildContext(map[string][]byte{"Dockerfile": nil}); err == nil {
			t.Errorf("%s: an extra file replaced the Dockerfile", m.Name)
		}
	}
}

// The image reference is the repository and a content tag; the container
// command is the local one, run from the image's work directory.
func TestImageRefAndCommand(t *testing.T) {
	tag := regexp.MustCompile(`^conform-mirror-(ts|python):[0-9a-f]{16}$`)
	for _, m := range All() {
		ref, err := m.ImageRef()
		if err != nil || !tag.MatchString(ref) || !strings.Contains(ref, "-"+m.Name+":") {
			t.Errorf("%s: ImageRef %q, %v", m.Name, ref, err)
		}
		cmd, err := m.ContainerCommand()
		if err != nil {
			t.Fatal(err)
		}
		local := m.cmd("/x")
		if cmd.Image != ref || cmd.Dir != ImageWorkDir || cmd.Path != local.Path || strings.Join(cmd.Args, " ") != strings.Join(local.Args, " ") {
			t.Errorf("%s: container command %+v, local %+v", m.Name, cmd, local)
		}
		base, err := m.DefaultBase()
		if err != nil || !strings.Contains(base, map[string]string{"ts": "node:20.", "python": "python:3.11."}[m.Name]) {
			t.Errorf("%s: default base %q, %v", m.Name, base, err)
		}
	}
}
