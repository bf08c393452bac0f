import type { ConnectInfo } from './protocol.js';

/** The MCP URL and copy-paste client configurations (the same as README.md's). */
export function connectInfo(mcpUrl: string): ConnectInfo {
  const consoleUrl = mcpUrl.replace(/\/mcp$/, '/');
  const json = (o: unknown): string => JSON.stringify(o, null, 2);
  return {
    mcpUrl,
    consoleUrl,
    clients: [
      { name: 'Claude Code', where: 'shell', text: `claude mcp add --transport http footlight ${mcpUrl}` },
      { name: 'Claude Code (.mcp.json)', where: '.mcp.json in the project', text: json({ mcpServers: { footlight: { type: 'http', url: mcpUrl } } }) },
      {
        name: 'Claude Desktop',
        where: 'claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/, Windows: %APPDATA%\\Claude\\)',
        text: json({ mcpServers: { footlight: { command: 'node', args: ['/path/to/footlight/bin/footlight.js', 'bridge', '--url', mcpUrl] } } }),
      },
      { name: 'Cursor', where: '~/.cursor/mcp.json or .cursor/mcp.json', text: json({ mcpServers: { footlight: { url: mcpUrl } } }) },
      { name: 'Codex', where: 'shell', text: `codex mcp add footlight --url ${mcpUrl}` },
      { name: 'Codex (config.toml)', where: '~/.codex/config.toml', text: `[mcp_servers.footlight]\nurl = "${mcpUrl}"` },
    ],
  };
}
