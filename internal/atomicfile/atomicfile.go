// Package atomicfile writes whole files so that a reader, or a crash, never
// sees half of one: the bytes go to a temporary file beside the target,
// are synced, and the temporary file is renamed onto the target. conform
// never leaves a truncated vector file, MANIFEST, corpus archive or report.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to path atomically, mode 0644 (CreateTemp would
// make it 0600; these files are as readable as any the user writes). The
// directory must exist. On any error the temporary file is removed, path
// is left as it was, and the error names path.
func WriteFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}
