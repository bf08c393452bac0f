import type { AnyTool } from './define-tool.js';
import applyOperations from './core/apply-operations.js';
import getHistory from './core/get-history.js';
import getStatus from './core/get-status.js';
import redo from './core/redo.js';
import undo from './core/undo.js';
import getChannel from './light/get-channel.js';
import addChannel from './light/add-channel.js';
import removeChannel from './light/remove-channel.js';
import moveChannel from './light/move-channel.js';
import copyChannel from './light/copy-channel.js';
import groupChannels from './light/group-channels.js';
import ungroupChannel from './light/ungroup-channel.js';
import ungroupChannels from './light/ungroup-channels.js';
import listFixtures from './light/list-fixtures.js';
import getFixture from './light/get-fixture.js';
import addFixture from './light/add-fixture.js';
import removeFixture from './light/remove-fixture.js';
import moveFixture from './light/move-fixture.js';
import duplicateFixture from './light/duplicate-fixture.js';
import setFixtureParams from './light/set-fixture-params.js';
import setFixtureTags from './light/set-fixture-tags.js';
import fireTrigger from './light/fire-trigger.js';
import getTempo from './light/get-tempo.js';
import listViews from './light/list-views.js';
import addView from './light/add-view.js';
import removeView from './light/remove-view.js';
import getFrame from './light/get-frame.js';
import getParameter from './light/get-parameter.js';
import getProjectInfo from './light/get-project-info.js';
import listChannels from './light/list-channels.js';
import listParameters from './light/list-parameters.js';
import searchComponents from './light/search-components.js';
import setParameter from './light/set-parameter.js';

/** Every MCP tool, in the order tools/list reports them. */
export const TOOLS: readonly AnyTool[] = [
  getStatus,
  getProjectInfo,
  listChannels,
  getChannel,
  getTempo,
  listParameters,
  searchComponents,
  getParameter,
  setParameter,
  fireTrigger,
  addChannel,
  removeChannel,
  moveChannel,
  copyChannel,
  groupChannels,
  ungroupChannel,
  ungroupChannels,
  listFixtures,
  getFixture,
  addFixture,
  removeFixture,
  moveFixture,
  duplicateFixture,
  setFixtureParams,
  setFixtureTags,
  listViews,
  addView,
  removeView,
  getFrame,
  undo,
  redo,
  getHistory,
  applyOperations,
] as unknown as readonly AnyTool[];
