// A stock device's TypeScript source, for the component docs' implementation hash. Resolved from
// the repository's root, so the compiled modules in lib/ (one folder as deep as src/) name the
// same src/ file as the sources do.
const ROOT = new URL('../../../../', import.meta.url);

/** The URL of `path` under src/light/ (e.g. 'devices/patterns/pattern-rack.ts'). */
export const lightSourceUrl = (path: string): string => new URL(`src/light/${path}`, ROOT).href;
