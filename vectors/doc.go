// Package vectors holds conform's golden vectors (embedded from this
// directory), their file format (README.md) and the Case model that golden
// vectors and corpora both load into.
package vectors
