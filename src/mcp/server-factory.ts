import { McpServer } from '@modelcontextprotocol/server';
import type { Services } from '../tools/context.js';
import { TOOLS } from '../tools/index.js';
import { SERVER_INSTRUCTIONS } from './instructions.js';
import { registerTools, type CallerInfo, type CallRecord } from './register-tools.js';

/** Builds the MCP server for one session (2025 era) or one request (2026 era). */
export function createMcpServer(services: Services, caller: CallerInfo, onCall: (record: CallRecord) => void): McpServer {
  const server = new McpServer(
    { name: services.server.identity.serverName, version: services.server.identity.serverVersion, title: 'Footlight' },
    {
      instructions: SERVER_INSTRUCTIONS,
      capabilities: { tools: { listChanged: false }, logging: {} },
      maxToolInputElements: 100_000,
    },
  );
  registerTools(server, TOOLS, services, caller, onCall);
  server.server.oninitialized = () => {
    const client = server.server.getClientVersion();
    if (client !== undefined) caller.clientName = client.name;
  };
  return server;
}
