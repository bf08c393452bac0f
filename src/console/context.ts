import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/light-show.js';
import type { DeviceRegistry } from '../light/registry.js';
import type { Services } from '../tools/context.js';
import type { ActivityItem, ConnectInfo, HistoryState, LightState, PolicyState, SessionInfo, SoundState } from './protocol.js';

/** What the console's routes and socket share: the services and the readers they call. */
export interface ConsoleContext {
  readonly services: Services;
  readonly light: LightShow;
  readonly registry: DeviceRegistry;
  readonly log: Logger;
  /** Builders below run inside an engine-queue task unless noted. */
  lightState(): LightState;
  historyState(): HistoryState;
  /** Outside the queue: the policy switches. */
  policy(): PolicyState;
  /** Outside the queue: MCP sessions. */
  sessions(): { sessions: SessionInfo[]; connected: boolean };
  activity(limit?: number): ActivityItem[];
  connect(): ConnectInfo;
  sound(): SoundState;
  /** Everything a page needs on connect, read in one queue task. */
  snapshot(): Promise<{ light: LightState; history: HistoryState; policy: PolicyState; sessions: SessionInfo[]; connected: boolean; activity: ActivityItem[]; sound: SoundState }>;
}
