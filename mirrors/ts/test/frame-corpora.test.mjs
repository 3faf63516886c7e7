// frame/1 on JSONTestSuite (the shared corpora: ../shared/corpora, or
// $CONFORM_CORPORA): every n_ file is refused by lex. A glob that matches
// no file fails; an absent corpora directory is a visible skip (or a
// failure with CONFORM_REQUIRE_ORACLES=1).

import { test } from "node:test";
import { lex } from "../dist/frame.js";
import { corporaDir, missing, refusesJSONTestSuite } from "./helpers.mjs";

test("JSONTestSuite test_parsing: every n_ file refused by lex", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  refusesJSONTestSuite(t, dir, "lex", lex);
});
