// Command conform checks that the Go reference and the TypeScript and Python
// mirrors of each contract agree, byte for byte, on golden vectors and
// public corpora. See README.md.
package main

import (
	"os"

	"github.com/conform-dev/conform/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
