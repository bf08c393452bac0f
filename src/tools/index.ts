import type { AnyTool } from './define-tool.js';
import applyOperations from './core/apply-operations.js';
import getHistory from './core/get-history.js';
import getStatus from './core/get-status.js';
import getClusterStatus from './cluster/get-cluster-status.js';
import findTools from './core/find-tools.js';
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
import addPattern from './light/add-pattern.js';
import removePattern from './light/remove-pattern.js';
import movePattern from './light/move-pattern.js';
import copyPattern from './light/copy-pattern.js';
import activatePattern from './light/activate-pattern.js';
import addEffect from './light/add-effect.js';
import removeEffect from './light/remove-effect.js';
import moveEffect from './light/move-effect.js';
import copyEffect from './light/copy-effect.js';
import describeModel from './light/describe-model.js';
import getComponentDoc from './light/get-component-doc.js';
import listModulations from './light/list-modulations.js';
import addModulator from './light/add-modulator.js';
import removeModulator from './light/remove-modulator.js';
import moveModulator from './light/move-modulator.js';
import wireModulation from './light/wire-modulation.js';
import wireTrigger from './light/wire-trigger.js';
import removeModulation from './light/remove-modulation.js';
import listStages from './light/list-stages.js';
import addStage from './light/add-stage.js';
import removeStage from './light/remove-stage.js';
import setStage from './light/set-stage.js';
import getPalette from './light/get-palette.js';
import saveSwatch from './light/save-swatch.js';
import setSwatch from './light/set-swatch.js';
import removeSwatch from './light/remove-swatch.js';
import moveSwatch from './light/move-swatch.js';
import addColor from './light/add-color.js';
import removeColor from './light/remove-color.js';
import listSnapshots from './light/list-snapshots.js';
import addSnapshot from './light/add-snapshot.js';
import recallSnapshot from './light/recall-snapshot.js';
import updateSnapshot from './light/update-snapshot.js';
import listClips from './clips/list-clips.js';
import addClip from './clips/add-clip.js';
import removeClip from './clips/remove-clip.js';
import copyClip from './clips/copy-clip.js';
import setClip from './clips/set-clip.js';
import launchClip from './clips/launch-clip.js';
import stopClip from './clips/stop-clip.js';
import getClipLane from './clips/get-clip-lane.js';
import setClipLane from './clips/set-clip-lane.js';
import recordClip from './clips/record-clip.js';
import placeLightCue from './clips/place-light-cue.js';
import listLightCues from './clips/list-light-cues.js';
import checkShow from './clips/check-show.js';
import createCueList from './cues/create-cue-list.js';
import editCueList from './cues/edit-cue-list.js';
import listCueLists from './cues/list-cue-lists.js';
import recordCue from './cues/record-cue.js';
import editCue from './cues/edit-cue.js';
import runCueList from './cues/run-cue-list.js';
import getCueListStatus from './cues/get-cue-list-status.js';
import previewCue from './cues/preview-cue.js';
import checkCueList from './cues/check-cue-list.js';
import addMidiCueTrigger from './cues/add-midi-cue-trigger.js';
import removeMidiCueTrigger from './cues/remove-midi-cue-trigger.js';
import listFixtureProfiles from './stage/list-fixture-profiles.js';
import getFixtureProfile from './stage/get-fixture-profile.js';
import getCamera from './cameras/get-camera.js';
import setCamera from './cameras/set-camera.js';
import saveCamera from './cameras/save-camera.js';
import listCameras from './cameras/list-cameras.js';
import recallCamera from './cameras/recall-camera.js';
import animateCamera from './cameras/animate-camera.js';
import removeCamera from './cameras/remove-camera.js';
import getPointStyle from './cameras/get-point-style.js';
import setPointStyle from './cameras/set-point-style.js';
import patchFixture from './stage/patch-fixture.js';
import editStageFixture from './stage/edit-stage-fixture.js';
import removeStageFixture from './stage/remove-stage-fixture.js';
import listStageFixtures from './stage/list-stage-fixtures.js';
import getStageFixtureDmx from './stage/get-stage-fixture-dmx.js';
import aimStageFixtures from './stage/aim-stage-fixtures.js';
import removeSnapshot from './light/remove-snapshot.js';
import getFrame from './light/get-frame.js';
import getPreviewPoints from './light/get-preview-points.js';
import getParameter from './light/get-parameter.js';
import getOutputMap from './light/get-output-map.js';
import getOutputStats from './light/get-output-stats.js';
import getDmxInput from './light/get-dmx-input.js';
import listMidiMappings from './midi/list-midi-mappings.js';
import addMidiMapping from './midi/add-midi-mapping.js';
import removeMidiMapping from './midi/remove-midi-mapping.js';
import listMidiInputs from './midi/list-midi-inputs.js';
import setMidiInput from './midi/set-midi-input.js';
import getLastMidiControl from './midi/get-last-midi-control.js';
import listMidiSurfaces from './midi/list-midi-surfaces.js';
import setMidiSurface from './midi/set-midi-surface.js';
import listMidiTemplates from './midi/list-midi-templates.js';
import addMidiTemplate from './midi/add-midi-template.js';
import removeMidiTemplate from './midi/remove-midi-template.js';
import setMidiTemplateTarget from './midi/set-midi-template-target.js';
import addStagePoint from './stage/add-stage-point.js';
import removeStagePoint from './stage/remove-stage-point.js';
import getProjectInfo from './light/get-project-info.js';
import listAvailableEffects from './light/list-available-effects.js';
import listAvailableFixtures from './light/list-available-fixtures.js';
import listAvailableModulators from './light/list-available-modulators.js';
import listAvailablePatterns from './light/list-available-patterns.js';
import listChannels from './light/list-channels.js';
import listParameters from './light/list-parameters.js';
import searchComponents from './light/search-components.js';
import setParameter from './light/set-parameter.js';
import soundGetStatus from './sound/get-status.js';
import soundGetHistory from './sound/get-history.js';
import soundUndo from './sound/undo.js';
import soundApplyPlan from './sound/apply-plan.js';
import soundRedo from './sound/redo.js';
import soundListTracks from './sound/list-tracks.js';
import soundSelectTrack from './sound/select-track.js';
import soundInspectDevice from './sound/inspect-device.js';
import soundListDeviceWindow from './sound/list-device-window.js';
import soundNavigateDevice from './sound/navigate-device.js';
import soundToggleDeviceEditor from './sound/toggle-device-editor.js';
import soundSearchDevices from './sound/search-devices.js';
import soundInsertDevice from './sound/insert-device.js';
import soundRemoveDevice from './sound/remove-device.js';
import soundGetDeviceState from './sound/get-device-state.js';
import soundSetControls from './sound/set-controls.js';
import soundSetDeviceParameter from './sound/set-device-parameter.js';
import soundSetSamplerZones from './sound/set-sampler-zones.js';
import soundListSamples from './sound/list-samples.js';
import soundAuditionSample from './sound/audition-sample.js';
import soundTakeParameterSnapshot from './sound/take-parameter-snapshot.js';
import soundCompareParameterSnapshot from './sound/compare-parameter-snapshot.js';
import soundBeginShapingSession from './sound/begin-shaping-session.js';
import soundGetShapingSession from './sound/get-shaping-session.js';
import soundEndShapingSession from './sound/end-shaping-session.js';
import soundListActions from './sound/list-actions.js';
import soundInvokeAction from './sound/invoke-action.js';
import gridGetCapabilities from './sound/get-grid-capabilities.js';
import gridGetState from './sound/get-grid-state.js';
import gridSearchModules from './sound/search-grid-modules.js';
import gridSearchModulators from './sound/search-grid-modulators.js';
import gridListHostModulators from './sound/list-host-modulators.js';
import gridBeginPatchSession from './sound/begin-patch-session.js';
import gridGetPatchSession from './sound/get-patch-session.js';
import gridEndPatchSession from './sound/end-patch-session.js';
import gridInsertNode from './sound/insert-grid-node.js';
import gridSetParameter from './sound/set-grid-parameter.js';
import gridResolveValue from './sound/resolve-grid-value.js';
import gridConnect from './sound/connect-grid.js';
import gridDisconnect from './sound/disconnect-grid.js';
import gridSetCordAmount from './sound/set-grid-cord-amount.js';
import gridClearGraph from './sound/clear-grid-graph.js';
import songGetState from './sound/get-song-state.js';
import songGetArranger from './sound/get-arranger.js';
import songListen from './sound/listen.js';
import songSetClipLoop from './sound/set-clip-loop.js';
import songSetAudioClip from './sound/set-audio-clip.js';
import songControlTransport from './sound/control-transport.js';
import songSetTrackState from './sound/set-track-state.js';
import songSetTrackMix from './sound/set-track-mix.js';
import songSetTrackSend from './sound/set-track-send.js';
import songCompilePlan from './sound/compile-song-plan.js';
import songGetWorkflow from './sound/get-song-workflow.js';
import songImportPlan from './sound/import-song-plan.js';
import songGetImportStatus from './sound/get-import-status.js';
import songSaveProject from './sound/save-project.js';

