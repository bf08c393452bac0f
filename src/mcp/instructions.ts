import { SOUND_WRITE_CONTRACT } from '../tools/sound/payloads.js';

/**
 * The initialize-time instructions. They exist to prevent the usual first-session mistakes, so
 * they are short, concrete and in the order an agent meets the problems.
 */
export const SERVER_INSTRUCTIONS = `Footlight runs a live show: an LX-compatible light engine and a music host. A person at the web console sees every change \
you make, can take over any control and can undo your work; so can other agents. Work like a careful stagehand.

Tools: tools/list starts with a small set (status, discovery, search, parameters, undo, frame, batch); find_tools("wire an LFO", "grid patch", "song \
import"...) finds any other tool, lists its family for this session and returns its input schema, and every served tool can be called by name at once. Output \
schemas in tools/list declare one level of fields, and fields several tools share by type only (footlight://tool-schema-shared describes them once); \
footlight://tool-schema/{name} has a tool's full schemas.

Discover, never guess. Get paths from list_channels, list_parameters and other list tools. Paths are canonical LX paths such as \
/lx/mixer/channel/1/pattern/2/speed: numbers in paths are 1-based, \`index\` fields in payloads are 0-based. Paths shift when items are added, removed or \
moved — re-list after any structural change instead of reusing cached paths.

The mixer: channels are mixed in order onto black (channel 1 at the bottom), each with its blend mode and fader. In playlist mode a channel shows its one \
active pattern; in blend mode it mixes every enabled pattern by its level. Something is visible only along the whole chain: the pattern is active (or \
enabled, in blend mode) → the channel is enabled and its fader is above 0 → the master fader is above 0 → outputs are enabled for real fixtures.

Parameters: set_parameter refuses out-of-range values rather than clamping; enums take an option name or a 0-based index. A modulated parameter reports its \
effective \`value\` and its \`baseValue\`; set_parameter moves the base and the modulation keeps riding on top. Mutations are verified: a success payload is \
what the engine holds after the change.

Undo: every tool call that changes the show is one step in one history shared with the console and every other client. undo takes back the latest step \
whoever made it; read get_history first if you mean your own.

Reliability: a \`timeout\` error means the call never started and nothing was applied; any other failure mid-connection may have been applied — re-read state \
before deciding, never blindly retry a write (a write that takes request_id may be resent with the same id: it runs once). If the connection fails or the \
session is unknown (HTTP 404), Footlight probably restarted: re-read ~/.footlight/status.json, reconnect, call get_status, and re-list before using paths. \
Agents cannot save the show file; the operator saves from the console.

${SOUND_WRITE_CONTRACT}`;
