package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/transport"
)

type imagesBuildOptions struct {
	impls   []string
	base    string
	noCache bool
	network string
	verbose bool
	caFile  string
}

func newImagesCmd(env *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "images",
		Short: "Build the mirrors' container images (for --transport container)",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newImagesBuildCmd(env))
	return cmd
}

func newImagesBuildCmd(env *Env) *cobra.Command {
	o := &imagesBuildOptions{}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build each mirror's image from the sources compiled into conform",
		Long: `build builds the image of each mirror from its Dockerfile (mirrors/<lang>/Dockerfile)
and the mirror's sources as compiled into conform, the same sources local runs
use, and tags it conform-mirror-<lang>:<hash of sources and Dockerfile>, the
image --transport container runs. The base image is the Dockerfile's pinned
default (the official Node.js and Python images) unless --base names another.
The base must already be on the Docker engine: conform never pulls. Building
again is quick: the engine's build cache keeps every unchanged layer.

It prints one line per image on stdout: mirror, image, image ID, base.

Exit codes: 0 built; 2 no Docker engine, or the base image is missing;
3 a build failed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runImagesBuild(cmd.Context(), env, o) },
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.impls, "impl", []string{"ts", "python"}, "mirrors to build: ts, python")
	f.StringVar(&o.base, "base", "", "base image for every mirror, instead of each Dockerfile's default (must be on the engine)")
	f.BoolVar(&o.noCache, "no-cache", false, "rebuild every layer")
	f.StringVar(&o.network, "network", "host", "network of the build steps (npm ci needs the npm registry); the images run with none")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "copy the build output to stderr")
	f.StringVar(&o.caFile, "build-ca", os.Getenv("NODE_EXTRA_CA_CERTS"),
		"PEM file of extra certificate authorities that npm ci trusts during the build (default $NODE_EXTRA_CA_CERTS); never in the images")
	return cmd
}

func runImagesBuild(ctx context.Context, env *Env, o *imagesBuildOptions) error {
	var ms []mirrors.Mirror
	for _, n := range o.impls {
		for _, n := range strings.Split(n, ",") {
			n = strings.TrimSpace(n)
			m, ok := mirrors.Lookup(n)
			if !ok {
				return usageErr("unknown mirror %q (known: ts, python)", n)
			}
			if !slices.ContainsFunc(ms, func(x mirrors.Mirror) bool { return x.Name == n }) {
				ms = append(ms, m)
			}
		}
	}
	var ca []byte
	if o.caFile != "" {
		var err error
		if ca, err = infile.ReadFile(o.caFile, infile.Bound{Max: 1 << 20, What: "a --build-ca file"}); err != nil {
			return usageErr("--build-ca: %v", err)
		}
	}
	ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
	if err != nil {
		return usageErr("%v", err)
	}
	defer ct.Close()
	for _, m := range ms {
		ref, err := m.ImageRef()
		if err != nil {
			return brokenErr(err)
		}
		base := o.base
		if base == "" {
			if base, err = m.DefaultBase(); err != nil {
				return brokenErr(err)
			}
		}
		fmt.Fprintf(env.Stderr, "building %s from %s ...\n", ref, base)
		var logbuf bytes.Buffer
		var log io.Writer = &logbuf
		if o.verbose {
			log = io.MultiWriter(&logbuf, env.Stderr)
		}
		start := time.Now()
		img, err := m.BuildImage(ctx, ct, mirrors.ImageBuild{Base: base, CA: ca, Network: o.network, NoCache: o.noCache, Log: log})
		if err != nil {
			var nf *transport.ImageNotFoundError
			if errors.As(err, &nf) && nf.Ref == base {
				return usageErr("the %s mirror's base image %s is not on the Docker engine, and conform never pulls: "+
					"pull it yourself, or build the local base (ci/docker.sh) and pass it with --base", m.Name, base)
			}
			return brokenErr(fmt.Errorf("%v\n%s", err, tailOf(logbuf.String(), 3000)))
		}
		fmt.Fprintf(env.Stderr, "built %s in %.1fs\n", ref, time.Since(start).Seconds())
		fmt.Fprintf(env.Stdout, "%s\t%s\t%s\t%s\n", m.Name, ref, img.ID, base)
	}
	return nil
}

func tailOf(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
