// Package layers holds no code: its test checks that conform's import
// graph stays layered, with `go list` over the module.
//
//   - conform/impl, the shared types of implementations (jobs, results,
//     outcomes, descriptions, health), is the bottom: it imports nothing of
//     conform.
//   - The Go reference (conform/reference/...) imports nothing of conform
//     outside conform/reference/, so that it stays the independent
//     implementation the mirrors are compared with.
//   - Nothing imports the command line (conform/cli) but its main package,
//     cmd/conform: every mechanism lives in a package of its own.
package layers
