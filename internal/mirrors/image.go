package mirrors

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"sort"

	"github.com/conform-dev/conform/internal/transport"
	tree "github.com/conform-dev/conform/mirrors"
)

// Each mirror's Dockerfile, compiled in beside its sources (the public
// package mirrors): an image is built from exactly the sources Prepare
// extracts, never from the work tree.
var dockerfiles = tree.Sources()

// ImageWorkDir is where a mirror's files live inside its image; its kit
// lives at /kit/<language> ("/kit/ts", "/kit/python"), where the mirror's
// ../kit/<language> finds it, as in the source tree.
const ImageWorkDir = "/mirror"

// Labels conform puts on the mirror images it builds.
const (
	// LabelMirror names the mirror an image holds ("ts", "python").
	LabelMirror = "org.conform.mirror"
	// LabelSources is the mirror's SourceHash.
	LabelSources = "org.conform.mirror.sources"
	// LabelBaseImage is the base image the mirror image was built from, as
	// it was named (a tag, or a digest reference).
	LabelBaseImage = "org.conform.base-image"
	// LabelBaseImageID is that base image's ID.
	LabelBaseImageID = "org.conform.base-image-id"
)

// Dockerfile returns the mirror's Dockerfile.
func (m Mirror) Dockerfile() ([]byte, error) {
	b, err := dockerfiles.ReadFile(m.Dir + "/Dockerfile")
	if err != nil {
		return nil, fmt.Errorf("no Dockerfile compiled in for the %s mirror: %w", m.Name, err)
	}
	return b, nil
}

var baseArg = regexp.MustCompile(`(?m)^ARG BASE=(\S+)\s*$`)

// DefaultBase is the base image the mirror's Dockerfile names when no base
// is given: the official runtime image at a pinned version.
func (m Mirror) DefaultBase() (string, error) {
	b, err := m.Dockerfile()
	if err != nil {
		return "", err
	}
	match := baseArg.FindSubmatch(b)
	if match == nil {
		return "", fmt.Errorf("the %s mirror's Dockerfile has no ARG BASE=... default", m.Name)
	}
	return string(match[1]), nil
}

// ImageRepository is the repository of the mirror's images, such as
// "conform-mirror-ts".
func (m Mirror) ImageRepository() string { return "conform-mirror-" + m.Name }

// ImageRef is the local image reference the container transport runs the
// mirror from: ImageRepository, tagged with the first 16 hex digits of the
// SHA-256 over the mirror's sources and its Dockerfile. A change to either
// names a different image; the base image does not enter the tag (the
// image's labels record it), so the tag names the latest build of these
// sources, whatever it was built on.
func (m Mirror) ImageRef() (string, error) {
	sum, err := m.SourceHash()
	if err != nil {
		return "", err
	}
	df, err := m.Dockerfile()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n", sum, len(df))
	h.Write(df)
	return m.ImageRepository() + ":" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

// ContainerCommand is the command that starts the mirror's harness inside
// its image: the same program and arguments as a local harness, run from
// ImageWorkDir.
func (m Mirror) ContainerCommand() (transport.Command, error) {
	ref, err := m.ImageRef()
	if err != nil {
		return transport.Command{}, err
	}
	cmd := m.cmd(ImageWorkDir)
	cmd.Image = ref
	return cmd, nil
}

// BuildContext returns the docker build context of the mirror's image, as
// a tar stream: the compiled-in sources, laid out as Prepare extracts them
// (the mirror in its Dir, the kit in its Kit), the Dockerfile, and the
// extra files given (name to content; such as build-ca.pem, which the
// TypeScript Dockerfile's build stage trusts).
func (m Mirror) BuildContext(extra map[string][]byte) ([]byte, error) {
	files, err := m.files()
	if err != nil {
		return nil, err
	}
	df, err := m.Dockerfile()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	dirs := map[string]bool{}
	// write writes name's header, after those of its parent directories
	// not yet written.
	write := func(name string, b []byte) error {
		var parents []string
		for d := path.Dir(name); d != "." && !dirs[d]; d = path.Dir(d) {
			parents = append(parents, d)
		}
		for i := len(parents) - 1; i >= 0; i-- {
			dirs[parents[i]] = true
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: parents[i] + "/", Mode: 0o755}); err != nil {
				return err
			}
		}
		return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Mode: 0o644, Size: int64(len(b))})
	}
	for _, f := range files {
		b, err := sources.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := write(f, b); err != nil {
			return nil, err
		}
		if _, err := tw.Write(b); err != nil {
			return nil, err
		}
	}
	names := []string{"Dockerfile"}
	add := map[string][]byte{"Dockerfile": df}
	for name, b := range extra {
		if _, clash := add[name]; clash || slices.Contains(files, name) {
			return nil, fmt.Errorf("build context of the %s mirror: %s is already there", m.Name, name)
		}
		names = append(names, name)
		add[name] = b
	}
	sort.Strings(names[1:])
	for _, name := range names {
		if err := write(name, add[name]); err != nil {
			return nil, err
		}
		if _, err := tw.Write(add[name]); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ImageBuild says how BuildImage builds a mirror's image.
type ImageBuild struct {
	// Base is the base image; empty means the Dockerfile's default. It must
	// be on the engine already: conform never pulls.
	Base string
	// CA is extra certificate authorities (PEM) that the build's npm ci
	// trusts, put in the context as build-ca.pem; nil for none. It stays
	// out of the run-time image.
	CA []byte
	// Network is the build steps' network; empty means "host".
	Network string
	// NoCache rebuilds every layer.
	NoCache bool
	// Log receives the build's output; nil discards it.
	Log io.Writer
}

// BuildImage builds the mirror's image, tagged ImageRef, on the engine
// behind ct, from the compiled-in sources and the base image, and labels it
// with the mirror, its SourceHash and the base (as named, and its ID). A
// base that is not on the engine is an *transport.ImageNotFoundError.
func (m Mirror) BuildImage(ctx context.Context, ct *transport.Container, b ImageBuild) (transport.ImageInfo, error) {
	base := b.Base
	if base == "" {
		var err error
		if base, err = m.DefaultBase(); err != nil {
			return transport.ImageInfo{}, err
		}
	}
	baseInfo, err := ct.Image(ctx, base)
	if err != nil {
		return transport.ImageInfo{}, err
	}
	ref, err := m.ImageRef()
	if err != nil {
		return transport.ImageInfo{}, err
	}
	sum, err := m.SourceHash()
	if err != nil {
		return transport.ImageInfo{}, err
	}
	extra := map[string][]byte{}
	if b.CA != nil {
		extra["build-ca.pem"] = b.CA
	}
	bctx, err := m.BuildContext(extra)
	if err != nil {
		return transport.ImageInfo{}, err
	}
	return ct.Build(ctx, transport.BuildRequest{
		Context: bctx, Ref: ref, Base: base, Network: b.Network, NoCache: b.NoCache, Log: b.Log,
		Labels: map[string]string{
			LabelMirror:      m.Name,
			LabelSources:     sum,
			LabelBaseImage:   base,
			LabelBaseImageID: baseInfo.ID,
		},
	})
}
