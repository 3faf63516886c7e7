// Package frame is the public Go reference of the contract frame/1: the strict
// lexer of the managed tool host's raw frames. Lex takes one frame and
// returns nil when it is accepted, or a refusal from the closed table
// Guards; it produces no value.
//
// Sources: spec/frame.md; seed 001, section 6 ("Managed ATS tool host v1"),
// decided encoding rules 8 (controls and unpaired surrogates refused
// anywhere, keys included) and 13 (the raw frame lexer), review decision 6
// (byte bounds count bytes), and "Two lexer details keep the raw frame
// vectors single-cause".
//
// Rules, in the order they are checked (spec/frame.md, "Precedence"):
//
//  1. More than MaxBytes bytes is refused (ErrSize). Ignored: no bound.
//  2. A leading UTF-8 byte order mark is refused (ErrBOM). Ignored: the
//     three bytes are skipped.
//  3. The whole frame must be valid UTF-8 (ErrUTF8). Ignored: each maximal
//     invalid subpart becomes U+FFFD.
//  4. One scan in document order; the first defect met wins:
//     - the first byte after leading JSON whitespace must be '{'
//     (ErrNotObject; none at all is ErrSyntax). Ignored: any JSON value is
//     lexed;
//     - the RFC 8259 grammar, where no rule below names a more specific
//     refusal (ErrSyntax, which has no accept path);
//     - depth above MaxDepth, at the opening bracket of the 17th nested
//     container (ErrDepth; ignored: lexing continues);
//     - a number token is the longest run of 0-9 + - . e E starting at '-' or
//     a digit where a value is expected; one that is not exactly 0 or
//     [1-9][0-9]* is refused (ErrNumber), and a well-spelled one above
//     2^53-1 too (ErrNumberRange), as soon as it ends. Ignored: the token
//     is accepted as it is;
//     - a string is scanned to its closing quote first (an unterminated
//     string or a bad escape is ErrSyntax, a raw control byte is not);
//     then its UTF-16 units, escapes decoded first, are read in order and
//     the first offending one refuses: a control U+0000-U+001F or
//     U+007F-U+009F (ErrControl), or a surrogate not in a high-low pair
//     (ErrSurrogate). Ignored: the unit passes;
//     - a member name equal, as UTF-16 units after unescaping, to an earlier
//     one of the same object, at any depth (ErrDuplicate), checked after
//     the name's content rule and before the ':'. Ignored: lexing
//     continues.
//
// The lexer reads tokens from the reference's one JSON scanner
// (internal/jsonwire, with its RawControls and NumberRuns grammar), which
// holds no guard, and checks each token's rules here, as soon as the scanner
// returns it. It is iterative, so nesting is bounded by memory only when
// ErrDepth is ignored.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/frame.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package frame
