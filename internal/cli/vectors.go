package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

func newVectorsCmd(env *Env) *cobra.Command {
	cmd := &cobra.Command{Use: "vectors", Short: "Inspect and verify the golden vectors"}
	var dir string
	verify := &cobra.Command{
		Use:   "verify",
		Short: "Check the vectors against their sha256 MANIFEST and parse every file",
		Long: `verify checks that every vector file is listed in vectors/MANIFEST with its
sha256, that no file is unlisted, that every file is pure ASCII with LF line
ends, that every case parses, and that the set's LOCK records every contract
version as it is (the version-bump gate, spec/README.md "Versions"). Exit 0
when clean, 2 otherwise.

Bounds (README.md "Bounds"): the MANIFEST 1 MiB, a vector file 64 MiB,
the listed files together 256 MiB, the cases' expanded inputs together
256 MiB (one input_expand 48 MiB); a MANIFEST or vector file that is not
a regular file (a named pipe) is refused unopened.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			fsys, root, err := vectorsFS(dir)
			if err != nil {
				return err
			}
			sum, problems, err := vectors.VerifyNamed(fsys, root)
			if err != nil {
				return usageErr("%v", err)
			}
			for _, p := range problems {
				fmt.Fprintf(env.Stdout, "FAIL %s\n", p)
			}
			if len(problems) > 0 {
				// Load would report the same files again.
				return &exitError{code: report.ExitUsage}
			}
			files, err := vectors.LoadNamed(fsys, root)
			if err != nil {
				fmt.Fprintf(env.Stdout, "FAIL %v\n", err)
				return &exitError{code: report.ExitUsage}
			}
			additive, err := gate(fsys, root, dir, vectors.Cases(files))
			if err != nil {
				return err
			}
			if len(additive) > 0 {
				for _, d := range additive {
					fmt.Fprintf(env.Stdout, "FAIL %s does not record %s: additive, no new version needed; %s records it\n", lockName(root), d.Summary(), lockCommand(dir))
				}
				return &exitError{code: report.ExitUsage}
			}
			fmt.Fprintf(env.Stdout, "ok: %d files, %d cases, MANIFEST sha256 %s\n", len(files), len(vectors.Cases(files)), sum)
			return nil
		},
	}
	verify.Flags().StringVar(&dir, "vectors", "", "verify the vector set in this directory instead of the one compiled in")
	cmd.AddCommand(verify, newVectorsLockCmd(env))
	return cmd
}
