// Types for compiled-build.js, which runs before tsx is loaded and so is plain JavaScript.
export function newestSourceMtime(root: string): number;
export function compiledIsCurrent(root: string, bundle?: string): boolean;
