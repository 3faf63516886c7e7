// Package vectors is public: it holds conform's golden vectors as files,
// compiled in from this directory, as C2SP/CCTV ships its vectors. Each
// contract's vectors are JSON Lines files (<contract-dir>/*.jsonl), listed
// with their sha256 in MANIFEST and pinned per contract version in LOCK;
// the differential fuzzing findings are vector files of the same format
// under findings/. README.md in this directory documents the format for
// any language. It promises the files and their format; conform's own
// loader of them is internal.
package vectors

import (
	"embed"
	"io/fs"
)

//go:embed MANIFEST LOCK */*.jsonl findings
var files embed.FS

// FS returns the vectors compiled into conform: MANIFEST, LOCK, every
// <contract-dir>/*.jsonl and findings/, at their paths in this directory.
func FS() fs.FS { return files }
