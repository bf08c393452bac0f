import type { AnyTool } from './define-tool.js';
import applyOperations from './core/apply-operations.js';
import getHistory from './core/get-history.js';
import getStatus from './core/get-status.js';
import redo from './core/redo.js';
import undo from './core/undo.js';
import describeModel from './light/describe-model.js';
import getComponentDoc from './light/get-component-doc.js';
import getFrame from './light/get-frame.js';
import getParameter from './light/get-parameter.js';
import getOutputMap from './light/get-output-map.js';
import getOutputStats from './light/get-output-stats.js';
import getProjectInfo from './light/get-project-info.js';
import listAvailableEffects from './light/list-available-effects.js';
import listAvailableFixtures from './light/list-available-fixtures.js';
import listAvailableModulators from './light/list-available-modulators.js';
import listAvailablePatterns from './light/list-available-patterns.js';
import listChannels from './light/list-channels.js';
import listParameters from './light/list-parameters.js';
import searchComponents from './light/search-components.js';
import setParameter from './light/set-parameter.js';

/** Every MCP tool, in the order tools/list reports them. */
export const TOOLS: readonly AnyTool[] = [
  getStatus,
  getProjectInfo,
  listChannels,
  listParameters,
  searchComponents,
  listAvailablePatterns,
  listAvailableEffects,
  listAvailableModulators,
  listAvailableFixtures,
  getComponentDoc,
  describeModel,
  getParameter,
  setParameter,
  getFrame,
  getOutputMap,
  getOutputStats,
  undo,
  redo,
  getHistory,
  applyOperations,
] as unknown as readonly AnyTool[];
