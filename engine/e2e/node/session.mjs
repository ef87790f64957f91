// A long MCP session over stdio with the official TypeScript SDK, driven
// line by line, for tests that change things under a connected client
// (the Windows build under Wine, a daemon killed and restarted). Usage:
//   node session.mjs COMMAND_JSON ENV_JSON
// It connects to the stdio server COMMAND_JSON ([program, ...args]) with
// the environment ENV_JSON, prints {"ready":true,"protocolVersion":…}, then
// reads one request per line from stdin — {"id":N,"op":"list"} or
// {"id":N,"op":"call","name":…,"arguments":{…}} — and answers each, as it
// completes (requests run concurrently), with one line:
// {"id":N,"tools":[names]}, {"id":N,"result":{…}} or {"id":N,"error":"…"}.
// It closes the session when stdin ends.
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [commandJSON, envJSON] = process.argv.slice(2);
const cmd = JSON.parse(commandJSON);
const transport = new StdioClientTransport({ command: cmd[0], args: cmd.slice(1), env: JSON.parse(envJSON), stderr: "inherit" });
const client = new Client({ name: "e2e-ts-session", version: "1.0.0" });
await client.connect(transport);
const say = (o) => process.stdout.write(JSON.stringify(o) + "\n");
say({ ready: true, protocolVersion: transport.protocolVersion ?? null });

const pending = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  pending.push((async () => {
    try {
      if (req.op === "list") {
        say({ id: req.id, tools: (await client.listTools()).tools.map((t) => t.name) });
      } else {
        // No client-side timeout shorter than the server's: a call held
        // across a daemon restart must get the server's answer.
        say({ id: req.id, result: await client.callTool({ name: req.name, arguments: req.arguments ?? {} }, undefined, { timeout: 600000 }) });
      }
    } catch (e) {
      say({ id: req.id, error: String(e) });
    }
  })());
}
await Promise.all(pending);
await client.close();
