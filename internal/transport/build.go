package transport

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
)

// BuildRequest says how to build one image.
type BuildRequest struct {
	// Context is the build context, a tar stream holding the Dockerfile.
	Context []byte
	// Dockerfile is the Dockerfile's path in the context; empty means
	// "Dockerfile".
	Dockerfile string
	// Ref is the "repository:tag" to give the image.
	Ref string
	// Base is the image the Dockerfile's FROM lines use, passed as the
	// build argument BASE. It must already be on the engine: a build never
	// pulls.
	Base string
	// Labels are put on the image.
	Labels map[string]string
	// Network is the network of the build's RUN steps; empty means "host",
	// so that a step can reach what the host can (the npm registry) without
	// the engine's bridge. Containers started from the image have none.
	Network string
	// NoCache rebuilds every layer.
	NoCache bool
	// Log receives the build's output; nil discards it.
	Log io.Writer
}

// Build builds an image through testcontainers-go, from a base image that
// is already on the engine (it refuses to build otherwise, and never asks
// the engine to pull a parent), and returns the built image.
func (c *Container) Build(ctx context.Context, req BuildRequest) (ImageInfo, error) {
	if req.Base == "" {
		return ImageInfo{}, errors.New("build: no base image")
	}
	repo, tag, ok := strings.Cut(req.Ref, ":")
	if !ok || repo == "" || tag == "" || strings.Contains(tag, "/") {
		return ImageInfo{}, fmt.Errorf("build: %q is not repository:tag", req.Ref)
	}
	if _, err := c.Image(ctx, req.Base); err != nil {
		return ImageInfo{}, fmt.Errorf("base image: %w", err)
	}
	network := req.Network
	if network == "" {
		network = "host"
	}
	logw := req.Log
	if logw == nil {
		logw = io.Discard
	}
	base := req.Base
	labels := map[string]string{}
	for k, v := range req.Labels {
		labels[k] = v
	}
	cr := &testcontainers.ContainerRequest{
		FromDockerfile: testcontainers.FromDockerfile{
			ContextArchive: bytes.NewReader(req.Context),
			Dockerfile:     req.Dockerfile,
			Repo:           repo,
			Tag:            tag,
			BuildArgs:      map[string]*string{"BASE": &base},
			BuildLogWriter: logw,
			KeepImage:      true,
			BuildOptionsModifier: func(o *client.ImageBuildOptions) {
				o.PullParent = false
				o.NetworkMode = network
				o.NoCache = req.NoCache
				o.Labels = labels
				o.Remove = true
				o.ForceRemove = true
			},
		},
	}
	p, err := testcontainers.NewDockerProvider(testcontainers.WithLogger(c.logger))
	if err != nil {
		return ImageInfo{}, fmt.Errorf("build: %w", err)
	}
	defer p.Close()
	ref, err := p.BuildImage(ctx, cr)
	if err != nil {
		return ImageInfo{}, fmt.Errorf("build %s: %w", req.Ref, err)
	}
	return c.Image(ctx, ref)
}
