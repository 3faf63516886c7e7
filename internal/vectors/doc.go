// Package vectors loads vector sets: the golden vectors compiled in (the
// public package vectors, at the repository's vectors/) or a vector
// directory on disk, in the file format of vectors/README.md, into the
// Case model that golden vectors and corpora both load into; it checks
// them against their MANIFEST and LOCK.
package vectors
