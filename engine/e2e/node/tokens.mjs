// Token counts for what an agent reads: tools/list, tool answers. Usage:
//   node tokens.mjs < FILE          prints FILE's o200k_base token count
//   node tokens.mjs --each < JSON   JSON is an array of strings; prints one JSON
//                                   array of {bytes, o200k, claude} per string
// o200k_base is GPT-4o's and GPT-5's encoding (gpt-tokenizer). "claude" is
// @anthropic-ai/tokenizer, the tokenizer Anthropic published for its older
// models: Claude 3 and later tokenize differently and theirs is not public,
// so it is a second opinion on how much tokenizers differ, not Claude's count.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import claude from "@anthropic-ai/tokenizer";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;

if (process.argv[2] === "--each") {
  // One tokenizer for all the strings: claude.countTokens builds one per call.
  // The same steps as claude.countTokens otherwise (NFKC, special tokens as text).
  const legacy = claude.getTokenizer();
  const out = JSON.parse(input).map((s) => ({
    bytes: Buffer.byteLength(s, "utf8"),
    o200k: countTokens(s),
    claude: legacy.encode(s.normalize("NFKC"), "all").length,
  }));
  legacy.free();
  process.stdout.write(JSON.stringify(out) + "\n");
} else {
  process.stdout.write(countTokens(input) + "\n");
}
