import type { ConnectInfo } from './protocol.js';

/**
 * The MCP URL and copy-paste client configurations (the same as README.md's). With an access
 * token (Footlight listens beyond loopback) every configuration sends it, and the console link carries it.
 */
export function connectInfo(mcpUrl: string, accessToken?: string): ConnectInfo {
  const consoleUrl = mcpUrl.replace(/\/mcp$/, '/') + (accessToken === undefined ? '' : `#token=${accessToken}`);
  const json = (o: unknown): string => JSON.stringify(o, null, 2);
  const bearer = accessToken === undefined ? undefined : `Bearer ${accessToken}`;
  const headers = bearer === undefined ? {} : { headers: { Authorization: bearer } };
  return {
    mcpUrl,
    consoleUrl,
    ...(accessToken === undefined ? {} : { accessToken }),
    clients: [
      {
        name: 'Claude Code',
        where: 'shell',
        text: `claude mcp add --transport http footlight ${mcpUrl}${bearer === undefined ? '' : ` --header "Authorization: ${bearer}"`}`,
      },
      {
        name: 'Claude Code (.mcp.json)',
        where: '.mcp.json in the project',
        text: json({ mcpServers: { footlight: { type: 'http', url: mcpUrl, ...headers } } }),
      },
      {
        name: 'Claude Desktop',
        where: 'claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/, Windows: %APPDATA%\\Claude\\)',
        text: json({
          mcpServers: {
            footlight: {
              command: 'node',
              args: ['/path/to/footlight/bin/footlight.js', 'bridge', '--url', mcpUrl, ...(accessToken === undefined ? [] : ['--token', accessToken])],
            },
          },
        }),
      },
      { name: 'Cursor', where: '~/.cursor/mcp.json or .cursor/mcp.json', text: json({ mcpServers: { footlight: { url: mcpUrl, ...headers } } }) },
      {
        name: 'Codex',
        where: bearer === undefined ? 'shell' : 'shell (Codex reads the token from FOOTLIGHT_TOKEN where it runs)',
        text:
          bearer === undefined
            ? `codex mcp add footlight --url ${mcpUrl}`
            : `codex mcp add footlight --url ${mcpUrl} --bearer-token-env-var FOOTLIGHT_TOKEN\nexport FOOTLIGHT_TOKEN=${accessToken}`,
      },
      {
        name: 'Codex (config.toml)',
        where: '~/.codex/config.toml',
        text: `[mcp_servers.footlight]\nurl = "${mcpUrl}"${bearer === undefined ? '' : `\nhttp_headers = { Authorization = "${bearer}" }`}`,
      },
    ],
  };
}