/** Every MCP tool, in the order tools/list reports them. */
export const TOOLS: readonly AnyTool[] = [
  getStatus,
  getClusterStatus,
  findTools,
  getProjectInfo,
  listChannels,
  getChannel,
  getTempo,
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
  fireTrigger,
  addChannel,
  removeChannel,
  moveChannel,
  copyChannel,
  groupChannels,
  ungroupChannel,
  ungroupChannels,
  addPattern,
  removePattern,
  movePattern,
  copyPattern,
  activatePattern,
  addEffect,
  removeEffect,
  moveEffect,
  copyEffect,
  listModulations,
  addModulator,
  removeModulator,
  moveModulator,
  wireModulation,
  wireTrigger,
  removeModulation,
  listStages,
  addStage,
  removeStage,
  setStage,
  listFixtures,
  getFixture,
  addFixture,
  removeFixture,
  moveFixture,
  duplicateFixture,
  setFixtureParams,
  setFixtureTags,
  getPalette,
  saveSwatch,
  setSwatch,
  removeSwatch,
  moveSwatch,
  addColor,
  removeColor,
  listSnapshots,
  addSnapshot,
  recallSnapshot,
  updateSnapshot,
  removeSnapshot,
  listClips,
  addClip,
  removeClip,
  copyClip,
  setClip,
  launchClip,
  stopClip,
  getClipLane,
  setClipLane,
  recordClip,
  placeLightCue,
  listLightCues,
  checkShow,
  listCueLists,
  createCueList,
  editCueList,
  recordCue,
  editCue,
  runCueList,
  getCueListStatus,
  previewCue,
  checkCueList,
  addMidiCueTrigger,
  removeMidiCueTrigger,
  listFixtureProfiles,
  getFixtureProfile,
  patchFixture,
  editStageFixture,
  removeStageFixture,
  listStageFixtures,
  getStageFixtureDmx,
  aimStageFixtures,
  listViews,
  addView,
  removeView,
  getFrame,
  getCamera,
  setCamera,
  saveCamera,
  listCameras,
  recallCamera,
  animateCamera,
  removeCamera,
  getPointStyle,
  setPointStyle,
  getPreviewPoints,
  getOutputMap,
  getOutputStats,
  getDmxInput,
  listMidiMappings,
  addMidiMapping,
  removeMidiMapping,
  listMidiInputs,
  setMidiInput,
  getLastMidiControl,
  listMidiSurfaces,
  setMidiSurface,
  listMidiTemplates,
  addMidiTemplate,
  removeMidiTemplate,
  setMidiTemplateTarget,
  addStagePoint,
  removeStagePoint,
  undo,
  redo,
  getHistory,
  applyOperations,
  // Sound: over protocol 3 through their client application (src/sound-client); never imports the host.
  soundGetStatus,
  soundGetHistory,
  soundUndo,
  soundApplyPlan,
  soundRedo,
  soundListTracks,
  soundSelectTrack,
  soundInspectDevice,
  soundListDeviceWindow,
  soundNavigateDevice,
  soundToggleDeviceEditor,
  soundSearchDevices,
  soundInsertDevice,
  soundRemoveDevice,
  soundGetDeviceState,
  soundSetControls,
  soundSetDeviceParameter,
  soundSetSamplerZones,
  soundListSamples,
  soundAuditionSample,
  soundTakeParameterSnapshot,
  soundCompareParameterSnapshot,
  soundBeginShapingSession,
  soundGetShapingSession,
  soundEndShapingSession,
  soundListActions,
  soundInvokeAction,
  gridGetCapabilities,
  gridGetState,
  gridSearchModules,
  gridSearchModulators,
  gridListHostModulators,
  gridBeginPatchSession,
  gridGetPatchSession,
  gridEndPatchSession,
  gridInsertNode,
  gridSetParameter,
  gridResolveValue,
  gridConnect,
  gridSetCordAmount,
  gridDisconnect,
  gridClearGraph,
  songGetState,
  songGetArranger,
  songListen,
  songSetClipLoop,
  songSetAudioClip,
  songControlTransport,
  songSetTrackState,
  songSetTrackMix,
  songSetTrackSend,
  songCompilePlan,
  songGetWorkflow,
  songImportPlan,
  songGetImportStatus,
  songSaveProject,
] as unknown as readonly AnyTool[];
