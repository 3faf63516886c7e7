package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/fuzz/campaign"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/internal/vectors/lock"
)

// lockName is how messages name the lock of the vector set at root (as
// vectorsFS names it), and lockCommand the command that writes it.
func lockName(root string) string { return filepath.Join(root, vectors.LockPath) }

func lockCommand(dir string) string {
	if dir == "" {
		return lock.Command
	}
	return lock.Command + " --vectors " + dir
}

// readLock reads and parses the lock of a vector set; missing reports
// whether there is none.
func readLock(fsys fs.FS, root string) (l *lock.Lock, missing bool, err error) {
	b, err := vectors.ReadLock(fsys)
	if errors.Is(err, fs.ErrNotExist) {
		return &lock.Lock{Sections: map[string]*lock.Section{}}, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", lockName(root), err)
	}
	l, err = lock.Parse(b, lockName(root))
	return l, false, err
}

// gate is the version-bump gate of `conform run` and `conform vectors
// verify`: the vector set's lock against the catalogue and the set's
// cases. It fails (a usage error) when the lock is missing or broken, or
// when a contract version changed in a way only a new version may carry,
// naming the contract, the changes and the command; it returns the
// contract versions whose additive changes the lock does not record yet.
func gate(fsys fs.FS, root, dir string, cases []vectors.Case) ([]lock.Diff, error) {
	l, missing, err := readLock(fsys, root)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	if missing {
		return nil, usageErr("%s is missing: the vector set has no version-bump lock (%s writes it)", lockName(root), lockCommand(dir))
	}
	additive, err := lock.Gate(l, lockName(root), spec.MustLoad(), cases)
	var be *lock.BreakingError
	if errors.As(err, &be) {
		be.Command = lockCommand(dir)
		return nil, usageErr("%v", be)
	}
	return additive, err
}

// noteAdditive tells w about additive changes the lock does not record.
func noteAdditive(w io.Writer, root, dir string, additive []lock.Diff) {
	for _, d := range additive {
		fmt.Fprintf(w, "conform: %s does not record %s yet: additive, no new version needed (%s records it)\n", lockName(root), d.Summary(), lockCommand(dir))
	}
}

func newVectorsLockCmd(env *Env) *cobra.Command {
	var dir, module string
	cmd := &cobra.Command{
		Use:   "lock",
		Short: "Record the vectors and refusal tables in vectors/LOCK, the version-bump gate",
		Long: `lock writes the vector set's LOCK: per contract version, its operations and
a digest of each refusal (from the catalogue) and of each vector's expected
output or message. It records additive changes (new vectors, new
operations, new refusals only new operations give, a new contract or a new
version of one) and refuses any other change under a contract version the
lock already has: that change needs a new contract version
(spec/README.md, "Versions"). Sections of versions no longer current are
kept. The vector set must pass conform vectors verify's manifest check.

The set is --vectors DIR, by default the vectors/ directory of the conform
module that holds the working directory (the compiled-in set cannot be
written). Exit 0 when the lock is written or already current, 2 when a
change is refused or the set does not load.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if dir == "" {
				mod, err := campaign.ModuleRoot(module)
				if err != nil {
					return usageErr("%v (give --vectors DIR)", err)
				}
				dir = filepath.Join(mod, "vectors")
			}
			fsys, root, err := vectorsFS(dir)
			if err != nil {
				return err
			}
			_, problems, err := vectors.VerifyNamed(fsys, root)
			if err != nil {
				return usageErr("%v", err)
			}
			if len(problems) > 0 {
				return usageErr("%s fails verification (%s; conform vectors verify lists every problem)", root, problems[0])
			}
			files, err := vectors.LoadNamed(fsys, root)
			if err != nil {
				return usageErr("%v", err)
			}
			old, _, err := readLock(fsys, root)
			if err != nil {
				return usageErr("%v", err)
			}
			next, added, err := lock.Update(old, lockName(root), spec.MustLoad(), vectors.Cases(files))
			var be *lock.BreakingError
			if errors.As(err, &be) {
				be.Command = lockCommand(dir)
				return usageErr("%v", be)
			}
			if err != nil {
				return usageErr("%v", err)
			}
			if len(added) == 0 {
				fmt.Fprintf(env.Stdout, "%s is current\n", lockName(root))
				return nil
			}
			// Published only over the LOCK that was read: one written
			// meanwhile (another lock, a merge) is never overwritten.
			oldBytes, err := vectors.ReadLock(fsys)
			if errors.Is(err, fs.ErrNotExist) {
				oldBytes, err = nil, nil
			}
			if err != nil {
				return usageErr("%v", err)
			}
			if err := atomicfile.Update(filepath.Join(dir, vectors.LockPath), oldBytes, next.Bytes()); err != nil {
				return usageErr("%v", err)
			}
			for _, d := range added {
				fmt.Fprintf(env.Stdout, "recorded %s\n", d.Summary())
			}
			fmt.Fprintf(env.Stdout, "wrote %s\n", lockName(root))
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "vectors", "", "the vector directory whose LOCK to write (default: the module's vectors/)")
	cmd.Flags().StringVar(&module, "module", "", "the conform module's directory (default: found from the working directory)")
	return cmd
}

// gateRun is the gate as conform run applies it to the vector set it
// loaded (vectorsDir, "" for the compiled-in one): a breaking change fails
// the run, an additive one the lock does not record yet is a notice on w.
func gateRun(vectorsDir string, cases []vectors.Case, w io.Writer) error {
	fsys, root, err := vectorsFS(vectorsDir)
	if err != nil {
		return err
	}
	additive, err := gate(fsys, root, vectorsDir, cases)
	if err != nil {
		return err
	}
	noteAdditive(w, root, vectorsDir, additive)
	return nil
}
