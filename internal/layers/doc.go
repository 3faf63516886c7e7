// Package layers holds no code: its test checks that conform's import
// graph stays layered, with `go list` over the module (every path below is
// relative to module.Path).
//
//   - internal/impl, the shared types of implementations (jobs, results,
//     outcomes, descriptions, names, health), is the bottom: it imports
//     nothing of conform.
//   - The Go reference (reference/...) imports nothing of conform outside
//     reference/, so that it stays the independent implementation the
//     mirrors are compared with.
//   - The public surface is the Go reference (reference/...), the golden
//     vectors (vectors), the catalogue (spec) and the mirrors' sources
//     (mirrors), with the Go kit, a module of its own (mirrors/kit/go).
//     Every other package is internal/ or a command; a public package
//     imports nothing internal/ (but its own reference/internal/), and its
//     doc comment says that it is public.
//   - Nothing imports the command line (internal/cli) but its main
//     package, cmd/conform: every mechanism lives in a package of its own.
//   - The driver, which starts implementations, imports nothing of the
//     fuzz tree (fuzz/, internal/fuzz/): the test doubles it serves are
//     internal/fake.
//   - The configuration and the ledger import no driver: the name rules
//     they share with it are internal/impl's.
package layers
