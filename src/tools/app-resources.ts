/** The MCP App (ui:// resource) that shows the live light preview and the sound transport. */
export const PREVIEW_APP_URI = 'ui://footlight/preview';
