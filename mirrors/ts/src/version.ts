// Identity constants of this mirror, reported by the harness handshake.
//
// TYPESCRIPT_VERSION is the compiler this build is pinned to: package.json's
// devDependencies pin typescript to exactly this version, and
// test/harness.test.mjs fails if either the pin or the installed compiler
// disagrees with it.

export const NAME = "conform-ts";
export const VERSION = "0.1.0";
export const TYPESCRIPT_VERSION = "5.9.3";
