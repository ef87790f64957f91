// An independent MCP client for unitymcp's end-to-end tests, built on the
// official TypeScript SDK. Usage:
//   node client.mjs http  URL TOKEN CALLS_JSON [WAIT_LIST_CHANGED_MS]
//   node client.mjs stdio COMMAND_JSON ENV_JSON CALLS_JSON
// It connects, lists the tools, runs each call of CALLS_JSON
// ([{name, arguments}]), optionally waits for tools/list_changed, and prints
// one JSON object: {protocolVersion, instructions, tools, calls, listChanged}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [mode, a, b, callsJSON, waitMs] = process.argv.slice(2);
let transport;
if (mode === "http") {
  transport = new StreamableHTTPClientTransport(new URL(a), {
    requestInit: { headers: { Authorization: `Bearer ${b}` } },
  });
} else if (mode === "stdio") {
  const cmd = JSON.parse(a);
  transport = new StdioClientTransport({ command: cmd[0], args: cmd.slice(1), env: JSON.parse(b), stderr: "inherit" });
} else {
  console.error("mode must be http or stdio");
  process.exit(2);
}
const client = new Client({ name: "e2e-ts-sdk", version: "1.0.0" });
let listChanged = 0;
client.setNotificationHandler(ToolListChangedNotificationSchema, () => { listChanged++; });
await client.connect(transport);
const out = {
  protocolVersion: transport.protocolVersion ?? null,
  instructions: client.getInstructions() ?? "",
  tools: (await client.listTools()).tools,
  calls: [],
  listChanged: 0,
};
for (const c of JSON.parse(callsJSON || "[]")) {
  try {
    out.calls.push({ name: c.name, result: await client.callTool({ name: c.name, arguments: c.arguments ?? {} }) });
  } catch (e) {
    out.calls.push({ name: c.name, protocolError: String(e) });
  }
}
if (waitMs) {
  // Tell the Go test we are listening, then wait for the notification.
  console.error("LISTENING");
  const until = Date.now() + Number(waitMs);
  while (listChanged === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  out.tools = (await client.listTools()).tools;
}
out.listChanged = listChanged;
process.stdout.write(JSON.stringify(out) + "\n");
await client.close();
