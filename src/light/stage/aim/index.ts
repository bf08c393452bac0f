// The moving-head aim solver (issue #30, "Position"): a pure domain module, no state and no I/O.
// docs/stage-aim.md explains the method and the conventions.
export { type HeadPlacement, makeHead } from './head.js';
export { type PanTilt, type AxisSpeeds, type AimOptions, type AimResult, beamDirection, solveAim, slewCheck } from './solve.js';
export { type DmxBits, degreesToDmx, dmxToDegrees, splitCoarseFine, joinCoarseFine } from './dmx.js';
export { type StaggerOrder, lineTargets, fanTargets, stagger, beatsToFrames } from './group.js';
export { type Vec3, angleBetween } from './vector.js';
